import AskTestSupport
import Testing
@testable import AskCore

@Suite("Answering in SPEC §4's order")
struct AnswerMatcherTests {
  /// `-d Delete Defer Deploy -c Cancel` on screen: 1 Delete, 2 Defer,
  /// 3 Deploy, 4 Cancel.
  static let alert = try! Alert(buttons: [
    Button("Delete", role: .destructive), Button("Defer"), Button("Deploy"),
    Button("Cancel", role: .cancel),
  ]).validated()

  @Test("Answers choose the expected button", arguments: [
    ("Defer", 1), ("defer", 1), ("  DEFER  ", 1), ("1", 0), ("4", 3), ("Def", 1),
    ("depl", 2), ("c", 3), ("Delete", 0), ("delete", 0), ("2\r", 1),
  ])
  func chooses(answer: LoggedText, index: Int) {
    #expect(AnswerMatcher.match(answer.text, in: Self.alert) == .button(index))
  }

  @Test("A prefix never chooses the destructive button")
  func destructivePrefix() {
    #expect(AnswerMatcher.match("Del", in: Self.alert) == .unrecognized(
      "'Del' is only the start of 'Delete': type the whole title or 1 to choose it."))
  }

  @Test("A prefix of several titles is ambiguous, the destructive one included")
  func ambiguous() {
    #expect(AnswerMatcher.match("De", in: Self.alert) == .unrecognized(
      "'De' matches 'Delete', 'Defer', 'Deploy': type more of the title or its number."))
  }

  @Test("Unknown answers, numbers out of range and empty answers without a default get hints",
        arguments: [
    ("9", "No button matches '9': type a number from 1 to 4 or a title."),
    ("0", "No button matches '0': type a number from 1 to 4 or a title."),
    ("x\u{1B}]0;t\u{07}", "No button matches 'x^[]0;t^G': type a number from 1 to 4 or a title."),
    ("", "There is no default button: type a number from 1 to 4 or a title."),
  ])
  func hints(answer: LoggedText, hint: String) {
    #expect(AnswerMatcher.match(answer.text, in: Self.alert) == .unrecognized(hint))
  }

  @Test("An empty answer chooses the default")
  func emptyChoosesDefault() throws {
    let alert = try Alert(buttons: [Button("A"), Button("B", isDefault: true)]).validated()
    #expect(AnswerMatcher.match("", in: alert) == .button(1))
    #expect(AnswerMatcher.match("   ", in: alert) == .button(1))
  }

  @Test("Titles are case-folded in any script: да chooses Да")
  func cyrillic() throws {
    let alert = try Alert(buttons: [Button("Да"), Button("Нет", role: .cancel)]).validated()
    #expect(AnswerMatcher.match("да", in: alert) == .button(0))
    #expect(AnswerMatcher.match("НЕ", in: alert) == .button(1))
    #expect(AnswerMatcher.match("н", in: alert) == .button(1))
  }

  @Test("Titles match in full case folding after NFC: final sigma, ß, any composition",
        arguments: [
    ("ΈΞΟΔΟΣ", ["Έξοδος", "Αρχή"], 0),
    ("ΤΈΛΟΣ", ["Τέλος", "Αρχή"], 0),
    ("τέλοσ", ["Τέλος", "Αρχή"], 0),
    ("STRASSE", ["Straße", "Weg"], 0),
    ("straße", ["STRASSE", "Weg"], 0),
    ("Strasse", ["Weg", "STRAẞE"], 1),                  // capital sharp s
    ("cafe\u{301}", ["Café", "Tee"], 0),               // decomposed answer, precomposed title
    ("CAFÉ", ["Cafe\u{301}", "Tee"], 0),               // and the other way round
    ("да", ["Да", "Нет"], 0),
    ("ﬁle", ["File", "Edit"], 0),                      // the fi ligature
  ])
  func fullCaseFolding(answer: String, titles: [String], index: Int) throws {
    let alert = try Alert(buttons: titles.map { Button($0) }).validated()
    #expect(AnswerMatcher.match(answer, in: alert) == .button(index))
  }

  @Test("Titles are matched with their invisible characters left out, in the title and in the answer",
        arguments: [
    ("Software", ["Soft\u{AD}ware", "Hardware"], 0),       // soft hyphen in the title
    ("SOFT\u{AD}WARE", ["Software", "Hardware"], 0),       // and in the answer
    ("soft\u{AD}", ["Soft\u{AD}ware", "Hardware"], 0),     // a prefix of the title
    ("hard", ["Soft\u{200B}ware", "Hard\u{E0041}ware"], 1),  // a tag character
    ("ok\u{200D}", ["OK", "Cancel"], 0),
  ] as [(LoggedText, [LoggedText], Int)])
  func invisibleCharacters(answer: LoggedText, titles: [LoggedText], index: Int) throws {
    let alert = try Alert(buttons: titles.map { Button($0.text) }).validated()
    #expect(AnswerMatcher.match(answer.text, in: alert) == .button(index))
    let (indexed, titleIndex) = try alert.validatedIndexing()
    #expect(AnswerMatcher.match(answer.text, in: indexed, titles: titleIndex) == .button(index))
  }

  @Test("An answer of only invisible characters is an empty answer: the default, never a prefix of every title")
  func invisibleAnswer() throws {
    let alert = try Alert(buttons: [Button("Only")]).validated()
    #expect(AnswerMatcher.match("\u{200B}", in: alert) == .unrecognized(
      "There is no default button: type 1 or a title."))
    let withDefault = try Alert(buttons: [Button("A"), Button("B", isDefault: true)]).validated()
    #expect(AnswerMatcher.match("\u{AD}\u{200B}", in: withDefault) == .button(1))
  }

  @Test("A prefix counts by Unicode scalars, after folding, even inside a grapheme cluster",
        arguments: [
    ("हिन", ["हिन्दी", "English"], 0),                   // ends before the virama of न्
    ("हिन्द", ["हिन्दी", "English"], 0),                  // ends inside the conjunct न्दी
    ("👩", ["👩‍👩‍👧 Family", "Solo"], 0),               // the first scalar of a ZWJ sequence
    ("STRAS", ["Straße Nord", "Weg"], 0),              // half of the ss that ß folds to
    ("ΈΞΟΔ", ["Έξοδος", "Αρχή"], 0),
    ("cafe", ["Café au lait", "Tee"], 1),              // NFC: é is one scalar, so no
  ])
  func scalarPrefixes(answer: String, titles: [String], index: Int) throws {
    let alert = try Alert(buttons: titles.map { Button($0) }).validated()
    let expected: AnswerMatch = answer == "cafe"
      ? .unrecognized("No button matches 'cafe': type a number from 1 to 2 or a title.")
      : .button(index)
    #expect(AnswerMatcher.match(answer, in: alert) == expected)
  }

  @Test("A long list filters by folded scalars: SS finds ß, न्द finds हिन्दी, ΟΣ finds ος", arguments: [
    ("SS", [0, 1]), ("न्द", [7]), ("ΟΣ", [6]),
  ])
  func foldedFilter(answer: String, positions: [Int]) throws {
    let alert = try Alert(buttons: ["Straße", "Gasse", "Platz", "Weg", "Allee", "Ring", "Έξοδος",
                                    "हिन्दी"].map { Button($0) }).validated()
    #expect(AnswerMatcher.match(answer, in: alert, filters: true) == .filter(positions))
  }

  @Test("A title that is a number is matched as a title before numbers")
  func numericTitles() throws {
    let alert = try Alert(buttons: [Button("2"), Button("1")]).validated()
    #expect(AnswerMatcher.match("2", in: alert) == .button(0))
  }

  @Test("Tab completes one title, or the common start of several and says so", arguments: [
    ("neg", ["Destroy", "Negotiate", "Compromise"], "Negotiate", false),
    ("De", ["Delete", "Defer", "Deploy"], "De", true),
    ("d", ["Delete", "Defer"], "De", true),
    ("у", ["Удалить", "Отмена"], "Удалить", false),
  ])
  func completion(typed: String, titles: [String], text: String, ambiguous: Bool) {
    let result = AnswerMatcher.complete(typed, among: titles)
    #expect(result?.text == text)
    #expect(result?.isAmbiguous == ambiguous)
  }

  @Test("Tab completes folded text with the title's own text", arguments: [
    ("STRA", ["Straße", "Weg"], "Straße", false),
    ("ΈΞ", ["Έξοδος", "Αρχή"], "Έξοδος", false),
    ("strasse n", ["Straße Nord", "Straße Süd"], "Straße Nord", false),
    ("stras", ["Straße", "Strassenbahn"], "Straße", true),      // the common start, folded, is strasse
    ("हि", ["हिन्दी", "हिन्दुस्तानी"], "हिन्द", true),           // a common start inside a cluster
    ("ca", ["Cafe\u{301}", "Tee"], "Cafe\u{301}", false),     // a title as given, not its NFC
    ("cafe\u{301}", ["Café crème", "Tee"], "Café crème", false),
    ("s", ["ßa", "sb"], "s", true),                           // ß is not half an s: nothing to add
  ])
  func foldedCompletion(typed: String, titles: [String], text: String, ambiguous: Bool) {
    let result = AnswerMatcher.complete(typed, among: titles)
    #expect(result.map { Array($0.text.unicodeScalars) } == Array(text.unicodeScalars))
    #expect(result?.isAmbiguous == ambiguous)
  }

  @Test("Tab completes as answers match, with invisible characters left out of titles and of what was typed: a unique title whole, a common start without them",
        arguments: AlertValidationTests.invisibles)
  func invisibleCompletion(_ invisible: LoggedScalar) {
    let title = "Sa\(invisible.text)ve"
    let whole = AnswerMatcher.complete("sav", among: [title, "Quit"])
    #expect(whole.map { Array($0.text.unicodeScalars) } == Array(title.unicodeScalars))
    #expect(whole?.isAmbiguous == false)
    let typed = AnswerMatcher.complete("s\(invisible.text)a", among: ["Save", "Quit"])
    #expect(typed?.text == "Save")
    let common = AnswerMatcher.complete("s", among: [title, "Sa\(invisible.text)vor"])
    #expect(common?.text == "Sav")
    #expect(common?.isAmbiguous == true)
    #expect(AnswerMatcher.titles(startingWith: "sav", among: [title, "Quit"]) == [title])
  }

  @Test("A text style with no buttons of its own gets a hint for any number, never a trap",
        arguments: ["3", "1", "0", "OK"])
  func noButtons(answer: String) throws {
    var alert = Alert(title: "Unlock")
    alert.style = .secureTextInput()
    let validated = try alert.validated()
    #expect(validated.buttons.isEmpty)
    #expect(AnswerMatcher.match(answer, in: validated) == .unrecognized("There is no button to choose."))
  }

  @Test("Tab with no matching title completes nothing")
  func noCompletion() {
    #expect(AnswerMatcher.complete("zz", among: ["A", "B"]) == nil)
  }
}
