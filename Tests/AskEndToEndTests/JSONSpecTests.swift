import AskTestSupport
import Glibc
import Testing

/// `ask --json` and `--spec`: specs on stdin or in a file, answers on the
/// terminal or after each spec on stdin, streams, and the examples.
@Suite("JSON specs and streams", .serialized, .ownThread)
struct JSONSpecTests {
  /// The repository's root, from this source file's path.
  static let root = String(#filePath.split(separator: "/Tests/").dropLast().joined(separator: "/Tests/"))

  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test("A spec on stdin is answered on the terminal, and JSON comes back")
  func specOnStdin() throws {
    let pty = try AskSession.ask(["--json", "--print", "json"],
                                 stdin: .pipe(Self.bytes(#"{"title":"Pick","buttons":["Alpha","Beta"]}"# + "\n")))
    try pty.waitForPrompt()
    #expect(pty.screen.contains("Pick\u{1B}[0m\r\n  1) Alpha\r\n  2) Beta\r\n"))
    pty.type("2\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == #"{"button":"Beta","index":2,"buttonIndex":1,"role":"other"}"# + "\n")
    #expect(pty.termiosRestored)
  }

  @Test("A spec with CR LF line endings reads as any other (C24)")
  func crlfSpec() throws {
    let spec = "{\r\n  \"title\": \"Deploy?\",\r\n  \"buttons\": [\"Yes\", \"No\"]\r\n}\r\n"
    let pty = try AskSession.ask(["--json"], stdin: .pipe(Self.bytes(spec)))
    try pty.waitForPrompt()
    pty.type("Yes\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Yes\n")
    #expect(!pty.screen.contains("^M"))
  }

  @Test("No buttons in JSON gives the implied OK (C10)")
  func impliedOK() throws {
    let pty = try AskSession.ask(["--json"], stdin: .pipe(Self.bytes(#"{"title":"Nothing to choose","buttons":[]}"#)))
    try pty.waitForPrompt()
    pty.type("1\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "OK\n")
  }

  @Test("Escape sequences and C1 controls from JSON are shown, never sent (C20)")
  func escapes() throws {
    let spec = #"{"title":"Update\u001b]0;pwned\u0007","buttons":["Yes\u009b2J"],"cancel":"Cancel"}"#
    let pty = try AskSession.ask(["--json"], stdin: .pipe(Self.bytes(spec)))
    try pty.waitForPrompt()
    pty.type("Cancel\r")
    #expect(try pty.waitForExit() == 1)
    #expect(!pty.screen.contains("\u{1B}]0;") && !pty.screen.contains("\u{9B}") && !pty.screen.contains("\u{7}"))
    #expect(pty.screen.contains("Update^[]0;pwned^G"))
  }

  @Test("Each result of a stream is written as soon as it is given")
  func streamAnswered() throws {
    let spec = """
      {"id":"q1","title":"First","buttons":["A","B"]}
      {"id":"q2","title":"Second","buttons":["C","D"],"cancel":"Stop"}

      """
    let pty = try AskSession.ask(["--json", "--print", "json"], stdin: .pipe(Self.bytes(spec)))
    try pty.waitForPrompt("First")
    pty.type("b\r")
    try pty.waitForPrompt("Second")
    #expect(pty.stdout == #"{"id":"q1","button":"B","index":2,"buttonIndex":1,"role":"other"}"# + "\n")
    pty.type("1\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout.hasSuffix(#"{"id":"q2","button":"C","index":1,"buttonIndex":0,"role":"other"}"# + "\n"))
  }

  @Test("A stream stops at a cancel: its status is ask's, and the next prompt is never drawn")
  func streamCancelled() throws {
    let spec = #"{"title":"First","buttons":["A"],"cancel":"No"}{"title":"Second","buttons":["B"]}"#
    let pty = try AskSession.ask(["--json"], stdin: .pipe(Self.bytes(spec)))
    try pty.waitForPrompt("First")
    pty.type("no\r")
    #expect(try pty.waitForExit() == 1)
    #expect(pty.stdout == "")
    #expect(!pty.screen.contains("Second"))
  }

  @Test("A spec error in object 2 is reported when it is reached; the first answer stands")
  func streamSpecError() throws {
    let spec = "{\"title\":\"First\",\"buttons\":[\"A\",\"B\"]}\n{\"title\":\"Second\",\n \"buttons\":[\"C\",\"C\"]}\n"
    let pty = try AskSession.ask(["--json"], stdin: .pipe(Self.bytes(spec)))
    try pty.waitForPrompt("First")
    pty.type("a\r")
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stdout == "A\n")
    #expect(pty.stderr == "ask: Spec at line 2, column 1: Duplicate button title 'C'\n")
    #expect(pty.termiosRestored)
  }

  @Test("Bad JSON names the line and column; an empty stream is an error", arguments: [
    ("{\n  \"title\": \"T\",\n  \"buttons\": [\"a\", \"b\",],\n}\n",
     "ask: Spec at line 3, column 24: trailing comma before ']'\n"),
    ("{\"title\":\"T\",}", "ask: Spec at line 1, column 14: trailing comma before '}'\n"),
    ("", "ask: The spec stream is empty: no JSON object to ask\n"),
    ("  \n", "ask: The spec stream is empty: no JSON object to ask\n"),
    ("{\"titel\":\"T\"}", "ask: Spec at line 1, column 10: unknown key 'titel'. Did you mean 'title'?\n"),
  ])
  func badJSON(spec: LoggedText, stderr: LoggedText) throws {
    let pty = try AskSession.ask(["--json"], stdin: .pipe(Self.bytes(spec.text)))
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stderr == stderr.text)
    #expect(pty.stdout == "")
    #expect(pty.screen == "")
  }

  @Test("With no terminal, specs and answers share stdin: each object, then its answer line")
  func sharedStdin() throws {
    let input = "{\"title\":\"A\",\"buttons\":[\"x\",\"y\"]}\n2\n{\"title\":\"B\",\n \"buttons\":[\"p\",\"q\"]}  \r\nq\n"
    let pty = try AskSession.shell("ask --json; echo \"status=$?\"", stdin: .noTerminal(Self.bytes(input)))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "y\nq\nstatus=0\n")
    #expect(pty.stderr.contains("Choice [1-2, Ctrl-D = cancel]: 2\n"))
  }

  @Test("Line numbers count the answer lines read between objects on the same stdin")
  func linesCountAnswers() throws {
    let pty = try AskSession.ask(["--json"], stdin: .noTerminal(Self.bytes("{\"buttons\":[\"a\",\"b\"]}\n2\n{\"title\":x}\n")))
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stdout == "b\n")
    #expect(pty.stderr.hasSuffix("ask: Spec at line 3, column 10: expected a value, found 'x'\n"))
  }

  @Test("An answer line that is not UTF-8 is named by its line in the stdin it shares with the specs, or in stdin alone")
  func answerNotUTF8InStream() throws {
    let shared = try AskSession.ask(["--json"], stdin: .noTerminal(
      Self.bytes("{\"buttons\":[\"a\",\"b\"]}\n2\n{\"style\":\"plain\",\n \"title\":\"T\"}\n") + [0xE9, 0x0A]))
    #expect(try shared.waitForExit() == 2)
    #expect(shared.stdout == "b\n")
    #expect(shared.stderr.hasSuffix("ask: Answer line 5 of standard input is not valid UTF-8\n"))
    let file = try AskSession.ask(["--spec", Self.root + "/Examples/specs/questionnaire.jsonl"],
                                  stdin: .noTerminal(Self.bytes("emacs\n") + [0xFF, 0x0A]))
    #expect(try file.waitForExit() == 2)
    #expect(file.stdout == "emacs\n")
    #expect(file.stderr.hasSuffix("ask: Answer line 2 of standard input is not valid UTF-8\n"))
  }

  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  @Test("A spec stream or file that starts with a UTF-8 byte order mark is read as without it")
  func byteOrderMark() throws {
    let spec = Self.bytes(#"{"title":"T","buttons":["A","B"]}"# + "\n")
    let piped = try AskSession.ask(["--json"], stdin: .noTerminal(Self.byteOrderMark + spec + Self.bytes("2\n")))
    #expect(try piped.waitForExit() == 0)
    #expect(piped.stdout == "B\n")
    let pty = try AskSession.ask(["--json"], stdin: .pipe(Self.byteOrderMark + spec))
    try pty.waitForPrompt()
    pty.type("1\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "A\n")
    let path = pty.temporaryDirectory + "/bom.json"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(fd >= 0)
    let contents = Self.byteOrderMark + spec
    #expect(write(fd, contents, contents.count) == contents.count)
    close(fd)
    let file = try AskSession.ask(["--spec", path], stdin: .noTerminal(Self.bytes("a\n")))
    #expect(try file.waitForExit() == 0)
    #expect(file.stdout == "A\n")
  }

  @Test("Error positions after a byte order mark are those without it: it is not a character", arguments: [
    ("{\"titel\":\"T\"}", "ask: Spec at line 1, column 10: unknown key 'titel'. Did you mean 'title'?\n"),
    ("{\"title\":\"T\",}", "ask: Spec at line 1, column 14: trailing comma before '}'\n"),
    ("\n  [1]", "ask: Spec at line 2, column 3: expected '{' to start a spec object\n"),
  ])
  func byteOrderMarkPositions(spec: LoggedText, stderr: LoggedText) throws {
    let pty = try AskSession.ask(["--json"], stdin: .pipe(Self.byteOrderMark + Self.bytes(spec.text)))
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stderr == stderr.text)
    #expect(pty.stdout == "")
  }

  @Test("A spec typed on the terminal is echoed, and the Enter that ends it is not an answer")
  func specTypedOnTerminal() throws {
    let pty = try AskSession.ask(["--json"])
    try pty.waitForProcess(named: "ask", state: "S")  // waiting for the spec
    pty.type(#"{"title":"Typed","buttons":["A","B"],"defaultIndex":0}"# + "\r")
    try pty.waitForPrompt("Typed")
    #expect(pty.screen.contains(#""buttons":["A","B"]"#))
    // Once the next key is echoed, an Enter left over would have been taken.
    pty.type("2")
    try pty.waitFor("cancel]: 2")
    #expect(pty.count("There is no default") == 0 && pty.stdout == "")
    pty.type("\r")
    // The answer is out and the terminal is back to lines: ask reads the
    // next spec, and Ctrl-D is the end of input.
    try pty.waitUntil("B on stdout") { pty.stdout == "B\n" }
    try pty.waitForModes(canonical: true)
    pty.type("\u{4}")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "B\n")
  }

  @Test("When a stream stops, nothing more is read: the rest of stdin stays for the next reader")
  func streamStopsReading() throws {
    let input = "{\"buttons\":[\"x\"],\"cancel\":\"Stop\"}\nstop\n{\"title\":\"never\"}\nrest\n"
    let pty = try AskSession.shell("ask --json; echo \"status=$?\"; cat", stdin: .noTerminal(Self.bytes(input)))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "status=1\n{\"title\":\"never\"}\nrest\n")
  }

  @Test("--answers stdin takes answers from stdin even with a terminal")
  func answersFromStdin() throws {
    let pty = try AskSession.ask(["--json", "--answers", "stdin"],
                                 stdin: .pipe(Self.bytes("{\"buttons\":[\"x\",\"y\"]}\nx\n")))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "x\n")
  }

  @Test("--spec FILE reads the file; answers come from stdin")
  func specFile() throws {
    let pty = try AskSession.ask(["--spec", Self.root + "/Examples/specs/questionnaire.jsonl", "--print", "json"],
                                 stdin: .noTerminal(Self.bytes("emacs\n\n")))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == """
      {"id":"editor","button":"emacs","index":2,"buttonIndex":1,"role":"other"}
      {"id":"tabs","button":"Spaces","index":1,"buttonIndex":0,"role":"other"}

      """)
  }

  @Test("A spec's own timeout wins over --timeout, and its 0 is no limit (not 'unset')")
  func specTimeoutWins() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/t.jsonl"
    let file = try #require(fopen(path, "w"))
    fputs(#"{"title":"A","buttons":["x","y"],"default":"x"}"# + "\n" + #"{"title":"B","buttons":["p","q"],"timeout":0}"#, file)
    fclose(file)
    let pty = try AskSession.ask(["--spec", path, "--timeout", "0.5", "--print", "json"])
    try pty.waitFor("(times out in 0.5 s, then chooses x)")
    try pty.waitFor("Timed out: chose x.\r\n\u{1B}[1mB")
    try pty.waitForPrompt()
    #expect(!pty.screen.split(separator: "Timed out: chose x.").last!.contains("times out"))
    pty.type("q\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout.hasSuffix(#"{"button":"q","index":2,"buttonIndex":1,"role":"other"}"# + "\n"))
  }

  @Test("Each example answers as it should", arguments: [
    ("available-actions.json", "neg\n", "Negotiate\n", Int32(0)),
    ("available-actions.json", "Destroy\n", "Destroy\n", 0),
    ("open-link-ru.json", "да\n", "Да\n", 0),
    ("open-link-ru.json", "", "", 1),
    ("titles-array.json", "2\n", "bbb\n", 0),
    ("titles-array.json", "ddd\n", "", 1),
    ("questionnaire.jsonl", "3\n2\n", "nano\nTabs\n", 0),
    ("questionnaire.jsonl", "stop\n", "", 1),
  ])
  func examples(file: String, answers: LoggedText, stdout: LoggedText, status: Int32) throws {
    let pty = try AskSession.ask(["--spec", Self.root + "/Examples/specs/" + file],
                                 stdin: .noTerminal(Self.bytes(answers.text)))
    #expect(try pty.waitForExit() == status)
    #expect(pty.stdout == stdout.text)
  }

  @Test("The titles-array example reports the array's indexes")
  func titlesArrayIndexes() throws {
    let pty = try AskSession.ask(["--spec", Self.root + "/Examples/specs/titles-array.json", "--print", "json"],
                                 stdin: .noTerminal(Self.bytes("ddd\n")))
    #expect(try pty.waitForExit() == 1)
    #expect(pty.stdout == #"{"button":"ddd","index":4,"buttonIndex":3,"role":"cancel"}"# + "\n")
    #expect(pty.stderr.contains("  1) aaa\n  2) bbb (destructive)\n  3) ccc\n\n  4) ddd\n"))
  }

  @Test("A missing spec file is exit 2 with its name")
  func missingFile() throws {
    let pty = try AskSession.ask(["--spec", "/nonexistent/q.json"])
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stderr == "ask: Cannot open spec file '/nonexistent/q.json': No such file or directory\n")
  }

  @Test("Ctrl-C while ask waits for a spec on stdin ends it by SIGINT")
  func interruptWhileReadingSpec() throws {
    // sleep: a writer that keeps the pipe open and silent (no time is waited on).
    let pty = try AskSession.shell("sleep 5 | ask --json")
    try pty.waitForProcess(named: "ask", state: "S")  // blocked, waiting for the spec
    pty.type("\u{3}")
    #expect(try pty.waitForExit() == 130)
    #expect(pty.termiosRestored)
  }

  @Test("A spec stream that is closed is named as the spec's failure, with a terminal or without",
        arguments: ["--json", "--spec -"])
  func closedSpecStream(option: String) throws {
    let message = "ask: Cannot read the spec: standard input is closed\n"
    let onTerminal = try AskSession.shell("ask \(option) <&-")
    #expect(try onTerminal.waitForExit() == 2)
    #expect(onTerminal.stderr == message)
    let alone = try AskSession.shell("ask \(option) <&-", stdin: .noTerminal([]))
    #expect(try alone.waitForExit() == 2)
    #expect(alone.stderr == message)
  }

  @Test("A spec file's error positions do not count answer lines read from stdin")
  func filePositionsWithPipedAnswers() throws {
    let directory = try TemporaryDirectory()
    let spec = directory.path + "/specs.json"
    let file = try #require(fopen(spec, "w"))
    fputs("{\"buttons\":[\"A\",\"B\"]}\n{\"buttons\":[\"C\",1]}", file)
    fclose(file)
    let child = try AskSession.ask(["--spec", spec, "--answers", "stdin"], stdin: .noTerminal(Array("1\n".utf8)))
    #expect(try child.waitForExit() == 2)
    #expect(child.stderr.hasSuffix("ask: Spec at line 2, column 17: 'buttons[1]' must be a string, not a number\n"))
  }
}
