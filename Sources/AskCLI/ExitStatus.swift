import AskCore

/// The exit statuses of `ask` (SPEC §5), in one table: every response and
/// every error maps to one here, and ``AskCommand`` exits with it in one
/// place.
enum ExitStatus: Equatable {
  /// A button other than cancel was chosen, or text was submitted: 0.
  case chosen
  /// A cancel — the cancel button, Ctrl-D, or end of input: 1.
  case cancelled
  /// Usage or spec error, unrecognised piped answer, any other failure: 2.
  case failure
  /// The timeout passed with nothing to choose (as `timeout(1)` and gum):
  /// 124.
  case timedOut
  /// Killed by this signal (the terminal restored first): `ask` dies by it,
  /// so the caller sees 128+N; 129 also for a terminal that went away.
  case signal(Int32)

  /// The number the caller sees.
  var code: Int32 {
    switch self {
    case .chosen: 0
    case .cancelled: 1
    case .failure: 2
    case .timedOut: 124
    case .signal(let number): 128 + number
    }
  }

  /// The status for a response: 124 when time ran out with nothing
  /// chosen; 1 for the cancel role only; else 0.
  init(_ response: PromptResult) {
    self = response.isTimeoutWithoutChoice ? .timedOut : response.isCancel ? .cancelled : .chosen
  }

  /// The status for an error: the signal of AskKit's
  /// `AskError.interrupted(by:)`, 124 for
  /// ``CommandError/specTimedOut(after:)``, else 2.
  init(_ error: CommandError) {
    switch error {
    case .prompt(.interrupted(let signal)): self = .signal(signal.number)
    case .specTimedOut: self = .timedOut
    default: self = .failure
    }
  }

}
