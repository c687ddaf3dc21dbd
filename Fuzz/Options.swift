// Fuzz target: the option parser and the invocation builder (SPEC §2).
// The input is an argument list, NUL between arguments; it builds an
// action or fails with one line, made visible as `ask` reports it.
@testable import AskCLI
@testable import AskCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOptions(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let arguments = size == 0 ? [] : pieces(UnsafeBufferPointer(start: data, count: size), separator: 0)
  do throws(CommandError) {
    let options = try OptionParser.parse(arguments)
    _ = try Invocation.action(for: options)
  } catch {
    switch error {
    case .usage(let text), .spec(let text), .prompt(.invalidAlert(let text)):
      // As `ask` reports it (AskCommand.report).
      let line = TerminalText.visible(text)
      require(isOneVisibleLine(line), "error is not one visible line: \(line.debugDescription)")
    default: fatalError("not a usage or spec error: \(error)")
    }
  }
  return 0
}
