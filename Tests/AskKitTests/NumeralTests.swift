import AskTestSupport
import Testing
@testable import AskCore

@Suite("The numerals a list shows")
struct NumeralTests {
  /// Numbers at each change of digit count, and the largest.
  static let numbers = [0, 1, 9, 10, 11, 99, 100, 999, 1000, 12_345, 999_999, 1_000_000, Int.max]

  @Test("A numeral is String(number): the same digits, counted the same", arguments: numbers)
  func sameAsString(number: Int) {
    #expect(Numeral.text(number) == String(number))
    #expect(Numeral.digitCount(number) == String(number).count)
  }

  @Test("Digits are appended after what the bytes already hold", arguments: numbers)
  func appended(number: Int) {
    var bytes = Array("  ".utf8)
    Numeral.append(number, to: &bytes)
    bytes.append(UInt8(ascii: ")"))
    #expect(String(decoding: bytes, as: UTF8.self) == "  \(number))")
  }

  @Test("A list's numbers are right-aligned in one column and in several, and the answer line gives their range")
  func listNumbers() throws {
    let short = try Alert(title: "Pick", buttons: (1...12).map { Button("Button \($0)") }).validated()
    #expect(try AlertLayout.render(short, theme: Theme(isColored: false)) == """
      Pick
        1) Button 1  4) Button 4  7) Button 7  10) Button 10
        2) Button 2  5) Button 5  8) Button 8  11) Button 11
        3) Button 3  6) Button 6  9) Button 9  12) Button 12

      """)
    #expect(AlertLayout.prompt(for: short) == "Choice [1-12, Ctrl-D = cancel]: ")
    let wide = String(repeating: "w", count: 40)
    let long = try Alert(title: "Pick", buttons: (1...12).map { Button("\(wide) \($0)") }).validated()
    let drawn = try AlertLayout.render(long, theme: Theme(isColored: false))
    #expect(drawn.contains("\n   1) \(wide) 1\n"))
    #expect(drawn.contains("\n  12) \(wide) 12\n"))
  }
}
