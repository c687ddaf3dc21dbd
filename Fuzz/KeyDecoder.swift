// Fuzz target: the key decoder (keys.c), random bytes typed with random
// pauses. No key sequence becomes text: ESC is never text, and no byte of
// a sequence after it is either, until the decoder has ended it. The
// first byte says after which bytes (1 bit of 8) the patience runs out.
import CShim

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let pauses = data[0]
  var decoder = ask_key_decoder_t()
  ask_key_reset(&decoder)
  for i in 1..<size {
    let byte = data[i]
    var action = ASK_KEY_IGNORE
    let kind = Int(ask_key_feed(&decoder, byte, &action))
    switch kind {
    case Int(ASK_KEY_TEXT): require(byte != 0x1B, "ESC became text")
    case Int(ASK_KEY_PENDING): require(ask_key_patience_ms(&decoder) > 0, "pending without patience")
    case Int(ASK_KEY_SEQUENCE): require(ask_key_patience_ms(&decoder) == -1, "sequence ended but still waiting")
    default: fatalError("unknown kind \(kind)")
    }
    if pauses >> (i % 8) & 1 != 0, ask_key_patience_ms(&decoder) >= 0 {
      ask_key_expire(&decoder)
      require(ask_key_patience_ms(&decoder) == -1, "still waiting after the patience ran out")
    }
  }
  return 0
}
