import Glibc
import Testing

/// Root, and the tools to make a user and run sudo.
private let canMakeUsers = getuid() == 0
  && (["/usr/sbin/useradd", "/usr/sbin/chpasswd", "/usr/sbin/runuser", "/usr/bin/sudo", "/usr/sbin/visudo"] as [String])
    .allSatisfy { (path: String) in access(path, X_OK) == 0 }

/// `sudo -A` with `SUDO_ASKPASS=ask-askpass`, for a throwaway user with a
/// known password (SPEC §7). It changes the machine: it adds the user and a
/// sudoers.d file and removes both, whatever happens (`make check` only, as
/// root; skipped where users cannot be made).
@Suite("sudo -A with ask-askpass", .serialized, .ownThread,
       .changesMachine("adds a user and a sudoers.d file, and removes them"),
       .enabled(if: canMakeUsers,
                "needs root, useradd, chpasswd, runuser and sudo (make check installs sudo)"))
struct SudoAskpassTests {
  /// A throwaway user allowed to sudo with a password, the `ask` under
  /// test copied where that user can run it, and everything removed after.
  final class Fixture {
    let user = "asktest\(getpid() % 100_000)"
    let password = "hunter2-ok"
    let folder: TemporaryDirectory
    var sudoers: String { "/etc/sudoers.d/zz-\(user)" }

    init() throws {
      folder = try TemporaryDirectory(prefix: "ask-sudo")
      try Self.sh("""
        chmod 755 '\(folder.path)' &&
        cp '\(AskSession.executable)' '\(folder.path)/ask' && chmod 755 '\(folder.path)/ask' &&
        ln -s ask '\(folder.path)/ask-askpass' &&
        /usr/sbin/useradd -M -d '\(folder.path)' -s /bin/sh \(user) &&
        echo '\(user):\(password)' | /usr/sbin/chpasswd &&
        printf '%s ALL=(ALL) ALL\\nDefaults:%s lecture=never\\n' \(user) \(user) > '\(sudoers).tmp' &&
        chmod 0440 '\(sudoers).tmp' && /usr/sbin/visudo -cqf '\(sudoers).tmp' && mv '\(sudoers).tmp' '\(sudoers)'
        """)
    }

    deinit {
      _ = try? Self.sh("""
        rm -f '\(sudoers)' '\(sudoers).tmp'; rm -rf /var/lib/sudo/lectured/\(user) /run/sudo/ts/\(user)
        /usr/sbin/userdel \(user) 2>/dev/null; true
        """)
    }

    static func sh(_ script: String) throws {
      let child = try ArtifactsTests.run("/bin/sh", ["-c", script])
      guard child.exitStatus == 0 else {
        throw PseudoTerminal.Failure(description: "setup failed (\(child.exitStatus ?? -1)): \(child.stderr)")
      }
    }

    /// `sudo -A -k id -u` as the user, on a pty, with ask-askpass.
    func sudo() throws -> PseudoTerminal {
      try PseudoTerminal(executable: "/usr/sbin/runuser",
                         arguments: ["-u", user, "--", "env", "SUDO_ASKPASS=\(folder.path)/ask-askpass",
                                     "sudo", "-A", "-k", "id", "-u"],
                         environment: AskSession.environment.merging(["HOME": folder.path]) { $1 })
    }
  }

  @Test("The right password: sudo runs the command as root; ask asked, masked")
  func password() throws {
    let fixture = try Fixture()
    let pty = try fixture.sudo()
    try pty.waitForPrompt("Password: ")
    #expect(pty.screen.contains("[sudo] password for \(fixture.user):"))
    pty.type(fixture.password + "\r")
    #expect(try pty.waitForExit(timeout: 30) == 0)
    #expect(pty.stdout == "0\n")
    #expect(pty.count("(Enter = OK, Ctrl-D = cancel)") == 1)  // ask's own mark: sudo never draws it
    #expect(!pty.screen.contains(fixture.password))
  }

  @Test("A cancel at ask-askpass: sudo says no password was provided, status 1")
  func cancel() throws {
    let fixture = try Fixture()
    let pty = try fixture.sudo()
    try pty.waitForPrompt("Password: ")
    pty.type("\u{4}")
    #expect(try pty.waitForExit(timeout: 30) == 1)
    #expect(pty.stdout == "")
    #expect(pty.stderr.contains("no password was provided"))
  }
}
