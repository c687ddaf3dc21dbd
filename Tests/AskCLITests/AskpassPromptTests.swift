import AskCore
import AskTestSupport
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

  @Test("ssh's own questions are echoed, as each OpenSSH version words them", arguments: [
    // 9.2p1, measured (ssh against sshd -i as its ProxyCommand): a new key,
    // with VisualHostKey, with other names known, with VerifyHostKeyDNS
    """
    The authenticity of host 'testhost (<no hostip for proxy command>)' can't be established.
    ED25519 key fingerprint is SHA256:uGjU3ep11m8CMCoLKRqP/6tMv4v9nj4iS6I3yB1sPRU.
    This key is not known by any other names.
    Are you sure you want to continue connecting (yes/no/[fingerprint])?\u{20}
    """,
    """
    The authenticity of host 'testhost (<no hostip for proxy command>)' can't be established.
    ED25519 key fingerprint is SHA256:uGjU3ep11m8CMCoLKRqP/6tMv4v9nj4iS6I3yB1sPRU.
    +--[ED25519 256]--+
    |                 |
    |       E         |
    |        .        |
    |     . + .o      |
    |  . o.+ S..o     |
    |. .=o+....  ..   |
    |o*=.+.oo. . o..  |
    |=*=*. oo . o  ...|
    |.o**BO=..      o.|
    +----[SHA256]-----+
    This key is not known by any other names.
    Are you sure you want to continue connecting (yes/no/[fingerprint])?\u{20}
    """,
    """
    The authenticity of host 'testhost (<no hostip for proxy command>)' can't be established.
    ED25519 key fingerprint is SHA256:uGjU3ep11m8CMCoLKRqP/6tMv4v9nj4iS6I3yB1sPRU.
    This host key is known by the following other names/addresses:
        ~/.ssh/known_hosts:1: otherhost
        ~/.ssh/known_hosts:2: [third]:2222
    Are you sure you want to continue connecting (yes/no/[fingerprint])?\u{20}
    """,
    """
    The authenticity of host 'testhost (<no hostip for proxy command>)' can't be established.
    ED25519 key fingerprint is SHA256:uGjU3ep11m8CMCoLKRqP/6tMv4v9nj4iS6I3yB1sPRU.
    No matching host key fingerprint found in DNS.
    This key is not known by any other names.
    Are you sure you want to continue connecting (yes/no/[fingerprint])?\u{20}
    """,
    // 8.0 to 8.4 (sshconnect.c): no line about other names
    """
    The authenticity of host 'example.com (192.0.2.1)' can't be established.
    ECDSA key fingerprint is SHA256:7dZ4HMCvnGlBOQnP2Lgb0lZ6ovFp4kS93Vt+tCkm3xU.
    Are you sure you want to continue connecting (yes/no/[fingerprint])?\u{20}
    """,
    // 6.8 to 7.9: SHA256 fingerprints, yes/no; other key types known
    """
    The authenticity of host 'example.com (192.0.2.1)' can't be established.
    ECDSA key fingerprint is SHA256:7dZ4HMCvnGlBOQnP2Lgb0lZ6ovFp4kS93Vt+tCkm3xU.
    Are you sure you want to continue connecting (yes/no)?\u{20}
    """,
    """
    The authenticity of host 'example.com (192.0.2.1)' can't be established
    but keys of different type are already known for this host.
    ED25519 key fingerprint is SHA256:uGjU3ep11m8CMCoLKRqP/6tMv4v9nj4iS6I3yB1sPRU.
    Are you sure you want to continue connecting (yes/no)?\u{20}
    """,
    // before 6.8: MD5 fingerprints
    """
    The authenticity of host 'example.com (192.0.2.1)' can't be established.
    RSA key fingerprint is 16:27:ac:a5:76:28:2d:36:63:1b:56:4d:eb:df:a6:48.
    Are you sure you want to continue connecting (yes/no)?\u{20}
    """,
    // the host key differs from the one known for the address (CheckHostIP)
    """
    Warning: the ED25519 host key for 'example.com' differs from the key for the IP address '192.0.2.1'
    Offending key for IP in /home/alice/.ssh/known_hosts:3
    Are you sure you want to continue connecting (yes/no)?\u{20}
    """,
    // asked again (confirm()), and UpdateHostKeys=ask
    "Please type 'yes', 'no' or the fingerprint: ", "Please type 'yes' or 'no': ",
    "Accept updated hostkeys? (yes/no): ",
  ] as [LoggedText])
  func sshQuestionEchoed(prompt: LoggedText) throws {
    let kind = AskpassPrompt(prompt: prompt.text, sshAskpassPrompt: nil)
    #expect(kind == .hostKey(acceptsFingerprint: prompt.text.hasSuffix("fingerprint])? ")
                               || prompt.text.hasSuffix("the fingerprint: ")))
    let alert = try kind.alert(prompt: prompt.text).validated()
    #expect(alert.style.kind == .plainTextInput && alert.textFields.first?.label == "Answer")
  }

  @Test("A prompt that only holds ssh's or git's words is masked: keyboard-interactive prompts are the server's",
        arguments: [
    "(alice@host) Password (yes/no)? ",  // the issue's example
    "(alice@host) Are you sure you want to continue connecting (yes/no)? ",
    "Are you sure you want to continue connecting (yes/no/[fingerprint])? ",
    "Are you sure you want to continue connecting (yes/no)? ",
    "Password (yes/no/[fingerprint])? ",
    """
    (alice@host) The authenticity of host 'example.com (192.0.2.1)' can't be established.
    ED25519 key fingerprint is SHA256:uGjU3ep11m8CMCoLKRqP/6tMv4v9nj4iS6I3yB1sPRU.
    Are you sure you want to continue connecting (yes/no/[fingerprint])?\u{20}
    """,
    """
    The authenticity of host 'example.com (192.0.2.1)' can't be established.
    Are you sure you want to continue connecting (yes/no)? Password:\u{20}
    """,
    "The authenticity of host 'example.com' is fine.\nAre you sure you want to continue connecting (yes/no)? ",
    "(alice@host) Please type 'yes' or 'no': ", "Please type 'yes' or 'no': password: ",
    "(alice@host) Accept updated hostkeys? (yes/no): ",
    "(alice@host) Username for 'https://example.com': ", "Username for 'https://example.com':\nPassword: ",
    "Username for 'x':\nPassword for 'x': ",
  ] as [LoggedText])
  func lookAlikeMasked(prompt: LoggedText) {
    #expect(AskpassPrompt(prompt: prompt.text, sshAskpassPrompt: nil) == .secret)
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
    #expect(secret.message == "Enter passphrase for /k:" && secret.style.kind == .secureTextInput)
    let user = try AskpassPrompt.username.alert(prompt: "Username for 'https://e.com': ").validated()
    #expect(user.style.kind == .plainTextInput && user.textFields.first?.label == "Username")
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
    #expect(throws: CommandError.usage("Option '--title' cannot be used with '--askpass': the caller's prompt is the content")) {
      try Invocation.action(for: OptionParser.parse(["--askpass", "P", "-t", "T"]))
    }
    #expect(throws: CommandError.usage("Option '--print' cannot be used with '--askpass': the caller reads the answer alone")) {
      try Invocation.action(for: OptionParser.parse(["--askpass", "P", "--print", "index"]))
    }
    #expect(throws: CommandError.usage("Argument 'B' cannot be given with '--askpass': it takes one prompt")) {
      try Invocation.action(for: OptionParser.parse(["--askpass", "P", "B"]))
    }
  }
}
