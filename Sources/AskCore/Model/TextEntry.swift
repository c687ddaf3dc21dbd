/// What an alert asks besides a button — the four UIAlertViewStyle values —
/// with its text fields.
///
/// Each field may have a label (drawn before it: `Login: `; the style's own
/// word when `nil`) and a placeholder (a hint drawn after the label in
/// parentheses, never returned); a plain field may start with text to edit.
///
/// ```swift
/// Alert(title: "Sign in", style: .loginAndPasswordInput(loginPlaceholder: "alice@example.com"))
/// ```
public enum AlertStyle: Sendable, Equatable {
  /// Buttons only (`UIAlertViewStyleDefault`).
  case `default`
  /// One plain text field (`UIAlertViewStylePlainTextInput`).
  case plainTextInput(label: String? = nil, placeholder: String? = nil, text: String? = nil)
  /// One masked field, secure text entry (`UIAlertViewStyleSecureTextInput`).
  case secureTextInput(label: String? = nil, placeholder: String? = nil)
  /// A plain login field, then a masked password field
  /// (`UIAlertViewStyleLoginAndPasswordInput`).
  case loginAndPasswordInput(loginLabel: String? = nil, loginPlaceholder: String? = nil, loginText: String? = nil,
                             passwordLabel: String? = nil, passwordPlaceholder: String? = nil)

