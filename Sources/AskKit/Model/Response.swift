/// How an alert was answered: what happened (``outcome``) and the button
/// it chose, if any.
///
/// A cancel is a value, not an error (as inquire's `prompt_skippable` and
/// dialoguer's `interact_opt`). Every way a prompt can end without an
/// error is one ``Outcome``; ``role`` is `nil` exactly when no button was
/// chosen, so `role == .cancel` always means a cancel:
///
/// ```swift
/// switch response.outcome {
/// case .chosen: print("chose", response.title!)
/// case .endOfInput: print("cancelled with Ctrl-D")
/// case .timedOut: print(response.title.map { "timed out: \($0)" } ?? "timed out, nothing chosen")
/// }
/// ```
public struct Response: Sendable, Equatable {
  /// How a prompt ended.
  public enum Outcome: Sendable, Equatable {
    /// A button was chosen: by number, title, Enter on the default, or the
    /// implied `OK` of a text style submitted by Enter.
    case chosen
    /// Ctrl-D on an empty answer, or the end of piped input: the alert's
    /// cancel button (a text style's implied `Cancel`) when it has one, or
    /// no button.
    case endOfInput
    /// Time ran out (``Alert/timeout``): the default button was chosen
    /// (buttons-only prompts), or none (text styles never submit then).
    case timedOut
  }

  /// What happened.
  public var outcome: Outcome
  /// The chosen button: a 0-based index into the alert's `buttons` (spec
  /// order); `nil` when no button of the alert was chosen (a bare cancel,
  /// a timeout without a default, a text style's implied button).
  public var buttonIndex: Int?
  /// The chosen button's 1-based number as shown on screen; `nil` when
  /// ``buttonIndex`` is.
  public var number: Int?
  /// The chosen button's title, or the implied `OK`/`Cancel` of a text
  /// style; `nil` when no button was chosen.
  public var title: String?
  /// The chosen button's role (`.cancel` for the implied `Cancel`); `nil`
  /// when no button was chosen.
  public var role: ButtonRole?
  /// True when the response is a cancel: the cancel button (chosen or by
  /// end of input), or end of input without one.
  public var isCancel: Bool { role == .cancel || (outcome == .endOfInput && role == nil) }
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
  public init(_ outcome: Outcome, buttonIndex: Int? = nil, number: Int? = nil, title: String? = nil,
              role: ButtonRole? = nil) {
    self.outcome = outcome
    self.buttonIndex = buttonIndex
    self.number = number
    self.title = title
    self.role = role
  }

  /// The response for the button at `index` (0-based into `alert.buttons`).
  package static func chose(_ index: Int, in alert: Alert, outcome: Outcome = .chosen) -> Response {
    chose(index, in: alert, order: alert.screenOrder, outcome: outcome)
  }

  /// ``chose(_:in:outcome:)`` with the alert's screen order at hand: no
  /// pass over the buttons to find the cancel button once the answer is
  /// known.
  package static func chose(_ index: Int, in alert: Alert, order: ScreenOrder,
                            outcome: Outcome = .chosen) -> Response {
    let button = alert.buttons[index]
    return Response(outcome, buttonIndex: index, number: order.number(ofButtonAt: index),
                    title: button.title, role: button.role)
  }

  /// The response for a cancel by Ctrl-D or end of input: the alert's
  /// cancel button if it has one; in a text style the implied `Cancel`;
  /// else no button.
  package static func endOfInput(in alert: Alert) -> Response { endOfInput(in: alert, order: alert.screenOrder) }

  /// ``endOfInput(in:)`` with the alert's screen order at hand, which
  /// knows the cancel button.
  package static func endOfInput(in alert: Alert, order: ScreenOrder) -> Response {
    if let cancel = order.cancel { return chose(cancel, in: alert, order: order, outcome: .endOfInput) }
    guard alert.style != .default else { return Response(.endOfInput) }
    var response = Response(.endOfInput, title: Alert.impliedCancelTitle, role: .cancel)
    response.isImpliedButton = true
    return response
  }

  /// The response when time ran out with nothing to choose (exit status
  /// 124 in the `ask` tool): no button.
  public static let timedOutWithoutChoice = Response(.timedOut)

  /// True when time ran out and nothing was chosen.
  package var isTimeoutWithoutChoice: Bool { outcome == .timedOut && title == nil }
}
