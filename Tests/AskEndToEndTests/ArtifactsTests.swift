import Glibc
import Testing

@testable import AskCLI

/// What `make install` ships besides the binary — `man/ask.1` and the bash,
/// zsh and fish completions — checked to be what `ask-docgen` writes from
/// the one option table, run in the real tools, and the install itself. A test that needs a tool that is
/// not installed is skipped, saying which; `make test` installs them all.
@Suite("Man page, completions and make install", .serialized, .ownThread)
struct ArtifactsTests {
  /// The package root.
  static let root = String(#filePath.split(separator: "/Tests/").dropLast().joined(separator: "/Tests/"))

  // MARK: - Generated from the option table (no tools needed)

  @Test("Each checked-in completion script and the man page's OPTIONS are what ask-docgen writes from the option table, and the message template what it extracts from the sources",
        arguments: ["completions/ask.bash", "completions/_ask", "completions/ask.fish", "man/ask.1", "po/ask.pot"])
  func fileIsGenerated(file: String) throws {
    let docgen = try Self.run(PseudoTerminal.locate("ask-docgen"), ["--stdout", file])
    #expect(docgen.exitStatus == 0, "ask-docgen failed: \(docgen.stderr)")
    let generated = docgen.stdoutBytes
    let checkedIn = try Self.bytes(file)
    // A failure names the first line that differs, not the whole file.
    let generatedLines = docgen.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let checkedInLines = try Self.read(file).split(separator: "\n", omittingEmptySubsequences: false)
    let differing = zip(generatedLines, checkedInLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(generatedLines.count, checkedInLines.count)
    let isSame = generated == checkedIn
    #expect(isSame, """
      \(file) differs from what ask-docgen writes, from line \(differing + 1) on: run make completions man pot \
      (and edit Sources/AskCLI/OptionTable.swift or the localized("…") calls, not the file)
      """)
  }

  // MARK: - Every option in every file (no tools needed)

  @Test("Every option of the table has its item in the man page's OPTIONS, and every item is an option")
  func manPageHasEveryOption() throws {
    let lines = try Self.read("man/ask.1").split(separator: "\n").map(String.init)
    let start = try #require(lines.firstIndex(of: ".Sh OPTIONS"), "man/ask.1 has no OPTIONS section")
    let items = lines[(start + 1)...].prefix { !$0.hasPrefix(".Sh ") }.filter { $0.hasPrefix(".It ") }
    let expected = optionTable.map(Self.manItem)
    for item in expected {
      #expect(items.contains(item), "man/ask.1 has no '\(item)' under OPTIONS")
    }
    for item in items {
      #expect(expected.contains(item), "man/ask.1 has '\(item)', but the option table has no such option")
    }
  }

  @Test("The man page has every section of the reference")
  func manPageSections() throws {
    let sections = try Self.read("man/ask.1").split(separator: "\n").filter { $0.hasPrefix(".Sh ") }
      .map { $0.dropFirst(4) }
    #expect(sections == ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "JSON SPEC", "OUTPUT", "PASSWORD AGENT",
                         "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO"])
  }

  @Test("Every long option and every choice is in each completion script, and no other option",
        arguments: ["completions/ask.bash", "completions/_ask", "completions/ask.fish"])
  func completionScriptHasEveryOption(file: String) throws {
    let words = try Self.read(file).split { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
      .map(String.init)
    // fish names a long option `-l title`; bash and zsh write `--title`.
    let longs = file.hasSuffix(".fish")
      ? zip(words, words.dropFirst()).filter { $0.0 == "-l" }.map { "--" + $0.1 }
      : words.filter { $0.hasPrefix("--") && $0.count > 2 }
    let table = optionTable.map { "--" + $0.long }
    for spec in optionTable {
      #expect(longs.contains("--" + spec.long), "\(file) has no '--\(spec.long)'")
      if case .choice(let choices) = spec.value {
        for choice in choices {
          #expect(words.contains(choice), "\(file) has no '\(choice)' for '--\(spec.long)'")
        }
      }
    }
    for long in Set(longs) {
      #expect(table.contains(long), "\(file) has '\(long)', but the option table has no such option")
    }
  }

  // MARK: - The man page in mandoc

  @Test("mandoc -Tlint -Wwarning finds nothing in the man page",
        .enabled(if: Self.tool("mandoc") != nil, "mandoc is not installed (make test installs it)"))
  func manPageLints() throws {
    let lint = try Self.run(#require(Self.tool("mandoc")), ["-Tlint", "-Wwarning", "man/ask.1"])
    #expect(lint.exitStatus == 0)
    #expect(lint.stdout + lint.stderr == "")
  }

  @Test("The man page renders in 80 columns",
        .enabled(if: Self.tool("mandoc") != nil, "mandoc is not installed (make test installs it)"))
  func manPageFits80Columns() throws {
    let page = try Self.run(#require(Self.tool("mandoc")), ["-Tascii", "-Owidth=80", "man/ask.1"])
    #expect(page.exitStatus == 0)
    // -Tascii draws bold and underline by overstriking: "X\bX", "_\bX".
    var text = ""
    for character in page.stdout {
      if character == "\u{8}" { _ = text.popLast() } else { text.append(character) }
    }
    #expect(text.contains("-s, --style default | plain | secure | login-password"))
    for line in text.split(separator: "\n") {
      #expect(line.count <= 80, "wider than 80 columns: '\(line)'")
    }
  }

  // MARK: - bash, with bash-completion

  static let bashCompletion = "/usr/share/bash-completion/bash_completion"

  @Test("bash completes --st to --style",
        .enabled(if: access(Self.bashCompletion, R_OK) == 0, "bash-completion is not installed (make test installs it)"))
  func bashCompletesStyle() throws {
    #expect(try Self.bash("ask --st") == ["--style"])
  }

  @Test("bash completes - to exactly the options of the table",
        .enabled(if: access(Self.bashCompletion, R_OK) == 0, "bash-completion is not installed (make test installs it)"))
  func bashCompletesEveryOption() throws {
    #expect(try Set(Self.bash("ask -")) == Self.allOptionNames)
  }

  @Test("bash completes the value of each option with choices to exactly its choices",
        .enabled(if: access(Self.bashCompletion, R_OK) == 0, "bash-completion is not installed (make test installs it)"))
  func bashCompletesChoices() throws {
    for (name, choices) in Self.choiceOptions {
      #expect(try Set(Self.bash("ask \(name) ")) == Set(choices), "after '\(name)'")
    }
    #expect(try Self.bash("ask --print ") == ["title", "index", "json", "none"])
  }

  @Test("bash completes file names for --spec, and nothing for a title",
        .enabled(if: access(Self.bashCompletion, R_OK) == 0, "bash-completion is not installed (make test installs it)"))
  func bashCompletesFiles() throws {
    #expect(try Self.bash("ask --spec Package.sw") == ["Package.swift"])
    #expect(try Self.bash("ask --title Package.sw") == [])
    #expect(try Self.bash("ask -t T Package.sw") == [])
  }

  // MARK: - fish

  @Test("fish: complete -C 'ask --st' lists --style",
        .enabled(if: Self.tool("fish") != nil, "fish is not installed (make test installs it)"))
  func fishCompletesStyle() throws {
    #expect(try Self.fish("ask --st") == ["--style"])
  }

  @Test("fish completes - to exactly the options of the table",
        .enabled(if: Self.tool("fish") != nil, "fish is not installed (make test installs it)"))
  func fishCompletesEveryOption() throws {
    #expect(try Set(Self.fish("ask -")) == Self.allOptionNames)
  }

  @Test("fish completes the value of each option with choices to exactly its choices",
        .enabled(if: Self.tool("fish") != nil, "fish is not installed (make test installs it)"))
  func fishCompletesChoices() throws {
    for (name, choices) in Self.choiceOptions {
      #expect(try Set(Self.fish("ask \(name) ")) == Set(choices), "after '\(name)'")
    }
    #expect(try Set(Self.fish("ask --print ")) == ["title", "index", "json", "none"])
  }

  @Test("fish completes file names for --spec, and nothing for a title",
        .enabled(if: Self.tool("fish") != nil, "fish is not installed (make test installs it)"))
  func fishCompletesFiles() throws {
    #expect(try Self.fish("ask --spec Package.sw") == ["Package.swift"])
    #expect(try Self.fish("ask --title Package.sw") == [])
    #expect(try Self.fish("ask -t T Package.sw") == [])
  }

  // MARK: - zsh, with compinit, on a terminal

  @Test("zsh completes ask --st<Tab> to --style, and each long option from its shortest unique start",
        .enabled(if: Self.tool("zsh") != nil, "zsh is not installed (make test installs it)"))
  func zshCompletesEveryOption() throws {
    let zsh = try Self.zsh()
    try Self.zsh(zsh, completes: "--st", to: "--style")
    let longs = optionTable.map { "--" + $0.long }
    for long in longs {
      try Self.zsh(zsh, completes: Self.uniquePrefix(of: long, among: longs), to: long)
    }
    zsh.type("exit\r")
    #expect(try zsh.waitForExit() == 0)
  }

  @Test("zsh completes the value of each option with choices, and file names for --spec",
        .enabled(if: Self.tool("zsh") != nil, "zsh is not installed (make test installs it)"))
  func zshCompletesChoices() throws {
    let zsh = try Self.zsh()
    for (name, choices) in Self.choiceOptions {
      for choice in choices {
        try Self.zsh(zsh, completes: name + " " + Self.uniquePrefix(of: choice, among: choices),
                     to: name + " " + choice)
      }
    }
    try Self.zsh(zsh, completes: "--spec Package.sw", to: "--spec Package.swift")
    zsh.type("exit\r")
    #expect(try zsh.waitForExit() == 0)
  }

  // MARK: - make install

  /// `path` in the folder of the ask under test.
  static func besideBinary(_ path: String) -> String {
    String(AskSession.executable[..<AskSession.executable.lastIndex(of: "/")!]) + "/" + path
  }

  @Test("make install puts ask, its ask-askpass, ask-pinentry and ask-password-agent links, its man page, completions and message catalogues under DESTDIR and PREFIX; make uninstall removes them",
        .enabled(if: Self.tool("make") != nil, "make is not installed"), .needsTranslations)
  func installAndUninstall() throws {
    let scratch = try TemporaryDirectory(prefix: "ask-install")  // removed when the test ends
    let destdir = scratch.path
    let make = try #require(Self.tool("make"))
    let variables = ["DESTDIR=" + destdir, "PREFIX=/usr"]

    let install = try Self.run(make, ["-s", "install"] + variables + ["ASK_BIN=" + AskSession.executable])
    #expect(install.exitStatus == 0, "\(install.stderr)")
    // The binary stripped of its symbols and debug information, as strip(1)
    // leaves it.
    let elsewhere = try TemporaryDirectory(prefix: "ask-stripped")
    let stripped = elsewhere.path + "/ask"
    #expect(try Self.run(#require(Self.tool("strip")), ["-o", stripped, AskSession.executable]).exitStatus == 0)
    let installed = [
      "/usr/bin/ask": stripped,
      "/usr/share/man/man1/ask.1": Self.root + "/man/ask.1",
      "/usr/share/bash-completion/completions/ask": Self.root + "/completions/ask.bash",
      "/usr/share/zsh/site-functions/_ask": Self.root + "/completions/_ask",
      "/usr/share/fish/vendor_completions.d/ask.fish": Self.root + "/completions/ask.fish",
      // The catalogues, as make compiles them beside the binary too.
      "/usr/share/locale/ru/LC_MESSAGES/ask.mo": Self.besideBinary("locale/ru/LC_MESSAGES/ask.mo"),
      "/usr/share/locale/zh_CN/LC_MESSAGES/ask.mo": Self.besideBinary("locale/zh_CN/LC_MESSAGES/ask.mo"),
    ]
    let links = ["/usr/bin/ask-askpass", "/usr/bin/ask-password-agent", "/usr/bin/ask-pinentry"]
    #expect(try Self.files(under: destdir) == (installed.keys + links).sorted())
    for link in links { #expect(try Self.run("/usr/bin/readlink", [destdir + link]).stdout == "ask\n") }
    for (path, source) in installed {
      #expect(try Self.bytes(destdir + path) == Self.bytes(source), "\(path) differs from its source")
    }

    let bin = destdir + "/usr/bin/ask"
    #expect(access(bin, X_OK) == 0)
    let version = try Self.run(bin, ["--version"])
    #expect(version.exitStatus == 0)
    #expect(version.stdout == "ask \(askVersion)\n")
    let prompt = try PseudoTerminal(executable: bin, arguments: ["-t", "Pick", "Alpha", "Beta"],
                                    environment: AskSession.environment, stdin: .pipe(Array("2\n".utf8)))
    #expect(try prompt.waitForExit() == 0)
    #expect(prompt.stdout == "Beta\n")
    #expect(prompt.screen.contains("2) Beta"))
    // Installed, ask finds its catalogues in PREFIX/share/locale, also with
    // locale(1) beside it (a file, in /usr/bin on every Debian system).
    let localeProgram = destdir + "/usr/bin/locale"
    try CatalogueTests.write("#!/bin/sh\n", to: localeProgram)
    chmod(localeProgram, 0o755)
    defer { unlink(localeProgram) }
    let russian = try PseudoTerminal(executable: bin, arguments: ["-t", "Pick", "Alpha", "Beta"],
                                     environment: AskSession.environment.merging(["LANG": "ru_RU.UTF-8"]) { $1 },
                                     stdin: .pipe(Array("2\n".utf8)))
    #expect(try russian.waitForExit() == 0)
    #expect(russian.screen.contains("Выбор [1-2, Ctrl-D = отмена]: "))
    unlink(localeProgram)
    let askpass = try PseudoTerminal(executable: destdir + "/usr/bin/ask-askpass", arguments: ["Password: "],
                                     environment: AskSession.environment, stdin: .pipe([]))
    try askpass.waitForPrompt("Password: ")
    askpass.type("pw\r")
    #expect(try askpass.waitForExit() == 0)
    #expect(askpass.stdout == "pw\n")
    let pinentry = try PseudoTerminal(executable: destdir + "/usr/bin/ask-pinentry", arguments: [],
                                      environment: AskSession.environment, stdin: .pipe(Array("GETINFO flavor\nBYE\n".utf8)))
    #expect(try pinentry.waitForExit() == 0)
    #expect(pinentry.stdout == "OK Pleased to meet you\nD ask\nOK\nOK closing connection\n")
    let agent = try Self.run(destdir + "/usr/bin/ask-password-agent", ["--help"])
    #expect(agent.exitStatus == 0)
    #expect(agent.stdout.contains("A systemd password agent"))

    let uninstall = try Self.run(make, ["-s", "uninstall"] + variables)
    #expect(uninstall.exitStatus == 0, "\(uninstall.stderr)")
    #expect(try Self.files(under: destdir) == [])
  }

  // MARK: - Helpers

  /// Every option as written: `--title`, and `-t` for those with a short name.
  static var allOptionNames: Set<String> {
    Set(optionTable.map { "--" + $0.long } + optionTable.compactMap { $0.short.map { "-\($0)" } })
  }

  /// Each name of each option with choices (`--print`; `-s` and `--style`),
  /// with its choices.
  static var choiceOptions: [(String, [String])] {
    optionTable.flatMap { spec -> [(String, [String])] in
      guard case .choice(let choices) = spec.value else { return [] }
      return ([spec.short.map { "-\($0)" }].compactMap { $0 } + ["--" + spec.long]).map { ($0, choices) }
    }
  }

  /// The `.It` line of an option in the man page: `.It Fl t , Fl \-title Ar text`.
  static func manItem(_ spec: OptionSpec) -> String {
    var item = ".It " + (spec.short.map { "Fl \($0) , " } ?? "") + "Fl \\-" + spec.long
    switch spec.value {
    case .none: break
    case .text(let name), .file(let name): item += " Ar " + name.lowercased()
    case .choice(let words): item += " Cm " + words.joined(separator: " | ")
    }
    return item
  }

  /// The shortest start of `word` that no other of `words` starts with
  /// (all of it when it is the start of another).
  static func uniquePrefix(of word: String, among words: [String]) -> String {
    for length in 1...word.count {
      let prefix = word.prefix(length)
      if !words.contains(where: { $0 != word && $0.hasPrefix(prefix) }) { return String(prefix) }
    }
    return word
  }

  /// The path of an installed program, or nil.
  static func tool(_ name: String) -> String? {
    ["/usr/local/bin", "/usr/bin", "/bin"].map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
  }

  /// The text of a file, by a path from the package root or absolute.
  static func read(_ path: String) throws -> String {
    String(decoding: try bytes(path), as: UTF8.self)
  }

  /// The bytes of a file, by a path from the package root or absolute.
  static func bytes(_ path: String) throws -> [UInt8] {
    guard let file = fopen(path.hasPrefix("/") ? path : root + "/" + path, "rb") else {
      throw PseudoTerminal.Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[..<count] }
    return bytes
  }

  /// Runs a program in the package root with no terminal and empty stdin,
  /// until it exits.
  static func run(_ executable: String, _ arguments: [String]) throws -> PseudoTerminal {
    let child = try PseudoTerminal(executable: executable, arguments: arguments,
                                   environment: AskSession.environment, stdin: .noTerminal([]),
                                   directory: root)
    try child.waitForExit(timeout: 60)
    return child
  }

  /// The files and links under `directory`, as absolute paths below it, sorted.
  static func files(under directory: String) throws -> [String] {
    let find = try run("/usr/bin/find", [directory, "!", "-type", "d"])
    return find.stdout.split(separator: "\n").map { String($0.dropFirst(directory.count)) }.sorted()
  }

  /// What bash offers for the end of `line`: bash-completion and
  /// completions/ask.bash loaded, COMP_WORDS set as for Tab, `_ask` called.
  static func bash(_ line: String) throws -> [String] {
    let script = """
      source \(bashCompletion) && source completions/ask.bash || exit 3
      COMP_LINE=$1 COMP_POINT=${#1}
      read -ra COMP_WORDS <<<"$1"
      [[ $1 == *' ' ]] && COMP_WORDS+=('')
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      _ask ask "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let bash = try run("/bin/bash", ["-c", script, "bash", line])
    guard bash.exitStatus == 0, bash.stderr.isEmpty else {
      throw PseudoTerminal.Failure(description: "bash exited \(bash.exitStatus ?? -1): \(bash.stderr)")
    }
    return bash.stdout.split(separator: "\n").map(String.init)
  }

  /// What fish's `complete -C` lists for `line` (the candidates, without
  /// their descriptions), with completions/ask.fish loaded. fish keeps its
  /// state under HOME and the XDG directories: the session's own.
  static func fish(_ line: String) throws -> [String] {
    let fish = try run(#require(tool("fish")),
                       ["--no-config", "-c", "source completions/ask.fish; and complete -C $argv[1]", line])
    guard fish.exitStatus == 0, fish.stderr.isEmpty else {
      throw PseudoTerminal.Failure(description: "fish exited \(fish.exitStatus ?? -1): \(fish.stderr)")
    }
    return fish.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
  }

  /// An interactive zsh on a terminal, with compinit and completions/_ask
  /// loaded, in which `ask` is a function that shows its arguments on the
  /// terminal as `got<…>` (zsh's stdout is a pipe here).
  static func zsh() throws -> PseudoTerminal {
    let zsh = try PseudoTerminal(executable: #require(tool("zsh")), arguments: ["-f", "-i"],
                                 environment: AskSession.environment, directory: root)
    zsh.type("PS1='%% '; fpath=('\(root)/completions' $fpath); autoload -Uz compinit; compinit -u -D; "
      + "ask() { print -r -- \"got<$*>\" >/dev/tty; }; print READY-$((6 * 7)) >/dev/tty\r")
    try zsh.waitFor("READY-42")
    return zsh
  }

  /// Types `ask TYPED<Tab>`, waits until zsh has drawn the completed line,
  /// then Enter, and waits until `ask` got `expected`.
  static func zsh(_ zsh: PseudoTerminal, completes typed: String, to expected: String) throws {
    let start = zsh.screenBytes.count
    zsh.type("ask " + typed + "\t")
    try zsh.waitUntil("zsh draws 'ask \(expected)'") {
      String(decoding: zsh.screenBytes[start...], as: UTF8.self).contains("ask " + expected)
    }
    zsh.type("\r")
    try zsh.waitFor("got<\(expected)>")
  }
}
