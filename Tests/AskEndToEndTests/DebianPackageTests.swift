import Glibc
import Testing

@testable import AskCLI

/// Root, and the tools `make deb` and the install need (`make check`
/// installs lintian and man-db).
private let canBuildAndInstall = getuid() == 0
  && (["/usr/bin/make", "/usr/bin/dpkg", "/usr/bin/dpkg-deb", "/usr/bin/lintian", "/usr/bin/man"] as [String])
    .allSatisfy { (path: String) in access(path, X_OK) == 0 }
private let needsTools = "needs root, make, dpkg, lintian and man-db (make check installs them)"

/// `make deb`'s package, built with the `ask` under test: its version is
/// the source's, lintian finds nothing in it, and dpkg installs and removes
/// it for real (`make check` only: the tests run as root on a throwaway
/// machine), leaving nothing behind, whatever happens in between.
@Suite("Debian package", .serialized, .ownThread)
struct DebianPackageTests {
  /// The system's tools are in the sbin directories too (dpkg wants
  /// ldconfig and start-stop-daemon on PATH).
  static let environment = [
    "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8",
  ]

  /// The package's version: the top entry of debian/changelog.
  static var version: String {
    get throws {
      let first = try ArtifactsTests.read("debian/changelog").prefix { $0 != "\n" }
      let words = first.split(separator: " ")
      guard words.count >= 2, words[0] == "ask", words[1].hasPrefix("("), words[1].hasSuffix(")") else {
        throw PseudoTerminal.Failure(description: "debian/changelog starts '\(first)', not 'ask (VERSION) …'")
      }
      return String(words[1].dropFirst().dropLast())
    }
  }

  /// What `dpkg-deb -c` lists of the package, as `mode owner path[ -> target]`.
  static let contents = [
    "drwxr-xr-x root/root ./",
    "drwxr-xr-x root/root ./usr/",
    "drwxr-xr-x root/root ./usr/bin/",
    "-rwxr-xr-x root/root ./usr/bin/ask",
    "lrwxrwxrwx root/root ./usr/bin/ask-askpass -> ask",
    "lrwxrwxrwx root/root ./usr/bin/ask-password-agent -> ask",
    "lrwxrwxrwx root/root ./usr/bin/ask-pinentry -> ask",
    "drwxr-xr-x root/root ./usr/share/",
    "drwxr-xr-x root/root ./usr/share/bash-completion/",
    "drwxr-xr-x root/root ./usr/share/bash-completion/completions/",
    "-rw-r--r-- root/root ./usr/share/bash-completion/completions/ask",
    "drwxr-xr-x root/root ./usr/share/doc/",
    "drwxr-xr-x root/root ./usr/share/doc/ask/",
    "-rw-r--r-- root/root ./usr/share/doc/ask/changelog.Debian.gz",
    "-rw-r--r-- root/root ./usr/share/doc/ask/copyright",
    "drwxr-xr-x root/root ./usr/share/fish/",
    "drwxr-xr-x root/root ./usr/share/fish/vendor_completions.d/",
    "-rw-r--r-- root/root ./usr/share/fish/vendor_completions.d/ask.fish",
    "drwxr-xr-x root/root ./usr/share/lintian/",
    "drwxr-xr-x root/root ./usr/share/lintian/overrides/",
    "-rw-r--r-- root/root ./usr/share/lintian/overrides/ask",
    "drwxr-xr-x root/root ./usr/share/locale/",
    "drwxr-xr-x root/root ./usr/share/locale/ru/",
    "drwxr-xr-x root/root ./usr/share/locale/ru/LC_MESSAGES/",
    "-rw-r--r-- root/root ./usr/share/locale/ru/LC_MESSAGES/ask.mo",
    "drwxr-xr-x root/root ./usr/share/locale/zh_CN/",
    "drwxr-xr-x root/root ./usr/share/locale/zh_CN/LC_MESSAGES/",
    "-rw-r--r-- root/root ./usr/share/locale/zh_CN/LC_MESSAGES/ask.mo",
    "drwxr-xr-x root/root ./usr/share/man/",
    "drwxr-xr-x root/root ./usr/share/man/man1/",
    "-rw-r--r-- root/root ./usr/share/man/man1/ask.1.gz",
    "lrwxrwxrwx root/root ./usr/share/man/man1/ask-askpass.1.gz -> ask.1.gz",
    "lrwxrwxrwx root/root ./usr/share/man/man1/ask-password-agent.1.gz -> ask.1.gz",
    "lrwxrwxrwx root/root ./usr/share/man/man1/ask-pinentry.1.gz -> ask.1.gz",
    "drwxr-xr-x root/root ./usr/share/zsh/",
    "drwxr-xr-x root/root ./usr/share/zsh/vendor-completions/",
    "-rw-r--r-- root/root ./usr/share/zsh/vendor-completions/_ask",
  ]

