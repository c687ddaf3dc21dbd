/// What a button does when chosen, as the UI kit's alert and action sheet
/// roles (UIAlertAction.Style): the cancel button backs out, the destructive
/// one does something that cannot be undone, the others are plain choices.
public enum ButtonRole: String, Sendable, Equatable {
  /// A plain choice (UIActionSheet's `otherButtonTitles`).
  case other
  /// Backs out: chosen also by Ctrl-D on an empty answer and by end of
  /// input. Shown last; exit status 1 in the `ask` tool.
  case cancel
  /// Cannot be undone: shown first, in red, and never chosen by a prefix,
  /// by Enter or by a timeout.
  case destructive
}

/// One button of an alert or action sheet.
///
/// ```swift
/// var removed = 0
/// let delete = Button("Delete", role: .destructive) { removed = removeFiles() }
/// ```
///
/// A handler is a plain closure — it may capture and change the caller's
/// local state — run on the thread that presents, after the terminal is
/// given back (UIAlertAction's handler). A button is `Sendable` so that
/// alerts can be constants and test arguments; AskKit itself never calls a
/// handler on another thread, so a closure that is not `Sendable` is safe
/// as long as the alert is presented where it was made.
public struct Button: @unchecked Sendable {
  /// The title shown on screen and returned when chosen. Must be non-empty
  /// and unique among the alert's buttons, compared as answers are:
  /// trimmed, case-folded and with Unicode's default-ignorable code points
  /// left out (`Straße` and `STRASSE` are the same title, and so are `Save`
  /// and `Sa` U+00AD `ve`).
  public var title: String
  /// The button's role.
  public var role: ButtonRole
  /// Runs when the button is chosen — typed, by Enter as the default, by a
  /// timeout as the default, or (the cancel button) by Ctrl-D — after the
  /// terminal is given back and before ``Alert/present()-7dhf6`` returns; `nil`
  /// for none.
  public var handler: (() -> Void)?

  /// Makes a button with a title, a role (`.other` unless given) and an
  /// optional handler run when it is chosen.
  public init(_ title: String, role: ButtonRole = .other,
              handler: (() -> Void)? = nil) {
    self.title = title
    self.role = role
    self.handler = handler
  }
}

extension Button: Equatable {
  /// Buttons are equal when title and role are (handlers are not compared).
  public static func == (lhs: Button, rhs: Button) -> Bool {
    lhs.title == rhs.title && lhs.role == rhs.role
  }
}

extension Button {
  /// The title as answers are compared with it: its default-ignorable
  /// code points left out (``TerminalText/withoutIgnorables(_:)``: `Sa`
  /// U+00AD `ve` is `Save`, SPEC §1), white space trimmed at both ends,
  /// then NFC and full case folding (``CaseFolding``; no locale, SPEC §10).
  package var foldedTitle: String { Button.fold(title) }

  /// `text` as ``foldedTitle`` folds a title: a title, or an answer typed
  /// to match one.
  package static func fold(_ text: String) -> String {
    // Most titles have nothing to leave out or trim: fold them without a copy.
    let text = TerminalText.withoutIgnorables(text)
    return CaseFolding.folded(TerminalText.hasNothingToTrim(text) ? text : String(TerminalText.trimmed(text)))
  }
}

extension Alert {
  /// The 0-based index of the button whose title is `text`, compared as
  /// ``Button/foldedTitle``s; `nil` if none.
  package func buttonIndex(titled text: String) -> Int? {
    let folded = Button.fold(text)
    return buttons.firstIndex { $0.foldedTitle == folded }
  }
}

extension Alert {
  /// The alert with the default button that `wanted` names (`--default`,
  /// the JSON key `default`): a title, compared as ``Button/foldedTitle``s,
  /// else a number on screen; with no buttons, the implied `OK` (already
  /// the default). `nil` when it names no button. The one rule for both.
  package func settingDefault(named wanted: String) -> Alert? {
    if buttons.isEmpty && Button.fold(wanted) == Button.fold(Alert.impliedButtonTitle) { return self }
    var alert = self
    if let index = buttonIndex(titled: wanted) {
      alert.defaultButtonIndex = index
    } else if let number = Int(wanted), number >= 1, number <= buttons.count {
      alert.defaultButtonIndex = screenOrder[number - 1]
    } else {
      return nil
    }
    return alert
  }
}
