import CShim
import Synchronization

/// What another thread may do to a ``TerminalConsole`` while a prompt
/// waits on it: cancel the prompt (Task cancellation of an `async`
/// present). A console's own state is its presenting thread's alone; this
/// is the one part shared, behind a lock.
///
/// It also keeps the process's rule of one terminal session at a time:
/// the C sessions nest on one thread (the handlers reach the innermost),
/// so two prompts waiting at once on two threads — two consoles on two
/// terminals — would unlink each other's; the second is refused
/// (``enter()``).
package final class ConsoleControl: Sendable {
  private struct State {
    /// The session a prompt waits in (`ask_session_t *`, as its address:
    /// a pointer is not `Sendable`), from its begin to its end; 0: none.
    var session: UInt = 0
    /// The prompt was cancelled (before its session began, or during).
    var isCancelled = false
    /// A prompt is being presented on the console, on some thread.
    var isPresenting = false
    /// ``requestClose()`` came while a prompt was presented: the console
    /// closes when that prompt ends.
    var closesAfterPrompt = false
  }

  private let state = Mutex(State())

  /// The console whose terminal session is live in this process, if any.
  private static let holder = Mutex<ObjectIdentifier?>(nil)

  package init() {}

  /// Takes the process's one session for this console: true when it was
  /// free or already this console's.
  package func enter() -> Bool {
    Self.holder.withLock { holder in
      guard holder == nil || holder == ObjectIdentifier(self) else { return false }
      holder = ObjectIdentifier(self)
      return true
    }
  }

  /// Gives the process's session back (when this console has it).
  package func leave() {
    Self.holder.withLock { holder in
      if holder == ObjectIdentifier(self) { holder = nil }
    }
  }

  /// Notes that `session` began: a cancel from now on wakes its wait; one
  /// that came first cancels it at once.
  package func began(_ session: OpaquePointer) {
    let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(session)))
    state.withLock { state in
      state.session = address
      if state.isCancelled { ask_session_cancel(OpaquePointer(bitPattern: address)) }
    }
  }

  /// Notes that the session is about to end (and be freed): a cancel from
  /// now on only sets the flag.
  package func ending() {
    state.withLock { $0.session = 0 }
  }

  /// Cancels the prompt, from any thread: its wait ends (as for a
  /// terminating signal, with nothing sent to the process) and the
  /// presenting thread ends the session, giving the terminal back; a
  /// prompt not yet begun ends at its first wait.
  package func cancel() {
    state.withLock { state in
      state.isCancelled = true
      if state.session != 0 { ask_session_cancel(OpaquePointer(bitPattern: state.session)) }
    }
  }

  /// Forgets a cancel: the next prompt on the console starts afresh.
  package func reset() {
    state.withLock { $0.isCancelled = false }
  }

  /// Takes the console for one prompt, from any thread: false when a
  /// prompt is already presented on it (a second would share its session
  /// and free it under the first) or it is closing. A cancel that came
  /// before stays (the prompt ends at its first wait) unless
  /// `forgettingCancel`: an `async` prompt's own cancel is its task's, and
  /// comes after this.
  package func beginPresenting(forgettingCancel: Bool = false) -> Bool {
    state.withLock { state in
      guard !state.isPresenting && !state.closesAfterPrompt else { return false }
      state.isPresenting = true
      if forgettingCancel { state.isCancelled = false }
      return true
    }
  }

  /// Gives the console back after a prompt, its cancel forgotten: true
  /// when a close was asked for meanwhile (the caller closes it now).
  package func endPresenting() -> Bool {
    state.withLock { state in
      state.isPresenting = false
      state.isCancelled = false
      defer { state.closesAfterPrompt = false }
      return state.closesAfterPrompt
    }
  }

  /// Asks to close the console, from any thread: true when no prompt is
  /// presented (the caller closes it now); else the prompt is cancelled
  /// and the console closes when it ends (``endPresenting()``).
  package func requestClose() -> Bool {
    state.withLock { state in
      guard state.isPresenting else { return true }
      state.closesAfterPrompt = true
      state.isCancelled = true
      if state.session != 0 { ask_session_cancel(OpaquePointer(bitPattern: state.session)) }
      return false
    }
  }
}
