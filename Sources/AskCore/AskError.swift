import CShim

/// What presenting an alert can fail with, each case carrying what the
/// caller needs to act on it; its ``description`` is the one-line message
/// to show (sentence case, user input in single quotes, no trailing period,
/// in the user's language — never a secret).
///
/// A cancel or a timeout is not an error: it is a ``Response``
/// (``Response/cancelled(_:)``, ``Response/timedOut(_:)``).
///
/// ```swift
/// do {
///   handle(try alert.present())
/// } catch .interrupted(let signal) {
///   print("stopped by", signal)   // the host's own handler has already run
/// } catch {
///   print("cannot ask:", error)   // "cannot ask: Duplicate button title 'Save'" (two 'Save')
/// }
/// ```
public enum AskError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The alert breaks a rule (a duplicate or empty title, two cancel
  /// buttons, a destructive default, a setting its style has no use for,
  /// …); the message names the offending title or setting. Nothing was
  /// drawn.
  case invalidAlert(String)
  /// A terminal was required (``TerminalConsole/AnswerSource/terminal``)
  /// but the controlling terminal, `/dev/tty`, cannot be opened.
  case noTerminal
  /// The terminal is taken within this process: another console holds
  /// it, or a prompt is already being presented — on this console or,
  /// from another task or thread, on any. One prompt a process at a time.
  case terminalBusy
  /// Answers do not come from a terminal and one could not be taken: it
  /// chose no button, or a line is not UTF-8. Carries the hint that says
  /// why (never a secret); a terminal would have asked again instead.
  case invalidAnswer(String)
  /// A terminating signal (Ctrl-C is ``Signal/interrupt``) ended the
  /// prompt. By the time it is thrown, the terminal was given back and the
  /// signal delivered again, so the host's own handler has run (with the
  /// default action the process has ended and nothing is thrown). A
  /// terminal that goes away counts as ``Signal/hangUp``.
  case interrupted(by: Signal)
  /// Reading or writing failed: what could not be done, in the user's
  /// language (the words after "Cannot ": `read the answer`), and the
  /// system's reason when there is one.
  case io(operation: String, reason: SystemError?)
  /// A ``ScriptedConsole`` was asked for an answer after its last one.
  case scriptExhausted
  /// The task presenting the alert (with `await`) was cancelled: the
  /// prompt ended, the terminal was given back, and no button's handler
  /// ran. (Typed throws cannot throw `CancellationError`.)
  case cancelled

  /// The one-line message, without a program name, in the user's
  /// language; the system's reason for an `io` error too, where the C
  /// library's own catalogue has it.
  public var description: String {
    switch self {
    case .invalidAlert(let text), .invalidAnswer(let text): text
    case .noTerminal: localized("No terminal to read the answer from (/dev/tty cannot be opened)")
    case .terminalBusy: localized("Cannot %s", localized("use the terminal: another console of this process has it"))
    // TRANSLATORS: %d is the signal's number (2 is SIGINT).
    case .interrupted(let signal): localized("Interrupted by signal %d", String(signal.number))
    // TRANSLATORS: %s is what could not be done ("read the spec").
    case .io(let operation, nil): localized("Cannot %s", operation)
    // TRANSLATORS: %1$s is what could not be done ("read the spec"), %2$s
    // the system's reason ("Permission denied").
    case .io(let operation, let reason?): localized("Cannot %s: %s", operation, reason.description)
    case .scriptExhausted: localized("Cannot %s", localized("read past the scripted answers"))
    // TRANSLATORS: a program presented a prompt from a task (Swift
    // concurrency), and cancelled that task before the prompt was answered.
    case .cancelled: localized("The prompt was cancelled by its task")
    }
  }
}

/// A POSIX signal that can end a prompt, known by its name (`SIGINT`).
public struct Signal: Sendable, Hashable, CustomStringConvertible {
  /// The signal's number on this system.
  package let number: Int32

  /// The signal numbered `number` on this system.
  package init(_ number: Int32) { self.number = number }

  /// `SIGHUP`: the terminal went away.
  public static let hangUp = Signal(1)
  /// `SIGINT`: Ctrl-C.
  public static let interrupt = Signal(2)
  /// `SIGQUIT`: Ctrl-\.
  public static let quit = Signal(3)
  /// `SIGPIPE`: the reader of a pipe is gone.
  public static let brokenPipe = Signal(13)
  /// `SIGALRM`: a timer ran out.
  public static let alarm = Signal(14)
  /// `SIGTERM`: `kill`'s default.
  public static let terminate = Signal(15)

  /// The signal's name as C spells it: `SIGINT`; `SIG` and the number for
  /// one without a name here (`SIG34`, a real-time signal).
  public var name: String {
    switch number {
    case 1: "SIGHUP"
    case 2: "SIGINT"
    case 3: "SIGQUIT"
    case 6: "SIGABRT"
    case 10: "SIGUSR1"
    case 12: "SIGUSR2"
    case 13: "SIGPIPE"
    case 14: "SIGALRM"
    case 15: "SIGTERM"
    default: "SIG\(number)"
    }
  }

  /// ``name``.
  public var description: String { name }
}

/// The reason the operating system gave for a failed call (`errno`), with
/// the C library's message for it.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The POSIX error number (`errno`: `EPIPE` when the reader of a pipe
  /// is gone).
  public let code: Int32

  /// The reason numbered `code`.
  public init(code: Int32) { self.code = code }

  /// The C library's message for it, in the user's language where its
  /// catalogue has one ("Permission denied").
  public var description: String { String(cString: ask_message_error(code)) }
}
