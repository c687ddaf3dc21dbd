import Testing
@testable import AskKit

@Suite("The presenting loop")
struct AlertPresenterTests {
  static let pick = Alert(title: "Pick", buttons: [Button("Alpha"), Button("Beta")])

  @Test("An unrecognised answer on a terminal gets one hint and the answer line again")
  func reprompt() throws {
    let console = ScriptedConsole(answers: ["9", "b"])
    let response = try AlertPresenter(console: console).present(Self.pick)
    #expect(response == Response(buttonIndex: 1, number: 2, title: "Beta", role: .other))
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
    #expect(response == Response(buttonIndex: 1, number: 2, title: "Stop", role: .cancel,
                                 isEndOfInput: true))
  }

  @Test("End of input without a cancel button is a bare cancel")
  func endOfInputWithoutCancel() throws {
    let response = try AlertPresenter(console: ScriptedConsole(answers: [.endOfInput])).present(Self.pick)
    #expect(response == Response(buttonIndex: nil, number: nil, title: nil, role: .cancel,
                                 isEndOfInput: true))
  }

  @Test("A spec error is thrown before anything is drawn")
  func specErrorDrawsNothing() {
    let console = ScriptedConsole(answers: [])
    #expect(throws: AskError.self) {
      try AlertPresenter(console: console).present(Alert(buttons: [Button("a"), Button("A")]))
    }
    #expect(console.transcript.isEmpty)
  }

  @Test("The chosen button's handler runs, and only that one")
  func handlers() throws {
    final class Box: @unchecked Sendable { var ran: [String] = [] }
    let box = Box()
    let alert = Alert(buttons: [Button("A") { box.ran.append("A") }, Button("B") { box.ran.append("B") }])
    _ = try AlertPresenter(console: ScriptedConsole(answers: ["2"])).present(alert)
    #expect(box.ran == ["B"])
  }

  @Test("A scripted console that runs out throws instead of blocking")
  func exhaustion() {
    #expect(throws: AskError.io("read past the scripted answers", errno: 0)) {
      try AlertPresenter(console: ScriptedConsole(answers: ["x"])).present(Self.pick)
    }
  }
}
