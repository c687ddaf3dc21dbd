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
/// 1. a title, case-folded with `lowercased()` (`да` chooses `Да`);
/// 2. else a number 1…N as shown on screen;
/// 3. else a case-folded prefix of exactly one title — unless that title is
///    the destructive button's, which needs its full title or number;
/// 4. else, in a long list (more than 7 buttons), a filter: the buttons
///    whose title contains the answer, case-folded;
/// 5. else a hint.
///
/// Titles are compared trimmed, as answers are. An empty answer chooses the
/// default button; with none it turns the page of a list of several pages,
/// or gets a hint. `>` and `<` turn pages. With `-d Delete Defer`: `De` is ambiguous, `Def` chooses Defer,
/// `Del` only gets a hint.
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
    let folded = typed.lowercased()
    if let index = alert.buttonIndex(titled: String(typed)) { return .button(index) }
    let order = alert.screenOrder
    if let number = Int(typed), number >= 1, number <= count {
      return .button(order[number - 1])
    }
    if pageCount > 1 && (typed == ">" || typed == "<") { return typed == ">" ? .nextPage : .previousPage }
    let shown = TerminalText.shortened(String(typed))
    let candidates = order.filter { alert.buttons[$0].foldedTitle.hasPrefix(folded) }
    if filters && candidates.count != 1 {
      let positions = order.indices.filter { alert.buttons[order[$0]].foldedTitle.contains(folded) }
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
  /// among `titles`, case-folded: the one title it starts, or the longest
  /// common start of several (`isAmbiguous` then true); `nil` when no title
  /// starts with it.
  package static func complete(_ typed: String, among titles: [String])
    -> (text: String, isAmbiguous: Bool)? {
    let folded = typed.lowercased()
    let matches = titles.filter { $0.lowercased().hasPrefix(folded) }
    guard var common = matches.first.map(Array.init) else { return nil }
    for title in matches.dropFirst() {
      let other = Array(title)
      var n = 0
      while n < common.count, n < other.count,
            String(common[n]).lowercased() == String(other[n]).lowercased() { n += 1 }
      common.removeSubrange(n...)
    }
    // Keep what was typed when the common start is no longer than it.
    let text = common.count > typed.count ? String(common) : typed
    return (text, matches.count > 1)
  }

  private static func list(_ titles: [String]) -> String {
    let shown = titles.prefix(4).map { "'\($0)'" }
    let more = titles.count > 4 ? " and \(titles.count - 4) more" : ""
    if shown.count == 2 && more.isEmpty { return shown.joined(separator: " and ") }
    return shown.joined(separator: ", ") + more
  }
}
