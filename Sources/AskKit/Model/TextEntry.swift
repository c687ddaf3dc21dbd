/// What an alert asks besides a button: the four UIAlertViewStyle values.
public enum AlertStyle: String, Sendable, Equatable, CaseIterable {
  /// Buttons only (`UIAlertViewStyleDefault`).
  case `default`
  /// One plain text field (`UIAlertViewStylePlainTextInput`).
  case plainTextInput = "plain"
  /// One masked field, secure text entry (`UIAlertViewStyleSecureTextInput`).
  case secureTextInput = "secure"
  /// A plain login field, then a masked password field
  /// (`UIAlertViewStyleLoginAndPasswordInput`).
  case loginAndPasswordInput = "login-password"

  /// How many text fields the style has: 0, 1, 1 or 2.
  public var fieldCount: Int {
    switch self {
    case .default: 0
    case .plainTextInput, .secureTextInput: 1
    case .loginAndPasswordInput: 2
    }
  }

  /// The labels used when the spec gives none (SPEC §10), in the user's
  /// language (SPEC §6): `Text`, `Password`, `Login` and `Password`.
  public var defaultLabels: [String] {
    // TRANSLATORS: the labels of text fields the spec gives no label,
    // drawn before ": " (a plain text field, a secret, a login name).
    switch self {
    case .default: []
    case .plainTextInput: [localized("Text")]
    case .secureTextInput: [localized("Password")]
    case .loginAndPasswordInput: [localized("Login"), localized("Password")]
    }
  }

  /// Whether field `index` (0-based) of this style is masked.
  public func isSecureField(_ index: Int) -> Bool {
    self == .secureTextInput || (self == .loginAndPasswordInput && index == 1)
  }
}

/// One text field of a text style.
public struct TextField: Sendable, Equatable {
  /// Shown before the field (`Login: `); `nil` for the style's default.
  public var label: String?
  /// A hint shown after the label in parentheses, never returned; `nil`
  /// for none.
  public var placeholder: String?
  /// Initial, editable text (plain fields only); `nil` for none.
  public var text: String?

  /// Makes a field.
  public init(label: String? = nil, placeholder: String? = nil, text: String? = nil) {
    self.label = label
    self.placeholder = placeholder
    self.text = text
  }
}

/// How a secure field shows typing (names as `systemd-ask-password --echo`).
public enum SecureEcho: String, Sendable, Equatable, CaseIterable {
  /// One `*` per character typed.
  case masked
  /// Nothing at all.
  case no

  /// What stands on screen for `count` characters typed: `*`s, or nothing.
  public func mask(_ count: Int) -> String { self == .masked ? String(repeating: "*", count: count) : "" }
}

/// A text-entry setting and the styles it applies to: the one table of
/// these rules (SPEC §1, §10), checked by the command line (`--echo`, …)
/// and by validation (the JSON keys) alike.
package enum TextEntrySetting: String, CaseIterable, Sendable {
  case label, placeholder, required, text, echo, `repeat`, pattern

  /// Whether `style` has a use for it (a switch, not a table of arrays:
  /// this runs on the way to every prompt).
  package func applies(to style: AlertStyle) -> Bool {
    switch (self, style) {
    case (.label, _), (.placeholder, _), (.required, _): style != .default
    case (.text, .plainTextInput), (.text, .loginAndPasswordInput): true
    case (.echo, .secureTextInput), (.echo, .loginAndPasswordInput): true
    case (.repeat, .secureTextInput), (.repeat, .loginAndPasswordInput): true
    case (.pattern, .plainTextInput): true
    default: false
    }
  }

  /// The styles that have a use for it, in declaration order.
  package var styles: [AlertStyle] { AlertStyle.allCases.filter(applies(to:)) }

  /// What it applies to, the styles named after `prefix`, each quoted or
  /// not: `-s secure or login-password` on the command line, `style
  /// 'secure' or 'login-password'` in JSON — "a secure field (…)".
  package func appliesTo(prefix: String, quoted: Bool) -> String {
    let names = styles.map { quoted ? "'\($0.rawValue)'" : $0.rawValue }
    // TRANSLATORS: the last two of a list of style names: "'plain' or
    // 'secure'" (the names stay as written).
    let list = prefix + (names.count == 1 ? names[0]
      : localized("%s or %s", names.dropLast().joined(separator: ", "), names[names.count - 1]))
    // TRANSLATORS: what an option or key applies to, inside "… applies
    // only to %s": %s is the styles, "-s plain, secure or login-password".
    switch self {
    case .label, .placeholder, .required: return localized("a text style (%s)", list)
    case .text: return localized("a plain field (%s)", list)
    case .echo, .repeat: return localized("a secure field (%s)", list)
    case .pattern: return list
    }
  }
}
