import CShim

/// Long work stops early when a terminating signal is pending, so the
/// signal acts at once (SPEC §6: no wait — laying out a 10 MB title or a
/// million buttons — keeps a signal from acting). The loops of that work
/// ask ``isPending`` every ``interval`` steps and, when it is true, stop:
/// those that build something to draw return what they have, which is
/// never drawn, because the session's next wait or write sees the signal
/// first and the prompt ends by it; those that build the prompt's model or
/// layout (decoding, validating, indexing, packing pages) go through
/// ``forEach(_:by:_:)`` and throw ``AskError/interrupted(by:)``.
package enum Interruption {
  /// The terminal session whose signals count: set while a
  /// ``TerminalConsole`` has one (`nil`: nothing is ever pending). The
  /// `ask` command begins it before it reads a spec, so every phase of a
  /// prompt — reading, decoding, validating, laying out, answering — sees
  /// the signals; before that they keep their default actions and end the
  /// process at once (the terminal is not held yet).
  nonisolated(unsafe) package static var session: OpaquePointer?

  /// How many steps (characters, buttons) a loop takes between two looks.
  package static let interval = 4096

  /// Whether a terminating signal is pending in ``session``.
  package static var isPending: Bool { ask_session_pending_signal(session) != 0 }

  /// Run with the signal by long work that a pending signal stops, before
  /// it throws: the `ask` command ends itself there, as it would once the
  /// error reached it — but without first taking apart what the work had
  /// built (a million buttons, or a million-title JSON tree, took 15 ms
  /// to free). `nil` (a library's host): the error is thrown.
  nonisolated(unsafe) package static var ending: ((Int32) -> Void)?

  /// The error that stops long work for `signal`, pending, once
  /// ``ending`` has run.
  package static func stopped(by signal: Int32) -> AskError {
    ending?(signal)
    return .interrupted(by: Signal(signal))
  }

  /// Calls `body` with each index of `range`, every `step`th (`step` ≥ 1;
  /// each call counts as `step` steps), in order, until it returns false;
  /// every ``interval`` steps it looks for a terminating signal pending.
  /// Returns false when `body` stopped it.
  /// - Throws: ``AskError/interrupted(by:)`` with the pending signal
  ///   (``stopped(by:)``); what `body` throws.
  @inline(__always)
  @discardableResult
  package static func forEach(_ range: Range<Int>, by step: Int = 1,
                              _ body: (Int) throws(AskError) -> Bool) throws(AskError) -> Bool {
    var index = range.lowerBound
    var look = index + interval
    while index < range.upperBound {
      if index >= look {
        let signal = ask_session_pending_signal(session)
        if signal != 0 { throw stopped(by: signal) }
        look = index + interval
      }
      guard try body(index) else { return false }
      index += step
    }
    return true
  }
}
