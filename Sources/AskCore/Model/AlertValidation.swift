extension Alert {
  /// The title of the button implied when an alert has none, and of the
  /// submit a text style implies.
  package static let impliedButtonTitle = "OK"
  /// The title of the cancel a text style implies (Ctrl-D on an empty field).
  package static let impliedCancelTitle = "Cancel"

  /// Checks the alert's rules and returns it ready to present:
  /// with no buttons at all it gets one implied `OK` button, which is also
  /// the default (an alert that cannot be dismissed is a defect).
  ///
  /// - Throws: ``AskError/invalidAlert(_:)`` naming the offending title, index or
  ///   key when a title is empty (trimmed, and with its default-ignorable
  ///   code points left out: it would look empty), holds a NUL character,
  ///   or repeats another (both compared as answers are:
  ///   `Button.foldedTitle`, so two titles that look the same are
  ///   duplicates; the message shows their invisible characters as `\u{AD}`),
  ///   when there is more than one cancel, destructive or default
  ///   button, when the default is the
  ///   destructive button (Enter or a timeout must never destroy), or when
  ///   the text-entry settings do not fit the style (see
  ///   `validateTextEntry()`).
  package func validated() throws(AskError) -> Alert { try validatedIndexing().alert }

  /// ``validated()``, with the index of the buttons' folded titles it
  /// built for the duplicate check: the presenter finds a typed title in
  /// it, so a million titles are folded once a presentation, and an answer
  /// costs one look-up, not a pass over them.
  /// - Throws: as ``validated()``; ``AskError/interrupted(by:)`` when a
  ///   terminating signal is pending in a console's session
  ///   (``Interruption``): its passes over a million titles stop.
  package func validatedIndexing() throws(AskError) -> (alert: Alert, titles: TitleIndex) {
    try validateTextEntry()
    var alert = self
    if alert.buttonList.isEmpty && alert.style.kind == .default {
      alert.buttonList = ButtonList(titles: [Alert.impliedButtonTitle], default: 0)
    }
    let buttons = alert.buttonList
    // One pass for both: the first empty title (folding keeps a title
    // empty only when trimming does: checked without folding, and most
    // titles have nothing to trim) and the first holding a NUL.
    var (empty, nul): (Int?, Int?) = (nil, nil)
    _ = try Interruption.forEach(buttons.indices) { index in
      let title = buttons.title(at: index)
      let (trims, hasNUL) = Self.scanEnds(title)
      if trims && TerminalText.trimmed(TerminalText.withoutIgnorables(title)).isEmpty {
        empty = index
      }
      if nul == nil && hasNUL { nul = index }
      return empty == nil
    }
    if let empty {
      // TRANSLATORS: %d is the button's number (1 for the first).
      throw .invalidAlert(localized("Button %d has an empty title", String(empty + 1)))
    }
    // A title is printed as a value: `-0` could not tell a NUL in it from
    // the value's end (no key types one, no argument holds one).
    if let nul {
      // TRANSLATORS: %1$d is the button's number, %2$s its title.
      throw .invalidAlert(localized("Button %d's title '%s' holds a NUL character", String(nul + 1),
                            TerminalText.shortened(buttons.title(at: nul))))
    }
    let titles = try TitleIndex(count: buttons.count) { buttons.title(at: $0) }
    if let (duplicate, first) = titles.firstDuplicate {
      // Titles are quoted as shown (a library host prints the message as
      // it is: no control character may reach its terminal raw), and
      // shortened (a 10 MB title makes no 10 MB message), with their
      // invisible characters written out (`Sa\u{AD}ve` and `Save` would
      // otherwise read as one title twice).
      let (title, earlier) = (buttons.title(at: duplicate), buttons.title(at: first))
      let shown = (TerminalText.shortened(title, revealingIgnorables: true),
                   TerminalText.shortened(earlier, revealingIgnorables: true))
      // TRANSLATORS: %1$s is a title given twice; %2$s the earlier title
      // it is the same as when case, Unicode form and invisible characters
      // are ignored.
      throw .invalidAlert(title == earlier
        ? localized("Duplicate button title '%s'", shown.0)
        : localized("Duplicate button title '%s' (same as '%s')", shown.0, shown.1))
    }
    // The first two of each role and of the defaults.
    for kind in 0..<3 {
      let two = try buttons.firstTwo(kind == 0 ? .cancel : kind == 1 ? .destructive : nil)
      let titles = two.map { TerminalText.shortened(buttons.title(at: $0)) }
      if titles.count > 1 {
        // TRANSLATORS: %1$s and %2$s are the first two buttons of the role.
        throw .invalidAlert(kind == 0 ? localized("More than one cancel button: '%s' and '%s'", titles[0], titles[1])
          : kind == 1 ? localized("More than one destructive button: '%s' and '%s'", titles[0], titles[1])
          // TRANSLATORS: %1$s and %2$s are the first two buttons marked as
          // the default (the one Enter chooses).
          : localized("More than one default button: '%s' and '%s'", titles[0], titles[1]))
      }
      if kind == 2 { alert.defaultButtonIndex = two.first }
    }
    if let index = alert.defaultButtonIndex, buttons.role(at: index) == .destructive {
      throw .invalidAlert(localized("The destructive button '%s' cannot be the default",
                                    TerminalText.shortened(buttons.title(at: index))))
    }
    return (alert, titles)
  }
}

