import Testing
@testable import AskCore

@Suite("Display width in terminal columns, SPEC §6")
struct DisplayWidthTests {
  @Test("Known characters take their columns", arguments: [
    ("abc", 3), ("", 0), ("Привет", 6), ("你好", 4), ("こんにちは", 10), ("한국어", 6),
    ("ＡＢ", 4),                       // fullwidth Latin
    ("👍", 2), ("👍🏽", 2),               // emoji, with a skin-tone modifier: one cluster
    ("👨‍👩‍👧‍👦", 2),                           // a ZWJ family: one cluster of width 2
    ("❤️", 2), ("❤", 1),               // VS16 asks for emoji presentation
    ("e\u{301}", 1), ("é", 1),         // combining acute: one cluster
    ("a\u{200D}b", 2),
    ("🇫🇷", 2),                         // a flag: regional indicators pair
    ("1\u{FE0F}\u{20E3}", 2), ("#\u{FE0F}\u{20E3}", 2), // keycaps: ASCII with VS16
    ("\u{FE0F}", 0),                   // VS16 alone follows nothing
    ("हिन्दी", 5), ("தமிழ்", 4), ("น้ำ", 2), // spacing vowel signs take a column, as terminals draw them
    ("ᄒ\u{1161}", 2),                  // Hangul jamo L V: the vowel is 0
  ])
  func widths(text: String, columns: Int) {
    #expect(TerminalText.displayWidth(text) == columns)
  }

  @Test("Wrapping breaks at spaces, or between characters, never inside one", arguments: [
    ("one two three", 7, ["one two", "three"]),
    ("abcdefgh", 3, ["abc", "def", "gh"]),
    ("你好世界", 5, ["你好", "世界"]),
    ("e\u{301}e\u{301}e\u{301}", 2, ["e\u{301}e\u{301}", "e\u{301}"]),
    ("short", 10, ["short"]),
    ("a  b", 1, ["a", "b"]),
  ])
  func wrapping(text: String, width: Int, lines: [String]) {
    let wrapped = TerminalText.wrapped(text, width: width)
    #expect(wrapped == lines)
    #expect(wrapped.allSatisfy { TerminalText.displayWidth($0) <= width })
  }
}
