import AskTestSupport
import Testing
@testable import AskCLI

/// The reader of a password agent's question file (SPEC §7): what
/// systemd-ask-password 252 writes, and what is refused.
@Suite("A password agent's question file")
struct PasswordQuestionTests {
  static let path = "/run/systemd/ask-password/ask.Ab12Cd"
  static let socket = "/run/systemd/ask-password/sck.700d5909a90e3347"

  @Test("The file systemd-ask-password 252 writes: every key read; a Message with a line break keeps its first line, as systemd's parser does")
  func systemdFile() throws {
    let text = """
      [Ask]
      PID=1838
      Socket=\(Self.socket)
      AcceptCached=0
      Echo=1
      NotAfter=2378700980
      Silent=0
      Message=Héllo \\ tab\tand %s
      second line of the message
      Id=cryptsetup:/dev/sda5

      """
    let question = try PasswordQuestion.parse(text, path: Self.path)
    #expect(question.pid == 1838)
    #expect(question.socket == Self.socket)
    #expect(question.message == "Héllo \\ tab\tand %s")
    #expect(question.id == "cryptsetup:/dev/sda5")
    #expect(question.echo && !question.silent && !question.acceptCached)
    #expect(question.notAfter == 2_378_700_980)
    #expect(question.name == "ask.Ab12Cd")
  }

  @Test("Lines may end in CR LF, as systemd's parser takes them")
  func crlf() throws {
    let question = try PasswordQuestion.parse("[Ask]\r\nPID=7\r\nSocket=\(Self.socket)\r\nMessage=Disk\r\n", path: Self.path)
    #expect(question.pid == 7)
    #expect(question.message == "Disk")
  }

  @Test("Keys, values and comments are cut by scalars, as systemd's parser cuts bytes: a combining mark after '=' or a blank is the value's")
  func combiningMarks() throws {
    let question = try PasswordQuestion.parse("[Ask]\n#\u{301} PID=1\nPID=7\nSocket=\(Self.socket)\nMessage= \u{301}Disk\u{301} \n", path: Self.path)
    #expect(question.pid == 7)
    #expect(question.message?.unicodeScalars.elementsEqual("\u{301}Disk\u{301}".unicodeScalars) == true)
  }

  @Test("NotAfter=0 is no limit; keys of other sections are not the question's")
  func noLimit() throws {
    let question = try PasswordQuestion.parse("[Other]\nPID=1\n[Ask]\nPID=7\nSocket=\(Self.socket)\nNotAfter=0\n", path: Self.path)
    #expect(question.pid == 7)
    #expect(question.notAfter == nil)
    #expect(question.timeLeft() == nil)
  }

  @Test("A file that is not a question is refused, saying why", arguments: [
    (LoggedText("PID=1\n"), "it is not an ini file (line 1)"),
    (LoggedText("[Ask\nPID=1\n"), "it is not an ini file (line 1)"),
    (LoggedText("[Ask]\n=1\n"), "it is not an ini file (line 2)"),
    (LoggedText("[Ask]\nPID=1\nMessage=a\u{0}b\n"), "it is not an ini file (line 3)"),
    (LoggedText("[Other]\nPID=1\n"), "it has no [Ask] section"),
    (LoggedText("[Ask]\nSocket=\(socket)\n"), "it has no PID"),
    (LoggedText("[Ask]\nPID=1\n"), "it has no Socket"),
    (LoggedText("[Ask]\nPID=-4\nSocket=\(socket)\n"), "its PID '-4' is not valid"),
    (LoggedText("[Ask]\nPID=1\nSocket=/tmp/sck.1\n"), "its socket '/tmp/sck.1' is not in /run/systemd/ask-password/"),
    (LoggedText("[Ask]\nPID=1\nSocket=/run/systemd/ask-password/../sck.1\n"), "is not in /run/systemd/ask-password/"),
    (LoggedText("[Ask]\nPID=1\nSocket=/run/systemd/ask-password/\n"), "is not in /run/systemd/ask-password/"),
    (LoggedText("[Ask]\nPID=1\nSocket=\(socket)\nEcho=maybe\n"), "its Echo 'maybe' is not valid"),
    (LoggedText("[Ask]\nPID=1\nSocket=\(socket)\nNotAfter=soon\n"), "its NotAfter 'soon' is not valid"),
  ] as [(LoggedText, String)])
  func refused(text: LoggedText, reason: String) {
    #expect { try PasswordQuestion.parse(text.text, path: Self.path) } throws: { error in
      (error as? PasswordQuestion.Problem)?.reason.contains(reason) == true
    }
  }

  @Test("The agent's command line: modes, --console, --print json with --list only", arguments: [
    (["--watch", "--console"], PasswordAgent.Options(mode: .watch, console: "/dev/console")),
    (["--list", "--print", "json"], PasswordAgent.Options(mode: .list, json: true)),
    (["--console=/dev/tty3", "--query"], PasswordAgent.Options(mode: .query, console: "/dev/tty3")),
    (["--console=\u{301}x", "--query"], PasswordAgent.Options(mode: .query, console: "\u{301}x")),
  ] as [([String], PasswordAgent.Options)])
  func options(arguments: [String], expected: PasswordAgent.Options) throws {
    #expect(try PasswordAgent.options(arguments) == expected)
  }

  @Test("Bad agent command lines are usage errors", arguments: [["--watch", "--list"], ["--print", "json"], ["--bogus"], ["--console="]])
  func badOptions(arguments: [String]) {
    #expect(throws: CommandError.self) { try PasswordAgent.options(arguments) }
  }
}

extension PasswordAgent.Options: CustomTestStringConvertible {
  public var testDescription: String { "\(mode) console=\(console ?? "-") json=\(json)" }
}
