import AskTestSupport
import Testing
@testable import AskCore

@Suite("Layout of alerts and sheets")
struct AlertLayoutTests {
  @Test("A message drawn dim (a password agent's question Id) is dim with colour and plain without; the title stays bold")
  func dimmedMessage() {
    var alert = Alert(title: "Disk passphrase", message: "cryptsetup:/dev/sda5", style: .secureTextInput())
    alert.dimsMessage = true
    let colored = AlertLayout.header(alert, theme: Theme(isColored: true)).replacing("\u{1B}", with: "ESC")
    #expect(colored.hasPrefix("ESC[1mDisk passphraseESC[0m\nESC[2mcryptsetup:/dev/sda5ESC[0m\n"))
    #expect(AlertLayout.header(alert, theme: Theme(isColored: false)).hasPrefix("Disk passphrase\ncryptsetup:/dev/sda5\n"))
  }

  static let actions = try! Alert(
    title: "Available Actions",
    buttons: [Button("Destroy", role: .destructive), Button("Negotiate"), Button("Compromise"),
              Button("Cancel", role: .cancel)],
    presentation: .actionSheet).validated()

  @Test("A sheet without colour marks the destructive button in words and sets cancel apart")
  func sheetPlain() throws {
    #expect(try AlertLayout.render(Self.actions, theme: Theme(isColored: false)) == """
      Available Actions
        1) Destroy (destructive)
        2) Negotiate
        3) Compromise

        4) Cancel

      """)
    #expect(AlertLayout.prompt(for: Self.actions) == "Choice [1-4, Ctrl-D = cancel]: ")
  }

  @Test("With colour the title is bold and the destructive button red and still marked in words (never by colour alone)")
  func sheetColored() throws {
    #expect(try AlertLayout.render(Self.actions, theme: Theme(isColored: true)) == """
      \u{1B}[1mAvailable Actions\u{1B}[0m
        1) \u{1B}[31mDestroy (destructive)\u{1B}[0m
        2) Negotiate
        3) Compromise

        4) Cancel

      """)
  }

  @Test("An alert lists the cancel button with the others and marks the default in words")
  func alertWithDefault() throws {
    let alert = try Alert(title: "Delete 3 files?", message: "This cannot\nbe undone.",
                          buttons: [Button("Delete", role: .destructive), Button("Keep", role: .cancel, isDefault: true)]).validated()
    for colored in [false, true] {
      #expect(try AlertLayout.render(alert, theme: Theme(isColored: colored)).hasSuffix("""
        This cannot
        be undone.
        \(colored ? "  1) \u{1B}[31mDelete (destructive)\u{1B}[0m" : "  1) Delete (destructive)")
          2) Keep (default)

        """))
    }
    #expect(AlertLayout.prompt(for: alert) == "Choice [1-2, Enter = Keep, Ctrl-D = cancel]: ")
  }

  @Test("Numbers are right-aligned in their column, each column as wide as its own widest number")
  func alignment() throws {
    let alert = try Alert(buttons: (1...11).map { Button("B\($0)") }).validated()
    let lines = try AlertLayout.render(alert, theme: Theme(isColored: false)).split(separator: "\n")
    #expect(lines == ["  1) B1  3) B3  5) B5  7) B7   9) B9   11) B11",
                      "  2) B2  4) B4  6) B6  8) B8  10) B10"])
  }

  @Test("Pages are packed one by one: one wide title does not thin out every page")
  func packPages() throws {
    // rows 2, width 20: titles [9, 1] with "1) " make 2+12+2+4 = 20 (fits), the next [1, 1] on a new page…
    #expect(try ButtonListLayout.packPages([9, 9, 1, 1, 1, 1, 1, 1], numbers: Array(1...8), rows: 2, width: 20) == [0, 4])
    #expect(try ButtonListLayout.packPages([27, 1, 1], numbers: [1, 2, 3], rows: 1, width: 20) == [0, 1])
    #expect(try ButtonListLayout.packPages([], numbers: [], rows: 3, width: 20) == [])
    // A column is as wide as its own widest number: 9 and 10 are 2 wide.
    #expect(try ButtonListLayout.packPages([1, 1, 1, 1], numbers: [9, 10, 11, 12], rows: 2, width: 13) == [0, 2])
    #expect(try ButtonListLayout.packPages([1, 1, 1, 1], numbers: [7, 8, 9, 10], rows: 2, width: 13) == [0])
  }

  @Test("A 40-button sheet on a 40-column terminal pages in two columns")
  func narrowTerminal() throws {
    let alert = try Alert(title: "Forty", buttons: [Button("Destroy", role: .destructive)]
                            + (2...39).map { Button("Item\($0 < 10 ? "0" : "")\($0)") } + [Button("Cancel", role: .cancel)],
                          presentation: .actionSheet).validated()
    let layout = try ButtonListLayout(alert: alert, theme: Theme(isColored: false),
                                  size: TerminalSize(columns: 40, rows: 24), reservedRows: 3)
    #expect(layout.pageCount == 2)
    let page = try layout.render(page: 0)
    #expect(page.hasPrefix("   1) Destroy (destructive)  18) Item18\n"))
    #expect(page.split(separator: "\n").allSatisfy { TerminalText.displayWidth(String($0)) <= 40 })
  }

  /// Titles, a terminal of `columns` × `rows` and a filter; shown in the log
  /// by the titles' count and longest, not the titles.
  struct TitleList: CustomTestStringConvertible, Sendable {
    let titles: [String]
    let columns: Int
    let rows: Int
    let filter: String
    var testDescription: String {
      let longest = titles.map(\.count).max() ?? 0
      return "\(titles.count) titles of up to \(longest) characters on \(columns)×\(rows), filter \(loggedText(filter))"
    }
  }

  @Test("Every page and every filtered list fits the terminal, whatever the titles", arguments: [
    TitleList(titles: ["q", "x1", "x" + String(repeating: "a", count: 13), "x" + String(repeating: "b", count: 13)]
                + (4...15).map { "x\($0)" }, columns: 80, rows: 24, filter: "x"),
    TitleList(titles: (1...25).map { "T\($0) " + String(repeating: "long ", count: 22) }, columns: 80, rows: 24, filter: "T1"),
    TitleList(titles: (1...11).map { "W\($0) " + String(repeating: "word ", count: 100) }, columns: 80, rows: 24, filter: "W"),
    TitleList(titles: (1...200).map { "你好世界\($0)" }, columns: 40, rows: 12, filter: "1"),
  ])
  func fits(_ list: TitleList) throws {
    let (titles, columns, rows, filter) = (list.titles, list.columns, list.rows, list.filter)
    let alert = try Alert(title: "T", buttons: titles.map { Button($0) }).validated()
    let layout = try ButtonListLayout(alert: alert, theme: Theme(isColored: false),
                                  size: TerminalSize(columns: columns, rows: rows), reservedRows: 3)
    let matches = alert.screenOrder.indices.filter { titles[$0].contains(filter) }
    let filtered = try (0..<layout.pageCount(of: matches)).map { page throws(AskError) in
      try layout.render(positions: matches, page: page)
    }
    for text in try (0..<layout.pageCount).map({ page throws(AskError) in try layout.render(page: page) }) + filtered {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      #expect(lines.allSatisfy { TerminalText.displayWidth(String($0)) <= columns })
      #expect(lines.count <= rows - 3)
    }
  }

  @Test("Control characters in any text are shown, never sent")
  func escapes() throws {
    let alert = try Alert(title: "Update\u{1B}]0;pwned\u{07}", message: "ok\u{1B}[2J\u{1B}[H",
                          buttons: [Button("Yes\u{1B}]52;c;ZWNobyBoaQ==\u{07}"),
                                    Button("\u{9B}31mNo", role: .cancel)]).validated()
    let text = try AlertLayout.render(alert, theme: Theme(isColored: false))
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
    #expect(text == """
      Update^[]0;pwned^G
      ok^[[2J^[[H
        1) Yes^[]52;c;ZWNobyBoaQ==^G
        2) \\u{9B}31mNo

      """)
  }
}
