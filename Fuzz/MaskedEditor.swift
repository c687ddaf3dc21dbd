// Fuzz target: the masked-line editor of secure fields (secret.c), random
// key bytes. One mask per character: the masks drawn and erased always
// add up to the characters of the secret, and nothing is erased that was
// not drawn.
import AskCore
import CShim

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMaskedEditor(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var secret = ask_secret_t()
  ask_secret_init(&secret)
  defer { ask_secret_wipe(&secret) }
  var masks = 0
  for i in 0..<size {
    var count = 0
    switch Int(ask_secret_feed(&secret, data[i], &count)) {
    case Int(ASK_SECRET_ADDED): masks += count
    case Int(ASK_SECRET_ERASED):
      masks -= count
      require(masks >= 0, "more masks erased than drawn")
    case Int(ASK_SECRET_ENTER), Int(ASK_SECRET_EOF):
      require(masks == ask_secret_characters(&secret), "\(masks) masks for \(ask_secret_characters(&secret)) characters")
      ask_secret_wipe(&secret)
      ask_secret_init(&secret)
      masks = 0
    default: break
    }
    require(secret.length <= secret.capacity, "length beyond capacity")
  }
  require(masks == ask_secret_characters(&secret), "\(masks) masks for \(ask_secret_characters(&secret)) characters")
  return 0
}
