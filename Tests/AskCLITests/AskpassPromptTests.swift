import AskKit
import Glibc
import Testing
@testable import AskCLI

/// The askpass prompt table (SPEC §7): one test a row, and the safe default.
@Suite("What an askpass caller asks for")
struct AskpassPromptTests {
  @Test("Each row of the table recognises its real prompt", arguments: AskpassPrompt.table.indices)
  func row(index: Int) {
    let row = AskpassPrompt.table[index]
    #expect(AskpassPrompt(prompt: row.example, sshAskpassPrompt: nil) == row.kind)
  }

  @Test("A prompt no row knows is a secret, masked: git's translated prompts too", arguments: [
    "Benutzername für 'https://example.com': ", "Имя пользователя для 'https://example.com': ",
    "PIN: ", "", "Passphrase for key:",
  ])
  func unknownIsSecret(prompt: String) {
    #expect(AskpassPrompt(prompt: prompt, sshAskpassPrompt: nil) == .secret)
  }

  @Test("SSH_ASKPASS_PROMPT=confirm and =none win over the text")
  func sshAskpassPrompt() {
    let prompt = "Allow use of key alice@host?\nKey fingerprint SHA256:abc."
    #expect(AskpassPrompt(prompt: prompt, sshAskpassPrompt: "confirm") == .confirm)
    #expect(AskpassPrompt(prompt: "Username for 'x': ", sshAskpassPrompt: "none") == .notice)
    #expect(AskpassPrompt(prompt: "Username for 'x': ", sshAskpassPrompt: "") == .username)
  }

  @Test("The alerts: the prompt as message lines, the field as the kind asks")
  func alerts() throws {
    let secret = try AskpassPrompt.secret.alert(prompt: "Enter passphrase for /k: ").validated()
    #expect(secret.message == "Enter passphrase for /k:" && secret.style == .secureTextInput)
    let user = try AskpassPrompt.username.alert(prompt: "Username for 'https://e.com': ").validated()
    #expect(user.style == .plainTextInput && user.textFields.first?.label == "Username")
    let confirm = try AskpassPrompt.confirm.alert(prompt: "Allow use of key k?\nKey fingerprint F.").validated()
    #expect(confirm.message == "Allow use of key k?\nKey fingerprint F.")
    #expect(confirm.buttons.map(\.title) == ["Yes", "No"] && confirm.cancelButtonIndex == 1)
    #expect(confirm.defaultButtonIndex == nil)  // Enter alone never allows a key's use
  }

  @Test("--askpass takes no content options and no buttons; its answers come from /dev/tty")
  func invocation() throws {
    guard case .present(let invocation) = try Invocation.action(for: OptionParser.parse(["--askpass", "Password: "])) else {
      Issue.record("not a prompt")
      return
    }
    #expect(invocation.answerSource == (isatty(0) == 1 ? .terminalOrStandardInput : .terminal))
    #expect(invocation.output.askpass == .secret)
    #expect(throws: AskError.usage("Option '--title' cannot be used with '--askpass': the caller's prompt is the content")) {
      try Invocation.action(for: OptionParser.parse(["--askpass", "P", "-t", "T"]))
    }
    #expect(throws: AskError.usage("Option '--print' cannot be used with '--askpass': the caller reads the answer alone")) {
      try Invocation.action(for: OptionParser.parse(["--askpass", "P", "--print", "index"]))
    }
    #expect(throws: AskError.usage("Argument 'B' cannot be given with '--askpass': it takes one prompt")) {
      try Invocation.action(for: OptionParser.parse(["--askpass", "P", "B"]))
    }
  }
}
