import AskTestSupport
import Testing
@testable import AskCore

@Suite("Text made safe for the terminal")
struct TerminalTextTests {
  @Test("Control characters become visible", arguments: [
    ("a\u{1B}[2Jb", "a^[[2Jb"), ("bell\u{07}", "bell^G"), ("del\u{7F}", "del^?"),
    ("nul\u{0}", "nul^@"), ("c1\u{9B}x\u{9D}", "c1\\u{9B}x\\u{9D}"), ("tab\tx", "tab^Ix"),
    ("Привет 你好 👍", "Привет 你好 👍"),
  ])
  func visible(input: LoggedText, shown: String) {
    #expect(TerminalText.visible(input.text) == shown)
  }

  @Test("A message keeps its line breaks, drops CR before LF and shows tabs as spaces")
  func lines() {
    #expect(TerminalText.visibleLines("one\r\ntwo\tx\n\u{1B}") == ["one", "two    x", "^["])
  }

  @Test("Trimming removes white space at both ends only", arguments: [
    ("  a b  ", "a b"), ("", ""), ("   ", ""), ("x", "x"), ("\t2\r", "2"),
    ("\u{3000}Да\u{2003}", "Да"), ("a\u{A0}", "a"), ("a \u{301}", "a"),
    ("Go", "Go"), ("\u{600}1", "\u{600}1"), ("1\u{600}", "1\u{600}"),
  ])
  func trimmed(input: LoggedText, output: LoggedText) {
    #expect(Array(TerminalText.trimmed(input.text).unicodeScalars) == Array(output.text.unicodeScalars))
  }

  @Test("Text that starts and ends in printable ASCII has nothing to trim, other text may", arguments: [
    ("Go", true), ("a b", true), ("a\u{301}", false), (" a", false), ("a\t", false), ("", false),
    ("~", true), ("\u{7F}", false),
  ])
  func nothingToTrim(input: LoggedText, nothing: Bool) {
    #expect(TerminalText.hasNothingToTrim(input.text) == nothing)
    if nothing { #expect(TerminalText.trimmed(input.text).unicodeScalars.elementsEqual(input.text.unicodeScalars)) }
  }

  @Test("Lines break at spaces, and around wide characters (Chinese has no spaces), never before closing or after opening punctuation",
        arguments: [
          ("Hello world", 5, ["Hello", "world"]),
          ("账户的访问令牌", 6, ["账户的", "访问令", "牌"]),
          ("一二三，四五六", 6, ["一二", "三，四", "五六"]),
          ("请输入“删除”来确认", 8, ["请输入", "“删除”来", "确认"]),
          ("（第 1/30 页：Enter 或 > 下一页）", 12, ["（第 1/30", "页：Enter 或", "> 下一页）"]),
          ("GitHub 账户", 8, ["GitHub", "账户"]),
          ("Удалить 3 файла?", 10, ["Удалить 3", "файла?"]),
        ])
  func wrapsIdeographs(text: String, width: Int, lines: [String]) {
    #expect(TerminalText.wrapped(text, width: width) == lines)
  }
}
