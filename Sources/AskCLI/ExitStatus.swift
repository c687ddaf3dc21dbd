import AskKit

/// The exit statuses of `ask` (SPEC §5), in one table. A signal is not
/// here: `ask` dies by it (128+N) after restoring the terminal.
enum ExitStatus: Int32 {
  /// A button other than cancel was chosen.
  case chosen = 0
  /// A cancel: the cancel button, Ctrl-D, or end of input.
  case cancelled = 1
  /// Usage or spec error, unrecognised piped answer, any other failure.
  case failure = 2
  /// The timeout passed with nothing to choose (as `timeout(1)` and gum).
  case timedOut = 124

  /// The status for a response: 124 when time ran out with nothing
  /// chosen; 1 for the cancel role only; else 0.
  init(_ response: Response) {
    self = response.isTimeoutWithoutChoice ? .timedOut : response.role == .cancel ? .cancelled : .chosen
  }
}
