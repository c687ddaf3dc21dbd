import CEditLine
import Testing

/// The C shim's one UTF-8 decoder follows the same rule as Swift's.
@Suite("UTF-8 in the C shim")
struct UTF8DecoderTests {
  @Test("Valid and invalid sequences are what Swift's parser says they are", arguments: [
    [0x41], [0xc3, 0xa4], [0xe5, 0xaf, 0x86], [0xf0, 0x9f, 0x91, 0x8d], [0xef, 0xbf, 0xbd],
    [0xc0, 0x80], [0xc1, 0xbf], [0xe0, 0x80, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80],
    [0xf5, 0x80, 0x80, 0x80], [0x80], [0xff], [0xe2, 0x82], [0xf0, 0x9f, 0x91], [0xc3, 0x41],
  ] as [[UInt8]])
  func agrees(bytes: [UInt8]) {
    var scalar: UInt32 = 0
    let length = ask_utf8_sequence(bytes, bytes.count, &scalar)
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    switch parser.parseScalar(from: &iterator) {
    case .valid(let encoded):
      #expect(length == encoded.count)
      #expect(scalar == Unicode.UTF8.decode(encoded).value)
    case .error, .emptyInput:
      #expect(length == 0)
    }
  }
}
