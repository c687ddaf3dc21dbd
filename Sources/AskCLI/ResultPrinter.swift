import AskCore
import CShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A piece of a result on standard output.
enum OutputPiece: Equatable {
  /// Bytes with no secret in them.
  case bytes([UInt8])
  /// A secret, written from its own memory: as it is, or as a JSON string.
  case secret(SecretText, json: Bool)
}

/// The only writer to standard output: the result, as `--print` says.
///
/// - `title`: the chosen button's title; for a text style the values, one
///   per line (plain or secure text; or the login, then the password), after
///   the title of an explicit button chosen after the fields.
/// - `index`: the chosen button's number on screen.
/// - `json`: one object with the keys that apply (SPEC §4).
/// - `none` (`-q`): nothing; the exit status says it all.
///
/// A cancel or a timeout with nothing chosen prints nothing in `title` and
/// `index` modes (the exit status says it: `ask … | xargs rm` never sees a
/// title when the user backed out). Secrets never pass through a `String`:
/// they are written with write(2) from their own memory, JSON-escaped in
/// the C shim (SPEC §6).
enum ResultPrinter {
  /// The pieces to write for `response`.
  static func output(for response: PromptResult, alert: Alert, options: OutputOptions) -> [OutputPiece] {
    let terminator = options.nullTerminated ? "\0" : "\n"
    var pieces: [OutputPiece]
    switch options.askpass {
    case .confirm?:  // ssh-agent: exit 0 with `yes` allows; never 0 with nothing
      return response.isCancel || response.isTimeoutWithoutChoice ? [] : [.bytes(Array("yes\n".utf8))]
    case .notice?:
      return []
    default:
      break
    }
    switch options.printMode {
    case .none:
      return []
    case .title, .index:
      if response.isCancel || response.isTimeoutWithoutChoice { return [] }
      var values: [OutputPiece] = []
      if options.printMode == .index {
        if let number = response.number { values.append(.bytes(Array(String(number).utf8))) }
      } else {
        if !response.isImpliedButton, let title = response.title { values.append(.bytes(Array(title.utf8))) }
        // Each on its own (not a loop over [String?], whose metadata the
        // runtime would set up for this alone).
        if let text = response.text { values.append(.bytes(Array(text.utf8))) }
        if let login = response.login { values.append(.bytes(Array(login.utf8))) }
        if let secret = response.secret { values.append(.secret(secret, json: false)) }
      }
      pieces = []
      for (position, value) in values.enumerated() {
        pieces.append(value)
        if position < values.count - 1 || !options.omitsLastTerminator {
          pieces.append(.bytes(Array(terminator.utf8)))
        }
      }
      return pieces
    case .json:
      pieces = json(response, alert: alert)
      if !options.omitsLastTerminator { pieces.append(.bytes(Array(terminator.utf8))) }
      return pieces
    }
  }

  /// The JSON object of SPEC §4, with only the keys that apply:
  /// `{"id":…,"button":…,"index":…,"buttonIndex":…,"role":…,"text":…,
  /// "login":…,"password":…,"timedOut":true,"eof":true}`.
  static func json(_ response: PromptResult, alert: Alert) -> [OutputPiece] {
    var members: [[OutputPiece]] = []  // each one `"key":value`
    func add(_ key: String, _ value: String) { members.append([.bytes(Array("\"\(key)\":\(value)".utf8))]) }
    if let id = alert.id { add("id", jsonString(id)) }
    if !response.isTimeoutWithoutChoice {
      if let title = response.title { add("button", jsonString(title)) }
      if let number = response.number { add("index", String(number)) }
      if let index = response.buttonIndex { add("buttonIndex", String(index)) }
      add("role", jsonString(response.isCancel ? ButtonRole.cancel.name : (response.role ?? .other).name))
    }
    if let text = response.text { add("text", jsonString(text)) }
    if let login = response.login { add("login", jsonString(login)) }
    if let secret = response.secret {
      let key = alert.style.kind == .secureTextInput ? "text" : "password"
      members.append([.bytes(Array("\"\(key)\":".utf8)), .secret(secret, json: true)])
    }
    if response.outcome == .timedOut { add("timedOut", "true") }
    if response.outcome == .endOfInput { add("eof", "true") }
    var pieces: [OutputPiece] = [.bytes([UInt8(ascii: "{")])]
    for (position, member) in members.enumerated() {
      if position > 0 { pieces.append(.bytes([UInt8(ascii: ",")])) }
      pieces += member
    }
    return pieces + [.bytes([UInt8(ascii: "}")])]
  }

  /// `text` as a JSON string (RFC 8259): quotes, backslashes and control
  /// characters escaped; everything else as UTF-8.
  static func jsonString(_ text: String) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    var text = text
    text.withUTF8 { utf8 in
      var i = 0
      var out: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0)
      while i < utf8.count {
        var consumed = 0
        let n = withUnsafeMutableBytes(of: &out) { raw in
          ask_json_escape_one(utf8.baseAddress! + i, utf8.count - i, raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                              &consumed)
        }
        withUnsafeBytes(of: &out) { bytes += $0.prefix(n) }
        i += consumed
      }
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Writes `pieces` to standard output through `console` (write(2), whole,
  /// in order; secrets from their own memory).
  /// - Throws: as ``TerminalConsole/writeOutput(_:asJSONString:)``
  ///   (`EPIPE` when the reader is gone).
  static func write(_ pieces: [OutputPiece], to console: TerminalConsole) throws(AskError) {
    for piece in pieces {
      // The buffers' accessors rethrow untyped errors: carried out as values.
      func attempt(_ raw: UnsafeRawBufferPointer, json: Bool) -> AskError? {
        do throws(AskError) {
          try console.writeOutput(raw, asJSONString: json)
          return nil
        } catch {
          return error
        }
      }
      var failure: AskError?
      switch piece {
      case .bytes(let bytes): failure = bytes.withUnsafeBytes { attempt($0, json: false) }
      case .secret(let secret, let json):
        // Through its storage, the closure giving nothing back: the generic
        // withUnsafeBytes, not specialized from here, had the runtime set up
        // Result<AskError?, Never> and every Optional the standard library
        // prespecializes (30 k instructions) after each secret typed.
        secret.withStorage { storage in
          failure = attempt(UnsafeRawBufferPointer(start: storage.pointee.bytes, count: storage.pointee.length),
                            json: json)
        }
      }
      if let failure { throw failure }
    }
  }
}
