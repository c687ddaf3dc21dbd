extension Alert {
  /// The title of the button implied when an alert has none, and of the
  /// submit a text style implies (SPEC §1).
  public static let impliedButtonTitle = "OK"
  /// The title of the cancel a text style implies (Ctrl-D on an empty field).
  public static let impliedCancelTitle = "Cancel"

  /// Checks the rules of SPEC §1 and returns the alert ready to present:
  /// with no buttons at all it gets one implied `OK` button, which is also
  /// the default (an alert that cannot be dismissed is a defect).
  ///
  /// - Throws: ``AskError/spec(_:)`` naming the offending title, index or
  ///   key when a title is empty, holds a NUL character, or repeats another (both compared trimmed
  ///   and case-folded, as answers are: ``Button/foldedTitle``), when there is more than one cancel or destructive
  ///   button, when the default is not a button, when the default is the
  ///   destructive button (Enter or a timeout must never destroy), or when
  ///   the text-entry settings do not fit the style (see
  ///   ``validateTextEntry()``).
  public func validated() throws(AskError) -> Alert { try validatedFolding().alert }

  /// ``validated()``, with the buttons' ``Button/foldedTitle``s it compared:
  /// the presenter matches answers against them, so a million titles are
  /// folded once a presentation, not again at the first answer.
  package func validatedFolding() throws(AskError) -> (alert: Alert, foldedTitles: [String]) {
    try validateTextEntry()
    var alert = self
    if alert.buttons.isEmpty && alert.style == .default {
      alert.buttons = [Button(Alert.impliedButtonTitle)]
      if alert.defaultButtonIndex == nil { alert.defaultButtonIndex = 0 }
    }
    // Closures, not key paths: a key path costs a million buttons seconds.
    let folded = alert.buttons.map { $0.foldedTitle }
    if let empty = folded.firstIndex(where: { $0.isEmpty }) {
      throw .spec("Button \(empty + 1) has an empty title")
    }
    // A title is printed as a value: `-0` could not tell a NUL in it from
    // the value's end (no key types one, no argument holds one).
    if let nul = alert.buttons.firstIndex(where: { TerminalText.containsNUL($0.title) }) {
      throw .spec("Button \(nul + 1)'s title '\(TerminalText.shortened(alert.buttons[nul].title))' holds a NUL character")
    }
    if let (duplicate, first) = Self.firstDuplicate(folded) {
      // Titles are quoted as shown (a library host prints the message as
      // it is: no control character may reach its terminal raw), and
      // shortened (a 10 MB title makes no 10 MB message).
      let (title, earlier) = (alert.buttons[duplicate].title, alert.buttons[first].title)
      let shown = (TerminalText.shortened(title), TerminalText.shortened(earlier))
      throw .spec(title == earlier
        ? "Duplicate button title '\(shown.0)'"
        : "Duplicate button title '\(shown.0)' (same as '\(shown.1)')")
    }
    for role in [ButtonRole.cancel, .destructive] {
      let titles = alert.buttons.filter { $0.role == role }.map { TerminalText.shortened($0.title) }
      if titles.count > 1 {
        throw .spec("More than one \(role.rawValue) button: '\(titles[0])' and '\(titles[1])'")
      }
    }
    if let index = alert.defaultButtonIndex {
      guard alert.buttons.indices.contains(index) else {
        throw .spec("Default button index \(index) is not a button")
      }
      if alert.buttons[index].role == .destructive {
        throw .spec("The destructive button '\(TerminalText.shortened(alert.buttons[index].title))' cannot be the default")
      }
    }
    return (alert, folded)
  }
}

extension Alert {
  /// The first index (in order) whose key appeared before, with the index
  /// of that earlier one; `nil` when all keys differ. One pass with a
  /// dictionary of the keys seen: O(n), a million buttons in a fraction of
  /// a second (sorting them took seconds).
  static func firstDuplicate(_ keys: [String]) -> (duplicate: Int, first: Int)? {
    guard keys.count > 1 else { return nil }
    var seen = [String: Int](minimumCapacity: keys.count)
    for index in keys.indices {
      if let first = seen.updateValue(index, forKey: keys[index]) { return (index, first) }
    }
    return nil
  }

  /// Checks the text-entry settings against the style (SPEC §1, §10):
  /// `fields` empty or exactly the style's count; initial `text` only in
  /// plain fields, with no control or invisible character (it would be
  /// shown, edited and returned as its caret form); `echo` and `repeat`
  /// only with a secure field; `pattern`
  /// only with `plain`, and a valid Swift `Regex`; `required` only with a
  /// text style; a timeout not negative.
  /// - Throws: ``AskError/spec(_:)`` naming the key.
  package func validateTextEntry() throws(AskError) {
    let count = style.fieldCount
    if !textFields.isEmpty && textFields.count != count {
      throw .spec("'fields' must have \(count) \(count == 1 ? "entry" : "entries") for style '\(style.rawValue)', not \(textFields.count)")
    }
    for (index, field) in textFields.enumerated() where field.text != nil && style.isSecureField(index) {
      throw .spec("'fields[\(index)].text' is not allowed: a secure field has no initial text")
    }
    for (index, field) in textFields.enumerated() {
      if let text = field.text, let scalar = TerminalText.firstScalarShownOtherwise(in: text) {
        throw .spec("'fields[\(index)].text' holds \(scalar), a control or invisible character, which a field cannot edit")
      }
    }
    func check(_ setting: TextEntrySetting, given: Bool) throws(AskError) {
      guard given, !setting.applies(to: style) else { return }
      throw .spec("'\(setting.rawValue)' applies only to \(setting.appliesTo(prefix: "style ", quoted: true))")
    }
    try check(.echo, given: secureEcho != .masked)
    try check(.repeat, given: repeatsSecureEntry)
    try check(.required, given: requiresText)
    try check(.pattern, given: pattern != nil)
    if let pattern {
      do { _ = try Regex(pattern) } catch {
        throw .spec("'pattern' is not a valid regular expression: '\(TerminalText.visible(pattern))'")
      }
    }
    if let timeout, timeout < .zero { throw .spec("'timeout' must be \(TimeLimit.rule)") }
  }
}
