import AskCore

/// What can go wrong in a run of `ask`: a mistake on its command line, a
/// spec it cannot use, a spec that did not arrive in time, or what AskKit
/// failed with while presenting. Each has a one-line ``message`` for
/// standard error; ``ExitStatus`` maps each to the status `ask` exits with.
enum CommandError: Error, Equatable {
  /// A command-line mistake: unknown option, missing or bad value. The
  /// message names the option and, where one is close, the option meant.
  case usage(String)
  /// The prompt described cannot be asked (an empty spec stream, a
  /// `--default` that names no button); the message says where.
  case spec(String)
  /// No spec arrived within the `--timeout`: exit status 124.
  case specTimedOut(after: Duration)
  /// What AskKit failed with.
  case prompt(AskError)

  /// The one-line message, without the program name, in the user's
  /// language.
  var message: String {
    switch self {
    case .usage(let text), .spec(let text): text
    // TRANSLATORS: %s is a duration ("30 s").
    case .specTimedOut(let limit): localized("No spec arrived within %s", AlertLayout.duration(limit))
    case .prompt(let error): error.description
    }
  }

  /// Runs `body`, AskKit's failure as ``prompt(_:)``.
  static func prompting<T>(_ body: () throws(AskError) -> T) throws(CommandError) -> T {
    do {
      return try body()
    } catch {
      throw .prompt(error)
    }
  }
}
