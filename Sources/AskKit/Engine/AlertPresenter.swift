/// The presenting loop: draw the alert, read answers until one chooses a
/// button, run its handler, return the ``Response``.
///
/// On a terminal an unrecognised answer gets one hint line and the answer
/// line again (the list is not drawn again); from a pipe it ends the prompt
/// with ``AskError/invalidAnswer(_:)``, which carries the hint for the
/// caller to show once. End of input is a cancel.
///
/// ```text
/// Pick
///   1) Alpha
///   2) Beta
/// Choice [1-2, Ctrl-D = cancel]: 9
/// No button matches '9': type a number from 1 to 2 or a title.
/// Choice [1-2, Ctrl-D = cancel]: b
/// ```
public struct AlertPresenter {
  /// Where the alert is drawn and answered.
  public let console: any Console

  /// Makes a presenter on `console`.
  public init(console: any Console) { self.console = console }

  /// Presents `alert` and returns how it was answered.
  /// - Throws: ``AskError/spec(_:)`` when the alert breaks a rule (nothing
  ///   is drawn then); ``AskError/invalidAnswer(_:)``,
  ///   ``AskError/interrupted(signal:)`` and ``AskError/io(_:errno:)`` as
  ///   ``Console`` throws them.
  public func present(_ alert: Alert) throws(AskError) -> Response {
    let alert = try alert.validated()
    guard alert.style == .default else {
      throw .spec("Style '\(alert.style.rawValue)' is not supported yet: only 'default' (buttons)")
    }
    try console.draw(AlertLayout.render(alert, theme: console.theme))
    let prompt = AlertLayout.prompt(for: alert)
    let titles = alert.screenOrder.map { alert.buttons[$0].title }
    while true {
      guard let answer = try console.readAnswer(prompt: prompt, completions: titles) else {
        return .endOfInput(in: alert)
      }
      switch AnswerMatcher.match(answer, in: alert) {
      case .button(let index):
        alert.buttons[index].handler?()
        return .chose(index, in: alert)
      case .unrecognized(let hint):
        guard console.isInteractive else { throw .invalidAnswer(hint) }
        try console.draw(hint + "\n")
      }
    }
  }
}
