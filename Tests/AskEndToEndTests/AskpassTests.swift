import AskTestSupport
import Glibc
import Testing

/// `ask` as the askpass helper of ssh, git and sudo (SPEC §7): run as
/// `ask --askpass PROMPT` or as `ask-askpass PROMPT`, asked on /dev/tty
/// with the caller's data on stdin, the answer alone on stdout.
@Suite("Askpass mode", .ownThread)
struct AskpassTests {
  /// A bash script that links `ask-askpass` to the `ask` under test in
  /// $HOME (the session's own folder) and runs `command` after it.
  static func linked(_ command: String) -> String {
    "ln -s \"\(AskSession.executable)\" \"$HOME/ask-askpass\" && export PATH=\"$HOME:$PATH\" && \(command)"
  }

  /// A prompt that merely holds '(yes/no)?' is masked too: keyboard-interactive prompts are the server's.
  @Test("A passphrase prompt is masked, asked on the terminal while stdin is the caller's data; the secret and one newline",
        arguments: ["Enter passphrase for /home/alice/.ssh/id_ed25519: ", "(alice@host) Password (yes/no)? "])
  func secret(prompt: String) throws {
    let pty = try AskSession.ask(["--askpass", prompt], stdin: .pipe(Array("the caller's own data\n".utf8)))
    try pty.waitForPrompt("Password: ")
    #expect(pty.screen.contains(String(prompt.dropLast())))
    pty.type("hunter2")
    try pty.waitFor("Password: *******")
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "hunter2\n")
    #expect(!pty.screen.contains("hunter2"))
    #expect(pty.termiosRestored)
  }

  @Test("Run as ask-askpass: git's Username prompt is an echoed field", arguments: [false, true])
  func username(viaLink: Bool) throws {
    let prompt = "Username for 'https://example.com': "
    let pty = viaLink
      ? try AskSession.shell(Self.linked("exec ask-askpass \"$PROMPT\""), stdin: .pipe([]),
                             environment: ["PROMPT": prompt])
      : try AskSession.ask(["--askpass", prompt], stdin: .pipe([]))
    try pty.waitForPrompt("Username: ")
    pty.type("alice\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "alice\n")
    #expect(pty.screen.contains("Username: alice"))
  }

  /// ssh's host-key question as OpenSSH 9.2 asks it (measured).
  static let hostKeyQuestion = """
    The authenticity of host 'testhost (<no hostip for proxy command>)' can't be established.
    ED25519 key fingerprint is SHA256:uGjU3ep11m8CMCoLKRqP/6tMv4v9nj4iS6I3yB1sPRU.
    This key is not known by any other names.
    Are you sure you want to continue connecting (yes/no/[fingerprint])?\u{20}
    """

  @Test("ssh's host-key question (OpenSSH 9.2's wording) and its asking again are echoed fields, answered with the text typed",
        arguments: [
    (LoggedText(hostKeyQuestion), "yes"), (LoggedText(hostKeyQuestion), "SHA256:uGjU3ep11m8CMCoLKRqP/6tMv4v9nj4iS6I3yB1sPRU"),
    ("Please type 'yes', 'no' or the fingerprint: ", "no"),
  ] as [(LoggedText, String)])
  func hostKeyEchoed(prompt: LoggedText, answer: String) throws {
    let prompt = prompt.text
    let pty = try AskSession.ask(["--askpass", prompt], stdin: .pipe([]))
    try pty.waitForPrompt("yes, no or the fingerprint)")  // the field's hint
    pty.type(answer)
    try pty.waitFor(": " + answer)
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == answer + "\n")
    #expect(pty.termiosRestored)
  }

  @Test("Run as ssh-askpass (the name the Debian package's alternative gives it): the askpass of ssh")
  func runAsSSHAskpass() throws {
    let pty = try AskSession.shell(
      "ln -s \"\(AskSession.executable)\" \"$HOME/ssh-askpass\" && exec \"$HOME/ssh-askpass\" \"$PROMPT\"",
      stdin: .pipe([]), environment: ["PROMPT": "Enter passphrase for key: "])
    try pty.waitForPrompt("Password: ")
    #expect(pty.screen.contains("Enter passphrase for key:"))
    pty.type("pw\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "pw\n")
  }

  @Test("Cancel or Ctrl-D is 1 with nothing on stdout; an empty answer is an answer", arguments: [
    ("\u{4}", Int32(1), ""), ("\r", Int32(0), "\n"),
  ])
  func cancelAndEmpty(keys: LoggedText, status: Int32, stdout: LoggedText) throws {
    let pty = try AskSession.ask(["--askpass", "[sudo] password for alice: "], stdin: .pipe([]))
    try pty.waitForPrompt("Password: ")
    pty.type(keys.text)
    #expect(try pty.waitForExit() == status)
    #expect(pty.stdout == stdout.text)
  }

  @Test("SSH_ASKPASS_PROMPT=confirm: Yes prints yes (0); No or Ctrl-D is 1 with nothing printed", arguments: [
    ("1\r", Int32(0), "yes\n"), ("2\r", Int32(1), ""), ("\u{4}", Int32(1), ""), ("\r", Int32(-1), ""),
  ])
  func confirm(keys: LoggedText, status: Int32, stdout: LoggedText) throws {
    let pty = try AskSession.ask(["--askpass", "Allow use of key alice@host?\nKey fingerprint SHA256:abc."],
                                 stdin: .pipe([]), environment: ["SSH_ASKPASS_PROMPT": "confirm"])
    try pty.waitForPrompt()
    #expect(pty.screen.contains("Allow use of key alice@host?\r\nKey fingerprint SHA256:abc."))
    pty.type(keys.text)
    if status < 0 {  // Enter alone chooses nothing: asked again
      try pty.waitFor("Choice [1-2, Ctrl-D = cancel]: \r\n")
      pty.type("\u{4}")
      #expect(try pty.waitForExit() == 1)
    } else {
      #expect(try pty.waitForExit() == status)
    }
    #expect(pty.stdout == stdout.text)
  }

  @Test("SSH_ASKPASS_PROMPT=none: a notice with OK, nothing printed")
  func notice() throws {
    let pty = try AskSession.ask(["--askpass", "Confirm user presence for key ED25519-SK SHA256:abc"],
                                 stdin: .pipe([]), environment: ["SSH_ASKPASS_PROMPT": "none"])
    try pty.waitForPrompt()
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "")
  }

  @Test("With no terminal: one line on stderr and 1, so the caller asks by itself")
  func noTerminal() throws {
    let pty = try AskSession.ask(["--askpass", "Password: "], stdin: .noTerminal(Array("data\n".utf8)))
    #expect(try pty.waitForExit() == 1)
    #expect(pty.stdout == "")
    #expect(pty.stderr.split(separator: "\n").count == 1)
    #expect(pty.stderr.hasPrefix("ask: No terminal"))
  }

  @Test("git credential fill with GIT_ASKPASS=ask-askpass: the username echoed, the password masked, both in git's output")
  func gitCredentialFill() throws {
    // No system or user config (no credential helper answers first), and
    // no fallback prompt of git's own: if ask did not answer, git fails.
    let pty = try AskSession.shell(Self.linked("exec git credential fill"),
                                   stdin: .pipe(Array("protocol=https\nhost=example.com\n\n".utf8)),
                                   environment: ["GIT_ASKPASS": "ask-askpass", "GIT_CONFIG_NOSYSTEM": "1",
                                                 "GIT_TERMINAL_PROMPT": "0"])
    try pty.waitForPrompt("Username: ")
    #expect(pty.screen.contains("Username for 'https://example.com':"))
    pty.type("alice\r")
    try pty.waitForPrompt("Password: ")
    #expect(pty.screen.contains("Username: alice"))  // echoed: not a secret
    #expect(pty.screen.contains("Password for 'https://alice@example.com':"))
    pty.type("s3cret\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "protocol=https\nhost=example.com\nusername=alice\npassword=s3cret\n")
    #expect(!pty.screen.contains("s3cret"))
    // ask's own marks, which git's fallback prompt never draws.
    #expect(pty.count("(Enter = OK, Ctrl-D = cancel)") == 2)
  }

  /// A bash script: a passphrase-protected key and an agent of the
  /// session's own (`-D`: in the foreground, killed on exit), then
  /// `ssh-add` with ask-askpass forced, then what the agent holds.
  static let sshAdd = linked("""
    ssh-keygen -q -t ed25519 -N 'sekrit pass' -C test@ask -f "$HOME/id_test" || exit 9
    ssh-agent -D -a "$HOME/agent.sock" >/dev/null 2>&1 & agent=$!
    trap 'kill $agent' EXIT
    export SSH_AUTH_SOCK="$HOME/agent.sock" SSH_ASKPASS=ask-askpass SSH_ASKPASS_REQUIRE=force
    # Until the agent answers (2: no agent to talk to; the socket exists
    # from its bind, before it listens).
    until ssh-add -l >/dev/null 2>&1; [ $? -ne 2 ]; do kill -0 $agent || exit 8; done
    unset DISPLAY
    ssh-add "$HOME/id_test" </dev/null; echo "add=$?"
    ssh-add -l; echo "list=$?"
    """)

  @Test("ssh-add with SSH_ASKPASS=ask-askpass: a wrong passphrase is asked again, the right one adds the key")
  func sshAddKey() throws {
    let pty = try AskSession.shell(Self.sshAdd)
    try pty.waitForPrompt("Password: ")
    #expect(pty.screen.contains("Enter passphrase for"))
    pty.type("wrong\r")
    try pty.waitFor("Bad passphrase, try again for")
    try pty.waitForPrompt("Password: ")
    pty.type("sekrit pass\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout.contains("add=0\n"))
    #expect(pty.stdout.contains("test@ask (ED25519)\nlist=0\n"))
    #expect(pty.stderr.contains("Identity added:"))
    #expect(pty.count("(Enter = OK, Ctrl-D = cancel)") == 2)  // ask asked, twice
    #expect(!pty.screen.contains("sekrit"))
  }

  @Test("ssh-add with a cancel at ask-askpass leaves the agent empty")
  func sshAddCancel() throws {
    let pty = try AskSession.shell(Self.sshAdd)
    try pty.waitForPrompt("Password: ")
    pty.type("\u{4}")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout.contains("add=1\n"))
    #expect(pty.stdout.contains("The agent has no identities.\nlist=1\n"))
    #expect(pty.count("(Enter = OK, Ctrl-D = cancel)") == 1)
  }

  /// A bash script: an agent of the session's own with ask-askpass in its
  /// environment (it runs the confirm helper, on this terminal: `-D` keeps
  /// it in the session), a key added with `ssh-add -c`, and a signature the
  /// agent makes only if the user confirms (`ssh-keygen -Y sign` with the
  /// public key: offline).
  static let sshAddConfirm = linked("""
    ssh-keygen -q -t ed25519 -N '' -C nopass@ask -f "$HOME/id_nopass" || exit 9
    echo message > "$HOME/msg.txt"
    export SSH_ASKPASS=ask-askpass SSH_ASKPASS_REQUIRE=force
    unset DISPLAY
    ssh-agent -D -a "$HOME/c.sock" >/dev/null 2>&1 & agent=$!
    trap 'kill $agent' EXIT
    export SSH_AUTH_SOCK="$HOME/c.sock"
    until ssh-add -l >/dev/null 2>&1; [ $? -ne 2 ]; do kill -0 $agent || exit 8; done
    ssh-add -c "$HOME/id_nopass" </dev/null 2>/dev/null || exit 7
    ssh-keygen -Y sign -f "$HOME/id_nopass.pub" -n file "$HOME/msg.txt" </dev/null 2>/dev/null
    echo "sign=$?"
    """)

  @Test("ssh-add -c: the agent asks ask-askpass to confirm each use; Yes signs, No makes the agent refuse",
        arguments: [("1\r", "sign=0\n"), ("2\r", "sign=255\n")])
  func sshAgentConfirm(keys: LoggedText, result: LoggedText) throws {
    let pty = try AskSession.shell(Self.sshAddConfirm)
    try pty.waitForPrompt()
    #expect(pty.screen.contains("Allow use of key nopass@ask?"))
    #expect(pty.screen.contains("1) Yes"))
    pty.type(keys.text)
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == result.text)
  }
}
