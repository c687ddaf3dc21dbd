/// Where an alert is drawn and its answers are read: the terminal
/// (``TerminalConsole``) or a script (``ScriptedConsole``, for tests).
///
/// The drawing stream is never standard output (SPEC §4): stdout carries
/// the result only.
public protocol Console: AnyObject {
  /// True when answers come from a terminal: an unrecognised answer then
  /// gets a hint and the prompt again; otherwise it ends the prompt
  /// (``AskError/invalidAnswer(_:)``, exit status 2) — never a loop.
  var isInteractive: Bool { get }
  /// How to style what is drawn.
  var theme: Theme { get }
  /// Draws text (lines ending in LF) on the drawing stream.
  /// - Throws: ``AskError/io(_:errno:)`` when writing fails.
  func draw(_ text: String) throws(AskError)
  /// Shows `prompt` and reads one answer line, without its line ending.
  /// `completions` are what Tab completes on a terminal. Returns `nil` at
  /// the end of input (Ctrl-D on an empty line, end of a pipe).
  /// - Throws: ``AskError/interrupted(signal:)`` when a terminating signal
  ///   arrives; ``AskError/io(_:errno:)`` when reading fails.
  func readAnswer(prompt: String, completions: [String]) throws(AskError) -> String?
}
