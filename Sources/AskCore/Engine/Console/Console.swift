/// Where alerts are shown and answered: the terminal (``TerminalConsole``),
/// a script (``ScriptedConsole``, for tests), or a console of the host's
/// own.
///
/// Code that asks takes a console, so its tests can stand a script in for
/// the terminal:
///
/// ```swift
/// func confirmDeletion(on console: some Console) throws(AskError) -> Bool {
///   let alert = Alert(title: "Delete?", buttons: [Button("Delete", role: .destructive),
///                                                Button("Keep", role: .cancel)])
///   return try alert.present(on: console) == .button(alert.buttons[0])
/// }
///
/// // In the host's tests:
/// #expect(try confirmDeletion(on: ScriptedConsole(answers: ["delete"])))
/// ```
public protocol Console {
  /// Shows `alert`, waits for its answer and returns it — without running
  /// the chosen button's handler: ``Alert/present(on:)`` runs it.
  ///
  /// Before it returns or throws, whatever the console borrowed to ask (a
  /// terminal's modes, signal actions) is given back.
  /// - Returns: the response: the button chosen with the values typed, a
  ///   cancel or a timeout.
  /// - Throws: ``AskError/invalidAlert(_:)`` when the alert breaks a rule
  ///   (nothing is shown); what showing it and reading the answer throw.
  func answer(_ alert: Alert) throws(AskError) -> Response
}
