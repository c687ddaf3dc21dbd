import CShim
import Glibc
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

  @Test("A line is valid UTF-8 exactly when Swift's validating decoder accepts it", arguments: [
    [], [0x41, 0x42], Array("pässwörd 密码 👍🏽".utf8), [0x63, 0x61, 0x66, 0xE9], [0xFF], [0x61, 0xC3],
    [0xC3, 0xA9, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xEF, 0xBB, 0xBF, 0x41],
  ] as [[UInt8]])
  func lineValidity(bytes: [UInt8]) {
    let valid = ask_utf8_is_valid(bytes, bytes.count) == 1
    #expect(valid == (String(validating: bytes, as: UTF8.self) != nil))
  }

  @Test("A piped line that is not UTF-8 is refused, consumed to its LF; the next line reads on")
  func pipedLineNotUTF8() throws {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    defer { close(fds[0]) }
    let input: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x0D, 0x0A, 0x6F, 0x6B, 0x0A]  // "caf\xE9\r\nok\n"
    #expect(write(fds[1], input, input.count) == input.count)
    close(fds[1])
    var line: UnsafeMutablePointer<CChar>?
    var length = 0
    var signo: Int32 = 0
    #expect(Int(ask_read_fd_line(nil, fds[0], -1, &line, &length, &signo)) == ASK_READ_NOT_UTF8)
    #expect(line == nil)
    #expect(Int(ask_read_fd_line(nil, fds[0], -1, &line, &length, &signo)) == ASK_READ_LINE)
    #expect(line.map { String(cString: $0) } == "ok")
    free(line)
  }
}
