extension Alert {
  /// Shows the alert on the controlling terminal and returns the answer,
  /// as the synchronous `present()` does, from any task: the wait runs on
  /// a thread started for the prompt, off the cooperative pool, and the
  /// calling task is suspended meanwhile.
  ///
  /// ```swift
  /// let task = Task.detached {
  ///   try await Alert(title: "Async?", buttons: [Button("Yes"), Button("No")]).present()
  /// }
  /// ```
  ///
  /// Cancelling the task ends the prompt: the terminal's modes, the signal
  /// actions and mask are given back, and this throws
  /// ``AskError/cancelled`` (typed throws cannot throw `CancellationError`);
  /// a task already cancelled throws it without drawing anything.
  ///
  /// One prompt at a time per process: presenting while another prompt of
  /// this process waits — from another task, on the same terminal or any
  /// other — is refused at once with ``AskError/io(operation:reason:)`` (another
  /// console has the terminal, or holds one), never queued and never
  /// drawn over the first. A signal that arrives during the prompt is
  /// delivered as in the synchronous case, after the terminal is given
  /// back. The chosen button's handler runs in the calling task, after
  /// the terminal is given back.
  /// - Returns: what happened and the button chosen.
  /// - Throws: as the synchronous `present()`; ``AskError/cancelled`` when
  ///   the task was cancelled; ``AskError/io(operation:reason:)`` when another
  ///   prompt of this process is being presented, or no thread could be
  ///   started for the prompt.
  public func present() async throws(AskError) -> Response {
    if Task.isCancelled { throw .cancelled }
    let console = try TerminalConsole()
    defer { console.close() }
    return try await present(on: console)
  }

  /// Shows the alert on `console` and returns the answer, as the `async`
  /// ``present()-46uxv`` does on a console of its own; `console` is restored
  /// before this returns or throws, and can present again.
  ///
  /// ```swift
  /// try await withTerminalConsole { console in
  ///   let first = try await sheet.present(on: console)
  ///   let second = try await confirm.present(on: console)
  /// }
  /// ```
  /// - Parameters:
  ///   - console: the console to present on; not to be used elsewhere
  ///     until this returns.
  ///   - isolation: the caller's actor, filled in by the compiler: the
  ///     console stays in the caller's isolation.
  /// - Returns: what happened and the button chosen.
  /// - Throws: as ``present()-46uxv``; ``AskError/io(operation:reason:)`` when `console`
  ///   was closed.
  public func present(on console: TerminalConsole,
                      isolation: isolated (any Actor)? = #isolation) async throws(AskError) -> Response {
    if Task.isCancelled { throw .cancelled }
    let control = console.control
    control.reset()
    let result = await withTaskCancellationHandler {
      await PromptThread.run { () -> Result<Response, AskError> in
        do throws(AskError) {
          return .success(try console.answer(self))
        } catch {
          return .failure(error)
        }
      }
    } onCancel: {
      control.cancel()
    }
    let response = try result.get()
    response.chosenButton?.handler?()
    return response
  }
}
