import AskTestSupport
import Testing
@testable import AskCore

/// The hashed index of folded titles (duplicates, exact answers) and the
/// other short cuts big lists take: each must agree with the slow way.
@Suite("The title index and the big-list short cuts")
struct TitleIndexTests {
  /// Titles that take the ASCII short cut and titles that do not: capitals,
  /// white space at an end, controls, DEL, beyond ASCII, decomposed forms.
  static let titles = [
    "Item 000001", "ITEM", "item", "a", "Z", " padded ", "\tTab", "x\u{7F}", "x\u{1B}[2J", "Straße", "STRASSE",
    "e\u{301}cole", "\u{E9}cole", "ÉCOLE", "ΈΞΟΔΟΣ", "\u{212A}elvin", "Kelvin", "日本語", "👍🏽", "~!@#$%^&*()_+", "",
  ]

  @Test("A title's hash as folded is the hash of its folded text, whether or not it takes the ASCII short cut",
        arguments: titles.map { LoggedText($0) })
  func foldedHash(title: LoggedText) {
    #expect(TitleIndex.foldedHash(of: title.text) == TitleIndex.hash(Button.fold(title.text)))
  }

  @Test("Texts that are equal as Swift compares them (canonically equivalent) hash alike")
  func canonicalHash() {
    #expect(TitleIndex.hash("e\u{301}") == TitleIndex.hash("\u{E9}"))
    #expect(TitleIndex.hash("\u{212B}") == TitleIndex.hash("\u{C5}"))  // ANGSTROM SIGN, Å
    #expect(TitleIndex.hash("ab") != TitleIndex.hash("ba"))
  }

  @Test("The first duplicate among folded titles is found with the title it repeats", arguments: [
    (["Alpha", "Beta", "ALPHA"], [2, 0]), (["Straße", "x", "STRASSE"], [2, 0]), (["école", "e\u{301}cole"], [1, 0]),
    ([" a", "A "], [1, 0]), (["Kelvin", "\u{212A}elvin"], [1, 0]), (["a", "b", "c"], nil), ([], nil),
    (["Item 1", "Item 2", "item 2", "ITEM 1"], [2, 1]),
  ] as [([String], [Int]?)])
  func duplicates(titles: [String], expected: [Int]?) throws {
    let index = try TitleIndex(count: titles.count) { titles[$0] }
    #expect(index.firstDuplicate.map { [$0.duplicate, $0.first] } == expected)
    // The slow way: the first whose folding equals an earlier one's.
    let folded = titles.map(Button.fold)
    let slow = folded.indices.lazy.compactMap { i in folded[..<i].firstIndex(of: folded[i]).map { [i, $0] } }.first
    #expect(slow == expected)
  }

  @Test("Every title is found by its folding, typed in any case or form; others are not found")
  func lookUp() throws {
    let titles = (1...5000).map { "Item \($0)" } + ["Straße", "école", "日本語", " Padded"]
    let index = try TitleIndex(count: titles.count) { titles[$0] }
    #expect(index.firstDuplicate == nil)
    for position in titles.indices {
      #expect(index.index(ofKey: Button.fold(titles[position].uppercased()), title: { titles[$0] }) == position)
    }
    for typed in ["STRASSE", "E\u{301}COLE", "padded"] {
      #expect(index.index(ofKey: Button.fold(typed), title: { titles[$0] }) != nil)
    }
    for typed in ["Item 0", "Item 5001", "item", "", "日本"] {
      #expect(index.index(ofKey: Button.fold(typed), title: { titles[$0] }) == nil)
    }
  }

  @Test("Without folding, keys are compared as they are")
  func exactKeys() throws {
    let keys = ["a", "A", "b"]
    let index = try TitleIndex(count: keys.count, folds: false) { keys[$0] }
    #expect(index.firstDuplicate == nil)
    #expect(index.index(ofKey: "A", title: { keys[$0] }) == 1)
    #expect(index.index(ofKey: "B", title: { keys[$0] }) == nil)
  }

  /// Buttons that break rules, and the message of the one reported; shown
  /// in the log by that message.
  struct RuleCase: CustomTestStringConvertible, Sendable {
    let buttons: [Button]
    let message: String
    var testDescription: String { loggedText(message) }
  }

