import Glibc
import Testing

/// The message catalogues as files (SPEC §6): the template extracted from
/// the sources (ArtifactsTests checks it is current), each translation
/// complete against it, and what `ask` loads compiled from them.
@Suite("Message catalogues", .ownThread)
struct CatalogueTests {
  static let languages = ["ru", "zh_CN"]

  /// `program arguments` from the package root (or `directory`), waited for.
  static func run(_ program: String, _ arguments: [String], in directory: String = ArtifactsTests.root)
    throws -> PseudoTerminal {
    let child = try PseudoTerminal(executable: program, arguments: arguments,
                                   environment: AskSession.environment, stdin: .noTerminal([]),
                                   directory: directory)
    try child.waitForExit(timeout: 60)
    return child
  }

  static func write(_ text: String, to path: String) throws {
    guard let file = fopen(path, "wb") else {
      throw PseudoTerminal.Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    fputs(text, file)
    fclose(file)
  }

  @Test("Each translation has every message of the template, none untranslated or fuzzy, and passes msgfmt --check",
        arguments: languages)
  func complete(language: String) throws {
    let compare = try Self.run("/usr/bin/msgcmp", ["po/\(language).po", "po/ask.pot"])
    #expect(compare.exitStatus == 0, "po/\(language).po lacks messages of po/ask.pot (make po, then translate): \(compare.stderr)")
    let check = try Self.run("/usr/bin/msgfmt", ["--check", "--statistics", "-o", "/dev/null", "po/\(language).po"])
    #expect(check.exitStatus == 0, "\(check.stderr)")
    #expect(check.stderr.hasSuffix(" translated messages.\n"), "po/\(language).po: \(check.stderr)")
    #expect(!check.stderr.contains("warning"), "\(check.stderr)")
    #expect(!(try ArtifactsTests.read("po/\(language).po")).contains("\n#~ "),
            "po/\(language).po keeps messages the sources no longer have (make po drops them)")
  }

  @Test("That check fails for a translation that lacks one message of the template, or has it untranslated")
  func checkCanFail() throws {
    let directory = try TemporaryDirectory()
    let russian = try ArtifactsTests.read("po/ru.po")
    // The last entry dropped, then the last entry emptied.
    let entries = russian.split(separator: "\n\n", omittingEmptySubsequences: false)
    try Self.write(entries.dropLast().joined(separator: "\n\n") + "\n", to: directory.path + "/lacking.po")
    let last = entries.last!.split(separator: "\n").map { $0.hasPrefix("msgstr") ? "msgstr \"\"" : String($0) }
    try Self.write((entries.dropLast() + [last.joined(separator: "\n")[...]]).joined(separator: "\n\n") + "\n",
                   to: directory.path + "/untranslated.po")
    let template = ArtifactsTests.root + "/po/ask.pot"
    for file in ["lacking.po", "untranslated.po"] {
      let compare = try Self.run("/usr/bin/msgcmp", [directory.path + "/" + file, template])
      #expect(compare.exitStatus != 0, "msgcmp passed \(file)")
    }
  }

  @Test("The catalogues beside the ask under test are po/LANG.po compiled now (make builds them there)",
        .needsCatalogues, arguments: languages)
  func compiledBesideBinary(language: String) throws {
    let directory = try TemporaryDirectory()
    let compiled = try Self.run("/usr/bin/msgfmt", ["-o", directory.path + "/ask.mo", "po/\(language).po"])
    #expect(compiled.exitStatus == 0)
    let besideBinary = String(AskSession.executable[..<AskSession.executable.lastIndex(of: "/")!])
      + "/locale/\(language)/LC_MESSAGES/ask.mo"
    #expect(try ArtifactsTests.bytes(besideBinary) == ArtifactsTests.bytes(directory.path + "/ask.mo"),
            "\(besideBinary) is not po/\(language).po compiled: run make (it compiles the catalogues)")
  }

  @Test("The template takes a call inside an interpolation, its TRANSLATORS comment, a plural and a shared msgid once")
  func extraction() throws {
    let root = try TemporaryDirectory()
    _ = try Self.run("/bin/mkdir", ["-p", root.path + "/Sources/AskKit/Engine", root.path + "/Sources/AskCLI"])
    try Self.write("""
      func a(_ n: Int) -> String {
        // TRANSLATORS: %s is a title.
        // It is quoted.
        let x = "[\\(localized("Chose '%s'.", "A"))]"
        /// localized("doc comments are not calls")
        return x + localized("%d match", plural: "%d matches", count: n, String(n)) + notlocalized("x")
      }

      """, to: root.path + "/Sources/AskKit/Engine/A.swift")
    try Self.write("let b = localized(\n  \"Chose '%s'.\", \"B\")\n", to: root.path + "/Sources/AskCLI/B.swift")
    let docgen = try Self.run(PseudoTerminal.locate("ask-docgen"), ["--stdout", "po/ask.pot"], in: root.path)
    #expect(docgen.exitStatus == 0, "\(docgen.stderr)")
    let entries = docgen.stdout.split(separator: "\n\n").dropFirst().map(String.init)
    #expect(entries == [
      """
      #. TRANSLATORS: %s is a title.
      #. It is quoted.
      #: Sources/AskCLI/B.swift
      #: Sources/AskKit/Engine/A.swift
      #, c-format
      msgid "Chose '%s'."
      msgstr ""
      """,
      """
      #: Sources/AskKit/Engine/A.swift
      #, c-format
      msgid "%d match"
      msgid_plural "%d matches"
      msgstr[0] ""
      msgstr[1] ""

      """,
    ])
  }

  @Test("A localized text that interpolates or spans lines is an error naming its file and line")
  func extractionErrors() throws {
    for (source, message) in [
      ("let a = 1\nlet b = localized(\"x \\(a)\")\n", "Sources/AskKit/C.swift:2: a localized text cannot interpolate"),
      ("let b = localized(\"x\n\")\n", "Sources/AskKit/C.swift:1: a localized text must be a one-line string literal"),
    ] {
      let root = try TemporaryDirectory()
      _ = try Self.run("/bin/mkdir", ["-p", root.path + "/Sources/AskKit"])
      try Self.write(source, to: root.path + "/Sources/AskKit/C.swift")
      let docgen = try Self.run(PseudoTerminal.locate("ask-docgen"), ["--stdout", "po/ask.pot"], in: root.path)
      #expect(docgen.exitStatus == 2)
      #expect(docgen.stderr.hasPrefix("ask-docgen: " + message), "\(docgen.stderr)")
    }
  }
}
