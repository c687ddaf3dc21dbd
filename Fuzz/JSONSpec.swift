// Fuzz target: the JSON scanner and the spec decoder (SPEC §3). Any bytes
// are a stream of spec objects: each decodes to a valid alert or fails
// with one visible line naming where.
@testable import AskCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var scanner = JSONScanner(source: MemoryByteSource(Array(UnsafeBufferPointer(start: data, count: size))))
  do throws(AskError) {
    while let object = try scanner.nextObject() {
      let alert = try SpecDecoder.alert(from: object)
      require((try? alert.validated()) != nil, "a decoded spec breaks a rule of SPEC §1")
    }
  } catch {
    guard case .invalidAlert(let text) = error else { fatalError("not a spec error: \(error)") }
    require(isOneVisibleLine(text), "spec error is not one visible line: \(text.debugDescription)")
  }
  return 0
}
