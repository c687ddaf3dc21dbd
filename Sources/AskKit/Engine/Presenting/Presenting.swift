import CShim

extension Alert {
  /// Shows the alert on the controlling terminal, waits for the answer and
  /// returns it — synchronously, as a synchronized action sheet or
  /// `UIAlertController` presented modally: the call returns when a button
  /// is chosen, the prompt is cancelled or its ``timeout`` passes.
  ///
  /// ```swift
  /// let sheet = Alert(title: "Available Actions",
  ///                   buttons: [Button("Destroy", role: .destructive), Button("Negotiate"),
  ///                             Button("Compromise"), Button("Cancel", role: .cancel)],
  ///                   presentation: .actionSheet)
  /// if let index = try sheet.present().buttonIndex { print("button", index) }
  /// ```
  ///
  /// Answers are read from standard input when it is a terminal or a pipe
  /// (a script can answer), drawn on `/dev/tty`; see ``TerminalConsole``.
  /// Before it returns or throws, the host's terminal modes, signal actions
  /// and signal mask are given back as they were, and then the chosen
  /// button's ``Button/handler`` runs.
  /// - Returns: what happened (``Response/outcome``) and the button chosen.
  /// - Throws: ``AskError/spec(_:)`` when the alert breaks a rule (nothing
  ///   is drawn); ``AskError/interrupted(signal:)`` when a terminating
  ///   signal (Ctrl-C: `SIGINT`) ended the prompt — by then the terminal,
  ///   the signal actions (bit for bit, flags included) and the mask were
  ///   given back and the signal sent to the process again, so the host's
  ///   own action ran (with the default action the process has already
  ///   ended, 128+N). Presented from a thread that blocks the signal (every
  ///   thread of Swift's cooperative pool and of Dispatch does: a detached
  ///   `Task`), the signal goes to the process instead of that thread: the
  ///   host's handler runs on a thread that does not block it, at once or
  ///   just after this throws, or the default action ends the process, as
  ///   on the main thread; ``AskError/invalidAnswer(_:)``
  ///   when piped answers choose no button or a piped line is not UTF-8;
  ///   ``AskError/io(_:errno:)`` when the terminal cannot be used, or is
  ///   held by another console.
  public func present() throws(AskError) -> Response {
    try present(on: TerminalConsole())
  }

  /// Shows the alert on `console` and returns the answer, as ``present()-7dhf6``;
  /// `console` is restored (``TerminalConsole/restore()``) before this
  /// returns or throws, and can present again.
  /// - Throws: as ``present()-7dhf6``.
  public func present(on console: TerminalConsole) throws(AskError) -> Response {
    let response = try presentRestoring(on: console)
    runHandler(of: response)
    return response
  }

  /// Presents on `console` and restores it, without running the handler;
  /// a cancelled prompt (``ConsoleControl/cancel()``) throws
  /// ``AskError/cancelled``.
  func presentRestoring(on console: TerminalConsole) throws(AskError) -> Response {
    let response: Response
    do {
      response = try AlertPresenter(console: console).present(self)
    } catch {
      console.restore()
      if case .interrupted(let signal) = error, signal == Int32(ASK_SIGNAL_CANCELLED) { throw .cancelled }
      throw error
    }
    console.restore()
    return response
  }

  /// Shows the alert on a scripted console and returns the answer, as
  /// ``present()-7dhf6`` does on a terminal; for tests of code that presents.
  ///
  /// ```swift
  /// let console = ScriptedConsole(answers: ["neg"])
  /// let response = try sheet.present(on: console)  // Negotiate, number 2
  /// ```
  /// - Throws: as ``present()-7dhf6``; ``AskError/io(_:errno:)`` when the script
  ///   runs out of answers.
  public func present(on console: ScriptedConsole) throws(AskError) -> Response {
    let response = try AlertPresenter(console: console).present(self)
    runHandler(of: response)
    return response
  }

  func runHandler(of response: Response) {
    if let index = response.buttonIndex { buttons[index].handler?() }
  }
}
