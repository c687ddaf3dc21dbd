import CShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything that can go wrong in `ask` that the caller can act on, each
/// case with a one-line ``message`` (sentence case, user input in single
/// quotes, no trailing period — never a secret).
///
/// A cancel is not an error (it is a ``Response`` with
/// ``Response/isCancel``).
/// The `ask` tool maps every case to exit status 2 but two:
/// ``interrupted(signal:)`` ends the process by that signal (128+N), and
/// ``specTimedOut(after:)`` is 124.
public enum AskError: Error, Equatable, Sendable {
  /// A command-line mistake: unknown option, missing or bad value. The
  /// message names the option and, where one is close, the option meant.
  case usage(String)
  /// The alert breaks a rule of SPEC §1 (duplicate or empty title, a
  /// destructive default, …); the message names the title or key.
  case spec(String)
  /// A terminal was needed (`--answers tty`) but none could be opened.
  case noTerminal
  /// The answer source is not a terminal and an answer could not be
  /// taken: it chose no button, or its line is not UTF-8 (SPEC §6: never
  /// replaced by U+FFFD); carries the hint or the message naming the line
  /// (never a secret).
  case invalidAnswer(String)
  /// A terminating signal (its number: `SIGINT` is 2) ended the prompt.
  /// When ``Alert/present()-7dhf6`` throws it, the terminal was already given
  /// back and the signal sent to the process again: the host's own
  /// handler has run (presented from a thread that blocks the signal, it
  /// runs on a thread that does not), and with the default action the
  /// process has ended and nothing is thrown. A closed terminal is `SIGHUP`.
  case interrupted(signal: Int32)
  /// Reading or writing failed: the operation, in the user's language (what
  /// follows "Cannot "), and `errno`.
  case io(String, errno: Int32)
  /// No spec arrived within the `--timeout`: exit status 124.
  case specTimedOut(after: Duration)
  /// The task presenting the prompt was cancelled (Task cancellation of
  /// the `async` `present()`): the prompt ended, the
  /// terminal was given back, and no button's handler ran.
  case cancelled

  /// The one-line message for standard error, without the program name,
  /// in the user's language (SPEC §6), the system's reason for an `io`
  /// error too where glibc's own catalogue has it.
  public var message: String {
    switch self {
    case .usage(let text), .spec(let text), .invalidAnswer(let text): text
    case .noTerminal: localized("No terminal to read the answer from (/dev/tty cannot be opened)")
    // TRANSLATORS: %d is the signal's number (2 is SIGINT).
    case .interrupted(let signal): localized("Interrupted by signal %d", String(signal))
    // TRANSLATORS: %s is what could not be done ("read the spec").
    case .io(let operation, let errno) where errno == 0: localized("Cannot %s", operation)
    // TRANSLATORS: %1$s is what could not be done ("read the spec"), %2$s
    // the system's reason ("Permission denied").
    case .io(let operation, let errno): localized("Cannot %s: %s", operation, String(cString: ask_message_error(errno)))
    // TRANSLATORS: %s is a duration ("30 s").
    case .specTimedOut(let limit): localized("No spec arrived within %s", AlertLayout.duration(limit))
    // TRANSLATORS: a program presented a prompt from a task (Swift
    // concurrency), and cancelled that task before the prompt was answered.
    case .cancelled: localized("The prompt was cancelled by its task")
    }
  }
}
