import Synchronization
import Testing
@testable import AskCore

@Suite("The presenting loop")
struct AlertPresenterTests {
  static let pick = Alert(title: "Pick", buttons: [Button("Alpha"), Button("Beta")])

  @Test("An unrecognised answer on a terminal gets one hint and the answer line again")
  func reprompt() throws {
    let console = ScriptedConsole(answers: ["9", "b"])
    let response = try AlertPresenter(console: console).present(Self.pick)
    #expect(response == PromptResult(.chosen, buttonIndex: 1, number: 2, title: "Beta", role: .other))
    #expect(console.transcript == """
      Pick
        1) Alpha
        2) Beta
      Choice [1-2, Ctrl-D = cancel]: 9
      No button matches '9': type a number from 1 to 2 or a title.
      Choice [1-2, Ctrl-D = cancel]: b

      """)
  }

  @Test("An unrecognised answer from a pipe ends with invalidAnswer after one hint, never a loop")
  func pipeInvalid() {
    let console = ScriptedConsole(answers: ["9", "1"], isInteractive: false)
    #expect(throws: AskError.invalidAnswer(
      "No button matches '9': type a number from 1 to 2 or a title.")) {
      try AlertPresenter(console: console).present(Self.pick)
    }
    #expect(console.answers == ["1"])
  }

  @Test("End of input chooses the cancel button, with eof")
  func endOfInputWithCancel() throws {
    let alert = Alert(buttons: [Button("Go"), Button("Stop", role: .cancel)])
    let response = try AlertPresenter(console: ScriptedConsole(answers: [.endOfInput])).present(alert)
    #expect(response == PromptResult(.endOfInput, buttonIndex: 1, number: 2, title: "Stop", role: .cancel))
    #expect(response.isCancel)
  }

  @Test("End of input without a cancel button is a cancel with no button")
  func endOfInputWithoutCancel() throws {
    let response = try AlertPresenter(console: ScriptedConsole(answers: [.endOfInput])).present(Self.pick)
    #expect(response == PromptResult(.endOfInput))
    #expect(response.isCancel && response.role == nil && response.buttonIndex == nil)
  }

  @Test("A spec error is thrown before anything is drawn")
  func specErrorDrawsNothing() {
    let console = ScriptedConsole(answers: [])
    #expect(throws: AskError.self) {
      try AlertPresenter(console: console).present(Alert(buttons: [Button("a"), Button("A")]))
    }
    #expect(console.transcript.isEmpty)
  }

  @Test("The chosen button's handler runs, and only that one: a @Sendable closure")
  func handlers() throws {
    let ran = Mutex<[String]>([])
    let alert = Alert(buttons: [Button("A") { ran.withLock { $0.append("A") } },
                                Button("B") { ran.withLock { $0.append("B") } },
                                Button("C", role: .cancel) { ran.withLock { $0.append("C") } }])
    _ = try alert.present(on: ScriptedConsole(answers: ["2"]))
    #expect(ran.withLock { $0 } == ["B"])
    _ = try alert.present(on: ScriptedConsole(answers: [.endOfInput]))  // the cancel button's
    #expect(ran.withLock { $0 } == ["B", "C"])
    var timed = alert
    timed.buttons[0].isDefault = true
    timed.timeout = .seconds(5)
    _ = try timed.present(on: ScriptedConsole(answers: [.timeout]))  // the default's
    #expect(ran.withLock { $0 } == ["B", "C", "A"])
  }

  @Test("The engine itself runs no handler: present(on:) does, once the console is given back")
  func engineRunsNoHandler() throws {
    let ran = Mutex(0)
    let alert = Alert(buttons: [Button("A") { ran.withLock { $0 += 1 } }])
    _ = try AlertPresenter(console: ScriptedConsole(answers: ["1"])).present(alert)
    #expect(ran.withLock { $0 } == 0)
  }

  @Test("A timeout without a default says so, with no button and no role")
  func timeoutWithoutChoice() throws {
    var alert = Self.pick
    alert.timeout = .seconds(5)
    let response = try alert.present(on: ScriptedConsole(answers: [.timeout]))
    #expect(response == .timedOut(nil) && response.chosenButton == nil && !response.isCancelled)
  }

  @Test("A scripted console that runs out throws instead of blocking")
  func exhaustion() {
    #expect(throws: AskError.scriptExhausted) {
      try AlertPresenter(console: ScriptedConsole(answers: ["x"])).present(Self.pick)
    }
  }
}
