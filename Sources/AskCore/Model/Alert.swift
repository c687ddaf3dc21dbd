/// How the buttons are presented: as an alert (a question with a message)
/// or as an action sheet (a choice among actions, with the cancel button set
/// apart). Both list the same buttons and answer the same way.
public enum Presentation: Sendable, Equatable, CaseIterable, CommandLineSpelled {
  /// An alert: UIAlertView / UIAlertController's `.alert`.
  case alert
  /// An action sheet: UIActionSheet / `.actionSheet`.
  case actionSheet

  /// How the command line and JSON spell it: `alert`, `sheet`.
  package var name: String { self == .alert ? "alert" : "sheet" }
}

/// An alert or action sheet: a title, a message, buttons with roles and
/// what else it asks (``AlertStyle``).
///
/// Buttons are shown in the order given, but for the cancel button, shown
/// last; with no buttons at all, a buttons-only alert gets one implied `OK`
/// button, which is also its default.
///
/// ```swift
/// let alert = Alert(title: "Delete 3 files?", message: "This cannot be undone.",
///                   buttons: [Button("Delete", role: .destructive),
///                             Button("Keep", role: .cancel, isDefault: true)])
/// switch try alert.present() {
/// case .button(let button): print("chose", button.title)
/// default: print("kept")
/// }
/// ```
public struct Alert: Sendable {
  /// The first line, bold when colour is on; `nil` for none.
  public var title: String?
  /// The body below the title; may hold newlines; `nil` for none.
  public var message: String?
  /// The buttons, in the order given.
  public var buttons: [Button] {
    get { buttonList.buttons }
    set { buttonList = ButtonList(newValue) }
    _modify {
      var buttons = buttonList.takeButtons()
      defer { buttonList = ButtonList(buttons) }
      yield &buttons
    }
  }
  /// The buttons as the engine reads them (``ButtonList``: the command
  /// line's are kept as titles).
  package var buttonList: ButtonList
  /// Alert or action sheet.
  public var presentation: Presentation
  /// What is asked besides a button, with its text fields.
  public var style: AlertStyle
  /// How a secure field shows typing.
  public var secureEcho: SecureEcho = .masked
  /// When true, a secure field shows the characters themselves as typed,
  /// whatever ``secureEcho`` says (a password agent's `Echo=1` question):
  /// still the masked editor, the secret still never a `String`.
  package var showsSecretText = false
  /// The message is drawn dim, of smaller weight than the title (with
  /// colour; a password agent's question `Id` under its message).
  package var dimsMessage = false
  /// When true, a secure field is asked twice and the two entries must
  /// match (new passphrases).
  public var repeatsSecureEntry = false
  /// When true, a text field may not be left empty.
  public var requiresText = false
  /// What a plain field's text must match, as a whole; `nil` for any text.
  /// Text that does not match gets a hint and is asked again. A literal's
  /// output type is erased by `Regex`'s own initializer:
  /// `alert.pattern = Regex(/[0-9]+/)`.
  public var pattern: Regex<AnyRegexOutput>? {
    get { textPattern?.regex }
    set { textPattern = newValue.map { TextPattern(regex: $0) } }
  }
  /// How long to wait for an answer; `nil` to wait forever (zero or less:
  /// time is up at once). When it passes, a buttons-only alert chooses its
  /// default button, if any (``Response/timedOut(_:)``); a text style never
  /// submits then.
  public var timeout: Duration?

  /// The pattern with the text it was compiled from, when known.
  package var textPattern: TextPattern?
  /// Any string, echoed in the command line's JSON results so a script can
  /// match answers to questions; `nil` for none.
  package var id: String?
  /// The default button: a 0-based index into ``buttons``, set by
  /// validation from the one button whose ``Button/isDefault`` is true.
  package var defaultButtonIndex: Int?

  /// Makes an alert.
  /// - Parameters:
  ///   - title: the bold first line; `nil` for none.
  ///   - message: the text below it; `nil` for none.
  ///   - buttons: the buttons, in the order they are shown (the cancel
  ///     button is shown last, wherever it is given).
  ///   - presentation: `.actionSheet` for an action sheet.
  ///   - style: what is asked besides a button (`.secureTextInput()` to ask
  ///     for a secret).
  ///   - timeout: how long to wait; `nil` to wait forever.
  public init(title: String? = nil, message: String? = nil, buttons: [Button] = [],
              presentation: Presentation = .alert, style: AlertStyle = .default,
              timeout: Duration? = nil) {
    self.title = title
    self.message = message
    self.buttonList = ButtonList(buttons)
    self.presentation = presentation
    self.style = style
    self.timeout = timeout
  }

  /// The 0-based index of the cancel button in ``buttons``, if there is one.
  package var cancelButtonIndex: Int? { buttonList.firstIndex(of: .cancel) }

  /// The 0-based index of the destructive button in ``buttons``, if any.
  package var destructiveButtonIndex: Int? { buttonList.firstIndex(of: .destructive) }