extension Alert {
  /// The first index (in order) whose key appeared before, with the index
  /// of that earlier one; `nil` when all keys differ: ``TitleIndex``'s
  /// one pass, O(n).
  static func firstDuplicate(_ keys: [String]) throws(AskError) -> (duplicate: Int, first: Int)? {
    try TitleIndex(count: keys.count, folds: false) { keys[$0] }.firstDuplicate
  }

  /// Whether `title` may have white space to trim (it does not start and
  /// end with printable ASCII: ``TerminalText/hasNothingToTrim(_:)``) and
  /// whether it holds a NUL, in one look at its bytes.
  static func scanEnds(_ title: String) -> (mayTrim: Bool, hasNUL: Bool) {
    title.utf8Span.span.withUnsafeBufferPointer { bytes in
      guard let first = bytes.first, let last = bytes.last else { return (true, false) }
      var index = 0
      while index < bytes.count && bytes[index] != 0 { index += 1 }
      return (!(first &- 0x21 < 0x5E && last &- 0x21 < 0x5E), index < bytes.count)
    }
  }

  /// Checks the text-entry settings against the style (SPEC §1, §10):
  /// initial `text` with no control or invisible character (it would be
  /// shown, edited and returned as its caret form); `echo` and `repeat`
  /// only with a secure field; `pattern` only with `plain`, and a valid
  /// Swift `Regex`; `required` only with a text style. (The fields' count
  /// and a secure field's text are checked when the style is made:
  /// ``AlertStyle/init(kind:fields:)``.)
  /// - Throws: ``AskError/invalidAlert(_:)`` naming the key.
  package func validateTextEntry() throws(AskError) {
    for index in 0..<style.kind.fieldCount {
      if let text = style.field(at: index).text, let scalar = TerminalText.firstScalarShownOtherwise(in: text) {
        // TRANSLATORS: %1$d is the field's 0-based index in the JSON array,
        // %2$s the character as a code point ("U+0007").
        throw .invalidAlert(localized("'fields[%d].text' holds %s, a control or invisible character, which a field cannot edit",
                                      String(index), scalar))
      }
    }
    let kind = style.kind
    func check(_ setting: TextEntrySetting, given: Bool) throws(AskError) {
      guard given, !setting.applies(to: kind) else { return }
      // TRANSLATORS: %1$s is a JSON key, %2$s what it applies to ("a
      // secure field (style 'secure' or 'login-password')").
      throw .invalidAlert(localized("'%s' applies only to %s", setting.rawValue,
                                    setting.appliesTo(prefix: localized("style "), quoted: true)))
    }
    try check(.echo, given: secureEcho != .masked)
    try check(.repeat, given: repeatsSecureEntry)
    try check(.required, given: requiresText)
    try check(.pattern, given: textPattern != nil)
    if let textPattern, !textPattern.isValid {
      throw .invalidAlert(localized("'pattern' is not a valid regular expression: '%s'",
                                    TerminalText.visible(textPattern.text ?? "")))
    }
  }
}