  @Test("debian/changelog's version is askVersion with a Debian revision, and it names the package")
  func versionIsTheSources() throws {
    let version = try Self.version
    let revision = try #require(version.lastIndex(of: "-"), "'\(version)' has no Debian revision")
    #expect(version[..<revision] == askVersion[...])
    #expect(Int(version[version.index(after: revision)...]) != nil, "'\(version)': the revision is not a number")
  }

  @Test("make deb writes ask_VERSION_ARCH.deb: the files (root's, 0644 or 0755), links and control fields of the package",
        .enabled(if: canBuildAndInstall, Comment(rawValue: needsTools)))
  func contentsAndControl() throws {
    let deb = try Self.built.get()  // named ask_VERSION_ARCH.deb, or make deb failed
    let listing = try Self.run("/usr/bin/dpkg-deb", ["-c", deb])
    #expect(listing.exitStatus == 0, "\(listing.stderr)")
    // "drwxr-xr-x root/root 0 2026-12-01 17:57 ./usr/": size, date and time left out.
    let entries = listing.stdout.split(separator: "\n").map { line in
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      return (words.prefix(2) + words.dropFirst(5)).joined(separator: " ")
    }
    #expect(entries.sorted() == Self.contents.sorted())

    let fields = try Self.run("/usr/bin/dpkg-deb", ["-f", deb, "Package", "Version", "Architecture",
                                                    "Provides", "Section", "Priority", "Multi-Arch"])
    #expect(fields.stdout == """
      Package: ask
      Version: \(try Self.version)
      Architecture: \(try Self.architecture())
      Provides: pinentry, ssh-askpass
      Section: utils
      Priority: optional
      Multi-Arch: foreign

      """)
    let scripts = try Self.run("/usr/bin/dpkg-deb", ["-I", deb])
    #expect(scripts.stdout.contains(" postinst "))
    #expect(scripts.stdout.contains(" prerm "))
  }

  @Test("lintian --fail-on error,warning finds nothing in the package with the static release binary",
        .enabled(if: canBuildAndInstall, Comment(rawValue: needsTools)),
        .enabled(if: Self.isStatic(AskSession.executable),
                 "the package ships the static release binary (make check runs it with ASK_BIN set to it)"))
  func lintianFindsNothing() throws {
    let deb = try Self.built.get()
    let lintian = try Self.run("/usr/bin/lintian", ["--fail-on", "error,warning", deb])
    #expect(lintian.exitStatus == 0)
    #expect(lintian.stdout == "")
    // lintian says this to root, whatever the package.
    #expect(lintian.stderr == "" || lintian.stderr == "running with root privileges is not recommended!\n")
  }

  @Test("dpkg -i installs it: ask --version, its catalogues, man -w, the alternatives below the others'; dpkg -r and --purge leave nothing behind",
        .changesMachine("installs the package with dpkg and removes it"),
        .enabled(if: canBuildAndInstall, Comment(rawValue: needsTools)))
  func installAndRemove() throws {
    let deb = try Self.built.get()
    // This test owns the package name on this machine: it would replace and
    // then remove another `ask`.
    let known = try Self.run("/usr/bin/dpkg-query", ["-W", "ask"])
    try #require(known.exitStatus != 0, "a package named ask is known to dpkg: remove it first (dpkg --purge ask)")
    let files = Self.contents.filter { !$0.hasPrefix("d") }
      .map { String($0.split(separator: " ")[2].dropFirst()) }  // "./usr/bin/ask" → "/usr/bin/ask"
    let there = files.filter(Self.exists)
    try #require(there.isEmpty, "\(there) are there before the install: they would be removed with ask")
    let before = try ["pinentry", "ssh-askpass"].map { try Self.alternatives($0) }

    defer {  // whatever happens above or below
      _ = try? Self.run("/usr/bin/dpkg", ["--purge", "ask"])
    }
    let install = try Self.run("/usr/bin/dpkg", ["-i", deb])
    try #require(install.exitStatus == 0, "\(install.stdout)\(install.stderr)")
    #expect(try Self.run("/usr/bin/dpkg-query", ["-W", "-f", "${Status}", "ask"]).stdout == "install ok installed")
    let verify = try Self.run("/usr/bin/dpkg", ["--verify", "ask"])  // the md5sums
    #expect(verify.exitStatus == 0 && verify.stdout == "", "\(verify.stdout)")

    let version = try Self.run("/usr/bin/ask", ["--version"])
    #expect(version.exitStatus == 0)
    #expect(version.stdout == "ask \(askVersion)\n")
    // The catalogues in /usr/share/locale: an unrecognised answer's message
    // in Chinese.
    let chinese = try Self.run("/usr/bin/env", ["LANG=zh_CN.UTF-8", "/usr/bin/ask", "-t", "T", "A", "B"],
                               stdin: Array("x\n".utf8))
    #expect(chinese.stderr.hasSuffix("\nask: 没有与“x”匹配的按钮：请输入 1 到 2 之间的编号，或输入标题。\n"), "\(chinese.stderr)")
    // The links' pages are links to ask.1.gz, which man-db follows.
    for page in ["ask", "ask-askpass", "ask-pinentry", "ask-password-agent"] {
      let man = try Self.run("/usr/bin/man", ["-w", page])
      #expect(man.stdout == "/usr/share/man/man1/ask.1.gz\n", "man -w \(page): \(man.stderr)")
    }

    // Each alternative is there, with its man page, and took over only where
    // there was none.
    for (name, priority, target, was) in [("pinentry", 20, "/usr/bin/ask-pinentry", before[0]),
                                          ("ssh-askpass", 5, "/usr/bin/ask-askpass", before[1])] {
      let now = try Self.alternatives(name)
      let query = try Self.run("/usr/bin/update-alternatives", ["--query", name]).stdout
      #expect(query.contains("Alternative: \(target)\nPriority: \(priority)\nSlaves:\n \(name).1.gz "
        + "/usr/share/man/man1/\(target.dropFirst("/usr/bin/".count)).1.gz\n"), "\(query)")
      #expect(now == (was ?? target), "\(name) now points to \(now ?? "nothing")")
    }
    // gpg-agent runs its pinentry as /usr/bin/pinentry: that name is the pinentry.
    let pinentry = try Self.run("/bin/bash", ["-c", "exec -a /usr/bin/pinentry /usr/bin/ask-pinentry"],
                                stdin: Array("GETINFO flavor\nBYE\n".utf8))
    #expect(pinentry.stdout == "OK Pleased to meet you\nD ask\nOK\nOK closing connection\n")

    let remove = try Self.run("/usr/bin/dpkg", ["-r", "ask"])
    #expect(remove.exitStatus == 0, "\(remove.stdout)\(remove.stderr)")
    let purge = try Self.run("/usr/bin/dpkg", ["--purge", "ask"])
    #expect(purge.exitStatus == 0, "\(purge.stdout)\(purge.stderr)")

    #expect(try Self.run("/usr/bin/dpkg-query", ["-W", "ask"]).exitStatus != 0, "dpkg still knows ask")
    for file in files + ["/var/lib/dpkg/info/ask.list", "/var/lib/dpkg/info/ask.md5sums",
                         "/var/lib/dpkg/info/ask.postinst", "/var/lib/dpkg/info/ask.prerm"] {
      #expect(!Self.exists(file), "\(file) is left behind")
    }
    // The directories that stay are other packages' (zsh's vendor-completions, …).
    let left = Self.contents.filter { $0.hasPrefix("d") }
      .map { String($0.split(separator: " ")[2].dropFirst().dropLast()) }
      .filter { !$0.isEmpty && Self.exists($0) }
    let owners = try Self.run("/usr/bin/dpkg-query", ["-S"] + left).stdout
    for directory in left {
      #expect(owners.contains(": \(directory)\n"), "\(directory) is left behind, and no package owns it")
    }
    for (name, was) in zip(["pinentry", "ssh-askpass"], before) {
      #expect(try Self.alternatives(name) == was)
      #expect(!(try Self.run("/usr/bin/update-alternatives", ["--query", name]).stdout.contains("/usr/bin/ask-")))
      if was == nil {
        for path in ["/usr/bin/\(name)", "/etc/alternatives/\(name)", "/var/lib/dpkg/alternatives/\(name)"] {
          #expect(!Self.exists(path), "\(path) is left behind")
        }
      }
    }
  }

  // MARK: - Helpers

  /// The .deb `make deb` wrote with the `ask` under test (no release
  /// build), into .build/test-deb, without its lintian run (the lintian test
  /// makes its own): built once for all the tests of a run.
  static let built = Result<String, any Error> {
    let directory = ArtifactsTests.root + "/.build/test-deb"
    let deb = directory + "/ask_\(try version)_\(try architecture()).deb"
    unlink(deb)
    let make = try run("/usr/bin/make", ["-s", "deb", "ASK_BIN=" + AskSession.executable,
                                         "DEBDIR=" + directory, "LINTIAN="])
    guard make.exitStatus == 0, exists(deb) else {
      throw PseudoTerminal.Failure(description: "make deb exited \(make.exitStatus ?? -1) and wrote no "
        + "\(deb): \(make.stderr)")
    }
    return deb
  }

  /// dpkg's name for this machine's architecture (amd64, arm64, …).
  static func architecture() throws -> String {
    String(try run("/usr/bin/dpkg", ["--print-architecture"]).stdout.prefix { $0 != "\n" })
  }

  /// Where the alternative `name` points now, or nil when there is none.
  static func alternatives(_ name: String) throws -> String? {
    let query = try run("/usr/bin/update-alternatives", ["--query", name])
    guard query.exitStatus == 0 else { return nil }
    return query.stdout.split(separator: "\n").first { $0.hasPrefix("Value: ") }.map { String($0.dropFirst(7)) }
  }

  /// Whether there is a file, directory or link (even a dangling one) at `path`.
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Whether `path` is an executable with no program interpreter (the
  /// dynamic loader): linked statically. `ldd` says so by failing.
  static func isStatic(_ path: String) -> Bool {
    (try? run("/usr/bin/ldd", [path]).exitStatus) != 0
  }

  /// Runs a program in the package root with the system's PATH, no
  /// terminal and `stdin` on a pipe, until it exits.
  static func run(_ executable: String, _ arguments: [String], stdin: [UInt8] = []) throws -> PseudoTerminal {
    let child = try PseudoTerminal(executable: executable, arguments: arguments, environment: environment,
                                   stdin: .noTerminal(stdin), directory: ArtifactsTests.root)
    _ = try child.waitForExit(timeout: 120)
    return child
  }
}
