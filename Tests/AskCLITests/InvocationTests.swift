import AskCore
import Testing
@testable import AskCLI

@Suite("From command line to alert")
struct InvocationTests {
  func invocation(_ arguments: [String]) throws -> Invocation {
    guard case .present(let invocation) = try Invocation.action(for: OptionParser.parse(arguments))
    else { throw CommandError.usage("not a prompt") }
    return invocation
  }

  func alert(_ arguments: [String]) throws -> Alert {
    guard case .flags(let alert, _) = try invocation(arguments).source else {
      throw CommandError.usage("not from flags")
    }
    return alert
  }

  @Test("Buttons come in spec order: destructive, others and positionals, cancel")
  func order() throws {
    let alert = try alert(["-c", "Cancel", "-d", "Destroy", "-b", "Negotiate", "Compromise",
                                "--sheet", "-t", "Available Actions"])
    #expect(alert.buttons.map(\.title) == ["Destroy", "Negotiate", "Compromise", "Cancel"])
    #expect(alert.buttons.map(\.role) == [.destructive, .other, .other, .cancel])
    #expect(alert.presentation == .actionSheet)
  }

  @Test("--default takes a title, case-folded, or else a screen number", arguments: [
    (["--default", "keep", "-c", "Keep", "Go"], 1),
    (["--default", "2", "A", "B"], 1),
    (["--default", "2", "2", "1"], 0),
  ])
  func defaultButton(arguments: [String], index: Int) throws {
    #expect(try alert(arguments).defaultButtonIndex == index)
  }

  @Test("Spec errors are reported with the offending title", arguments: [
    (["-t", "T", "report.txt", "Report.TXT", "other.txt"],
     CommandError.prompt(.invalidAlert("Duplicate button title 'Report.TXT' (same as 'report.txt')"))),
    (["-c", "Close", "Close"], .prompt(.invalidAlert("Duplicate button title 'Close'"))),
    (["-t", "T", ""], .prompt(.invalidAlert("Button 1 has an empty title"))),
    (["-d", "Delete", "--default", "Delete", "Keep"],
     .prompt(.invalidAlert("The destructive button 'Delete' cannot be the default"))),
    (["--default", "Nope", "A"], .spec("Default 'Nope' is not a button title or number")),
    (["--sheet", "--alert"], .usage("Options '--sheet' and '--alert' cannot be given together")),
    (["--color", "never", "--pinentry"], .usage("Option '--pinentry' must come first: the arguments after it are pinentry's own")),
    (["-q", "--print", "json"], .usage("Options '--quiet' and '--print' cannot be given together: --quiet is --print none")),
    (["--askpass", "Password:", "-q"], .usage("Option '--quiet' cannot be used with '--askpass': the caller reads the answer alone")),
  ])
  func errors(arguments: [String], error: CommandError) {
    #expect(throws: error) { try invocation(arguments) }
  }

  @Test("Run options are read", arguments: [
    (["--print", "json", "-0", "--color", "never", "--answers", "tty"],
     PrintMode.json, true, ColorMode.never, TerminalConsole.AnswerSource.terminal),
    ([], PrintMode.title, false, ColorMode.auto, TerminalConsole.AnswerSource.standardInput),
    (["--json"], PrintMode.title, false, ColorMode.auto, TerminalConsole.AnswerSource.terminalOrStandardInput),
    (["--spec", "-", "--answers=stdin"], PrintMode.title, false, ColorMode.auto,
     TerminalConsole.AnswerSource.standardInput),
    (["--spec", "file.json"], PrintMode.title, false, ColorMode.auto,
     TerminalConsole.AnswerSource.standardInput),
    (["-q"], PrintMode.none, false, ColorMode.auto, TerminalConsole.AnswerSource.standardInput),
    (["--quiet", "-0"], PrintMode.none, true, ColorMode.auto, TerminalConsole.AnswerSource.standardInput),
    (["--print", "none"], PrintMode.none, false, ColorMode.auto, TerminalConsole.AnswerSource.standardInput),
  ])
  func runOptions(arguments: [String], print: PrintMode, null: Bool, color: ColorMode,
                  answers: TerminalConsole.AnswerSource) throws {
    let invocation = try invocation(arguments)
    #expect(invocation.output.printMode == print)
    #expect(invocation.output.nullTerminated == null)
    #expect(invocation.color == color)
    #expect(invocation.answerSource == answers)
  }

  @Test("--json and --spec name where the prompts come from")
  func specSources() throws {
    #expect(try invocation(["--json"]).source == .jsonFromStandardInput)
    #expect(try invocation(["--spec", "-"]).source == .jsonFromStandardInput)
    #expect(try invocation(["--spec=q.json", "--print", "json"]).source == .jsonFile("q.json"))
  }

