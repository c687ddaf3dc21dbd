extension Alert {
  /// Shows the alert on the terminal, waits for the answer and returns it
  /// — synchronously, as a synchronous action sheet or a modal
  /// `UIAlertController`: the call returns when a button is chosen, the
  /// alert is cancelled or its ``timeout`` passes.
  ///
  /// ```swift
  /// let sheet = Alert(title: "Available Actions",
  ///                   buttons: [Button("Destroy", role: .destructive), Button("Negotiate"),
  ///                             Button("Compromise"), Button("Cancel", role: .cancel)],
  ///                   presentation: .actionSheet)
  /// if let button = try sheet.present().chosenButton { print(button.title) }
  /// ```
  ///
  /// Answers are read from standard input when it is a terminal or a pipe
  /// (a script can answer), drawn on `/dev/tty`; see ``TerminalConsole``.
  /// Before it returns or throws, the host's terminal modes, signal actions
  /// and signal mask are given back as they were; then the chosen
  /// button's ``Button/handler`` runs.
  /// - Returns: the button chosen and what was typed, or a cancel or a
  ///   timeout.
  /// - Throws: ``AskError/invalidAlert(_:)`` when the alert breaks a rule
  ///   (nothing is drawn); ``AskError/interrupted(by:)`` when a terminating
  ///   signal (Ctrl-C: ``Signal/interrupt``) ended it — by then the signal
  ///   was delivered again, so the host's own handler ran (with the default
  ///   action the process has already ended); ``AskError/invalidAnswer(_:)``
  ///   when piped answers choose no button or a piped line is not UTF-8;
  ///   ``AskError/terminalBusy`` when another console of this process holds
  ///   the terminal; ``AskError/io(operation:reason:)`` when the terminal or
  ///   standard input cannot be used.
  public func present() throws(AskError) -> Response {
    try present(on: TerminalConsole())
  }

  /// Shows the alert on `console`, waits for the answer and returns it, as
  /// ``present()-l0zt`` does on the terminal; then runs the chosen button's
  /// ``Button/handler``.
  ///
  /// ```swift
  /// let console = ScriptedConsole(answers: ["neg"])
  /// let response = try sheet.present(on: console)  // .button(Button("Negotiate"))
  /// ```
  /// - Returns: as ``present()-l0zt``.
  /// - Throws: what ``Console/answer(_:)`` throws: as ``present()-l0zt`` on a
  ///   terminal; ``AskError/scriptExhausted`` when a script runs out of
  ///   answers.
  public func present(on console: some Console) throws(AskError) -> Response {
    let response = try console.answer(self)
    response.chosenButton?.handler?()
    return response
  }
}