  /// Which of the four styles it is, without its fields.
  package enum Kind: Sendable, Equatable, CaseIterable, CommandLineSpelled {
    case `default`, plainTextInput, secureTextInput, loginAndPasswordInput

    /// How the command line and JSON spell it: `default`, `plain`,
    /// `secure`, `login-password`.
    package var name: String {
      switch self {
      case .default: "default"
      case .plainTextInput: "plain"
      case .secureTextInput: "secure"
      case .loginAndPasswordInput: "login-password"
      }
    }

    /// How many text fields the style has: 0, 1, 1 or 2.
    package var fieldCount: Int {
      switch self {
      case .default: 0
      case .plainTextInput, .secureTextInput: 1
      case .loginAndPasswordInput: 2
      }
    }

    /// The labels used when none is given, in the user's language: `Text`,
    /// `Password`, `Login` and `Password`.
    package var defaultLabels: [String] {
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
    package func isSecureField(_ index: Int) -> Bool {
      self == .secureTextInput || (self == .loginAndPasswordInput && index == 1)
    }
  }

  /// Which of the four styles it is.
  package var kind: Kind {
    switch self {
    case .default: .default
    case .plainTextInput: .plainTextInput
    case .secureTextInput: .secureTextInput
    case .loginAndPasswordInput: .loginAndPasswordInput
    }
  }

  /// The fields, in order: ``Kind/fieldCount`` of them.
  package var fields: [TextField] { (0..<kind.fieldCount).map(field(at:)) }

  /// Field `index` (0-based, below ``Kind/fieldCount``). What runs before
  /// a prompt reads the fields one by one with this, not from ``fields``:
  /// an array of an own struct makes the runtime build that array's
  /// generic metadata first (``ButtonList``).
  package func field(at index: Int) -> TextField {
    switch self {
    case .default:
      preconditionFailure("the default style has no text field")
    case .plainTextInput(let label, let placeholder, let text):
      TextField(label: label, placeholder: placeholder, text: text)
    case .secureTextInput(let label, let placeholder):
      TextField(label: label, placeholder: placeholder)
    case .loginAndPasswordInput(let loginLabel, let loginPlaceholder, let loginText, let passwordLabel,
                                let passwordPlaceholder):
      index == 0 ? TextField(label: loginLabel, placeholder: loginPlaceholder, text: loginText)
        : TextField(label: passwordLabel, placeholder: passwordPlaceholder)
    }
  }

  /// The style of `kind` with field `n`'s label and placeholder the `n`th
  /// of `labels` and `placeholders` (none when they have fewer) and the
  /// first field's initial text `text`, as the command line gives them:
  /// made with no array of fields (``ButtonList``). The caller has checked
  /// that there are no more labels and placeholders than fields, and no
  /// text for a secure first field.
  package init(kind: Kind, labels: [String], placeholders: [String], text: String?) {
    self.init(kind: kind, label: labels.first, placeholder: placeholders.first, text: text,
              secondLabel: labels.count > 1 ? labels[1] : nil,
              secondPlaceholder: placeholders.count > 1 ? placeholders[1] : nil)
  }

  /// The style of `kind` with its first field's label, placeholder and
  /// text and its second field's label and placeholder; what the style has
  /// no field for is left out.
  private init(kind: Kind, label: String?, placeholder: String?, text: String?, secondLabel: String?,
               secondPlaceholder: String?) {
    switch kind {
    case .default: self = .default
    case .plainTextInput: self = .plainTextInput(label: label, placeholder: placeholder, text: text)
    case .secureTextInput: self = .secureTextInput(label: label, placeholder: placeholder)
    case .loginAndPasswordInput:
      self = .loginAndPasswordInput(loginLabel: label, loginPlaceholder: placeholder, loginText: text,
                                    passwordLabel: secondLabel, passwordPlaceholder: secondPlaceholder)
    }
  }

  /// The style of `kind` with `fields` (none: each field with its
  /// defaults), as JSON gives them.
  /// - Throws: ``AskError/invalidAlert(_:)`` when there are fields but not
  ///   the style's count, or a secure field has initial text; both name the
  ///   JSON key `fields`.
  package init(kind: Kind, fields: [TextField]) throws(AskError) {
    let count = kind.fieldCount
    if !fields.isEmpty && fields.count != count {
      // TRANSLATORS: 'fields' is the JSON key; %1$d how many entries the
      // style has, %2$s the style's name (as written in JSON), %3$d how many
      // were given.
      throw .invalidAlert(localized("'fields' must have %d entry for style '%s', not %d",
                                    plural: "'fields' must have %d entries for style '%s', not %d", count: count,
                                    String(count), kind.name, String(fields.count)))
    }
    for (index, field) in fields.enumerated() where field.text != nil && kind.isSecureField(index) {
      // TRANSLATORS: %d is the field's 0-based index in the JSON array.
      throw .invalidAlert(localized("'fields[%d].text' is not allowed: a secure field has no initial text",
                                    String(index)))
    }
    let first = fields.first ?? TextField(), second = fields.count > 1 ? fields[1] : TextField()
    self.init(kind: kind, label: first.label, placeholder: first.placeholder, text: first.text,
              secondLabel: second.label, secondPlaceholder: second.placeholder)
  }
}

/// One text field of a text style, as the command line and JSON give it.
package struct TextField: Sendable, Equatable {
  /// Shown before the field (`Login: `); `nil` for the style's default.
  package var label: String?
  /// A hint shown after the label in parentheses, never returned; `nil`
  /// for none.
  package var placeholder: String?
  /// Initial, editable text (plain fields only); `nil` for none.
  package var text: String?

  /// Makes a field.
  package init(label: String? = nil, placeholder: String? = nil, text: String? = nil) {
    self.label = label
    self.placeholder = placeholder
    self.text = text
  }
}

/// How a secure field shows typing.
public enum SecureEcho: Sendable, Equatable, CaseIterable, CommandLineSpelled {
  /// One `*` per character typed.
  case masked
  /// Nothing at all, as `systemd-ask-password --echo=no`.
  case hidden

  /// How the command line and JSON spell it: `masked`, `no`.
  package var name: String { self == .masked ? "masked" : "no" }

  /// What stands on screen for `count` characters typed: `*`s, or nothing.
  package func mask(_ count: Int) -> String { self == .masked ? String(repeating: "*", count: count) : "" }
}

/// A text-entry setting and the styles it applies to: the one table of
/// these rules (SPEC §1, §10), checked by the command line (`--echo`, …)
/// and by validation (the JSON keys) alike.
package enum TextEntrySetting: String, CaseIterable, Sendable {
  case label, placeholder, required, text, echo, `repeat`, pattern

  /// Whether `style` has a use for it (a switch, not a table of arrays:
  /// this runs on the way to every prompt).
  package func applies(to style: AlertStyle.Kind) -> Bool {
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
  package var styles: [AlertStyle.Kind] { AlertStyle.Kind.allCases.filter(applies(to:)) }

  /// What it applies to, the styles named after `prefix`, each quoted or
  /// not: `-s secure or login-password` on the command line, `style
  /// 'secure' or 'login-password'` in JSON — "a secure field (…)".
  package func appliesTo(prefix: String, quoted: Bool) -> String {
    let names = styles.map { quoted ? "'\($0.name)'" : $0.name }
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
