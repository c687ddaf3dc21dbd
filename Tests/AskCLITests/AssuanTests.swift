@testable import AskCLI
import AskTestSupport
import Testing

/// The Assuan protocol's text side (libassuan's manual, §3), without a
/// terminal: framing, commands, percent escapes and the SET commands.
@Suite("The Assuan command parser")
struct AssuanTests {
  @Test("Percent escapes decode two hex digits, and nothing else", arguments: [
    ("a%0Ab", "a\nb"), ("100%25", "100%"), ("%e4%BD%A0", "你"), ("%", "%"), ("%4", "%4"), ("x%", "x%"),
    ("%+F", "%+F"), ("%-1", "%-1"), ("% 1", "% 1"), ("%zz", "%zz"), ("%%41", "%A"), ("%FF", "\u{FFFD}"),
  ])
  func percent(escaped: String, decoded: LoggedText) {
    #expect(Assuan.percentDecoded(Substring(escaped)) == decoded.text)
  }

  @Test("A command line is a word in capitals and its argument; empty lines and comments are no command")
  func commands() {
    #expect(Assuan.command(in: "settitle  Unlock key")! == ("SETTITLE", "Unlock key"))
    #expect(Assuan.command(in: "GETPIN")! == ("GETPIN", ""))
    #expect(Assuan.command(in: "") == nil)
    #expect(Assuan.command(in: "# a comment") == nil)
  }

  // A blank then a combining mark is one Character to Swift; libassuan
  // cuts at the blank's byte (fuzzing found it: "OPTION" read as part of
  // a command word "OPTION \u{345}…").
  @Test("The command word ends at the first space or tab, even one a combining mark follows; blanks after it are not the argument's", arguments: [
    (LoggedText("option \u{345}x"), "OPTION", LoggedText("\u{345}x")),
    (LoggedText("SETDESC\t \u{301}a b"), "SETDESC", LoggedText("\u{301}a b")),
    (LoggedText("NOP\u{301}"), "NOP\u{301}", LoggedText("")),
    (LoggedText("GETPIN \t"), "GETPIN", LoggedText("")),
  ])
  func commandWord(line: LoggedText, name: String, argument: LoggedText) {
    let command = Assuan.command(in: Substring(line.text))
    #expect(command?.name.unicodeScalars.elementsEqual(name.unicodeScalars) == true)
    #expect(command?.argument.unicodeScalars.elementsEqual(argument.text.unicodeScalars) == true)
  }

  @Test("OPTION's name ends at '=' or a blank, even one a combining mark follows", arguments: [
    (LoggedText("ttyname=\u{301}x"), "ttyname", LoggedText("\u{301}x")),
    (LoggedText("lc-ctype \u{301}"), "lc-ctype", LoggedText("\u{301}")),
    (LoggedText("grab"), "grab", LoggedText("")),
  ])
  func optionName(text: LoggedText, name: String, value: LoggedText) {
    var state = Pinentry.State()
    #expect(state.apply("OPTION", text.text) == "OK")
    #expect(state.options[name]?.unicodeScalars.elementsEqual(value.text.unicodeScalars) == true)
  }

  @Test("Lines are framed by LF, a CR before it dropped; a last line without LF is incomplete, never a command (libassuan's GPG_ERR_ASS_INCOMPLETE_LINE)")
  func framing() throws {
    var reader = Assuan.LineReader()
    reader.append(Array("NOP\r\nSETDESC a".utf8))
    #expect(try reader.nextLine() == "NOP")
    #expect(try reader.nextLine() == nil)
    reader.append(Array("b\nBYE".utf8))
    #expect(try reader.nextLine() == "SETDESC ab")
    #expect(try reader.nextLine() == nil)
    #expect(throws: Assuan.LineError.incomplete) { try reader.finish() }
    try reader.finish()  // nothing left
    var whole = Assuan.LineReader()
    whole.append(Array("BYE\n".utf8))
    #expect(try whole.nextLine() == "BYE")
    try whole.finish()
  }

