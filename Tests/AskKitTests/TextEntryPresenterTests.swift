import Testing
@testable import AskKit

@Suite("Text entry in the presenting loop")
struct TextEntryPresenterTests {
  func present(_ alert: Alert, _ answers: [ScriptedConsole.Answer], interactive: Bool = true)
    throws -> (Response, ScriptedConsole) {
    let console = ScriptedConsole(answers: answers, isInteractive: interactive)
    return (try AlertPresenter(console: console).present(alert), console)
  }

  @Test("A plain field returns its text, with the implied OK")
  func plain() throws {
    var alert = Alert(title: "Name")
    alert.style = .plainTextInput
    alert.textFields = [TextField(label: "Your name", placeholder: "Ada")]
    let (response, console) = try present(alert, ["Grace"])
    #expect(response.text == "Grace")
    #expect(response.title == "OK" && response.isImpliedButton && response.role == .other)
    #expect(console.transcript == "Name\n(Enter = OK, Ctrl-D = cancel)\nYour name (e.g. Ada): Grace\n")
  }

  @Test("A secure field returns the secret and draws one * per character, never the text")
  func secure() throws {
    var alert = Alert(title: "Unlock")
    alert.style = .secureTextInput
    let (response, console) = try present(alert, ["pässwörd"])
    #expect(response.secret == SecretText(bytes: Array("pässwörd".utf8)))
    #expect(console.transcript.hasSuffix("Password: ********\n"))
    #expect(!console.transcript.contains("pässwörd"))
    #expect(console.discards == 1)
    #expect("\(response.secret!)" == "<secret>")
  }

  @Test("Login and password come back in their fields; labels default to Login and Password")
  func loginPassword() throws {
    var alert = Alert(title: "Sign in")
    alert.style = .loginAndPasswordInput
    let (response, console) = try present(alert, ["alice", "s3cret"])
    #expect(response.login == "alice")
    #expect(response.secret == SecretText(bytes: Array("s3cret".utf8)))
    #expect(response.text == nil)
    #expect(console.transcript.hasSuffix("Login: alice\nPassword: ******\n"))
    #expect(console.discards == 0)
  }

  @Test("Ctrl-D in any field cancels the whole prompt, reported as the implied Cancel")
  func cancel() throws {
    var alert = Alert()
    alert.style = .loginAndPasswordInput
    let (response, _) = try present(alert, ["alice", .endOfInput])
    #expect(response.role == .cancel && response.outcome == .endOfInput && response.isCancel)
    #expect(response.title == "Cancel" && response.isImpliedButton)
    #expect(response.login == nil && response.secret == nil)
  }

  @Test("Required and pattern ask again on a terminal, with a hint")
  func validation() throws {
    var alert = Alert()
    alert.style = .plainTextInput
    alert.requiresText = true
    alert.pattern = "[0-9]+"
    let (response, console) = try present(alert, ["  ", "12a", "123"])
    #expect(response.text == "123")
    #expect(console.transcript.contains("This field cannot be empty.\n"))
    #expect(console.transcript.contains("'12a' does not match the pattern '[0-9]+'.\n"))
  }

  @Test("From a pipe, an invalid field is one hint and an error, never a loop")
  func pipeValidation() {
    var alert = Alert()
    alert.style = .plainTextInput
    alert.pattern = "[0-9]+"
    #expect(throws: AskError.invalidAnswer("'x' does not match the pattern '[0-9]+'.")) {
      try present(alert, ["x", "1"], interactive: false)
    }
  }

  @Test("--repeat asks twice and again on a mismatch, never quoting the secret")
  func repeatEntry() throws {
    var alert = Alert()
    alert.style = .secureTextInput
    alert.repeatsSecureEntry = true
    let (response, console) = try present(alert, ["alpha", "bravo", "same", "same"])
    #expect(response.secret == SecretText(bytes: Array("same".utf8)))
    #expect(console.transcript.contains("Password (again): *****\nThe two entries do not match.\n"))
    #expect(!console.transcript.contains("alpha") && !console.transcript.contains("bravo"))
  }

  @Test("--echo no shows nothing for the secret")
  func echoNo() throws {
    var alert = Alert()
    alert.style = .secureTextInput
    alert.secureEcho = .no
    let (_, console) = try present(alert, ["hidden"])
    #expect(console.transcript.hasSuffix("Password: \n"))
  }

  @Test("Explicit buttons are listed and asked after the last field")
  func buttonsAfterFields() throws {
    var alert = Alert(title: "Rename", buttons: [Button("Rename"), Button("Keep", role: .cancel)])
    alert.style = .plainTextInput
    let (response, console) = try present(alert, ["new.txt", "1"])
    #expect(response.title == "Rename" && response.text == "new.txt" && !response.isImpliedButton)
    #expect(console.transcript.hasSuffix("Text: new.txt\n  1) Rename\n  2) Keep\nChoice [1-2, Ctrl-D = cancel]: 1\n"))
    #expect(console.transcript.contains("(Ctrl-D = cancel)\n"))
  }

  @Test("A timeout chooses the default of a button prompt, or nothing", arguments: [
    (1 as Int?, "Yes" as String?), (nil, nil),
  ])
  func timeoutButtons(defaultIndex: Int?, title: String?) throws {
    var alert = Alert(title: "Continue?", buttons: [Button("No", role: .cancel), Button("Yes")],
                      defaultButtonIndex: defaultIndex)
    alert.timeout = .seconds(2)
    let (response, console) = try present(alert, [.timeout])
    #expect(response.outcome == .timedOut)
    #expect(response.title == title)
    #expect(response.isTimeoutWithoutChoice == (title == nil))
    #expect(console.transcript.contains(title == nil ? "(times out in 2 s)\n" : "(times out in 2 s, then chooses Yes)\n"))
    #expect(console.transcript.hasSuffix(title.map { "\nTimed out: chose \($0).\n" } ?? "\nTimed out.\n"))
  }

  @Test("Durations are written as people write them (SPEC §5)", arguments: [
    (Duration.seconds(45), "45 s"), (.milliseconds(1500), "1.5 s"), (.milliseconds(59_999), "59.999 s"),
    (.seconds(60), "1 min"), (.seconds(125), "2 min 5 s"), (.seconds(5400), "1 h 30 min"),
    (.seconds(3601), "1 h 1 s"), (.seconds(273_600), "3 d 4 h"), (.seconds(Int64.max), "365250 d"),
  ])
  func durations(limit: Duration, written: String) {
    #expect(AlertLayout.duration(limit) == written)
  }

  @Test("A text style never submits on a timeout, even with a default button")
  func timeoutText() throws {
    var alert = Alert(buttons: [Button("Go")], defaultButtonIndex: 0)
    alert.style = .plainTextInput
    alert.timeout = .milliseconds(500)
    #expect(try present(alert, [.timeout]).0.isTimeoutWithoutChoice)
    #expect(try present(alert, ["text", .timeout]).0.isTimeoutWithoutChoice)
  }
}
