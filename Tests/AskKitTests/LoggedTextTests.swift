import AskTestSupport
import Testing

/// How test arguments appear in the log (Tests/AskTestSupport): escaped,
/// shortened, never holding a character a terminal would act on or hide.
@Suite("Test arguments as the log shows them")
struct LoggedTextTests {
  /// True for a scalar the log must not hold raw: C0 controls, DEL, C1
  /// controls, and the invisible format characters and separators (soft
  /// hyphen, Arabic letter mark, zero-width characters, bidi controls, line
  /// and paragraph separators, word joiners, the byte order mark). Written
  /// out as ranges, not from the character properties loggedText uses.
  static func isActedOn(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0xAD, 0x61C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064,
         0x2066...0x206F, 0xFEFF:
      true
    default:
      false
    }
  }

  /// A text, the way the log must show it, and a name for the log.
  struct TextCase: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let shown: String
    var testDescription: String { name }
  }

  @Test("Text is quoted, its controls, invisible characters, quotes and backslashes escaped, the rest as it is",
        arguments: [
    TextCase(name: "ESC and BEL", text: "a\u{1B}]0;t\u{7}", shown: #""a\u{1B}]0;t\u{7}""#),
    TextCase(name: "NUL, tab, CR and LF", text: "\0\t\r\n", shown: #""\0\t\r\n""#),
    TextCase(name: "other C0 controls", text: "\u{1}\u{4}\u{8}\u{1F}", shown: #""\u{1}\u{4}\u{8}\u{1F}""#),
    TextCase(name: "DEL", text: "x\u{7F}", shown: #""x\u{7F}""#),
    TextCase(name: "C1 controls: CSI and NEL", text: "\u{9B}31m\u{85}", shown: #""\u{9B}31m\u{85}""#),
    TextCase(name: "a bidi override", text: "abc\u{202E}def", shown: #""abc\u{202E}def""#),
    TextCase(name: "a zero-width joiner", text: "👩\u{200D}💻", shown: #""👩\u{200D}💻""#),
    TextCase(name: "line and paragraph separators", text: "a\u{2028}b\u{2029}", shown: #""a\u{2028}b\u{2029}""#),
    TextCase(name: "a byte order mark", text: "\u{FEFF}x", shown: #""\u{FEFF}x""#),
    TextCase(name: "quotes and a backslash", text: #"say "hi" \ "#, shown: #""say \"hi\" \\ ""#),
    TextCase(name: "printable text beyond ASCII", text: "é 中 Да 👍🏽", shown: #""é 中 Да 👍🏽""#),
    TextCase(name: "the empty text", text: "", shown: #""""#),
    TextCase(name: "60 letters: not shortened", text: String(repeating: "b", count: 60),
             shown: "\"" + String(repeating: "b", count: 60) + "\""),
    TextCase(name: "61 letters: shortened", text: String(repeating: "b", count: 61),
             shown: "\"" + String(repeating: "b", count: 40) + "…\" (61 bytes)"),
    TextCase(name: "a million 中: its bytes counted", text: String(repeating: "中", count: 1_000_000),
             shown: "\"" + String(repeating: "中", count: 40) + "…\" (3,000,000 bytes)"),
    TextCase(name: "escapes in a shortened text", text: String(repeating: "\u{1B}", count: 100),
             shown: "\"" + String(repeating: #"\u{1B}"#, count: 40) + "…\" (100 bytes)"),
  ])
  func text(_ testCase: TextCase) {
    let shown = loggedText(testCase.text)
    #expect(shown == testCase.shown)
    #expect(!shown.unicodeScalars.contains(where: Self.isActedOn))
    #expect(LoggedText(testCase.text).testDescription == shown)
  }

  @Test("A limit keeps the first limit - 20 scalars of a longer text")
  func limit() {
    #expect(loggedText("abcdefghijklmnopqrstuvwxyz", limit: 30) == #""abcdefghijklmnopqrstuvwxyz""#)
    #expect(loggedText(String(repeating: "c", count: 31), limit: 30) == "\"cccccccccc…\" (31 bytes)")
  }

  /// Bytes, the way the log must show them, and a name for the log.
  struct BytesCase: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let shown: String
    var testDescription: String { name }
  }

  @Test("Bytes that are UTF-8 are shown as text; others escape each byte that is not ASCII", arguments: [
    BytesCase(name: "UTF-8 with a newline", bytes: [0xC3, 0xA9, 0x0A], shown: #""é\n""#),
    BytesCase(name: "a C1 control in UTF-8", bytes: [0x61, 0xC2, 0x9B], shown: #""a\u{9B}""#),
    BytesCase(name: "not UTF-8, with ESC", bytes: [0x61, 0xFF, 0x1B, 0x22], shown: #""a\x{FF}\u{1B}\"""#),
    BytesCase(name: "a C1 control's bytes among bytes that are not UTF-8", bytes: [0xFF, 0xC2, 0x9B],
              shown: #""\x{FF}\x{C2}\x{9B}""#),
    BytesCase(name: "100 bytes that are not UTF-8: shortened", bytes: [UInt8](repeating: 0x80, count: 100),
              shown: "\"" + String(repeating: #"\x{80}"#, count: 60) + "…\" (100 bytes)"),
  ])
  func bytes(_ testCase: BytesCase) {
    let shown = loggedBytes(testCase.bytes)
    #expect(shown == testCase.shown)
    #expect(!shown.unicodeScalars.contains(where: Self.isActedOn))
  }

  @Test("No scalar a terminal would act on or hide comes out raw, from any text or bytes")
  func everyScalar() {
    var all = String.UnicodeScalarView()
    all.append(contentsOf: (0...0x10FFFF as ClosedRange<UInt32>).lazy.compactMap(Unicode.Scalar.init))
    let shown = loggedText(String(all), limit: .max)
    #expect(!shown.unicodeScalars.contains(where: Self.isActedOn))
    let bytes = loggedBytes(Array(0...255 as ClosedRange<UInt8>), limit: .max)
    #expect(!bytes.unicodeScalars.contains(where: Self.isActedOn))
  }
}
