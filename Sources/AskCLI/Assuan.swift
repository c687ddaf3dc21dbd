import AskCore

/// The Assuan protocol's text side, as pinentry speaks it (libassuan's
/// "Assuan" manual, §3): command lines framed by LF, a command word and
/// its percent-escaped argument, and the SET commands and OPTIONs that
/// only change what the next prompt shows. Pure: no terminal, no file
/// descriptor; ``Pinentry/Server`` does the reading, writing and asking.
enum Assuan {
  /// One command line: the command word in capitals and its argument
  /// (still percent-escaped), or `nil` for a line that gets no reply (an
  /// empty line or a `#` comment, as libassuan). The word ends at the
  /// first space or tab, and those after it are not the argument's
  /// (libassuan's `dispatch_command`) — cut between scalars, so a blank
  /// and a combining mark after it still end the word.
  static func command(in line: Substring) -> (name: String, argument: Substring)? {
    if line.isEmpty || line.begins(with: "#") { return nil }
    let (word, rest) = line.cut(where: isBlank)
    return (word.uppercased(), rest?.droppingLeading(isBlank) ?? "")
  }

  /// `text` with Assuan's percent escapes decoded (`%0A` is LF, `%25` `%`);
  /// a `%` not followed by two hex digits stays as it is. Bytes that are
  /// not UTF-8 become U+FFFD.
  static func percentDecoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    let utf8 = Array(text.utf8)
    var i = 0
    while i < utf8.count {
      if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count,
         let high = hexValue(utf8[i + 1]), let low = hexValue(utf8[i + 2]) {
        bytes.append(high << 4 | low)
        i += 3
      } else {
        bytes.append(utf8[i])
        i += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The longest command line libassuan's servers take, its LF (and a CR
  /// before it) included: `ASSUAN_LINELENGTH`, 1002 bytes — 1001 bytes and
  /// LF, or 1000 and CR LF (measured on pinentry-tty and pinentry-curses
  /// 1.2.1).
  static let lineLength = 1002

  /// A command line libassuan's servers refuse; each ends the session with
  /// no reply (measured on pinentry-tty and pinentry-curses 1.2.1).
  enum LineError: Error, Equatable {
    /// Longer than ``lineLength``: `GPG_ERR_ASS_LINE_TOO_LONG`.
    case tooLong
    /// Bytes without an LF at the end of the stream:
    /// `GPG_ERR_ASS_INCOMPLETE_LINE` (never run as a command).
    case incomplete
  }

  /// Splits the bytes of a stream into command lines: LF ends a line, a CR
  /// before it is dropped, bytes that are not UTF-8 become U+FFFD. Feed
  /// with ``append(_:)``, take lines with ``nextLine()``, and at the end of
  /// the stream call ``finish()``. A line longer than
  /// ``Assuan/lineLength`` is found as soon as that many bytes have come
  /// without an LF: taking lines after each append keeps at most that
  /// much and one append buffered, whatever the stream holds.
  struct LineReader {
    private var input: [UInt8] = []
    /// Where the search for the next LF goes on in `input`.
    private var scanned = 0

    /// Adds bytes read from the stream.
    mutating func append(_ bytes: some Sequence<UInt8>) { input += bytes }

    /// The next whole line without its LF (and CR), or `nil` until more
    /// bytes come.
    /// - Throws: ``Assuan/LineError/tooLong`` when the next line, its LF
    ///   included, is longer than ``Assuan/lineLength`` bytes, or that
    ///   many bytes have come without an LF.
    mutating func nextLine() throws(LineError) -> Substring? {
      guard let end = input[scanned...].firstIndex(of: UInt8(ascii: "\n")) else {
        scanned = input.count
        if input.count >= Assuan.lineLength { throw .tooLong }
        return nil
      }
      if end + 1 > Assuan.lineLength { throw .tooLong }
      var line = input[..<end]
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      let text = String(decoding: line, as: UTF8.self)
      input.removeSubrange(...end)
      scanned = 0
      return Substring(text)
    }

    /// At the end of the stream: nothing when every line had its LF.
    /// - Throws: ``Assuan/LineError/tooLong`` when ``Assuan/lineLength``
    ///   bytes or more are left (``nextLine()`` said so already),
    ///   ``Assuan/LineError/incomplete`` when fewer are: a last line
    ///   without its LF is not a command.
    mutating func finish() throws(LineError) {
      defer { input = []; scanned = 0 }
      if input.count >= Assuan.lineLength { throw .tooLong }
      if !input.isEmpty { throw .incomplete }
    }
  }
}

extension Pinentry.State {
  /// Applies a command that only changes what the next prompt shows (the
  /// SET commands, OPTION, RESET, NOP and the ones pinentry-tty accepts
  /// and ignores); returns its reply, or `nil` for a command this does not
  /// handle (GETPIN, CONFIRM, MESSAGE, GETINFO, BYE, …). An empty name
  /// (the line began with a space) is a syntax error.
  /// - Parameters:
  ///   - name: the command word in capitals (``Assuan/command(in:)``);
  ///   - text: its argument, percent-decoded.
  mutating func apply(_ name: String, _ text: String) -> String? {
    switch name {
    case "": return Pinentry.Reply.syntax  // white space before the command (libassuan)
    case "NOP", "HELP": return "OK"
    case "OPTION":
      let (option, rest) = text.cut { $0 == "=" || isBlank($0) }
      guard !option.isEmpty else { return Pinentry.Reply.syntax }
      options[String(option)] = String(rest?.droppingLeading { $0 == "=" || isBlank($0) } ?? "")
    case "SETTITLE": title = text
    case "SETDESC": description = text
    case "SETPROMPT": prompt = text
    case "SETOK": ok = text
    case "SETCANCEL": cancel = text
    case "SETNOTOK": notOK = text
    case "SETERROR": error = text
    case "SETREPEAT":
      // TRANSLATORS: pinentry's label of the field a new passphrase is typed again in.
      repeatPrompt = text.isEmpty ? localized("Repeat:") : text
    case "SETREPEATERROR": repeatError = text
    case "SETTIMEOUT":
      // Whole seconds, as pinentry reads them; anything else is no limit.
      timeout = Int(text).flatMap { $0 > 0 ? TimeLimit.duration(seconds: Double($0)) : nil }
    case "SETREPEATOK", "SETQUALITYBAR", "SETQUALITYBAR_TT", "SETGENPIN", "SETGENPIN_TT", "SETKEYINFO":
      break
    case "RESET": self = Pinentry.State(options: options)
    case "END", "CANCEL", "INQUIRE": return Pinentry.Reply.notImplemented
    default: return nil
    }
    return "OK"
  }
}
