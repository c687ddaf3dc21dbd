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
/// Titles are compared trimmed and with their default-ignorable code points
/// left out (SPEC §1), as answers are. Prefixes and filters
/// compare folded text by Unicode scalars (SPEC §10), so `हिन` chooses
/// `हिन्दी` though it ends inside a grapheme cluster. An empty answer
/// chooses the default button; with none it turns the page of a list of
/// several pages, or gets a hint. `>` and `<` turn pages. With
/// `-d Delete Defer`: `De` is ambiguous, `Def` chooses Defer, `Del` only
/// gets a hint.
package enum AnswerMatcher {
  /// Matches `answer` against `alert` (validated), whose list has
  /// `pageCount` pages and `filters` when long; see the type's rules.
  /// `titles` indexes the buttons' ``Button/foldedTitle``s when the caller
  /// keeps it (the presenter has it from ``Alert/validatedIndexing()``: a
  /// million titles are folded once, and a title or a number is found
  /// without a pass over them), and `order` the alert's ``Alert/screenOrder``
  /// (finding its cancel button is a pass too). A terminating signal pending stops the
  /// scans of a long list early, with an empty hint that is never drawn
  /// (the signal ends the prompt first).
  package static func match(_ answer: String, in alert: Alert, order: ScreenOrder? = nil, pageCount: Int = 1,
                           filters: Bool = false) -> AnswerMatch {
    match(answer, in: alert, titles: { try? TitleIndex(count: alert.buttonList.count) { alert.buttonList.title(at: $0) } },
          order: order, pageCount: pageCount, filters: filters)
  }

  /// ``match(_:in:order:pageCount:filters:)`` with the caller's `titles`.
  package static func match(_ answer: String, in alert: Alert, titles: TitleIndex, order: ScreenOrder? = nil,
                           pageCount: Int = 1, filters: Bool = false) -> AnswerMatch {
    // Not a `TitleIndex?` with nil for none: a copy of one went through
    // that type's metadata, which the runtime then set up (30 k
    // instructions, with every Optional the standard library
    // prespecializes) after every answer.
    match(answer, in: alert, titles: { titles }, order: order, pageCount: pageCount, filters: filters)
  }

  /// The matching itself; `titles` is called only when an answer is to be
  /// looked up, and gives `nil` when a signal stopped its building.
  private static func match(_ answer: String, in alert: Alert, titles: () -> TitleIndex?, order: ScreenOrder?,
                            pageCount: Int, filters: Bool) -> AnswerMatch {
    let typed = TerminalText.trimmed(answer)
    let count = alert.buttonList.count
    // A text style with only its implied buttons has nothing to number.
    guard count > 0 else { return .unrecognized(localized("There is no button to choose.")) }
    // TRANSLATORS: what to type, inside the hints "…: type %s or a title.";
    // %d is the number of buttons (2 or more).
    let range = count == 1 ? "1" : localized("a number from 1 to %d", String(count))
    // The answer folded once, for all the rules below, as titles are
    // (``Button/foldedTitle``: `Software` chooses `Soft` U+00AD `ware`); one
    // of only invisible characters is an empty answer. The titles are
    // folded as they are compared (none of them for a title or a number).
    let folded = typed.isEmpty ? "" : Button.fold(String(typed))
    if folded.isEmpty {
      if let index = alert.defaultButtonIndex { return .button(index) }
      if pageCount > 1 { return .nextPage }
      // TRANSLATORS: the hint after an empty answer; %s is "1" or "a number
      // from 1 to N".
      return .unrecognized(localized("There is no default button: type %s or a title.", range))
    }
    let buttons = alert.buttonList
    // Made here only for a caller without one (a library's own use).
    guard let index = titles() else {
      return .unrecognized("")  // a signal stopped it: never drawn
    }
    if let exact = index.index(ofKey: folded, title: { buttons.title(at: $0) }) { return .button(exact) }
    let order = order ?? alert.screenOrder
    if let number = Int(typed), number >= 1, number <= count {
      return .button(order[number - 1])
    }
    if pageCount > 1 && (typed == ">" || typed == "<") { return typed == ">" ? .nextPage : .previousPage }
    let shown = TerminalText.shortened(String(typed))
    // One pass: the titles the answer starts, and (a long list) those it
    // is in, compared as folded bytes; a printable-ASCII title is folded
    // as it is compared, the others once each (a million titles answer a
    // filter in a fraction of a second).
    var candidates: [Int] = []
    var positions: [Int] = []
    var needle = folded
    let scanned = needle.withUTF8 { needle in
      scan(order.count) { position in
        let index = order[position]
        let (starts, contains) = Self.find(needle, in: buttons.title(at: index), anywhere: filters)
        if starts { candidates.append(index) }
        if starts || contains { positions.append(position) }
      }
    }
    guard scanned else { return .unrecognized("") }
    if filters && candidates.count != 1 && !positions.isEmpty { return .filter(positions) }
    switch candidates.count {
    case 0:
      // TRANSLATORS: the hint after an answer that is no title: %1$s is the
      // answer, %2$s "1" or "a number from 1 to N".
      return .unrecognized(localized("No button matches '%s': type %s or a title.", shown, range))
    case 1 where alert.buttonList.role(at: candidates[0]) == .destructive:
      let title = TerminalText.visible(alert.buttonList.title(at: candidates[0]))
      let number = order.number(ofButtonAt: candidates[0])
      // TRANSLATORS: the hint after the start of a destructive button's
      // title (never chosen by a prefix): %1$s the answer, %2$s the title,
      // %3$d its number.
      return .unrecognized(localized("'%s' is only the start of '%s': type the whole title or %d to choose it.",
                                     shown, title, String(number)))
    case 1:
      return .button(candidates[0])
    default:
      let titles = candidates.prefix(4).map { TerminalText.visible(alert.buttonList.title(at: $0)) }
      // TRANSLATORS: the hint after an answer that starts several titles:
      // %1$s the answer, %2$s the list of titles ("'Alpha', 'Alps' and 3
      // more").
      return .unrecognized(localized("'%s' matches %s: type more of the title or its number.",
                                     shown, list(titles, of: candidates.count)))
    }
  }

  /// Whether `title`'s ``Button/foldedTitle`` starts with `needle` (folded
  /// UTF-8) and, when `anywhere`, whether it holds it elsewhere: scalar by
  /// scalar, as ``CaseFolding/hasPrefix(_:_:)`` and
  /// ``CaseFolding/contains(_:_:)``. A printable-ASCII title with nothing
  /// to trim is compared byte by byte with `A`–`Z` as `a`–`z` (its folding),
  /// never made into folded text.
  static func find(_ needle: UnsafeBufferPointer<UInt8>, in title: String, anywhere: Bool)
    -> (starts: Bool, contains: Bool) {
    let ascii: (Bool, Bool)? = title.utf8Span.span.withUnsafeBufferPointer { bytes in
      guard let first = bytes.first, let last = bytes.last, first &- 0x21 < 0x5E, last &- 0x21 < 0x5E else {
        return nil
      }
      for byte in bytes where byte &- 0x20 >= 0x5F { return nil }
      return Self.find(needle, inFolding: bytes, anywhere: anywhere) { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
    }
    if let ascii { return ascii }
    var folded = Button.fold(title)
    return folded.withUTF8 { Self.find(needle, inFolding: $0, anywhere: anywhere) { $0 } }
  }

  /// `find` on the bytes `fold` makes of `bytes` one by one.
  @inline(__always)
  private static func find(_ needle: UnsafeBufferPointer<UInt8>, inFolding bytes: UnsafeBufferPointer<UInt8>,
                           anywhere: Bool, _ fold: (UInt8) -> UInt8) -> (starts: Bool, contains: Bool) {
    let (count, length) = (bytes.count, needle.count)
    guard length <= count else { return (false, false) }
    guard length > 0 else { return (true, false) }
    func matches(at start: Int) -> Bool {
      var offset = 0
      while offset < length && fold(bytes[start + offset]) == needle[offset] { offset += 1 }
      return offset == length
    }
    if matches(at: 0) { return (true, false) }
    guard anywhere else { return (false, false) }
    let lead = needle[0]
    var start = 1
    while start <= count - length {
      if fold(bytes[start]) == lead && matches(at: start) { return (false, true) }
      start += 1
    }
    return (false, false)
  }

  /// Calls `body` for 0..<count (``Interruption/forEach(_:by:_:)``); false
  /// when a pending signal stopped it.
  private static func scan(_ count: Int, _ body: (Int) -> Void) -> Bool {
    (try? Interruption.forEach(0..<count) { body($0); return true }) != nil
  }

  /// Tab completion: the completion of `typed` (the text before the cursor)
  /// among `titles`, case-folded and with default-ignorable code points
  /// left out as answers are (`sav` completes `Sa` U+00AD `ve`): the one title it starts,
  /// or the longest start that all the titles it starts share, folded and
  /// compared by scalars (`isAmbiguous` then true); `nil` when no title
  /// starts with it. The text is a title's own — the first such title, in
  /// NFC when only a start of it — never the folded text; it is `typed`
  /// itself when it would add nothing (`s` among `ßa` and `sb`).
  package static func complete(_ typed: String, among titles: [String])
    -> (text: String, isAmbiguous: Bool)? {
    let start = visibleFolded(typed)
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
    // The start is measured on what was matched: the title without its
    // invisible characters.
    let completion = CaseFolding.start(of: TerminalText.withoutIgnorables(first), foldingToAtMost: common.count)
    return (completion.foldedLength > start.utf8.count ? completion.text : typed, matches.count > 1)
  }

  /// The titles that `typed` starts, case-folded as answers are, in order:
  /// the candidates Tab lists when it cannot complete more.
  package static func titles(startingWith typed: String, among titles: [String]) -> [String] {
    matches(of: visibleFolded(typed), among: titles).map(\.title)
  }

  /// `text` case-folded without its default-ignorable code points, as a
  /// title and an answer are compared, but not trimmed: the text before
  /// the cursor keeps its spaces (`strasse n`).
  private static func visibleFolded(_ text: String) -> String {
    CaseFolding.folded(TerminalText.withoutIgnorables(text))
  }

  /// The titles whose visible folding starts with the folded `start`, with
  /// that folding.
  private static func matches(of start: String, among titles: [String])
    -> [(title: String, folded: String)] {
    titles.compactMap { title in
      let folded = visibleFolded(title)
      return CaseFolding.hasPrefix(folded, start) ? (title, folded) : nil
    }
  }

  /// The first titles of `count` (at most 4 given), quoted: `'a', 'b', 'c',
  /// 'd' and 6 more`.
  private static func list(_ titles: [String], of count: Int) -> String {
    // TRANSLATORS: a button title in quotes, in a list of the titles an
    // answer starts ("'Alpha', 'Alps' and 3 more").
    let shown = titles.prefix(4).map { localized("'%s'", $0) }
    // TRANSLATORS: two titles, each already in quotes: "'Alpha' and 'Alps'".
    if shown.count == 2 && count == 2 { return localized("%s and %s", shown[0], shown[1]) }
    // TRANSLATORS: between the titles of a list: "'Alpha', 'Alps', 'Altai'".
    let joined = shown.joined(separator: localized(", "))
    guard count > 4 else { return joined }
    // TRANSLATORS: %1$s is four titles in quotes, joined; %2$d how many
    // more titles match.
    return localized("%s and %d more", plural: "%s and %d more", count: count - 4, joined, String(count - 4))
  }
}
