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

/// The `async` form of ``withTerminalConsole(answers:color:_:)``: `body`
/// may `await` (``Alert/present(on:isolation:)`` in its `async`
/// form), and runs in the caller's isolation; the console is closed when
/// `body` returns or throws, Task cancellation included.
///
/// ```swift
/// try await withTerminalConsole { console in
///   let response = try await sheet.present(on: console)
///   …
/// }
/// ```
///
/// - Parameters:
///   - answers: where answers come from, as for
///     ``TerminalConsole/init(answers:color:)``.
///   - color: whether what is drawn is coloured.
///   - isolation: the caller's actor, filled in by the compiler.
///   - body: what to do with the console; it must not keep the console
///     past its return.
/// - Returns: what `body` returns.
/// - Throws: as ``withTerminalConsole(answers:color:_:)``.
public func withTerminalConsole<Result>(answers: TerminalConsole.AnswerSource = .standardInput,
                                        color: ColorMode = .auto,
                                        isolation: isolated (any Actor)? = #isolation,
                                        _ body: (TerminalConsole) async throws -> Result) async throws -> Result {
  let console = try TerminalConsole(answers: answers, color: color)
  defer { console.close() }
  return try await body(console)
}
