import AskTestSupport
import Glibc
import Testing

/// ask's own words in the user's language (SPEC §6): the screens drawn in
/// Russian and Simplified Chinese on a real terminal emulator, the choice
/// of language from the environment as gettext makes it, and standard
/// output the same in every language. The catalogues and the two locales
/// come from `make` (``TestLanguages``); without them the suite is skipped.
@Suite("Ask's words in the user's language", .ownThread, .needsTranslations)
struct LanguageTests {
  static let russian = ["LANG": "ru_RU.UTF-8"]
  static let chinese = ["LANG": "zh_CN.UTF-8"]

  // MARK: - Golden screens

  /// An alert in one language: its arguments, the answers typed (one
  /// wrong, one the start of the destructive title), the screen before and
  /// after them, and the title the answer `1` prints.
  struct AlertScreens: Sendable, CustomTestStringConvertible {
    let language: String
    let arguments: [String]
    let answers: [String]
    let first: [String]
    let hints: [String]
    let chosen: String
    var testDescription: String { language }
  }

  static let alertScreens = [
    AlertScreens(
      language: "ru_RU.UTF-8",
      arguments: ["-t", "Удалить 3 файла?", "-m", "Их нельзя будет восстановить.", "-d", "Удалить", "-c", "Отмена"],
      answers: ["x", "Уд"],
      first: [
        "Удалить 3 файла?",
        "Их нельзя будет восстановить.",
        "  1) Удалить (опасно)",
        "  2) Отмена",
        "Выбор [1-2, Ctrl-D = отмена]:",
      ],
      hints: [
        "Выбор [1-2, Ctrl-D = отмена]: x",
        "Нет кнопки, соответствующей «x»: введите число от 1 до 2 или название.",
        "Выбор [1-2, Ctrl-D = отмена]: Уд",
        "«Уд» — лишь начало названия «Удалить»: чтобы выбрать эту кнопку, введите",
        "название целиком или 1.",
        "Выбор [1-2, Ctrl-D = отмена]:",
      ],
      chosen: "Удалить"),
    AlertScreens(
      language: "zh_CN.UTF-8",
      arguments: ["-t", "删除 3 个文件？", "-m", "删除后无法恢复。", "-d", "删除", "-c", "取消"],
      answers: ["x", "删"],
      first: [
        "删除 3 个文件？",
        "删除后无法恢复。",
        "  1) 删除（危险）",
        "  2) 取消",
        "请选择 [1-2，Ctrl-D = 取消]：",
      ],
      hints: [
        "请选择 [1-2，Ctrl-D = 取消]：x",
        "没有与“x”匹配的按钮：请输入 1 到 2 之间的编号，或输入标题。",
        "请选择 [1-2，Ctrl-D = 取消]：删",
        "“删”只是“删除”的开头：请输入完整标题或 1 来选择它。",
        "请选择 [1-2，Ctrl-D = 取消]：",
      ],
      chosen: "删除"),
  ]

  @Test("Russian and Chinese: the alert, a wrong answer and its hint, the start of the destructive title and its hint, the right answer",
        arguments: alertScreens)
  func alert(_ case_: AlertScreens) throws {
    let screen = try TmuxScreen(case_.arguments, environment: ["LANG": case_.language])
    try screen.waitForScreen(case_.first)
    for answer in case_.answers {
      try screen.type(answer)
      try screen.press("Enter")
    }
    // The first answer is typed on the first answer line; hints and new
    // answer lines follow it.
    try screen.waitForScreen(Array(case_.first.dropLast()) + case_.hints)
    try screen.type("1")
    try screen.press("Enter")
    let result = try screen.waitForExit()
    #expect(result.status == 0)
    #expect(result.stdout == case_.chosen + "\n")
  }

  @Test("Russian: a secure field's label and hint line, one * per character; the secret on stdout as typed")
  func russianSecureField() throws {
    let screen = try TmuxScreen(["-s", "secure", "-t", "Разблокировать ключ"], environment: Self.russian)
    try screen.waitForLine("Пароль: ", startingWith: "Пароль", cursorAt: 8)
    try screen.type("пароль")
    try screen.waitForScreen(["Разблокировать ключ", "(Enter = OK, Ctrl-D = отмена)", "Пароль: ******"])
    try screen.press("Enter")
    let result = try screen.waitForExit()
    #expect(result.status == 0)
    #expect(result.stdout == "пароль\n")
  }