  /// Indices into ``buttons`` in the order they are shown: the given order
  /// with the cancel button moved last. The button shown as number `n` is
  /// `buttons[screenOrder[n - 1]]`. Making it is O(n) (it finds the cancel
  /// button); each element after that is O(1): keep it for a loop.
  package var screenOrder: ScreenOrder {
    ScreenOrder(count: buttonList.count, cancel: cancelButtonIndex)
  }

  /// The 1-based number shown on screen for the button at `index` (0-based
  /// into ``buttons``).
  package func number(ofButtonAt index: Int) -> Int { screenOrder.number(ofButtonAt: index) }

  /// The text fields the style asks, in order.
  package var textFields: [TextField] { style.fields }
}

extension Alert: Equatable {
  /// Alerts are equal when everything they show and ask is; patterns are
  /// compared by the text they were made from (two made from a `Regex`
  /// alone are never equal).
  public static func == (lhs: Alert, rhs: Alert) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttonList == rhs.buttonList
      && lhs.presentation == rhs.presentation && lhs.style == rhs.style && lhs.secureEcho == rhs.secureEcho
      && lhs.showsSecretText == rhs.showsSecretText && lhs.dimsMessage == rhs.dimsMessage
      && lhs.repeatsSecureEntry == rhs.repeatsSecureEntry && lhs.requiresText == rhs.requiresText
      && lhs.timeout == rhs.timeout && lhs.id == rhs.id && lhs.defaultButtonIndex == rhs.defaultButtonIndex
      && (lhs.textPattern == nil) == (rhs.textPattern == nil)
      && (lhs.textPattern == nil || (lhs.textPattern?.text != nil && lhs.textPattern?.text == rhs.textPattern?.text))
  }
}

/// A plain field's pattern, with the text it was compiled from when known
/// (the command line's and JSON's: hints quote it). A class, immutable,
/// and the `Regex` in a box of its own: an alert holds the pattern by
/// reference, and the pattern's own layout is known when compiled, so no
/// prompt makes the runtime lay out `Alert`, the command's `Invocation` or
/// this class from their fields' types — the standard library's `Regex`,
/// whose size only the runtime knows, stored inline, cost every start
/// 60,000 instructions (BENCHMARKS.md, issue 27).
package final class TextPattern: Sendable {
  /// The compiled pattern; `nil` when ``text`` is not a valid one (an
  /// error when the alert is validated).
  package var regex: Regex<AnyRegexOutput>? { compiled?.regex }
  /// True when the pattern compiled (a look that needs no `Regex` at hand:
  /// see the type's note).
  package var isValid: Bool { compiled != nil }
  /// The pattern as written, when it was written.
  package let text: String?
  private let compiled: CompiledPattern?

  /// A pattern given as a `Regex`.
  package init(regex: Regex<AnyRegexOutput>) {
    compiled = CompiledPattern(regex)
    text = nil
  }

  /// A pattern given as text, compiled now.
  package init(text: String) {
    compiled = Self.compile(text)
    self.text = text
  }

  /// `text` as a Swift `Regex`, or `nil` when it is not valid. Out of
  /// line: a function that makes a `Regex` sets up its generic type's
  /// metadata in the runtime when it is entered, whether a pattern was
  /// given or not (7 % of a small prompt's instructions).
  @inline(never)
  private static func compile(_ text: String) -> CompiledPattern? { (try? Regex(text)).map(CompiledPattern.init) }
}

/// A compiled `Regex`, by reference. `Regex` is not declared `Sendable`
/// (its `Output` is generic); this one is never changed after it is made
/// and only matched against (its program is compiled once, atomically, by
/// the standard library), so it is shared as it is.
private final class CompiledPattern: Sendable {
  nonisolated(unsafe) let regex: Regex<AnyRegexOutput>
  init(_ regex: Regex<AnyRegexOutput>) { self.regex = regex }
}

/// Screen positions (0-based) to indices into an alert's buttons: the
/// identity, but for the cancel button, moved last.
package struct ScreenOrder: RandomAccessCollection, Sendable, Equatable {
  /// The number of buttons.
  package let count: Int
  /// The cancel button's index into the buttons, if any.
  package let cancel: Int?

  package init(count: Int, cancel: Int?) {
    self.count = count
    self.cancel = cancel
  }

  /// 0.
  package var startIndex: Int { 0 }
  /// ``count``.
  package var endIndex: Int { count }

  /// The 1-based number shown on screen for the button at `index` (0-based
  /// into the buttons), in O(1).
  package func number(ofButtonAt index: Int) -> Int {
    guard let cancel else { return index + 1 }
    return index == cancel ? count : index < cancel ? index + 1 : index
  }

  /// The index into the buttons of the button at screen `position`.
  package subscript(position: Int) -> Int {
    guard let cancel else { return position }
    return position == count - 1 ? cancel : position < cancel ? position : position + 1
  }
}
