/// How the buttons are presented: as an alert (a question with a message)
/// or as an action sheet (a choice among actions, with the cancel button set
/// apart). Both list the same buttons and answer the same way.
public enum Presentation: String, Sendable, Equatable, CaseIterable {
  /// An alert: UIAlertView / UIAlertController's `.alert`.
  case alert
  /// An action sheet: UIActionSheet / `.actionSheet`; spelled `sheet` on the
  /// command line and in JSON.
  case actionSheet = "sheet"
}

/// An alert or action sheet: a title, a message and buttons with roles —
/// the prompt model of SPEC §1.
///
/// Buttons are kept in *spec order* (the order they were given; for the
/// command line: the destructive button, the others, the cancel button), and
/// `buttonIndex` values are 0-based positions in it. The *screen order*
/// (``screenOrder``) is that order with the cancel button moved last; the
/// numbers shown on screen are 1-based positions in the screen order.
///
/// ```swift
/// let alert = try Alert(title: "Delete 3 files?", message: "This cannot be undone.",
///                       buttons: [Button("Delete", role: .destructive),
///                                 Button("Keep", role: .cancel)]).validated()
/// ```
public struct Alert: Sendable, Equatable {
  /// The first line, bold when colour is on; `nil` for none.
  public var title: String?
  /// The body below the title; may hold newlines; `nil` for none.
  public var message: String?
  /// The buttons in spec order.
  public var buttons: [Button]
  /// The button an empty answer (Enter) chooses: a 0-based index into
  /// ``buttons``, or `nil`. UIAlertController calls it `preferredAction`.
  /// Never the destructive button.
  public var defaultButtonIndex: Int?
  /// Alert or action sheet.
  public var presentation: Presentation
  /// Any string, echoed in JSON results so a script can match answers to
  /// questions; `nil` for none.
  public var id: String?
  /// What is asked besides a button.
  public var style: AlertStyle = .default
  /// The text fields of a text style: none (the style's default labels), or
  /// exactly ``AlertStyle/fieldCount``.
  public var textFields: [TextField] = []
  /// How a secure field shows typing.
  public var secureEcho: SecureEcho = .masked
  /// A secure field is asked twice and must match (new passphrases).
  public var repeatsSecureEntry = false
  /// A text field may not be left empty.
  public var requiresText = false
  /// A plain field's text must match this whole Swift `Regex`; `nil` for any.
  public var pattern: String?
  /// How long to wait for an answer; `nil` or `.zero` for no limit. When it
  /// passes, a buttons-only prompt chooses its default
  /// (``Response/Outcome/timedOut``), else nothing is chosen.
  public var timeout: Duration?

  /// Makes an alert (`presentation: .actionSheet` for an action sheet;
  /// `style: .secureTextInput` to ask for a secret). ``present()-7dhf6`` checks
  /// the rules of SPEC §1 first; ``validated()`` checks them without
  /// presenting.
  public init(title: String? = nil, message: String? = nil, buttons: [Button] = [],
              defaultButtonIndex: Int? = nil, presentation: Presentation = .alert,
              id: String? = nil, style: AlertStyle = .default, timeout: Duration? = nil) {
    self.title = title
    self.message = message
    self.buttons = buttons
    self.defaultButtonIndex = defaultButtonIndex
    self.presentation = presentation
    self.id = id
    self.style = style
    self.timeout = timeout
  }

  /// The 0-based index of the cancel button in ``buttons``, if there is one.
  public var cancelButtonIndex: Int? { firstButton(.cancel) }

  /// The 0-based index of the destructive button in ``buttons``, if any.
  public var destructiveButtonIndex: Int? { firstButton(.destructive) }

  /// The 0-based index of the first button of `role`. An index loop reads
  /// each role in place (a closure over the elements copied each button,
  /// its title and handler retained and released: a million of them).
  private func firstButton(_ role: ButtonRole) -> Int? {
    buttons.withUnsafeBufferPointer { buttons in
      var index = 0
      while index < buttons.count {
        if buttons[index].role == role { return index }
        index += 1
      }
      return nil
    }
  }

  /// Indices into ``buttons`` in the order they are shown: spec order with
  /// the cancel button moved last. The button shown as number `n` is
  /// `buttons[screenOrder[n - 1]]`. Making it is O(n) (it finds the cancel
  /// button); each element after that is O(1): keep it for a loop.
  public var screenOrder: ScreenOrder {
    ScreenOrder(count: buttons.count, cancel: cancelButtonIndex)
  }

  /// The 1-based number shown on screen for the button at `index` (0-based
  /// into ``buttons``).
  public func number(ofButtonAt index: Int) -> Int { screenOrder.number(ofButtonAt: index) }
}

/// Screen positions (0-based) to indices into an alert's buttons: the
/// identity, but for the cancel button, moved last.
public struct ScreenOrder: RandomAccessCollection, Sendable, Equatable {
  /// The number of buttons.
  public let count: Int
  /// The cancel button's index into the buttons, if any.
  public let cancel: Int?

  /// 0.
  public var startIndex: Int { 0 }
  /// ``count``.
  public var endIndex: Int { count }

  /// The 1-based number shown on screen for the button at `index` (0-based
  /// into the buttons), in O(1).
  public func number(ofButtonAt index: Int) -> Int {
    guard let cancel else { return index + 1 }
    return index == cancel ? count : index < cancel ? index + 1 : index
  }

  /// The index into the buttons of the button at screen `position`.
  public subscript(position: Int) -> Int {
    guard let cancel else { return position }
    return position == count - 1 ? cancel : position < cancel ? position : position + 1
  }
}
