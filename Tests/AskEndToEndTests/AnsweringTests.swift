import AskTestSupport
import Glibc
import Testing

/// The built `ask` on a pseudo-terminal: each way to answer, what reaches
/// stdout, the exit status, and that termios are restored every time.
@Suite("Answering on a terminal", .serialized, .ownThread)
struct AnsweringTests {
  static let sheet = ["--sheet", "-t", "Available Actions", "-c", "Cancel", "-d", "Destroy",
                      "Negotiate", "Compromise"]

  @Test("The sheet shows four numbered buttons, Destroy first and Cancel last and set apart")
  func sheetLayout() throws {
    let pty = try AskSession.ask(Self.sheet, environment: ["NO_COLOR": "1"])
    try pty.waitForPrompt()
    #expect(pty.screen.contains("""
      Available Actions\r
        1) Destroy (destructive)\r
        2) Negotiate\r
        3) Compromise\r
      \r
        4) Cancel\r
      Choice [1-4, Ctrl-D = cancel]: 
      """))
    pty.type("\u{4}")
    #expect(try pty.waitForExit() == 1)
    #expect(pty.stdout == "")
    #expect(pty.termiosRestored)
  }

  @Test("Destroy is drawn red when colour is on, and still marked in words (issue 13)")
  func destructiveRed() throws {
    let pty = try AskSession.ask(Self.sheet)
    try pty.waitForPrompt()
    #expect(pty.screen.contains("1) \u{1B}[31mDestroy (destructive)\u{1B}[0m"))
    #expect(pty.screen.contains("\u{1B}[1mAvailable Actions\u{1B}[0m"))
    pty.type("\u{4}")
    #expect(try pty.waitForExit() == 1)
  }

  @Test("Each way to answer chooses its button", arguments: [
    ("neg\r", "Negotiate\n", Int32(0)),      // a unique prefix
    ("NEGOTIATE\r", "Negotiate\n", 0),       // a title, case-folded
    ("3\r", "Compromise\n", 0),              // a number
    ("1\r", "Destroy\n", 0),                 // the destructive button by number
    ("Destroy\r", "Destroy\n", 0),           // … or by its full title
    ("co\t\r", "Compromise\n", 0),           // Tab completes the title
    ("4\r", "", 1),                          // the cancel button prints nothing
    ("Cancel\r", "", 1),
    ("\u{4}", "", 1),                        // Ctrl-D on an empty line
    ("xyz\u{15}2\r", "Negotiate\n", 0),      // Ctrl-U clears what was typed
    ("Nex\u{7F}got\r", "Negotiate\n", 0),    // Backspace edits; the prefix Negot
  ])
  func answers(keys: LoggedText, stdout: LoggedText, status: Int32) throws {
    let pty = try AskSession.ask(Self.sheet)
    try pty.waitForPrompt()
    pty.type(keys.text)
    #expect(try pty.waitForExit() == status)
    #expect(pty.stdout == stdout.text)
    #expect(pty.termiosRestored)
  }

  @Test("Ctrl-D on an empty answer line shows ^D (as the README's transcript) and cancels")
  func controlDShown() throws {
    let pty = try AskSession.ask(["-t", "Pick", "Alpha", "Beta"])
    try pty.waitForPrompt()
    pty.type("\u{4}")
    #expect(try pty.waitForExit() == 1)
    #expect(pty.screen.hasSuffix("Choice [1-2, Ctrl-D = cancel]: ^D\r\n"))
    #expect(pty.stdout == "")
  }

  @Test("An unrecognised answer gets one hint and the answer line again, not the list")
  func reprompt() throws {
    let pty = try AskSession.ask(["-t", "Pick", "Alpha", "Beta"])
    try pty.waitForPrompt()
    pty.type("9\r")
    try pty.waitFor("No button matches '9': type a number from 1 to 2 or a title.")
    // Once the next key is echoed, all that "9" brought is on the screen.
    pty.type("b")
    try pty.waitFor("cancel]: b")
    #expect(pty.count("Choice [1-2, Ctrl-D = cancel]: ") == 2)
    #expect(pty.count("Alpha") == 1)
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Beta\n")
  }

  @Test("Tab completes the common start; Tab again lists the titles it could become")
  func tabListsCandidates() throws {
    let pty = try AskSession.ask(["-t", "T", "A", "Negotiate", "Compromise", "Comply"], environment: ["NO_COLOR": "1"])
    try pty.waitForPrompt()
    pty.type("Com\t")
    try pty.waitUntil("the first Tab's completion") {
      pty.screen.split(separator: "cancel]: Com", omittingEmptySubsequences: false).last?.contains("p") == true
    }
    pty.type("\t")
    try pty.waitFor("Compromise  Comply\r\n")
    try pty.waitFor("Comply\r\nChoice [1-4, Ctrl-D = cancel]: Comp")  // the line drawn again below
    pty.type("l\t\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Comply\n")
  }

  @Test("Up recalls an earlier answer of this run for editing")
  func history() throws {
    let pty = try AskSession.ask(["-t", "Pick", "Alpha", "Beta"])
    try pty.waitForPrompt()
    pty.type("Zeta\r")
    try pty.waitFor("No button matches 'Zeta'")
    // Up brings back "Zeta"; Ctrl-A, delete the Z, type B: "Beta".
    pty.type("\u{1B}[A\u{1}\u{4}B\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Beta\n")
  }

  @Test("A prefix never chooses the destructive button: a hint says how")
  func destructivePrefix() throws {
    let pty = try AskSession.ask(["-t", "T", "-d", "Delete", "Defer"])
    try pty.waitForPrompt()
    pty.type("Del\r")
    try pty.waitFor("'Del' is only the start of 'Delete': type the whole title or 1 to choose it.")
    pty.type("De\r")
    try pty.waitFor("'De' matches 'Delete' and 'Defer'")
    pty.type("Def\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Defer\n")
  }

  @Test("Enter chooses the default, which is marked in words")
  func defaultButton() throws {
    let pty = try AskSession.ask(["-t", "Continue?", "--default", "Yes", "-c", "No", "Yes"])
    try pty.waitForPrompt("Choice [1-2, Enter = Yes, Ctrl-D = cancel]: ")
    #expect(pty.screen.contains("1) Yes (default)"))
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Yes\n")
  }

  @Test("Cyrillic and Chinese titles are shown and answered, case-folded")
  func scripts() throws {
    let pty = try AskSession.ask(["-t", "你好 — открыть ссылку?", "-m", "В браузере", "-c", "Нет", "Да", "好的"])
    try pty.waitForPrompt()
    #expect(pty.screen.contains("你好 — открыть ссылку?"))
    #expect(pty.screen.contains("1) Да"))
    #expect(pty.screen.contains("2) 好的"))
    pty.type("да\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Да\n")
  }

  @Test("A piped answer chooses in full case folding, and a prefix by scalars", arguments: [
    ("ΈΞΟΔΟΣ\n", "Έξοδος\n"),    // printf 'ΈΞΟΔΟΣ\n' | ask -t T Έξοδος Αρχή Straße हिन्दी
    ("τέλοσ\n", "Τέλος\n"),
    ("STRASSE\n", "Straße\n"),
    ("हिन\n", "हिन्दी\n"),          // ends inside the cluster न्दी
  ])
  func foldedPipedAnswers(input: LoggedText, stdout: LoggedText) throws {
    let pty = try AskSession.ask(["-t", "T", "Έξοδος", "Τέλος", "Straße", "हिन्दी"],
                                 stdin: .pipe(Array(input.text.utf8)))
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == stdout.text)
    #expect(pty.termiosRestored)
  }

  @Test("Backspace over a non-ASCII letter removes the whole character (C12, button prompt)")
  func backspaceUnicode() throws {
    let pty = try AskSession.ask(["-t", "City", "Zürich", "Zug"], environment: ["LANG": "C"])
    try pty.waitForPrompt()
    pty.type("Zü")
    try pty.waitFor("cancel]: Zü")
    pty.type("\u{7F}\u{7F}Zürich\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Zürich\n")
  }

  @Test("Tab completes a Cyrillic title under the C locale too")
  func completionUnicode() throws {
    let pty = try AskSession.ask(["-t", "T", "Удалить", "Отмена"], environment: ["LANG": "C", "LC_ALL": ""])
    try pty.waitForPrompt()
    pty.type("у\t")
    try pty.waitFor("Удалить")
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Удалить\n")
  }

  @Test("Tab completes folded text with the title's own letters: STRASS becomes Straße")
  func completionFolded() throws {
    let pty = try AskSession.ask(["-t", "T", "Straße", "Weg"])
    try pty.waitForPrompt()
    pty.type("STRASS\t")
    try pty.waitUntil("the Tab's completion") {  // libedit rewrites from the first letter that changed
      pty.screen.split(separator: "cancel]: STRASS", omittingEmptySubsequences: false).last?.contains("traße") == true
    }
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "Straße\n")
  }

  @Test("--print json reports the button, its number, its index and its role")
  func json() throws {
    let pty = try AskSession.ask(["-t", "T", "A", "B", "--print", "json"])
    try pty.waitForPrompt()
    pty.type("2\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == #"{"button":"B","index":2,"buttonIndex":1,"role":"other"}"# + "\n")
  }

  @Test("--print json reports a Ctrl-D cancel with eof")
  func jsonCancel() throws {
    let pty = try AskSession.ask(["-t", "T", "A", "-c", "Stop", "--print=json"])
    try pty.waitForPrompt()
    pty.type("\u{4}")
    #expect(try pty.waitForExit() == 1)
    #expect(pty.stdout == #"{"button":"Stop","index":2,"buttonIndex":1,"role":"cancel","eof":true}"# + "\n")
  }

  @Test("--print index, -0 and -n shape what is printed", arguments: [
    (["--print", "index"], "2\n"), (["-0"], "B\0"), (["-n"], "B"), (["--print", "index", "-n0"], "2"),
  ] as [([String], LoggedText)])
  func printModes(options: [String], stdout: LoggedText) throws {
    let pty = try AskSession.ask(["-t", "T", "A", "B"] + options)
    try pty.waitForPrompt()
    pty.type("b\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == stdout.text)
  }

  @Test("Keys typed before the prompt is drawn are answered once")
  func typeAhead() throws {
    let pty = try AskSession.ask(["-t", "T", "A", "B"])
    pty.type("2\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "B\n")
    #expect(pty.count("No button matches") == 0)
    #expect(pty.termiosRestored)
  }

  @Test("A Ctrl-D typed before the prompt is drawn cancels, never hangs")
  func typeAheadEOF() throws {
    let pty = try AskSession.ask(["-t", "T", "A", "B"])
    pty.type("\u{4}")
    #expect(try pty.waitForExit(timeout: 5) == 1)
    #expect(pty.stdout == "")
    #expect(pty.termiosRestored)
  }

  @Test("An Enter sent as CR LF is one Enter: the re-prompt still waits (C24)")
  func crlfEnter() throws {
    let pty = try AskSession.ask(["-t", "T", "A", "B"])
    try pty.waitForPrompt()
    pty.type("9\r\n")
    try pty.waitFor("No button matches '9'")
    // Once the next key is echoed, a second Enter would have been taken.
    pty.type("a")
    try pty.waitFor("cancel]: a")
    #expect(pty.count("No button matches") == 1)
    #expect(pty.count("Type a number") == 0)
    #expect(pty.exitStatus == nil)
    pty.type("\r\n")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "A\n")
  }

  @Test("Input still pending on the terminal at exit is discarded, not left for the shell")
  func pendingInputDiscarded() throws {
    // After ask, the shell takes a line only if input is left (all was typed
    // before ask read its answer; nothing more comes).
    let pty = try AskSession.shell("ask -t T A B; read -t 0 && read -t 1 -r line; echo \"left=[$line]\"")
    try pty.waitForPrompt()
    pty.type("1\rrm -rf x\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "A\nleft=[]\n")
  }
}