  @Test("Chinese: login and password fields, the placeholder after the label in full-width parentheses, the cursor after the wide label")
  func chineseLoginPassword() throws {
    let screen = try TmuxScreen(["-s", "login-password", "-t", "登录", "--placeholder", "alice@example.com"],
                                environment: Self.chinese)
    // 登录名 is 6 columns, （例如 alice@example.com）： 28.
    try screen.waitForLine("登录名（例如 alice@example.com）：", startingWith: "登录名", cursorAt: 34)
    try screen.type("alice")
    try screen.press("Enter")
    try screen.waitForLine("密码：", startingWith: "密码", cursorAt: 6)
    try screen.type("abc")
    try screen.waitForScreen(["登录", "（Enter = 确定，Ctrl-D = 取消）", "登录名（例如 alice@example.com）：alice",
                              "密码：***"])
    try screen.press("Enter")
    let result = try screen.waitForExit()
    #expect(result.status == 0)
    #expect(result.stdout == "alice\nabc\n")
  }

  /// `environment` as the test log shows it: `NAME=value` words in the
  /// order of their names, escaped.
  static func logged(_ environment: [String: String]) -> String {
    loggedText(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
  }

  /// The environment, the title and the two buttons (the first the
  /// default), and the screen once the limit passed; shown in the log by
  /// the environment.
  struct TimeLimit: CustomTestStringConvertible, Sendable {
    let environment: [String: String]
    let words: [String]
    let expected: [String]
    init(_ environment: [String: String], _ words: [String], _ expected: [String]) {
      self.environment = environment
      self.words = words
      self.expected = expected
    }
    var testDescription: String { LanguageTests.logged(environment) }
  }

  @Test("A time limit stated and its end drawn, in Russian and in Chinese; the default on stdout as given", arguments: [
    TimeLimit(["LANG": "ru_RU.UTF-8"], ["Продолжить?", "Да", "Нет"], [
      "Продолжить?",
      "(время ожидания 1\u{A0}с, затем будет выбрано: Да)",  // a no-break space: 1 с never split
      "  1) Да (по умолчанию)",
      "  2) Нет",
      "Выбор [1-2, Enter = Да, Ctrl-D = отмена]:",
      "Время ожидания истекло, выбрано: Да.",
    ]),
    TimeLimit(["LANG": "zh_CN.UTF-8"], ["继续？", "是", "否"], [
      "继续？",
      "（1\u{A0}秒后超时，届时将选择“是”）",
      "  1) 是（默认）",
      "  2) 否",
      "请选择 [1-2，Enter = 是，Ctrl-D = 取消]：",
      "已超时：已选择“是”。",
    ]),
  ])
  func timeout(_ limit: TimeLimit) throws {
    let (environment, words, expected) = (limit.environment, limit.words, limit.expected)
    let screen = try TmuxScreen(["--timeout", "1", "-t", words[0], "--default", words[1], words[1], words[2]],
                                environment: environment)
    // The whole screen once the limit passed: the limit stated, the
    // prompt, and below it the notice (before it, the screen lasts 1 s
    // only: too short to catch on a loaded machine).
    let result = try screen.waitForExit()
    try screen.waitForScreen(expected)
    #expect(result.status == 0)
    #expect(result.stdout == words[1] + "\n")
  }

  @Test("A longer Russian hint wraps at a narrow terminal's width, whole words on each line")
  func russianHintWraps() throws {
    let screen = try TmuxScreen(["-t", "Продолжить?", "Да", "Нет"], columns: 40, environment: Self.russian)
    try screen.waitForLine("Выбор [1-2, Ctrl-D = отмена]: ", startingWith: "Выбор", cursorAt: 30)
    try screen.type("x")
    try screen.press("Enter")
    try screen.waitForScreen([
      "Продолжить?",
      "  1) Да",
      "  2) Нет",
      "Выбор [1-2, Ctrl-D = отмена]: x",
      "Нет кнопки, соответствующей «x»: введите",
      "число от 1 до 2 или название.",
      "Выбор [1-2, Ctrl-D = отмена]:",
    ])
  }

  // MARK: - Which language

  static let english = "ask: No button matches 'x': type a number from 1 to 2 or a title.\n"
  static let russianHint = "ask: Нет кнопки, соответствующей «x»: введите число от 1 до 2 или название.\n"
  static let chineseHint = "ask: 没有与“x”匹配的按钮：请输入 1 到 2 之间的编号，或输入标题。\n"

  /// An environment and the hint it gives; shown in the log by the
  /// environment (the test's name leaves little room).
  struct Choice: CustomTestStringConvertible, Sendable {
    let environment: [String: String]
    let expected: String
    init(_ environment: [String: String], _ expected: String) {
      self.environment = environment
      self.expected = expected
    }
    var testDescription: String { LanguageTests.logged(environment) }
  }

  @Test("The language is gettext's choice: LC_ALL, then LC_MESSAGES, then LANG name the locale; LANGUAGE's list goes first unless the locale is C; English when none fits or the locale is not installed",
        arguments: [
          Choice(["LANG": "ru_RU.UTF-8"], russianHint),
          Choice(["LANG": "zh_CN.UTF-8"], chineseHint),
          Choice(["LANG": "ru_RU.UTF-8", "LANGUAGE": "zh_CN"], chineseHint),
          Choice(["LANG": "ru_RU.UTF-8", "LANGUAGE": "de:zh_CN:ru"], chineseHint),
          Choice(["LANG": "zh_CN.UTF-8", "LC_ALL": "ru_RU.UTF-8"], russianHint),
          Choice(["LANG": "zh_CN.UTF-8", "LC_MESSAGES": "ru_RU.UTF-8"], russianHint),
          Choice(["LANG": "ru_RU.UTF-8", "LC_MESSAGES": "C.UTF-8"], english),
          Choice(["LANG": "C.UTF-8", "LANGUAGE": "ru"], russianHint),
          Choice(["LC_ALL": "C", "LANGUAGE": "ru"], english),
          Choice(["LANG": "POSIX", "LANGUAGE": "zh_CN"], english),
          Choice(["LANG": "de_DE.UTF-8"], english),
          Choice(["LANG": "en_US.UTF-8"], english),
          Choice(["LANG": "ru_RU.UTF-8", "LANGUAGE": "en"], english),
        ])
  func languageChoice(_ choice: Choice) throws {
    let (environment, expected) = (choice.environment, choice.expected)
    let pty = try AskSession.ask(["-t", "T", "A", "B"], stdin: .noTerminal(Array("x\n".utf8)), environment: environment)
    #expect(try pty.waitForExit() == 2)
    // The prompt is drawn on stderr (no terminal), then the error.
    #expect(pty.stderr.hasSuffix("\n" + expected), "\(pty.stderr)")
  }

  @Test("ASK_LOCALEDIR names where the catalogues are: a folder without them is English")
  func localeDirectory() throws {
    let empty = try TemporaryDirectory()
    let pty = try AskSession.ask(["-t", "T", "A", "B"], stdin: .noTerminal(Array("x\n".utf8)),
                                 environment: ["LANG": "ru_RU.UTF-8", "ASK_LOCALEDIR": empty.path])
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stderr.hasSuffix("\nChoice [1-2, Ctrl-D = cancel]: x\n" + Self.english), "\(pty.stderr)")
  }