  @Test("Validation reports an empty title or a NUL before a duplicate that comes earlier", arguments: [
    RuleCase(buttons: [Button("a"), Button("A"), Button(" ")], message: "Button 3 has an empty title"),
    RuleCase(buttons: [Button("a"), Button("A"), Button("n\u{0}")], message: "Button 3's title 'n^@' holds a NUL character"),
    RuleCase(buttons: [Button("n\u{0}"), Button(""), Button("b")], message: "Button 2 has an empty title"),
  ])
  func ruleOrder(_ rule: RuleCase) {
    #expect(throws: AskError.invalidAlert(rule.message)) { try Alert(buttons: rule.buttons).validated() }
  }

  @Test("A title's visible width is the display width of its visible text", arguments: titles.map { LoggedText($0) })
  func visibleWidth(title: LoggedText) {
    #expect(TerminalText.visibleWidth(title.text) == TerminalText.displayWidth(TerminalText.visible(title.text)))
  }

  @Test("The screen order numbers each button as the alert does, with the cancel button anywhere")
  func numbers() throws {
    for cancel in [nil, 0, 3, 6] as [Int?] {
      let buttons = (0..<7).map { (index: Int) in Button("B\(index)", role: index == cancel ? .cancel : .other) }
      let alert = try Alert(buttons: buttons).validated()
      let order = alert.screenOrder
      for index in buttons.indices {
        #expect(order.number(ofButtonAt: index) == alert.number(ofButtonAt: index))
        #expect(order[order.number(ofButtonAt: index) - 1] == index)
        #expect(PromptResult.chose(index, in: alert, order: order) == PromptResult.chose(index, in: alert))
      }
      #expect(PromptResult.endOfInput(in: alert, order: order) == PromptResult.endOfInput(in: alert))
    }
  }

  @Test("Answers match the same with the presenter's index and order as without", arguments: [
    "item 7", "ITEM 12", "3", "Item 1", "m 1", "straße", "zz", "", ">", "DEL",
  ])
  func matcherAgrees(answer: String) throws {
    let titles = (1...40).map { "Item \($0)" } + ["STRASSE", "Delete"]
    let buttons = titles.map { Button($0, role: $0 == "Delete" ? .destructive : .other) } + [Button("Close", role: .cancel)]
    let (alert, index) = try Alert(buttons: buttons).validatedIndexing()
    let fast = AnswerMatcher.match(answer, in: alert, titles: index, order: alert.screenOrder, pageCount: 2, filters: true)
    #expect(fast == AnswerMatcher.match(answer, in: alert, pageCount: 2, filters: true))
  }

  @Test("A filter's byte comparison agrees with folding the title and comparing by scalars", arguments: [
    "item", "m 0", "000001", "I", "e", "ß", "ss", "strasse", "école", "\u{301}", "日本", "👍", "~!@", " ", "x\u{7F}", "padded",
  ])
  func find(typed: LoggedText) {
    var needle = CaseFolding.folded(typed.text)
    for title in Self.titles {
      let folded = Button.fold(title)
      let expected = (CaseFolding.hasPrefix(folded, needle),
                      !CaseFolding.hasPrefix(folded, needle) && CaseFolding.contains(folded, needle))
      let found = needle.withUTF8 { AnswerMatcher.find($0, in: title, anywhere: true) }
      #expect(found == expected, "\(title.debugDescription)")
      let prefixOnly = needle.withUTF8 { AnswerMatcher.find($0, in: title, anywhere: false) }
      #expect(prefixOnly == (expected.0, false))
    }
  }

  @Test("Tab completes the alert's titles in screen order, listed only when asked")
  func completions() throws {
    let alert = try Alert(buttons: [Button("Close", role: .cancel), Button("Open"), Button("Opal")]).validated()
    var request = LineRequest(prompt: "P: ", completions: ["extra"])
    request.completingButtons = AlertReference(alert)
    #expect(request.allCompletions == ["extra", "Open", "Opal", "Close"])
    #expect(LineRequest(prompt: "P: ", completions: ["a"]).allCompletions == ["a"])
  }
}
