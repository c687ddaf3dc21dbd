// Fuzz target: the Assuan command parser of pinentry mode (SPEC §7): a
// stream of command lines in random pieces. Every LF ends one line, the
// SET commands and OPTIONs apply, every reply is one protocol line; the
// first line longer than libassuan's (1002 bytes with its LF) ends the
// stream, and only it; a last line without its LF is incomplete, never
// served.
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
    require(!name.unicodeScalars.contains { $0 == " " || $0 == "\t" }, "command word \(name.debugDescription)")
    require(!argument.begins(with: " ") && !argument.begins(with: "\t"), "argument \(argument.debugDescription)")
    if let reply = state.apply(name, Assuan.percentDecoded(argument)) {
      require(!reply.contains("\n") && (reply == "OK" || reply.hasPrefix("ERR ")), "reply \(reply.debugDescription)")
    }
  }
  // Pieces as reads would bring them: cut where the bytes' low bits say.
  var start = 0
  var (tooLong, incomplete) = (false, false)
  do throws(Assuan.LineError) {
    for i in 0..<size where bytes[i] & 0x0F == 0 || i == size - 1 {
      reader.append(bytes[start...i])
      start = i + 1
      while let line = try reader.nextLine() { serve(line) }
    }
    try reader.finish()
  } catch .tooLong {
    tooLong = true
  } catch {
    incomplete = true
  }
  // The lines before the first too long, counted from the bytes: each
  // ends at an LF, the last one at the end.
  var (lineStart, expected, overlong) = (0, 0, false)
  for i in 0..<size where bytes[i] == 0x0A {
    if i + 1 - lineStart > Assuan.lineLength { break }
    expected += 1
    lineStart = i + 1
  }
  let left = size - lineStart
  if left >= Assuan.lineLength || bytes[lineStart..<size].contains(0x0A) {
    overlong = true
  }
  require(tooLong == overlong, "too long: \(tooLong), expected \(overlong)")
  require(incomplete == (!overlong && left > 0), "incomplete: \(incomplete), \(left) bytes left")
  require(lines == expected, "\(lines) lines, expected \(expected)")
  return 0
}