  /// A command line of `length` bytes before its LF, ending in CR LF
  /// when `crlf` (the CR counted in `length`), fed after `before` in
  /// pieces of `piece` bytes.
  struct LongLine: CustomTestStringConvertible, Sendable {
    let length: Int
    let crlf: Bool
    let before: String
    let piece: Int
    let taken: Bool
    var testDescription: String {
      "\(before.isEmpty ? "" : loggedText(before) + " then ")\(length) bytes\(crlf ? " (CR included)" : "") and LF, "
        + "in pieces of \(piece): \(taken ? "taken" : "too long")"
    }
    var bytes: [UInt8] {
      Array(before.utf8) + Array("SETDESC ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: length - 8 - (crlf ? 1 : 0))
        + (crlf ? [13, 10] : [10])
    }
  }

  @Test("A command line of 1001 bytes and its LF is taken, one of 1002 is too long, CR counted, however it comes in",
        arguments: [
    LongLine(length: 1000, crlf: false, before: "", piece: 4096, taken: true),
    LongLine(length: 1001, crlf: false, before: "", piece: 4096, taken: true),
    LongLine(length: 1002, crlf: false, before: "", piece: 4096, taken: false),
    LongLine(length: 1001, crlf: true, before: "", piece: 4096, taken: true),
    LongLine(length: 1002, crlf: true, before: "", piece: 4096, taken: false),
    LongLine(length: 1001, crlf: false, before: "NOP\n", piece: 4096, taken: true),
    LongLine(length: 1002, crlf: false, before: "NOP\n", piece: 4096, taken: false),
    LongLine(length: 1001, crlf: false, before: "NOP\n", piece: 1, taken: true),
    LongLine(length: 1002, crlf: false, before: "NOP\n", piece: 1, taken: false),
    LongLine(length: 1002, crlf: false, before: "NOP\n", piece: 1000, taken: false),
  ])
  func lineLength(_ given: LongLine) {
    var reader = Assuan.LineReader()
    var lines: [Substring] = []
    var tooLong = false
    let bytes = given.bytes
    var start = 0
    feeding: while start < bytes.count {
      reader.append(bytes[start..<min(start + given.piece, bytes.count)])
      start += given.piece
      do throws(Assuan.LineError) {
        while let line = try reader.nextLine() { lines.append(line) }
      } catch {
        tooLong = true
        break feeding
      }
    }
    #expect(tooLong == !given.taken)
    let expected = (given.before.isEmpty ? 0 : 1) + (given.taken ? 1 : 0)
    #expect(lines.count == expected)
    if given.taken { #expect(lines.last?.utf8.count == given.length - (given.crlf ? 1 : 0)) }
  }

  @Test("1002 bytes without an LF are too long as soon as they have come, at the end of the stream too")
  func noLineFeed() throws {
    var reader = Assuan.LineReader()
    reader.append([UInt8](repeating: UInt8(ascii: "x"), count: 1001))
    #expect(try reader.nextLine() == nil)
    reader.append([UInt8(ascii: "x")])
    #expect(throws: Assuan.LineError.tooLong) { try reader.nextLine() }
    var last = Assuan.LineReader()
    last.append([UInt8](repeating: UInt8(ascii: "x"), count: 2000))
    #expect(throws: Assuan.LineError.tooLong) { try last.finish() }
  }

  @Test("SET commands and OPTION change the state; RESET keeps the options; prompts are not handled here")
  func state() {
    var state = Pinentry.State()
    #expect(state.apply("SETTITLE", "Unlock") == "OK")
    #expect(state.apply("OPTION", "ttyname=/dev/pts/9") == "OK")
    #expect(state.apply("OPTION", "") == Pinentry.Reply.syntax)
    #expect(state.apply("SETTIMEOUT", "5") == "OK")
    #expect(state.timeout == .seconds(5))
    #expect(state.apply("SETTIMEOUT", "-5") == "OK")
    #expect(state.timeout == nil)
    #expect(state.apply("SETREPEAT", "") == "OK")
    #expect(state.repeatPrompt == "Repeat:")
    #expect(state.title == "Unlock")
    #expect(state.apply("RESET", "") == "OK")
    #expect(state.title == nil)
    #expect(state.options["ttyname"] == "/dev/pts/9")
    #expect(state.apply("GETPIN", "") == nil)
    #expect(state.apply("INQUIRE", "") == Pinentry.Reply.notImplemented)
    #expect(state.apply(Assuan.command(in: " NOP")!.name, "") == Pinentry.Reply.syntax)  // fuzzing found it
  }
}
