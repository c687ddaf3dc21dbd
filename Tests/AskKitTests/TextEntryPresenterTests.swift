import Testing
@testable import AskCore

@Suite("Text entry in the presenting loop")
struct TextEntryPresenterTests {
  func present(_ alert: Alert, _ answers: [ScriptedConsole.Answer], interactive: Bool = true)
    throws -> (Response, ScriptedConsole) {
    let console = ScriptedConsole(answers: answers, isInteractive: interactive)
    return (try alert.present(on: console), console)
  }

  @Test("A plain field returns its text, with the implied OK")
  func plain() throws {
    let alert = Alert(title: "Name", style: .plainTextInput(label: "Your name", placeholder: "Ada"))
    let (response, console) = try present(alert, ["Grace"])
    #expect(response == .text("Grace", button: Button("OK")))
    #expect(console.transcript == "Name\n(Enter = OK, Ctrl-D = cancel)\nYour name (e.g. Ada): Grace\n")
  }

  @Test("A secure field returns the secret and draws one * per character, never the text")
  func secure() throws {
    let alert = Alert(title: "Unlock", style: .secureTextInput())
    let (response, console) = try present(alert, ["pässwörd"])
    #expect(response == .secret(SecretText(bytes: Array("pässwörd".utf8)), button: Button("OK")))
    #expect(console.transcript.hasSuffix("Password: ********\n"))
    #expect(!console.transcript.contains("pässwörd"))
    #expect(console.discards == 1)
    guard case .secret(let secret, _) = response else { return }
    #expect("\(secret)" == "<secret>")
  }

  @Test("Login and password come back in their fields; labels default to Login and Password")
  func loginPassword() throws {
    let alert = Alert(title: "Sign in", style: .loginAndPasswordInput())
    let (response, console) = try present(alert, ["alice", "s3cret"])
    #expect(response == .login("alice", password: SecretText(bytes: Array("s3cret".utf8)), button: Button("OK")))
    #expect(console.transcript.hasSuffix("Login: alice\nPassword: ******\n"))
    #expect(console.discards == 0)
  }

  @Test("Ctrl-D in any field cancels the whole prompt, reported as the implied Cancel")
  func cancel() throws {
    let alert = Alert(style: .loginAndPasswordInput())
    let (response, _) = try present(alert, ["alice", .endOfInput])
    #expect(response == .cancelled(Button("Cancel", role: .cancel)) && response.isCancelled)
  }

  @Test("Required and pattern ask again on a terminal, with a hint")
  func validation() throws {
    var alert = Alert(style: .plainTextInput())
    alert.requiresText = true
    alert.pattern = try Regex("[0-9]+")
    let (response, console) = try present(alert, ["  ", "12a", "123"])
    #expect(response == .text("123", button: Button("OK")))
    #expect(console.transcript.contains("This field cannot be empty.\n"))
    #expect(console.transcript.contains("'12a' does not match the field's pattern.\n"))
  }

  @Test("From a pipe, an invalid field is one hint and an error, never a loop")
  func pipeValidation() {
    var alert = Alert(style: .plainTextInput())
    alert.textPattern = TextPattern(text: "[0-9]+")  // as the command line gives it: quoted in the hint
    #expect(throws: AskError.invalidAnswer("'x' does not match the pattern '[0-9]+'.")) {
      try present(alert, ["x", "1"], interactive: false)
    }
  }

  @Test("--repeat asks twice and again on a mismatch, never quoting the secret")
  func repeatEntry() throws {
    var alert = Alert(style: .secureTextInput())
    alert.repeatsSecureEntry = true
    let (response, console) = try present(alert, ["alpha", "bravo", "same", "same"])
    #expect(response == .secret(SecretText(bytes: Array("same".utf8)), button: Button("OK")))
    #expect(console.transcript.contains("Password (again): *****\nThe two entries do not match.\n"))
    #expect(!console.transcript.contains("alpha") && !console.transcript.contains("bravo"))
  }

  @Test("A hidden echo shows nothing for the secret")
  func echoNo() throws {
    var alert = Alert(style: .secureTextInput())
    alert.secureEcho = .hidden
    let (_, console) = try present(alert, ["hidden"])
    #expect(console.transcript.hasSuffix("Password: \n"))
  }

  @Test("Explicit buttons are listed and asked after the last field")
  func buttonsAfterFields() throws {
    let alert = Alert(title: "Rename", buttons: [Button("Rename"), Button("Keep", role: .cancel)],
                      style: .plainTextInput())
    let (response, console) = try present(alert, ["new.txt", "1"])
    #expect(response == .text("new.txt", button: alert.buttons[0]))
    #expect(console.transcript.hasSuffix("Text: new.txt\n  1) Rename\n  2) Keep\nChoice [1-2, Ctrl-D = cancel]: 1\n"))
    #expect(console.transcript.contains("(Ctrl-D = cancel)\n"))
  }

  @Test("A timeout chooses the default of a button prompt, or nothing", arguments: [
    (1 as Int?, "Yes" as String?), (nil, nil),
  ])
  func timeoutButtons(defaultIndex: Int?, title: String?) throws {
    var alert = Alert(title: "Continue?", buttons: [Button("No", role: .cancel), Button("Yes")],
                      timeout: .seconds(2))
    if let defaultIndex { alert.buttons[defaultIndex].isDefault = true }
    let (response, console) = try present(alert, [.timeout])
    #expect(response == .timedOut(title.map { Button($0, isDefault: true) }))
    #expect(response.chosenButton?.title == title)
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
    let alert = Alert(buttons: [Button("Go", isDefault: true)], style: .plainTextInput(), timeout: .milliseconds(500))
    #expect(try present(alert, [.timeout]).0 == .timedOut(nil))
    #expect(try present(alert, ["text", .timeout]).0 == .timedOut(nil))
  }
}