  @Test("Content options with a JSON spec are usage errors", arguments: [
    (["--json", "-t", "T"], "Option '--title' cannot be used with '--json': the spec gives the content"),
    (["--spec", "f", "--sheet"], "Option '--sheet' cannot be used with '--spec': the spec gives the content"),
    (["--json", "A"], "Button 'A' cannot be given with '--json': the spec gives the buttons"),
    (["--json", "--spec", "f"], "Options '--json' and '--spec' cannot be given together"),
  ])
  func contentWithSpec(arguments: [String], message: String) {
    #expect(throws: CommandError.usage(message)) { try invocation(arguments) }
  }

  @Test("Text-entry options build the fields of the style")
  func textEntry() throws {
    let alert = try alert(["-s", "login-password", "--label", "User", "--placeholder", "alice@example.com",
                           "--label", "Pass", "--text", "bob", "--repeat", "--echo", "no", "--timeout", "2.5"])
    #expect(alert.style.kind == .loginAndPasswordInput)
    #expect(alert.textFields == [TextField(label: "User", placeholder: "alice@example.com", text: "bob"),
                                 TextField(label: "Pass")])
    #expect(alert.repeatsSecureEntry && alert.secureEcho == .hidden && alert.timeout == .milliseconds(2500))
    #expect(try self.alert(["-s", "plain", "--pattern", "[0-9]+", "--required"]).textPattern?.text == "[0-9]+")
  }

  @Test("A field option the style has no use for is a usage error naming it", arguments: [
    (["--label", "X"], "Option '--label' applies only to a text style (-s plain, secure or login-password), not to style 'default'"),
    (["-s", "secure", "--text", "x"], "Option '--text' applies only to a plain field (-s plain or login-password), not to style 'secure'"),
    (["-s", "plain", "--echo", "no"], "Option '--echo' applies only to a secure field (-s secure or login-password), not to style 'plain'"),
    (["-s", "plain", "--repeat"], "Option '--repeat' applies only to a secure field (-s secure or login-password), not to style 'plain'"),
    (["-s", "secure", "--pattern", "x"], "Option '--pattern' applies only to -s plain, not to style 'secure'"),
    (["--required"], "Option '--required' applies only to a text style (-s plain, secure or login-password), not to style 'default'"),
    (["-s", "plain", "--label", "A", "--label", "B"], "Option '--label' is given 2 times, but style 'plain' has 1 field"),
    (["-s", "plain", "--pattern", "(["], "The value '([' is invalid for '--pattern': not a valid regular expression"),
    (["--timeout", "soon"], "The value 'soon' is invalid for '--timeout': expected a number of seconds, 0 or more (0: no limit)"),
    (["--timeout", "-1"], "The value '-1' is invalid for '--timeout': expected a number of seconds, 0 or more (0: no limit)"),
  ])
  func fieldOptionErrors(arguments: [String], message: String) {
    #expect(throws: CommandError.usage(message)) { try invocation(arguments) }
  }

  @Test("Any positive limit is at least a millisecond; past a thousand years (1e400 too) is no limit; JSON reads it the same",
        arguments: [("0.0001", Duration.milliseconds(1) as Duration?), ("1e-300", .milliseconds(1)), ("1.5", .milliseconds(1500)),
                    ("0", nil), ("3.1e10", .seconds(31_000_000_000)), ("3.2e10", nil), ("1e400", nil)])
  func timeLimits(text: String, limit: Duration?) throws {
    #expect(try alert(["--timeout", text, "A"]).timeout == limit)
    var scanner = JSONScanner(source: MemoryByteSource("{\"timeout\":\(text)}"))
    let node = try #require(try scanner.nextObject())
    // One spelling of no limit, nil; a spec's own 0 still says it has one
    // (the command line's --timeout does not replace it).
    let decoded = try SpecDecoder.validatedAlert(from: node)
    #expect(decoded.alert.timeout == limit && decoded.hasTimeout)
  }

  @Test("A --default number that is not a button is an error, whatever its size", arguments: [
    "0", "-1", "3", "-9223372036854775808", "9223372036854775807",
  ])
  func defaultNumbers(number: String) {
    #expect(throws: CommandError.self) { try invocation(["--default", number, "A", "B"]) }
  }

  @Test("--help and --version win over everything else")
  func helpAndVersion() throws {
    #expect(try Invocation.action(for: OptionParser.parse(["-t", "T", "--help"])) == .help)
    #expect(try Invocation.action(for: OptionParser.parse(["--version", "a", "a"])) == .version)
  }
}