  @Test("A catalogue's translation that holds a control character is not drawn: that message stays English, the others are translated")
  func controlCharacterInCatalogue() throws {
    let root = try TemporaryDirectory()
    let messages = root.path + "/ru/LC_MESSAGES"
    _ = try CatalogueTests.run("/bin/mkdir", ["-p", messages])
    try CatalogueTests.write("""
      msgid ""
      msgstr "Content-Type: text/plain; charset=UTF-8\\n"

      msgid "Choice [%s, Ctrl-D = cancel]: "
      msgstr "Выбор [%s, Ctrl-D = отмена]: "

      msgid "No button matches '%s': type %s or a title."
      msgstr "\\033]0;owned\\007\\033[2J%s %s"

      """, to: root.path + "/ask.po")
    let compiled = try CatalogueTests.run("/usr/bin/msgfmt", ["-o", messages + "/ask.mo", root.path + "/ask.po"])
    try #require(compiled.exitStatus == 0, "\(compiled.stderr)")
    let pty = try AskSession.ask(["-t", "T", "A", "B"], stdin: .noTerminal(Array("x\n".utf8)),
                                 environment: ["LANG": "ru_RU.UTF-8", "ASK_LOCALEDIR": root.path])
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stderr.hasSuffix("\nВыбор [1-2, Ctrl-D = отмена]: x\n" + Self.english), "\(pty.stderr)")
    #expect(!pty.stderr.contains("\u{1B}"))
  }

  /// The Russian catalogue beside the ask under test, damaged by `damage`
  /// (its bytes, little-endian words), in a new folder's ru/LC_MESSAGES.
  static func damagedCatalogue(_ damage: (inout [UInt8]) -> Void) throws -> TemporaryDirectory {
    let root = try TemporaryDirectory()
    try Self.writeCatalogue(ArtifactsTests.bytes(ArtifactsTests.besideBinary("locale/ru/LC_MESSAGES/ask.mo")),
                            damagedBy: damage, to: root.path + "/ru")
    return root
  }

  /// A catalogue's `bytes`, damaged by `damage`, as `folder`/LC_MESSAGES/ask.mo.
  static func writeCatalogue(_ bytes: [UInt8], damagedBy damage: (inout [UInt8]) -> Void = { _ in },
                             to folder: String) throws {
    _ = try CatalogueTests.run("/bin/mkdir", ["-p", folder + "/LC_MESSAGES"])
    var bytes = bytes
    damage(&bytes)
    let file = try #require(fopen(folder + "/LC_MESSAGES/ask.mo", "wb"))
    fwrite(bytes, 1, bytes.count, file)
    fclose(file)
  }

  /// `po` (a catalogue's source) compiled by msgfmt into
  /// `folder`/LC_MESSAGES/ask.mo, and its bytes.
  @discardableResult
  static func compileCatalogue(_ po: String, to folder: String) throws -> [UInt8] {
    let messages = folder + "/LC_MESSAGES"
    _ = try CatalogueTests.run("/bin/mkdir", ["-p", messages])
    try CatalogueTests.write(po, to: messages + "/ask.po")
    let compiled = try CatalogueTests.run("/usr/bin/msgfmt", ["-o", messages + "/ask.mo", messages + "/ask.po"])
    try #require(compiled.exitStatus == 0, "\(compiled.stderr)")
    return try ArtifactsTests.bytes(messages + "/ask.mo")
  }

  /// Every slot of the catalogue's hash table taken: glibc's probe for a
  /// string it does not find there never ends, deaf to signals.
  static func fillHashTable(_ bytes: inout [UInt8]) {
    for slot in 0..<Self.word(bytes, 20) { Self.setWord(&bytes, Self.word(bytes, 24) + 4 * slot, 1) }
  }

  static func word(_ bytes: [UInt8], _ offset: Int) -> Int {
    (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
  }

  static func setWord(_ bytes: inout [UInt8], _ offset: Int, _ value: Int) {
    for index in 0..<4 { bytes[offset + index] = UInt8((value >> (8 * index)) & 0xFF) }
  }

  @Test("A damaged catalogue is not read (glibc trusts it and would hang, ignoring signals, or crash): English, at once",
        arguments: [
          "hash table size not prime", "hash table without an empty slot", "hash entry past the strings",
          "string offset past the end", "string without its NUL", "truncated", "wrong magic",
        ])
  func damagedCatalogue(damage: String) throws {
    let root = try Self.damagedCatalogue { bytes in
      let (count, originals, hashOffset) = (Self.word(bytes, 8), Self.word(bytes, 12), Self.word(bytes, 24))
      switch damage {
      case "hash table size not prime": Self.setWord(&bytes, 20, 42)
      case "hash table without an empty slot": Self.fillHashTable(&bytes)
      case "hash entry past the strings": Self.setWord(&bytes, hashOffset, count + 5)
      case "string offset past the end": Self.setWord(&bytes, originals + 8 * (count - 1) + 4, bytes.count + 100)
      case "string without its NUL":
        let (length, offset) = (Self.word(bytes, originals + 8), Self.word(bytes, originals + 12))
        bytes[offset + length] = UInt8(ascii: "x")
      case "truncated": bytes.removeLast(bytes.count / 2)
      default: bytes[0] ^= 0xFF
      }
    }
    let pty = try AskSession.ask(["-t", "T", "A", "B"], stdin: .noTerminal(Array("x\n".utf8)),
                                 environment: ["LANG": "ru_RU.UTF-8", "ASK_LOCALEDIR": root.path])
    #expect(try pty.waitForExit(timeout: 5) == 2)
    #expect(pty.stderr.hasSuffix("\nChoice [1-2, Ctrl-D = cancel]: x\n" + Self.english), "\(pty.stderr)")
  }

  @Test("A catalogue whose plural expression divides by zero (glibc raises SIGFPE), or that is a FIFO (its open would block, --timeout with it), is not read",
        arguments: ["n/0", "n%0", "n % 00", "fifo"])
  func hostileCatalogue(kind: String) throws {
    let root = try TemporaryDirectory()
    let messages = root.path + "/ru/LC_MESSAGES"
    _ = try CatalogueTests.run("/bin/mkdir", ["-p", messages])
    if kind == "fifo" {
      try #require(mkfifo(messages + "/ask.mo", 0o644) == 0)
    } else {
      try CatalogueTests.write("""
        msgid ""
        msgstr "Content-Type: text/plain; charset=UTF-8\\nPlural-Forms: nplurals=2; plural=\(kind);\\n"

        msgid "(%d match, page %d of %d: Enter or > next, < previous; type more to narrow)"
        msgid_plural "(%d matches, page %d of %d: Enter or > next, < previous; type more to narrow)"
        msgstr[0] "(%d совпадение, страница %d из %d)"
        msgstr[1] "(%d совпадения, страница %d из %d)"

        msgid "Choice [%s, Ctrl-D = cancel]: "
        msgstr "Выбор [%s, Ctrl-D = отмена]: "

        """, to: root.path + "/ask.po")
      let compiled = try CatalogueTests.run("/usr/bin/msgfmt", ["-o", messages + "/ask.mo", root.path + "/ask.po"])
      try #require(compiled.exitStatus == 0, "\(compiled.stderr)")
    }
    // A list of pages on a pty: its filter's page line is the plural.
    let titles = (1...200).map { "Item \($0)" }
    let pty = try AskSession.ask(["--timeout", "30", "-t", "T"] + titles,
                                 environment: ["LANG": "ru_RU.UTF-8", "ASK_LOCALEDIR": root.path])
    try pty.waitForPrompt("Choice [1-200, Ctrl-D = cancel]: ")
    pty.type("em 1\r")  // in 111 titles: a filter of pages
    try pty.waitFor("matches, page 1 of")
    pty.type("\u{4}")
    #expect(try pty.waitForExit() == 1)
    #expect(pty.termiosRestored)
  }

  // MARK: - Every catalogue gettext could open

  /// A sound Russian catalogue with the answer line only: gettext goes on
  /// to the next LANGUAGE entry for every other message.
  static let answerLineOnly = """
    msgid ""
    msgstr "Content-Type: text/plain; charset=UTF-8\\n"

    msgid "Choice [%s, Ctrl-D = cancel]: "
    msgstr "Выбор [%s, Ctrl-D = отмена]: "

    """

  /// A catalogue with `header` and the usage error that is a plural
  /// (`-s plain --label A --label B`), its three forms numbered.
  static func pluralCatalogue(header: String) -> String {
    """
    msgid ""
    msgstr "Content-Type: text/plain; charset=UTF-8\\n\(header)\\n"

    msgid "Option '%s' is given %d times, but style '%s' has %d field"
    msgid_plural "Option '%s' is given %d times, but style '%s' has %d fields"
    msgstr[0] "Форма 0: '%s' %d '%s' %d"
    msgstr[1] "Форма 1: '%s' %d '%s' %d"
    msgstr[2] "Форма 2: '%s' %d '%s' %d"

    """
  }

  static let pluralArguments = ["-s", "plain", "--label", "A", "--label", "B"]
  static let pluralEnglish = "ask: Option '--label' is given 2 times, but style 'plain' has 1 field\n"

  /// How a later LANGUAGE entry's catalogue is crafted, and what shows it.
  enum Crafted: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case fullHashTable = "hash table without an empty slot"
    case pluralByZero = "plural dividing by zero"
    var testDescription: String { rawValue }

    /// Writes the crafted catalogue as `folder`/LC_MESSAGES/ask.mo.
    func write(to folder: String) throws {
      switch self {
      case .fullHashTable:
        try LanguageTests.writeCatalogue(
          ArtifactsTests.bytes(ArtifactsTests.besideBinary("locale/zh_CN/LC_MESSAGES/ask.mo")),
          damagedBy: LanguageTests.fillHashTable, to: folder)
      case .pluralByZero:
        try LanguageTests.compileCatalogue(
          LanguageTests.pluralCatalogue(header: "Plural-Forms: nplurals=2; plural=n/0;"), to: folder)
      }
    }

    /// Runs ask in `environment` on a message the crafted catalogue
    /// holds and the Russian one lacks; expects English, at once.
    func expectEnglish(_ environment: [String: String]) throws {
      switch self {
      case .fullHashTable:
        let pty = try AskSession.ask(["-t", "T", "A", "B"], stdin: .noTerminal(Array("x\n".utf8)),
                                     environment: environment)
        #expect(try pty.waitForExit(timeout: 5) == 2)
        #expect(pty.stderr.hasSuffix("\nChoice [1-2, Ctrl-D = cancel]: x\n" + LanguageTests.english), "\(pty.stderr)")
      case .pluralByZero:
        let pty = try AskSession.ask(LanguageTests.pluralArguments, stdin: .noTerminal([]), environment: environment)
        #expect(try pty.waitForExit(timeout: 5) == 2)
        #expect(pty.stderr == LanguageTests.pluralEnglish)
      }
    }
  }

  @Test("A later LANGUAGE entry's catalogue is checked too (gettext opens it for a message the first lacks): English at once",
        arguments: Crafted.allCases)
  func laterLanguage(crafted: Crafted) throws {
    let root = try TemporaryDirectory()
    try Self.compileCatalogue(Self.answerLineOnly, to: root.path + "/ru")
    try crafted.write(to: root.path + "/zh_CN")
    try crafted.expectEnglish(["LANG": "ru_RU.UTF-8", "LANGUAGE": "ru::de:zh_CN", "ASK_LOCALEDIR": root.path])
  }

  @Test("An entry C ends the LANGUAGE list: a catalogue after it is never opened, and the one before it is used")
  func languageListEndsAtC() throws {
    let root = try TemporaryDirectory()
    try Self.compileCatalogue(Self.answerLineOnly, to: root.path + "/ru")
    try Crafted.fullHashTable.write(to: root.path + "/zh_CN")
    let pty = try AskSession.ask(["-t", "T", "A", "B"], stdin: .noTerminal(Array("x\n".utf8)),
                                 environment: ["LANG": "ru_RU.UTF-8", "LANGUAGE": "ru:C:zh_CN",
                                               "ASK_LOCALEDIR": root.path])
    #expect(try pty.waitForExit(timeout: 5) == 2)
    #expect(pty.stderr.hasSuffix("\nВыбор [1-2, Ctrl-D = отмена]: x\n" + Self.english), "\(pty.stderr)")
  }

  @Test("A LANGUAGE entry that is a path (gettext would open the catalogue it names) is never used: English for the whole run",
        arguments: ["../crafted", "/crafted", "ru:../crafted", "ru:/crafted"])
  func pathInLanguage(language: String) throws {
    let folder = try TemporaryDirectory()
    let root = folder.path + "/root"
    try Self.compileCatalogue(Self.answerLineOnly, to: root + "/ru")
    // glibc opens ROOT/ENTRY/LC_MESSAGES/ask.mo, an absolute entry too.
    try Crafted.fullHashTable.write(to: folder.path + "/crafted")
    try Crafted.fullHashTable.write(to: root + "/crafted")
    try Crafted.fullHashTable.expectEnglish(["LANG": "ru_RU.UTF-8", "LANGUAGE": language, "ASK_LOCALEDIR": root])
  }

  /// `plural=` 40 parentheses deep: nothing glibc cannot evaluate, but
  /// deeper than any real expression nests.
  static let deepExpression = String(repeating: "(", count: 40) + "n" + String(repeating: ")", count: 40)

  /// The expression is read as glibc reads it: the first plural= anywhere
  /// in the header, numbers wrapping in an unsigned long, every divisor.
  @Test("A plural expression that could divide by zero, or nests too deep, is not used: English",
        arguments: [
          "X-Note: plural=n/0;\\nPlural-Forms: nplurals=3; plural=n%10==1 ? 0 : 1;",
          "Plural-Forms: nplurals=2; plural=n%18446744073709551616;",
          "Plural-Forms: nplurals=2; plural=n/(0);",
          "Plural-Forms: nplurals=2; plural=n/!n;",
          "Plural-Forms: nplurals=2; plural=n%(n+1);",
          "Plural-Forms: nplurals=2; plural=\(deepExpression);",
        ])
  func unsoundPlural(header: String) throws {
    let root = try TemporaryDirectory()
    try Self.compileCatalogue(Self.pluralCatalogue(header: header), to: root.path + "/ru")
    let pty = try AskSession.ask(Self.pluralArguments, stdin: .noTerminal([]),
                                 environment: ["LANG": "ru_RU.UTF-8", "ASK_LOCALEDIR": root.path])
    #expect(try pty.waitForExit(timeout: 5) == 2)
    #expect(pty.stderr == Self.pluralEnglish)
  }

  @Test("Sound plural expressions are used, as glibc evaluates them: the form for 1",
        arguments: [
          ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", 0),
          ("nplurals=1; plural=0;", 0),
          ("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : 2);", 0),
          ("nplurals=3; plural=n==0 ? 0 : n==1 ? 1 : 2;", 1),
          ("nplurals=3; plural=n%(10)==1 ? 2 : 0;", 2),
          ("nplurals=3; plural=n / ((10)) ? 0 : 1+1;", 2),
          ("nplurals=3; plural=!n || n%18446744073709551617 > 1 ? 1 : 2 ;", 2),
        ] as [(String, Int)])
  func soundPlural(forms: String, form: Int) throws {
    let root = try TemporaryDirectory()
    try Self.compileCatalogue(Self.pluralCatalogue(header: "Plural-Forms: " + forms), to: root.path + "/ru")
    let pty = try AskSession.ask(Self.pluralArguments, stdin: .noTerminal([]),
                                 environment: ["LANG": "ru_RU.UTF-8", "ASK_LOCALEDIR": root.path])
    #expect(try pty.waitForExit(timeout: 5) == 2)
    #expect(pty.stderr == "ask: Форма \(form): '--label' 2 'plain' 1\n")
  }

  @Test("The header glibc reads is whichever original reads as \"\" its hash table finds, not only the first: each one's plural expression is checked")
  func headerAnywhere() throws {
    let root = try TemporaryDirectory()
    let messages = root.path + "/ru"
    // A second header, as the translation of "zzz"; then "zzz" made to
    // read as "" (its offset the first original's) and the hash table's
    // slot for "" (its hash is 0: slot 0) pointed at it.
    var bytes = try Self.compileCatalogue(Self.pluralCatalogue(header: "Plural-Forms: nplurals=2; plural=n!=1;") + """

      msgid "zzz"
      msgstr "Plural-Forms: nplurals=2; plural=n/0;"

      """, to: messages)
    let (count, originals) = (Self.word(bytes, 8), Self.word(bytes, 12))
    let text = { (index: Int) in
      String(decoding: bytes[Self.word(bytes, originals + 8 * index + 4)...].prefix { $0 != 0 }, as: UTF8.self)
    }
    let second = try #require((0..<count).first { text($0) == "zzz" })
    try #require(text(0) == "" && Self.word(bytes, 20) > 2)
    Self.setWord(&bytes, originals + 8 * second, 0)
    Self.setWord(&bytes, originals + 8 * second + 4, Self.word(bytes, originals + 4))
    Self.setWord(&bytes, Self.word(bytes, 24), second + 1)
    try Self.writeCatalogue(bytes, to: messages)
    let pty = try AskSession.ask(Self.pluralArguments, stdin: .noTerminal([]),
                                 environment: ["LANG": "ru_RU.UTF-8", "ASK_LOCALEDIR": root.path])
    #expect(try pty.waitForExit(timeout: 5) == 2)
    #expect(pty.stderr == Self.pluralEnglish)
  }

  /// Arguments, stdin and the error in Russian; shown in the log by the
  /// command and its stdin (the Russian would make the line too long).
  struct RussianError: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    let stdin: String
    let expected: String
    init(_ arguments: [String], _ stdin: String, _ expected: String) {
      self.arguments = arguments
      self.stdin = stdin
      self.expected = expected
    }
    var testDescription: String {
      loggedText((["ask"] + arguments).joined(separator: " ")) + (stdin.isEmpty ? "" : " < " + loggedText(stdin))
    }
  }

  @Test("Errors are translated too: a usage error, a spec error at its line and column, a rule of the alert, the system's reason",
        arguments: [
          RussianError(["--tiemout", "1"], "", "ask: Неизвестный параметр '--tiemout'. Возможно, вы имели в виду '--timeout'?\n"),
          RussianError(["--json"], "{\"title\": 3}\n",
                       "ask: Спецификация, строка 1, столбец 11: значение 'title' должно быть строкой (получено: число)\n"),
          RussianError(["A", "a"], "", "ask: Повторяющееся название кнопки «a» (совпадает с «A»)\n"),
          // The system's reason in glibc's own Russian (libc-l10n).
          RussianError(["--spec", "/ask-test-no-such-file"], "",
                       "ask: Не удаётся открыть файл спецификации «/ask-test-no-such-file»: Нет такого файла или каталога\n"),
        ])
  func russianErrors(_ error: RussianError) throws {
    let (arguments, stdin, expected) = (error.arguments, error.stdin, error.expected)
    let pty = try AskSession.ask(arguments, stdin: .noTerminal(Array(stdin.utf8)), environment: Self.russian)
    #expect(try pty.waitForExit() == 2)
    #expect(pty.stderr == expected)
  }

  // MARK: - What does not change

  @Test("Standard output is the same in every language: titles, the implied OK, text, JSON", arguments: [
    (["--print", "json", "-t", "T", "Yes", "No"], "1\n"),
    (["-t", "T"], "\n"),
    (["-s", "plain", "--print", "json"], "abc\n"),
    (["-s", "login-password", "--print", "json"], "alice\nsecret\n"),
    (["--json"], "{\"title\":\"T\",\"buttons\":[\"A\",\"B\"],\"cancel\":\"C\"}\n3\n"),
    (["-c", "Cancel", "A"], ""),
  ] as [([String], LoggedText)])
  func standardOutput(arguments: [String], stdin: LoggedText) throws {
    var outputs: [String] = []
    for environment in [["LANG": "C.UTF-8"], Self.russian, Self.chinese] {
      let pty = try AskSession.ask(arguments, stdin: .noTerminal(Array(stdin.text.utf8)), environment: environment)
      let status = try pty.waitForExit()
      outputs.append("\(status) \(pty.stdout.debugDescription)")
    }
    #expect(Set(outputs).count == 1, "\(outputs)")
  }

  @Test("--help stays English")
  func helpInEnglish() throws {
    var outputs: [String] = []
    for environment in [["LANG": "C.UTF-8"], Self.russian] {
      let pty = try AskSession.ask(["--help"], stdin: .noTerminal([]), environment: environment)
      #expect(try pty.waitForExit() == 0)
      outputs.append(pty.stdout)
    }
    #expect(outputs[0] == outputs[1])
    #expect(outputs[0].hasPrefix("Usage: ask"))
  }
}
