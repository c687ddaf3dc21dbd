@testable import AskCore
import AskTestSupport
import Testing

/// The answer line's drawing (AnswerLine.swift): incremental, with the
/// layout's widths and the terminal's wrapping.
@Suite("Drawing the answer line")
struct AnswerLineTests {
  static func line(_ text: String, cursor: Int? = nil) -> AnswerLine.Line {
    AnswerLine.Line(text, cursor: text.index(text.startIndex, offsetBy: cursor ?? text.count))
  }

  @Test("The first drawing writes the prompt and the line; its invisible marks are dropped")
  func first() {
    let prompt = "Login " + AlertLayout.invisibleMark + "\u{1B}[2m" + AlertLayout.invisibleMark + "(e.g. a)"
      + AlertLayout.invisibleMark + "\u{1B}[0m" + AlertLayout.invisibleMark + ": "
    #expect(AnswerLine.drawing(prompt: prompt, line: Self.line(""), previous: nil, columns: 80)
      == "Login \u{1B}[2m(e.g. a)\u{1B}[0m: ")
  }

  @Test("Only the prompt's visible part takes columns: the cursor is placed after it, on the right row")
  func invisiblePart() {
    let mark = AlertLayout.invisibleMark
    let prompt = "P" + mark + "\u{1B}[2m" + mark + ": " + mark + "\u{1B}[0m" + mark
    #expect(AnswerLine.drawing(prompt: prompt, line: Self.line("abc", cursor: 1), previous: nil, columns: 80)
      == "P\u{1B}[2m: \u{1B}[0mabc\u{1B}[2D")
    // 3 + 5 columns fill a row of 8: the cursor goes to the next row.
    #expect(AnswerLine.drawing(prompt: prompt, line: Self.line("abcde"), previous: nil, columns: 8)
      == "P\u{1B}[2m: \u{1B}[0mabcde\r\n")
  }

  @Test("Typing at the end writes only what was typed, as an echo", arguments: ["a", "分", "👨‍👩‍👧"])
  func echo(typed: String) {
    #expect(AnswerLine.drawing(prompt: "P: ", line: Self.line("ab" + typed), previous: Self.line("ab"), columns: 80)
      == typed)
  }

  @Test("Moves and edits", arguments: [
    // (previous, its cursor, line, its cursor, bytes)
    ("ab", 2, "ab", 1, "\u{1B}[1D"),                 // Left
    ("分享", 2, "分享", 1, "\u{1B}[2D"),              // Left over a wide character
    ("👨‍👩‍👧 x", 3, "👨‍👩‍👧 x", 0, "\u{1B}[4D"),     // over x, a space and a ZWJ family
    ("abc", 0, "bc", 0, "bc\u{1B}[K\u{1B}[2D"),       // Delete at the start
    ("Y分享", 0, "分享", 0, "分享\u{1B}[K\u{1B}[4D"),  // the same before CJK text
    ("ab", 2, "ab", 2, ""),                          // nothing changed
  ])
  func edits(previous: String, previousCursor: Int, text: String, cursor: Int, bytes: LoggedText) {
    #expect(AnswerLine.drawing(prompt: "P: ", line: Self.line(text, cursor: cursor),
                               previous: Self.line(previous, cursor: previousCursor), columns: 80) == bytes.text)
  }

  @Test("At the right margin the cursor is taken to the next row, so moves stay exact")
  func margin() {
    // "P: " and 7 letters fill 10 columns.
    #expect(AnswerLine.drawing(prompt: "P: ", line: Self.line("abcdefg"), previous: Self.line("abcdef"),
                               columns: 10) == "g\r\n")
    #expect(AnswerLine.drawing(prompt: "P: ", line: Self.line("abcdefg", cursor: 6),
                               previous: Self.line("abcdefg"), columns: 10) == "\u{1B}[1A\r\u{1B}[9C")
  }

  @Test("A wide character that does not fit the row is drawn on the next, and so is the cursor before it")
  func wideAtMargin() {
    // "P: " and 6 letters: 9 columns; 分 needs 2, so it starts the next row.
    let drawn = AnswerLine.drawing(prompt: "P: ", line: Self.line("abcdef分", cursor: 6),
                                   previous: Self.line("abcdef"), columns: 10)
    #expect(drawn == "\u{1B}[K分\u{1B}[2D")
  }

  @Test("An insert that makes a wide character wrap erases the cell it skips, which held the old text")
  func wideWrapErases() {
    // "P: abcdefg" fills 10 columns; 中 typed before the g cannot fit in the last one.
    let drawn = AnswerLine.drawing(prompt: "P: ", line: Self.line("abcdef中g", cursor: 7),
                                   previous: Self.line("abcdefg", cursor: 6), columns: 10)
    #expect(drawn == "\u{1B}[K中g\u{1B}[1D")
  }

  @Test("A line that shrinks by a row erases the rows below")
  func shrink() {
    let drawn = AnswerLine.drawing(prompt: "P: ", line: Self.line("ab"), previous: Self.line("abcdefghijkl"),
                                   columns: 10)
    #expect(drawn == "\u{1B}[1A\r\u{1B}[5C\u{1B}[J")
  }
}
