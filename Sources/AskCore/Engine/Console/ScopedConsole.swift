/// Opens a ``TerminalConsole``, runs `body` with it, and closes it
/// (``TerminalConsole/close()``) when `body` returns or throws: the
/// terminal is held for exactly the scope, and free for another console
/// after it.
///
/// ```swift
/// let response = try withTerminalConsole { console in
///   try Alert(title: "Continue?", buttons: [Button("Yes"), Button("No")]).present(on: console)
/// }
/// ```
///
/// - Parameters:
///   - answers: where answers come from, as for
///     ``TerminalConsole/init(answers:color:)``.
///   - color: whether what is drawn is coloured.
///   - body: what to do with the console; it must not keep the console
///     past its return (the console is closed then).
/// - Returns: what `body` returns.
/// - Throws: the ``AskError`` of ``TerminalConsole/init(answers:color:)``
///   when the console cannot be opened (`body` does not run), else what
///   `body` throws, unchanged. (Untyped: `body`'s own errors pass through,
///   and typed throws cannot name two error types.)
public func withTerminalConsole<Result>(answers: TerminalConsole.AnswerSource = .standardInput,
                                        color: ColorMode = .auto,
                                        _ body: (TerminalConsole) throws -> Result) throws -> Result {
  let console = try TerminalConsole(answers: answers, color: color)
  defer { console.close() }
  return try body(console)
}
