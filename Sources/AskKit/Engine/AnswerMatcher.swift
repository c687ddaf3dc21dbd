/// What a typed answer chooses.
package enum AnswerMatch: Equatable, Sendable {
  /// The button at this 0-based index into the alert's `buttons`.
  case button(Int)
  /// Nothing: the one-line hint to show (it never quotes a secret).
  case unrecognized(String)
  /// Show the next page of a long list (`>`, or Enter with no default).
  case nextPage
  /// Show the previous page (`<`).
  case previousPage
  /// Show these buttons (0-based screen positions), whose titles contain
  /// the answer; a filter never chooses by itself.
  case filter([Int])
}

/// Turns a typed answer into a button, in SPEC §4's order, after trimming
/// white space:
///
/// 1. a title, case-folded (``CaseFolding``: `да` chooses `Да`, `ΈΞΟΔΟΣ`
///    chooses `Έξοδος`, `STRASSE` chooses `Straße`);
/// 2. else a number 1…N as shown on screen;
/// 3. else a case-folded prefix of exactly one title — unless that title is
///    the destructive button's, which needs its full title or number;
/// 4. else, in a long list (more than 7 buttons), a filter: the buttons
///    whose title contains the answer, case-folded;
/// 5. else a hint.
///
/// Titles are compared trimmed, as answers are. Prefixes and filters
/// compare folded text by Unicode scalars (SPEC §10), so `हिन` chooses
/// `हिन्दी` though it ends inside a grapheme cluster. An empty answer
/// chooses the default button; with none it turns the page of a list of
/// several pages, or gets a hint. `>` and `<` turn pages. With
/// `-d Delete Defer`: `De` is ambiguous, `Def` chooses Defer, `Del` only
/// gets a hint.
package enum AnswerMatcher {
  /// Matches `answer` against `alert` (validated), whose list has
  /// `pageCount` pages and `filters` when long; see the type's rules.
  package static func match(_ answer: String, in alert: Alert, pageCount: Int = 1,
                           filters: Bool = false) -> AnswerMatch {
    let typed = TerminalText.trimmed(answer)
    let count = alert.buttons.count
    // A text style with only its implied buttons has nothing to number.
    guard count > 0 else { return .unrecognized("There is no button to choose.") }
    let range = count == 1 ? "1" : "a number from 1 to \(count)"
    if typed.isEmpty {
      if let index = alert.defaultButtonIndex { return .button(index) }
      if pageCount > 1 { return .nextPage }
      return .unrecognized("There is no default button: type \(range) or a title.")
    }
    // Each title folded once per answer, for all the rules below.
    let folded = CaseFolding.folded(String(typed))
    let titles = alert.buttons.map { $0.foldedTitle }  // a closure: a key path is slow
    if let index = titles.firstIndex(of: folded) { return .button(index) }
    let order = alert.screenOrder
    if let number = Int(typed), number >= 1, number <= count {
      return .button(order[number - 1])
    }
    if pageCount > 1 && (typed == ">" || typed == "<") { return typed == ">" ? .nextPage : .previousPage }
    let shown = TerminalText.shortened(String(typed))
    let candidates = order.filter { CaseFolding.hasPrefix(titles[$0], folded) }
    if filters && candidates.count != 1 {
      let positions = order.indices.filter { CaseFolding.contains(titles[order[$0]], folded) }
      if !positions.isEmpty { return .filter(positions) }
    }
    switch candidates.count {
    case 0:
      return .unrecognized("No button matches '\(shown)': type \(range) or a title.")
    case 1 where alert.buttons[candidates[0]].role == .destructive:
      let title = TerminalText.visible(alert.buttons[candidates[0]].title)
      let number = alert.number(ofButtonAt: candidates[0])
      return .unrecognized(
        "'\(shown)' is only the start of '\(title)': type the whole title or \(number) to choose it.")
    case 1:
      return .button(candidates[0])
    default:
      let titles = candidates.map { TerminalText.visible(alert.buttons[$0].title) }
      return .unrecognized(
        "'\(shown)' matches \(list(titles)): type more of the title or its number.")
    }
  }

  /// Tab completion: the completion of `typed` (the text before the cursor)
  /// among `titles`, case-folded as answers are: the one title it starts,
  /// or the longest start that all the titles it starts share, folded and
  /// compared by scalars (`isAmbiguous` then true); `nil` when no title
  /// starts with it. The text is a title's own — the first such title, in
  /// NFC when only a start of it — never the folded text; it is `typed`
  /// itself when it would add nothing (`s` among `ßa` and `sb`).
  package static func complete(_ typed: String, among titles: [String])
    -> (text: String, isAmbiguous: Bool)? {
    let start = CaseFolding.folded(typed)
    let matches = self.matches(of: start, among: titles)
    guard let (first, firstFolded) = matches.first else { return nil }
    // The common start in UTF-8 bytes, then back to the last whole scalar.
    var common = Array(firstFolded.utf8)
    for (_, folded) in matches.dropFirst() {
      common.removeSubrange(zip(common, folded.utf8).prefix { $0 == $1 }.count...)
    }
    if let lead = common.lastIndex(where: { $0 & 0xC0 != 0x80 }) {
      let byte = common[lead]
      let width = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
      if lead + width > common.count { common.removeSubrange(lead...) }
    }
    if matches.count == 1 || common.count == firstFolded.utf8.count {
      if firstFolded.utf8.count > start.utf8.count { return (first, matches.count > 1) }
      return (typed, matches.count > 1)
    }
    let completion = CaseFolding.start(of: first, foldingToAtMost: common.count)
    return (completion.foldedLength > start.utf8.count ? completion.text : typed, matches.count > 1)
  }

  /// The titles that `typed` starts, case-folded as answers are, in order:
  /// the candidates Tab lists when it cannot complete more.
  package static func titles(startingWith typed: String, among titles: [String]) -> [String] {
    matches(of: CaseFolding.folded(typed), among: titles).map(\.title)
  }

  /// The titles whose folding starts with the folded `start`, with that
  /// folding.
  private static func matches(of start: String, among titles: [String])
    -> [(title: String, folded: String)] {
    titles.compactMap { title in
      let folded = CaseFolding.folded(title)
      return CaseFolding.hasPrefix(folded, start) ? (title, folded) : nil
    }
  }

  private static func list(_ titles: [String]) -> String {
    let shown = titles.prefix(4).map { "'\($0)'" }
    let more = titles.count > 4 ? " and \(titles.count - 4) more" : ""
    if shown.count == 2 && more.isEmpty { return shown.joined(separator: " and ") }
    return shown.joined(separator: ", ") + more
  }
}
