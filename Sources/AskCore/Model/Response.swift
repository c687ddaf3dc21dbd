/// How an alert was answered: the button chosen, with what was typed in
/// its text fields, or a cancel, or a timeout.
///
/// A cancel is a value, not an error (as inquire's `prompt_skippable` and
/// dialoguer's `interact_opt`). Buttons are named by themselves, never by a
/// position: compare with the buttons the alert was made with.
///
/// ```swift
/// let delete = Button("Delete", role: .destructive)
/// switch try Alert(title: "Delete?", buttons: [delete, Button("Keep", role: .cancel)]).present() {
/// case .button(delete): removeFiles()
/// case .cancelled, .timedOut: print("kept")
/// default: break
/// }
/// ```
public enum Response: Sendable, Equatable {
  /// A button was chosen: by number, by title, by Enter as the default, or
  /// (an alert with no buttons) the implied `OK`.
  case button(Button)
  /// A plain field was submitted: its text, and the button that submitted
  /// it — the implied `OK` (Enter in the field), or the button chosen after
  /// it.
  case text(String, button: Button)
  /// A secure field was submitted: the secret, and the button, as ``text(_:button:)``.
  case secret(SecretText, button: Button)
  /// A login and a password were submitted, and the button, as
  /// ``text(_:button:)``.
  case login(String, password: SecretText, button: Button)
  /// The prompt was cancelled: the cancel button was chosen (typed, or by
  /// Ctrl-D or the end of piped answers), the implied `Cancel` of a text
  /// style, or `nil` when it was ended so and has no cancel button.
  case cancelled(Button?)
  /// Time ran out (``Alert/timeout``): the default button it chose, or
  /// `nil` when there is none (text styles never submit then).
  case timedOut(Button?)

  /// The button chosen, whichever way; `nil` for a cancel or a timeout
  /// that chose none.
  public var chosenButton: Button? {
    switch self {
    case .button(let button), .text(_, let button), .secret(_, let button), .login(_, _, let button): button
    case .cancelled(let button), .timedOut(let button): button
    }
  }

  /// True for ``cancelled(_:)``.
  public var isCancelled: Bool {
    if case .cancelled = self { return true }
    return false
  }
}

extension PromptResult {
  /// The response this result is, for `alert` (the alert presented, as
  /// validated: its buttons are what ``buttonIndex`` indexes).
  package func response(for alert: Alert) -> Response {
    let button: Button? = buttonIndex.map { alert.buttonList[$0] }
      ?? title.map { Button($0, role: role ?? .other) }
    switch outcome {
    case .timedOut: return .timedOut(button)
    case .endOfInput: return .cancelled(button)
    case .chosen: break
    }
    guard let button, button.role != .cancel else { return .cancelled(button) }
    if let login, let secret { return .login(login, password: secret, button: button) }
    if let text { return .text(text, button: button) }
    if let secret { return .secret(secret, button: button) }
    return .button(button)
  }
}

/// How an alert was answered, as the engine and the command line need it:
/// what happened (``outcome``), the chosen button by its index and its
/// number on screen, and the values typed. ``response(for:)`` makes the
/// public ``Response`` of it.
///
/// ``role`` is `nil` exactly when no button was chosen, so `role ==
/// .cancel` always means a cancel.
package struct PromptResult: Sendable, Equatable {
  /// How a prompt ended.
  package enum Outcome: Sendable, Equatable {
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
  package var outcome: Outcome
  /// The chosen button: a 0-based index into the alert's `buttons` (spec
  /// order); `nil` when no button of the alert was chosen (a bare cancel,
  /// a timeout without a default, a text style's implied button).
  package var buttonIndex: Int?
  /// The chosen button's 1-based number as shown on screen; `nil` when
  /// ``buttonIndex`` is.
  package var number: Int?
  /// The chosen button's title, or the implied `OK`/`Cancel` of a text
  /// style; `nil` when no button was chosen.
  package var title: String?
  /// The chosen button's role (`.cancel` for the implied `Cancel`); `nil`
  /// when no button was chosen.
  package var role: ButtonRole?
  /// True when the response is a cancel: the cancel button (chosen or by
  /// end of input), or end of input without one.
  package var isCancel: Bool { role == .cancel || (outcome == .endOfInput && role == nil) }
  /// What was typed in a plain field (`-s plain`; the login field of
  /// `login-password` is ``login``).
  package var text: String?
  /// What was typed in the login field.
  package var login: String?
  /// What was typed in the secure field: the text of `-s secure` or the
  /// password of `login-password`. Owned memory, wiped when released.
  package var secret: SecretText?
  /// True when the button is one a text style implies (`OK`, `Cancel`):
  /// reported in JSON, never listed on screen.
  package var isImpliedButton = false

  /// Makes a response; see the properties for the meaning of each value.
  package init(_ outcome: Outcome, buttonIndex: Int? = nil, number: Int? = nil, title: String? = nil,
              role: ButtonRole? = nil) {
    self.outcome = outcome
    self.buttonIndex = buttonIndex
    self.number = number
    self.title = title
    self.role = role
  }

  /// The response for the button at `index` (0-based into `alert.buttons`).
  package static func chose(_ index: Int, in alert: Alert, outcome: Outcome = .chosen) -> PromptResult {
    chose(index, in: alert, order: alert.screenOrder, outcome: outcome)
  }

  /// ``chose(_:in:outcome:)`` with the alert's screen order at hand: no
  /// pass over the buttons to find the cancel button once the answer is
  /// known.
  package static func chose(_ index: Int, in alert: Alert, order: ScreenOrder,
                            outcome: Outcome = .chosen) -> PromptResult {
    let button = alert.buttonList[index]
    return PromptResult(outcome, buttonIndex: index, number: order.number(ofButtonAt: index),
                    title: button.title, role: button.role)
  }

  /// The response for a cancel by Ctrl-D or end of input: the alert's
  /// cancel button if it has one; in a text style the implied `Cancel`;
  /// else no button.
  package static func endOfInput(in alert: Alert) -> PromptResult { endOfInput(in: alert, order: alert.screenOrder) }

  /// ``endOfInput(in:)`` with the alert's screen order at hand, which
  /// knows the cancel button.
  package static func endOfInput(in alert: Alert, order: ScreenOrder) -> PromptResult {
    if let cancel = order.cancel { return chose(cancel, in: alert, order: order, outcome: .endOfInput) }
    guard alert.style.kind != .default else { return PromptResult(.endOfInput) }
    var response = PromptResult(.endOfInput, title: Alert.impliedCancelTitle, role: .cancel)
    response.isImpliedButton = true
    return response
  }

  /// The response when time ran out with nothing to choose (exit status
  /// 124 in the `ask` tool): no button.
  package static let timedOutWithoutChoice = PromptResult(.timedOut)

  /// True when time ran out and nothing was chosen.
  package var isTimeoutWithoutChoice: Bool { outcome == .timedOut && title == nil }
}
