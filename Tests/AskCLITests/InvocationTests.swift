import AskKit
import Testing
@testable import AskCLI

@Suite("From command line to alert")
struct InvocationTests {
  func invocation(_ arguments: [String]) throws -> Invocation {
    guard case .present(let invocation) = try Invocation.action(for: OptionParser.parse(arguments))
    else { throw AskError.usage("not a prompt") }
    return invocation
  }

  @Test("Buttons come in spec order: destructive, others and positionals, cancel")
  func order() throws {
    let alert = try invocation(["-c", "Cancel", "-d", "Destroy", "-b", "Negotiate", "Compromise",
                                "--sheet", "-t", "Available Actions"]).alert
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
    #expect(try invocation(arguments).alert.defaultButtonIndex == index)
  }

  @Test("Spec errors are reported with the offending title", arguments: [
    (["-t", "T", "report.txt", "Report.TXT", "other.txt"],
     AskError.spec("Duplicate button title 'Report.TXT' (same as 'report.txt')")),
    (["-c", "Close", "Close"], .spec("Duplicate button title 'Close'")),
    (["-t", "T", ""], .spec("Button 1 has an empty title")),
    (["-d", "Delete", "--default", "Delete", "Keep"],
     .spec("The destructive button 'Delete' cannot be the default")),
    (["--default", "Nope", "A"], .spec("Default 'Nope' is not a button title or number")),
    (["--sheet", "--alert"], .usage("Options '--sheet' and '--alert' cannot be given together")),
  ])
  func errors(arguments: [String], error: AskError) {
    #expect(throws: error) { try invocation(arguments) }
  }

  @Test("Run options are read", arguments: [
    (["--print", "json", "-0", "--color", "never", "--answers", "tty"],
     PrintMode.json, true, ColorMode.never, TerminalConsole.AnswerSource.terminal),
    ([], .title, false, .auto, .automatic),
  ])
  func runOptions(arguments: [String], print: PrintMode, null: Bool, color: ColorMode,
                  answers: TerminalConsole.AnswerSource) throws {
    let invocation = try invocation(arguments)
    #expect(invocation.printMode == print)
    #expect(invocation.nullTerminated == null)
    #expect(invocation.color == color)
    #expect(invocation.answers == answers)
  }

  @Test("--help and --version win over everything else")
  func helpAndVersion() throws {
    #expect(try Invocation.action(for: OptionParser.parse(["-t", "T", "--help"])) == .help)
    #expect(try Invocation.action(for: OptionParser.parse(["--version", "a", "a"])) == .version)
  }
}
