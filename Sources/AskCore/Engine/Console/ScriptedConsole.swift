/// An in-memory ``Console`` for tests: answers come from a script, and
/// everything drawn is recorded in ``transcript`` (secrets as `*`s only).
///
/// ```swift
/// let console = ScriptedConsole(answers: ["neg"])
/// let response = try sheet.present(on: console)
/// // console.transcript: the layout, then "Choice [1-4, Ctrl-D = cancel]: neg\n"
/// ```
///
/// It never blocks: asking past the script throws
/// ``AskError/scriptExhausted``.
public final class ScriptedConsole: Console, PromptDevice {
  /// One scripted answer.
  public enum Answer: Equatable, Sendable, ExpressibleByStringLiteral {
    /// A line typed (for a secure field, the secret).
    case text(String)
    /// Ctrl-D on an empty line.
    case endOfInput
    /// The alert's time limit passes. A script gives it whether or not the
    /// alert has a ``Alert/timeout`` (a terminal would wait for ever
    /// without one): script it only for alerts that have one.
    case timeout

    /// A line typed: `"neg"` is `.text("neg")`.
    public init(stringLiteral value: String) { self = .text(value) }
  }

  /// The answers still to give.
  public private(set) var answers: [Answer]
  /// Everything drawn, prompts and echoed answers included.
  public private(set) var transcript = ""
  /// How many times typed-ahead input was discarded.
  package private(set) var discards = 0
  /// True when it answers as a terminal would (a hint and the prompt
  /// again after a wrong answer), false as a pipe (the wrong answer ends it).
  public let isInteractive: Bool
  /// How what is drawn is styled.
  package let theme: Theme
  /// The window size the layout is made for.
  public let size: TerminalSize

  /// Makes a console that gives `answers` in order, as a terminal
  /// (`isInteractive`: a wrong answer gets a hint and is asked again) or a
  /// pipe would (the wrong answer throws ``AskError/invalidAnswer(_:)``),
  /// drawing without colour for a window `size` large.
  public convenience init(answers: [Answer], isInteractive: Bool = true, size: TerminalSize = .standard) {
    self.init(answers: answers, isInteractive: isInteractive, theme: Theme(isColored: false), size: size)
  }

  /// As the public initializer, drawing in `theme`.
  package init(answers: [Answer], isInteractive: Bool = true, theme: Theme, size: TerminalSize = .standard) {
    self.answers = answers
    self.isInteractive = isInteractive
    self.theme = theme
    self.size = size
  }

  /// Shows `alert` in the ``transcript`` and answers it with the next
  /// scripted answers (the handler is not run: ``Alert/present(on:)`` runs
  /// it).
  /// - Returns: the response.
  /// - Throws: ``AskError/invalidAlert(_:)`` when the alert breaks a rule;
  ///   ``AskError/scriptExhausted`` when the answers run out;
  ///   ``AskError/invalidAnswer(_:)`` when, not ``isInteractive``, an
  ///   answer chooses no button.
  public func answer(_ alert: Alert) throws(AskError) -> Response {
    try AlertPresenter(console: self).respond(to: alert)
  }

  package func draw(_ text: String) throws(AskError) { transcript += text }

  package func discardTypeahead() { discards += 1 }

  /// A script has the terminal to itself: always true.
  package func takeTurn(until deadline: Int64?) throws(AskError) -> Bool { true }

  package func readLine(_ request: LineRequest) throws(AskError) -> LineResult {
    transcript += request.above + request.prompt
    switch try next() {
    case .text(let line):
      transcript += line + "\n"
      return .line(line)
    case .endOfInput:
      transcript += "^D\n"
      return .endOfInput
    case .timeout:
      transcript += "\n"
      return .timedOut
    }
  }

  package func readSecret(_ request: SecretRequest) throws(AskError) -> SecretResult {
    transcript += request.above + request.prompt
    switch try next() {
    case .text(let line):
      let secret = SecretText(bytes: Array(line.utf8))
      transcript += request.echo.mask(secret.characterCount)
      transcript += "\n"
      return .secret(secret)
    case .endOfInput:
      transcript += "\n"
      return .endOfInput
    case .timeout:
      transcript += "\n"
      return .timedOut
    }
  }

  private func next() throws(AskError) -> Answer {
    guard !answers.isEmpty else { throw .scriptExhausted }
    return answers.removeFirst()
  }
}
