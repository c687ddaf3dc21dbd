import CEditLine

/// Long work stops early when a terminating signal is pending, so the
/// signal acts at once (SPEC §6: no wait — laying out a 10 MB title or a
/// million buttons — keeps a signal from acting). The loops of that work
/// ask ``isPending`` every ``interval`` steps and, when it is true, return
/// what they have; that is never drawn, because the session's next wait or
/// write sees the signal first and the prompt ends by it.
package enum Interruption {
  /// The terminal session whose signals count: set while a
  /// ``TerminalConsole`` has one (`nil`: nothing is ever pending).
  nonisolated(unsafe) package static var session: OpaquePointer?

  /// How many steps (characters, buttons) a loop takes between two looks.
  package static let interval = 4096

  /// Whether a terminating signal is pending in ``session``.
  package static var isPending: Bool { ask_session_pending_signal(session) != 0 }
}
