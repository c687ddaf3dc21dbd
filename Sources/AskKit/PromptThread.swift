import CShim

/// The thread an `async` prompt waits on: started for the prompt
/// (`ask_thread_start`), never a worker of the Swift concurrency pool —
/// the pool is a few threads (one a core) that must not be kept waiting
/// for a person, and its workers block signals. The thread has the
/// signal mask of the process's main thread, so a signal that arrived
/// during the prompt reaches the host's action as it would there.
enum PromptThread {
  /// The work and the continuation that waits for it, handed to the
  /// thread.
  ///
  /// `body` is not `Sendable` (it uses the caller's console): it is run on
  /// the new thread while the calling task is suspended, waiting for
  /// exactly this run to resume it, so nothing else uses what it captures
  /// meanwhile; the resume orders its effects before the task goes on.
  private final class Job<Value: Sendable>: Runnable {
    let body: () -> Value
    let continuation: CheckedContinuation<Value?, Never>

    init(body: @escaping () -> Value, continuation: CheckedContinuation<Value?, Never>) {
      self.body = body
      self.continuation = continuation
    }

    override func run() { continuation.resume(returning: body()) }
  }

  /// A ``Job`` as the C thread's entry point sees it (a C function
  /// pointer cannot name a generic parameter).
  private class Runnable {
    func run() {}
  }

  /// Runs `body` on a new thread and suspends the calling task until it
  /// returns.
  /// - Returns: what `body` returned, or ``AskError/io(operation:reason:)`` when
  ///   no thread could be started (`body` did not run).
  static func run<Value: Sendable>(_ body: @escaping () -> Result<Value, AskError>) async -> Result<Value, AskError> {
    var error: Int32 = 0
    let value: Result<Value, AskError>? = await withCheckedContinuation { continuation in
      let job = Unmanaged<Runnable>.passRetained(Job(body: body, continuation: continuation))
      error = ask_thread_start({ context in
        guard let context else { return }
        Unmanaged<Runnable>.fromOpaque(context).takeRetainedValue().run()
      }, job.toOpaque())
      if error != 0 {
        job.release()
        continuation.resume(returning: nil)
      }
    }
    // TRANSLATORS: what cannot be done, after "Cannot " and before ": "
    // and the system's reason.
    return value ?? .failure(.io(operation: localized("start the prompt's thread"), reason: SystemError(code: error)))
  }
}
