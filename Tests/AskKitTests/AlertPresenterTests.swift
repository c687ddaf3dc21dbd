import Testing
@testable import AskKit

@Suite("The presenting loop")
struct AlertPresenterTests {
  static let pick = Alert(title: "Pick", buttons: [Button("Alpha"), Button("Beta")])

  @Test("An unrecognised answer on a terminal gets one hint and the answer line again")
  func reprompt() throws {
    let console = ScriptedConsole(answers: ["9", "b"])
    let response = try AlertPresenter(console: console).present(Self.pick)
    #expect(response == Response(.chosen, buttonIndex: 1, number: 2, title: "Beta", role: .other))
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
    #expect(response == Response(.endOfInput, buttonIndex: 1, number: 2, title: "Stop", role: .cancel))
    #expect(response.isCancel)
  }

  @Test("End of input without a cancel button is a cancel with no button")
  func endOfInputWithoutCancel() throws {
    let response = try AlertPresenter(console: ScriptedConsole(answers: [.endOfInput])).present(Self.pick)
    #expect(response == Response(.endOfInput))
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

  @Test("The chosen button's handler runs, and only that one: a plain closure on local state")
  func handlers() throws {
    var ran: [String] = []
    let alert = Alert(buttons: [Button("A") { ran.append("A") }, Button("B") { ran.append("B") },
                                Button("C", role: .cancel) { ran.append("C") }])
    _ = try alert.present(on: ScriptedConsole(answers: ["2"]))
    #expect(ran == ["B"])
    _ = try alert.present(on: ScriptedConsole(answers: [.endOfInput]))  // the cancel button's
    #expect(ran == ["B", "C"])
    var timed = alert
    timed.defaultButtonIndex = 0
    timed.timeout = .seconds(5)
    _ = try timed.present(on: ScriptedConsole(answers: [.timeout]))  // the default's
    #expect(ran == ["B", "C", "A"])
  }

  @Test("The engine itself runs no handler: present(on:) does, once the console is given back")
  func engineRunsNoHandler() throws {
    var ran = 0
    let alert = Alert(buttons: [Button("A") { ran += 1 }])
    _ = try AlertPresenter(console: ScriptedConsole(answers: ["1"])).present(alert)
    #expect(ran == 0)
  }

  @Test("A timeout without a default says so, with no button and no role")
  func timeoutWithoutChoice() throws {
    var alert = Self.pick
    alert.timeout = .seconds(5)
    let response = try alert.present(on: ScriptedConsole(answers: [.timeout]))
    #expect(response.outcome == .timedOut && response.role == nil && !response.isCancel)
  }

  @Test("A scripted console that runs out throws instead of blocking")
  func exhaustion() {
    #expect(throws: AskError.io("read past the scripted answers", errno: 0)) {
      try AlertPresenter(console: ScriptedConsole(answers: ["x"])).present(Self.pick)
    }
  }
}
