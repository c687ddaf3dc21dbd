/// How an alert was answered: the button chosen, or a cancel.
///
/// A cancel is a value, not an error (as inquire's `prompt_skippable` and
/// dialoguer's `interact_opt`): ``role`` is `.cancel`, with ``buttonIndex``
/// set when the alert has a cancel button, and ``isEndOfInput`` when it
/// came from Ctrl-D or the end of piped input.
public struct Response: Sendable, Equatable {
  /// The chosen button: a 0-based index into the alert's `buttons` (spec
  /// order); `nil` for a cancel when the alert has no cancel button.
  public var buttonIndex: Int?
  /// The chosen button's 1-based number as shown on screen; `nil` when
  /// ``buttonIndex`` is.
  public var number: Int?
  /// The chosen button's title; `nil` when ``buttonIndex`` is.
  public var title: String?
  /// The chosen button's role; `.cancel` for every kind of cancel.
  public var role: ButtonRole
  /// True when the cancel came from Ctrl-D on an empty answer or from the
  /// end of input (JSON `eof`).
  public var isEndOfInput: Bool
  /// True when time ran out (JSON `timedOut`): the default was chosen, or
  /// — with ``title`` `nil` — nothing was (exit status 124).
  public var timedOut: Bool
  /// What was typed in a plain field (`-s plain`; the login field of
  /// `login-password` is ``login``).
  public var text: String?
  /// What was typed in the login field.
  public var login: String?
  /// What was typed in the secure field: the text of `-s secure` or the
  /// password of `login-password`. Owned memory, wiped when released.
  public var secret: SecretText?
  /// True when the button is one a text style implies (`OK`, `Cancel`):
  /// reported in JSON, never listed on screen.
  public var isImpliedButton = false

  /// Makes a response; see the properties for the meaning of each value.
  public init(buttonIndex: Int?, number: Int?, title: String?, role: ButtonRole,
              isEndOfInput: Bool = false, timedOut: Bool = false) {
    self.buttonIndex = buttonIndex
    self.number = number
    self.title = title
    self.role = role
    self.isEndOfInput = isEndOfInput
    self.timedOut = timedOut
  }

  /// The response for the button at `index` (0-based into `alert.buttons`).
  public static func chose(_ index: Int, in alert: Alert) -> Response {
    let button = alert.buttons[index]
    return Response(buttonIndex: index, number: alert.number(ofButtonAt: index),
                    title: button.title, role: button.role)
  }

  /// The response for a cancel by Ctrl-D or end of input: the alert's
  /// cancel button if it has one; in a text style the implied `Cancel`;
  /// else a bare cancel.
  public static func endOfInput(in alert: Alert) -> Response {
    var response = alert.cancelButtonIndex.map { chose($0, in: alert) }
      ?? Response(buttonIndex: nil, number: nil, title: nil, role: .cancel)
    if alert.style != .default && alert.cancelButtonIndex == nil {
      response.title = Alert.impliedCancelTitle
      response.isImpliedButton = true
    }
    response.isEndOfInput = true
    return response
  }

  /// The response when time ran out with nothing to choose (exit status
  /// 124): no button, no role reported.
  public static let timedOutWithoutChoice = Response(
    buttonIndex: nil, number: nil, title: nil, role: .cancel, timedOut: true)

  /// True for ``timedOutWithoutChoice``.
  public var isTimeoutWithoutChoice: Bool { timedOut && title == nil }
}
