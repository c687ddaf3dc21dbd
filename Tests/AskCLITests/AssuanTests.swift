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

  @Test("Lines are framed by LF, a CR before it dropped, the last one without LF kept")
  func framing() {
    var reader = Assuan.LineReader()
    reader.append(Array("NOP\r\nSETDESC a".utf8))
    #expect(reader.nextLine() == "NOP")
    #expect(reader.nextLine() == nil)
    reader.append(Array("b\nBYE".utf8))
    #expect(reader.nextLine() == "SETDESC ab")
    #expect(reader.nextLine() == nil)
    #expect(reader.rest() == "BYE")
    #expect(reader.rest() == nil)
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
