/// Where the presenting loop draws an alert and reads its answers, line by
/// line and secret by secret: the terminal (``TerminalConsole``) or a script
/// (``ScriptedConsole``). The engine's seam; a library user stands in a
/// whole ``Console`` instead.
///
/// The drawing stream is never standard output: stdout carries the result
/// only.
package protocol PromptDevice: AnyObject {
  /// True when answers come from a terminal: an unrecognised answer then
  /// gets a hint and the prompt again; otherwise it ends the prompt
  /// (``AskError/invalidAnswer(_:)``, exit status 2) — never a loop.
  var isInteractive: Bool { get }
  /// How to style what is drawn.
  var theme: Theme { get }
  /// The size of the drawing terminal now (80×24 when unknown).
  var size: TerminalSize { get }
  /// Draws text (lines ending in LF) on the drawing stream.
  /// - Throws: ``AskError/io(operation:reason:)`` when writing fails.
  func draw(_ text: String) throws(AskError)
  /// Shows the request's prompt (its ``LineRequest/above`` first) and
  /// reads one line, without its line ending: a button answer or a plain
  /// field.
  /// - Throws: ``AskError/interrupted(by:)`` when a terminating signal
  ///   arrives; ``AskError/io(operation:reason:)`` when reading fails;
  ///   ``AskError/invalidAnswer(_:)`` when a line from a pipe is not UTF-8
  ///   (the message gives its line number).
  func readLine(_ request: LineRequest) throws(AskError) -> LineResult
  /// Shows the request's prompt (its ``SecretRequest/above`` first) and
  /// reads a secret, masked (never echoed in
  /// clear but when the request shows its text, never in a history, never
  /// in a `String`).
  /// - Throws: as ``readLine(_:)``.
  func readSecret(_ request: SecretRequest) throws(AskError) -> SecretResult
  /// Drops input typed before now (it was echoed in clear: SPEC §5, before
  /// a prompt whose first field is secure).
  func discardTypeahead()
  /// Waits until the prompt may be drawn: until no other process's prompt
  /// holds the same terminal (SPEC §6: one prompt at a time per terminal),
  /// or `deadline` (`ask_now_ms` milliseconds; `nil`: never) passes.
  /// - Returns: true when it may be drawn, false when the time ran out
  ///   first (nothing is drawn then).
  /// - Throws: ``AskError/interrupted(by:)`` when a terminating signal
  ///   arrives while it waits.
  func takeTurn(until deadline: Int64?) throws(AskError) -> Bool
}

/// One line to read.
package struct LineRequest: Sendable {
  /// The prompt on the answer line (no control characters).
  package var prompt: String
  /// Editable text already typed (plain fields' `text`).
  package var initialText: String?
  /// What Tab completes.
  package var completions: [String] = []
  /// An alert whose buttons' titles Tab completes too, in screen order:
  /// listed only when Tab is pressed (a million titles are not copied for
  /// a prompt that is answered by number).
  package var completingButtons: AlertReference?
  /// When to give up, on the C shim's clock (`ask_now_ms`: CLOCK_MONOTONIC
  /// milliseconds; see ``AlertPresenter/deadline(after:)``); `nil` for never.
  package var deadline: Int64?
  /// What to draw again, above the prompt, after `ask` was stopped (Ctrl-Z)
  /// and continued: the title, message and buttons.
  package var redraw: String = ""
  /// Lines not drawn yet that the prompt answers (the buttons, the
  /// header), drawn before it in the same write: the terminal shows them
  /// and the answer line at once (one write, one wake-up of whatever
  /// reads the terminal). Empty when everything above is drawn.
  package var above: String = ""

  /// Makes a request; see the properties.
  package init(prompt: String, initialText: String? = nil, completions: [String] = [],
              completingButtons: AlertReference? = nil, deadline: Int64? = nil, redraw: String = "",
              above: String = "") {
    self.above = above
    self.prompt = prompt
    self.initialText = initialText
    self.completions = completions
    self.completingButtons = completingButtons
    self.deadline = deadline
    self.redraw = redraw
  }

  /// Everything Tab completes: ``completions``, then the titles of
  /// ``completingButtons``.
  package var allCompletions: [String] {
    guard let reference = completingButtons else { return completions }
    let alert = reference.alert
    return completions + alert.screenOrder.map { alert.buttonList.title(at: $0) }
  }
}

/// An alert held by reference, for a value copied and destroyed at every
/// start (``LineRequest``): an `Alert?` stored there was destroyed through
/// `Optional<Alert>`'s metadata, which the runtime sets up at its first use
/// — with every `Optional` the standard library prespecializes, 30 k
/// instructions before the first prompt.
package final class AlertReference: Sendable {
  /// The alert.
  package let alert: Alert

  /// Holds `alert`.
  package init(_ alert: Alert) { self.alert = alert }
}

/// What reading a line gave.
package enum LineResult: Equatable, Sendable {
  case line(String)
  /// Ctrl-D on an empty line, or the end of a pipe.
  case endOfInput
  /// The deadline passed.
  case timedOut
}

/// One secret to read.
package struct SecretRequest: Sendable {
  /// The prompt before the masked text (no control characters).
  package var prompt: String
  /// `*` per character, or nothing.
  package var echo: SecureEcho
  /// When true, the characters themselves as typed, whatever ``echo`` is
  /// (``Alert/showsSecretText``).
  package var showsText = false
  /// As ``LineRequest/deadline``.
  package var deadline: Int64?
  /// As ``LineRequest/redraw``.
  package var redraw: String
  /// As ``LineRequest/above``.
  package var above: String

  /// Makes a request; see the properties.
  package init(prompt: String, echo: SecureEcho = .masked, showsText: Bool = false, deadline: Int64? = nil,
               redraw: String = "", above: String = "") {
    self.above = above
    self.prompt = prompt
    self.echo = echo
    self.showsText = showsText
    self.deadline = deadline
    self.redraw = redraw
  }
}

/// What reading a secret gave.
package enum SecretResult: Equatable, Sendable {
  case secret(SecretText)
  case endOfInput
  case timedOut
}

extension LineResult {
  /// The same ending for a secret read (never `.line`).
  var secretResult: SecretResult {
    switch self {
    case .timedOut: .timedOut
    default: .endOfInput
    }
  }
}
