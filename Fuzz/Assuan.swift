// Fuzz target: the Assuan command parser of pinentry mode (SPEC §7): a
// stream of command lines in random pieces. Every LF ends one line, the
// SET commands and OPTIONs apply, every reply is one protocol line.
@testable import AskCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAssuan(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  var reader = Assuan.LineReader()
  var state = Pinentry.State()
  var lines = 0
  func serve(_ line: Substring) {
    lines += 1
    guard let (name, argument) = Assuan.command(in: line) else { return }
    require(!name.contains(" "), "command word \(name.debugDescription)")
    if let reply = state.apply(name, Assuan.percentDecoded(argument)) {
      require(!reply.contains("\n") && (reply == "OK" || reply.hasPrefix("ERR ")), "reply \(reply.debugDescription)")
    }
  }
  // Pieces as reads would bring them: cut where the bytes' low bits say.
  var start = 0
  for i in 0..<size where bytes[i] & 0x0F == 0 || i == size - 1 {
    reader.append(bytes[start...i])
    start = i + 1
    while let line = reader.nextLine() { serve(line) }
  }
  if let line = reader.rest() { serve(line) }
  let terminated = bytes.filter { $0 == 0x0A }.count
  require(lines == terminated || lines == terminated + 1, "\(lines) lines for \(terminated) LFs")
  return 0
}
