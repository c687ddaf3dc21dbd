/// What a button does when chosen, as the UI kit's alert and action sheet
/// roles (UIAlertAction.Style): the cancel button backs out, the destructive
/// one does something that cannot be undone, the others are plain choices.
public enum ButtonRole: Sendable, Equatable, CaseIterable, CommandLineSpelled {
  /// A plain choice (UIActionSheet's `otherButtonTitles`).
  case other
  /// Backs out: chosen also by Ctrl-D on an empty answer and by the end of
  /// piped answers. Shown last.
  case cancel
  /// Cannot be undone: shown first, marked `(destructive)` (and red when
  /// colour is on), and never chosen by a prefix of its title, by Enter or
  /// by a timeout.
  case destructive
}

/// One button of an alert or action sheet.
///
/// ```swift
/// let delete = Button("Delete", role: .destructive) { print("deleted") }
/// let keep = Button("Keep", isDefault: true)
/// ```
///
/// A button is known by its title, which is unique in its alert: the
/// ``Response`` names the chosen button itself, never a position. A handler
/// is `@Sendable` — the compiler checks what it captures — and runs on the
/// thread that presents, after the terminal is given back (UIAlertAction's
/// handler).
public struct Button: Sendable {
  /// The title shown on screen and matched against answers. Must be
  /// non-empty and unique among the alert's buttons, compared as answers
  /// are: trimmed, case-folded and with Unicode's default-ignorable code
  /// points left out (`Straße` and `STRASSE` are the same title, and so are
  /// `Save` and `Sa` U+00AD `ve`).
  public var title: String
  /// The button's role.
  public var role: ButtonRole
  /// True for the button an empty answer (Enter) chooses, and a timeout too
  /// when the alert has no text fields; marked `(default)` on screen.
  /// UIAlertController calls it `preferredAction`. At most one button of an
  /// alert, and never the destructive one.
  public var isDefault: Bool
  /// Runs when the button is chosen — typed, by Enter or a timeout as the
  /// default, or (the cancel button) by Ctrl-D — after the terminal is
  /// given back and before ``Alert/present(on:)`` returns; `nil` for none.
  public var handler: (@Sendable () -> Void)?

  /// Makes a button.
  /// - Parameters:
  ///   - title: the title shown and matched.
  ///   - role: `.other` unless given.
  ///   - isDefault: whether Enter chooses it.
  ///   - handler: run when it is chosen; `nil` for none.
  public init(_ title: String, role: ButtonRole = .other, isDefault: Bool = false,
              handler: (@Sendable () -> Void)? = nil) {
    self.title = title
    self.role = role
    self.isDefault = isDefault
    self.handler = handler
  }
}

extension Button: Equatable {
  /// Buttons are equal when title, role and ``isDefault`` are (handlers are
  /// not compared).
  public static func == (lhs: Button, rhs: Button) -> Bool {
    lhs.title == rhs.title && lhs.role == rhs.role && lhs.isDefault == rhs.isDefault
  }
}

extension ButtonRole {
  /// How the command line and JSON spell it: `other`, `cancel`,
  /// `destructive`.
  package var name: String {
    switch self {
    case .other: "other"
    case .cancel: "cancel"
    case .destructive: "destructive"
    }
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
    return buttonList.indices.first { Button.fold(buttonList.title(at: $0)) == folded }
  }
}

extension Alert {
  /// The alert with the default button that `wanted` names (`--default`,
  /// the JSON key `default`): a title, compared as ``Button/foldedTitle``s,
  /// else a number on screen; with no buttons, the implied `OK` (already
  /// the default). `nil` when it names no button. The one rule for both.
  package func settingDefault(named wanted: String) -> Alert? {
    if buttonList.isEmpty && Button.fold(wanted) == Button.fold(Alert.impliedButtonTitle) { return self }
    var alert = self
    if let index = buttonIndex(titled: wanted) {
      alert.defaultButtonIndex = index
    } else if let number = Int(wanted), number >= 1, number <= buttonList.count {
      alert.defaultButtonIndex = screenOrder[number - 1]
    } else {
      return nil
    }
    if let index = alert.defaultButtonIndex { alert.buttonList[index].isDefault = true }
    return alert
  }
}
