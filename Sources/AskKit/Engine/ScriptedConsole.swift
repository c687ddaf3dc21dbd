/// An in-memory ``Console`` for tests and library users: answers come from a
/// script, and everything drawn is recorded in ``transcript``.
///
/// ```swift
/// let console = ScriptedConsole(answers: ["neg"])
/// let response = try AlertPresenter(console: console).present(sheet)
/// // console.transcript: the layout, then "Choice [1-4, Ctrl-D = cancel]: neg\n"
/// ```
///
/// It never blocks: reading past the script throws.
public final class ScriptedConsole: Console {
  /// The answers still to give; `nil` is an end of input (Ctrl-D).
  public private(set) var answers: [String?]
  /// Everything drawn, prompts and echoed answers included.
  public private(set) var transcript = ""
  public let isInteractive: Bool
  public let theme: Theme

  /// Makes a console that gives `answers` in order, as a terminal
  /// (`isInteractive`) or a pipe would.
  public init(answers: [String?], isInteractive: Bool = true, theme: Theme = Theme(isColored: false)) {
    self.answers = answers
    self.isInteractive = isInteractive
    self.theme = theme
  }

  public func draw(_ text: String) throws(AskError) { transcript += text }

  public func readAnswer(prompt: String, completions: [String]) throws(AskError) -> String? {
    transcript += prompt
    guard !answers.isEmpty else { throw .io("read past the scripted answers", errno: 0) }
    let answer = answers.removeFirst()
    transcript += (answer ?? "^D") + "\n"
    return answer
  }
}
