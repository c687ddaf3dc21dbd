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
  /// other — is refused at once with ``AskError/terminalBusy``, never
  /// queued and never drawn over the first. A signal that arrives during the prompt is
  /// delivered as in the synchronous case, after the terminal is given
  /// back. The chosen button's handler runs in the calling task, after
  /// the terminal is given back.
  /// - Returns: what happened and the button chosen.
  /// - Throws: as the synchronous `present()`; ``AskError/cancelled`` when
  ///   the task was cancelled; ``AskError/terminalBusy`` when another
  ///   prompt of this process is being presented;
  ///   ``AskError/io(operation:reason:)`` when no thread could be started
  ///   for the prompt.
  ///
  /// In top-level code (a `main.swift` with no `@main` type) Swift picks
  /// the synchronous overload of the same name, with a warning that no
  /// `async` operation occurs; present from an `async` function or a
  /// `Task` there.
  public func present() async throws(AskError) -> Response {
    if Task.isCancelled { throw .cancelled }
    let console = try TerminalConsole()
    defer { console.close() }
    return try await present(on: console)
  }

  /// Shows the alert on `console` and returns the answer, from any task.
  ///
  /// On a ``TerminalConsole`` it is the `async` ``present()-51ozw`` on a
  /// console of the caller's: the wait runs on a thread of its own, Task
  /// cancellation ends the prompt (``AskError/cancelled``), and `console`
  /// is restored before this returns or throws and can present again. Any
  /// other console — a ``ScriptedConsole``, a host's own — is asked in the
  /// calling task (a script never waits), so code written against `some
  /// Console` presents with `await` and is tested with a script alike.
  ///
  /// ```swift
  /// func deploy(on console: some Console) async throws(AskError) {
  ///   let go = Button("Deploy", role: .destructive)
  ///   let confirm = Alert(title: "Deploy?", buttons: [go, Button("Cancel", role: .cancel)])
  ///   if try await confirm.present(on: console) == .button(go) { startDeploy() }
  /// }
  /// ```
  /// - Parameters:
  ///   - console: the console to present on; not to be used elsewhere
  ///     until this returns.
  ///   - isolation: the caller's actor, filled in by the compiler: the
  ///     console stays in the caller's isolation.
  /// - Returns: what happened and the button chosen.
  /// - Throws: as ``present()-51ozw``; ``AskError/io(operation:reason:)``
  ///   when `console` was closed; what the console's ``Console/answer(_:)``
  ///   throws.
  public func present(on console: some Console,
                      isolation: isolated (any Actor)? = #isolation) async throws(AskError) -> Response {
    if Task.isCancelled { throw .cancelled }
    guard let console = console as? TerminalConsole else {
      let response = try console.answer(self)
      response.chosenButton?.handler?()
      return response
    }
    let control = console.control
    // One prompt at a time on a console: a second would share the first's
    // session and free it under it.
    guard control.beginPresenting(forgettingCancel: true) else { throw .terminalBusy }
    let result = await withTaskCancellationHandler {
      await PromptThread.run { () -> Result<Response, AskError> in
        do throws(AskError) {
          return .success(try console.answerPresenting(self))
        } catch {
          return .failure(error)
        }
      }
    } onCancel: {
      control.cancel()
    }
    if control.endPresenting() { console.close() }
    let response = try result.get()
    response.chosenButton?.handler?()
    return response
  }
}
