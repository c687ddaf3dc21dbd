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
