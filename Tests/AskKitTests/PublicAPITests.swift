import Synchronization
import Testing
@testable import AskCore
import AskKit

/// What a host writes against AskKit's public API: a function that asks on
/// any console, tested with a scripted one.
func confirm(on console: some Console) throws(AskError) -> Bool {
  let delete = Button("Delete", role: .destructive)
  let alert = Alert(title: "Delete 3 files?", buttons: [delete, Button("Keep", role: .cancel, isDefault: true)])
  return try alert.present(on: console) == .button(delete)
}

/// A console of a host's own: it answers every alert with its first
/// button, as a GUI stand-in might.
final class FirstButtonConsole: Console {
  private(set) var asked: [String] = []
  func answer(_ alert: Alert) throws(AskError) -> Response {
    asked.append(alert.title ?? "")
    guard let button = alert.buttons.first else { throw .invalidAlert("no buttons") }
    return .button(button)
  }
}

@Suite("The public API a host programs against")
struct PublicAPITests {
  @Test("A host's function takes some Console; its test stands a ScriptedConsole in", arguments: [
    ("delete", true), ("keep", false), ("", false),
  ])
  func hostFunctionOnScriptedConsole(answer: String, confirmed: Bool) throws {
    #expect(try confirm(on: ScriptedConsole(answers: [.text(answer)])) == confirmed)
  }

  @Test("A console of the host's own stands in through the protocol; present(on:) runs the handler")
  func hostConsole() throws {
    let ran = Mutex(false)
    let console = FirstButtonConsole()
    let alert = Alert(title: "Go?", buttons: [Button("Go") { ran.withLock { $0 = true } }])
    #expect(try alert.present(on: console) == .button(Button("Go")))
    #expect(console.asked == ["Go?"] && ran.withLock { $0 })
    #expect(try confirm(on: console))
  }

  @Test("The response names the chosen button itself, whichever its position on screen")
  func responseByIdentity() throws {
    let keep = Button("Keep", role: .cancel)
    let save = Button("Save", isDefault: true)
    let alert = Alert(buttons: [keep, save, Button("Discard", role: .destructive)])
    // Shown: Save (default), Discard, Keep: Enter chooses Save, 3 is Keep.
    #expect(try alert.present(on: ScriptedConsole(answers: [""])) == .button(save))
    #expect(try alert.present(on: ScriptedConsole(answers: ["3"])) == .cancelled(keep))
    #expect(try alert.present(on: ScriptedConsole(answers: [.endOfInput])).chosenButton == keep)
  }

  @Test("A second default button is an invalid alert, named in the message")
  func twoDefaults() {
    let alert = Alert(buttons: [Button("A", isDefault: true), Button("B", isDefault: true)])
    #expect(throws: AskError.invalidAlert("More than one default button: 'A' and 'B'")) {
      try alert.present(on: ScriptedConsole(answers: ["a"]))
    }
  }

  @Test("Errors print their message, in Swift types", arguments: [
    (AskError.invalidAlert("Duplicate button title 'Save'"), "Duplicate button title 'Save'"),
    (.terminalBusy, "Cannot use the terminal: another console of this process has it"),
    (.interrupted(by: .interrupt), "Interrupted by signal 2"),
    (.io(operation: "read the answer", reason: SystemError(code: 5)), "Cannot read the answer: Input/output error"),
    (.io(operation: "read the answer", reason: nil), "Cannot read the answer"),
    (.scriptExhausted, "Cannot read past the scripted answers"),
  ])
  func errorMessages(error: AskError, message: String) {
    #expect("\(error)" == message)
  }

  @Test("A signal is known by its name")
  func signalNames() {
    #expect(Signal.interrupt.name == "SIGINT" && Signal.terminate.description == "SIGTERM")
    #expect(Signal.hangUp == Signal(1))
  }

  @Test("A scripted console that runs out throws scriptExhausted")
  func scriptExhausted() {
    #expect(throws: AskError.scriptExhausted) {
      try Alert(title: "Again?").present(on: ScriptedConsole(answers: []))
    }
  }

  @Test("A text style carries its fields; the pattern is a Regex")
  func styleFields() throws {
    let console = ScriptedConsole(answers: ["alice", "pw"])
    let alert = Alert(title: "Sign in",
                      style: .loginAndPasswordInput(loginLabel: "User", loginPlaceholder: "alice@example.com"))
    guard case .login(let login, let password, _) = try alert.present(on: console) else {
      Issue.record("not a login")
      return
    }
    #expect(login == "alice" && password == SecretText(bytes: Array("pw".utf8)))
    #expect(console.transcript.contains("User (e.g. alice@example.com): alice\nPassword: **\n"))
    var code = Alert(style: .plainTextInput(placeholder: "digits"))
    code.pattern = Regex(/[0-9]+/)
    #expect(try code.present(on: ScriptedConsole(answers: ["x1", "12"])) == .text("12", button: Button("OK")))
  }

  @Test("One spelling of no limit: nil waits; zero times out at once")
  func timeLimits() throws {
    let waits = Alert(buttons: [Button("Go", isDefault: true)])
    #expect(waits.timeout == nil)
    #expect(AlertPresenter.deadline(after: nil) == nil)
    #expect(AlertPresenter.deadline(after: .zero) != nil)
  }

  @Test("The command line's and JSON's spellings live in one package table, not in raw values", arguments: [
    "default", "plain", "secure", "login-password",
  ])
  func styleNames(name: String) throws {
    #expect(try #require(AlertStyle.Kind(name: name)).name == name)
    #expect(SecureEcho(name: "no") == .hidden && SecureEcho.hidden.name == "no")
    #expect(Presentation(name: "sheet") == .actionSheet && ButtonRole.destructive.name == "destructive")
  }

  @Test("Buttons, alerts and responses cross to another task: Sendable, checked by the compiler")
  func sendable() async throws {
    let alert = Alert(title: "Async?", buttons: [Button("Yes") { @Sendable in }, Button("No")])
    let response = try await Task.detached { try alert.present(on: ScriptedConsole(answers: ["no"])) }.value
    #expect(response == .button(Button("No")))
  }
}
