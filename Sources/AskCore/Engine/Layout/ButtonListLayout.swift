/// How the numbered buttons are laid out (SPEC §6): up to 7 in a plain list;
/// more in columns to the terminal width, numbers going down each column
/// (as `ls`); when they still do not fit the screen's height, one page at a
/// time. Each button keeps its number on every page and in a filtered list.
/// An action sheet's cancel button stands apart, below the others, on
/// every page. Widths are display widths (``TerminalText/displayWidth(_:)``),
/// so columns align in any script.
///
/// A 40-button sheet on 80×24:
///
/// ```text
///    1) Item 1     9) Item 9    17) Item 17   25) Item 25   33) Item 33
///    2) Item 2    10) Item 10   18) Item 18   …
/// ```
package struct ButtonListLayout {
  /// The most buttons in a plain one-column list.
  package static let plainListLimit = 7

  /// The alert laid out (validated).
  package let alert: Alert
  /// Pages (1 when everything fits).
  package var pageCount: Int { pageStarts.count }

  private let theme: Theme
  private let words: RoleWords
  private let width: Int
  /// How many screen positions (0-based, from 0) the grid has: all, less a
  /// sheet's cancel (a count, not a list: a million of them).
  private let gridCount: Int
  /// The sheet's cancel button's screen position, set apart; `nil` if none.
  private let apart: Int?
  private let order: ScreenOrder
  /// Where each page starts among the grid's positions: pages are packed one by
  /// one with columns as narrow as their own cells, so one wide title does
  /// not thin out every page.
  private let pageStarts: [Int]
  /// Screen lines a page may take for its buttons.
  private let rowsAvailable: Int
  private let numberWidth: Int

  /// Lays out `alert`'s buttons for a terminal of `size`, leaving
  /// `reservedRows` rows for the header, the answer line and hints.
  /// - Throws: ``AskError/interrupted(by:)`` when a terminating signal
  ///   is pending (``Interruption``): a million buttons are measured and
  ///   packed.
  package init(alert: Alert, theme: Theme, size: TerminalSize, reservedRows: Int) throws(AskError) {
    self.alert = alert
    self.theme = theme
    let words = RoleWords(alert)
    self.words = words
    let order = alert.screenOrder
    self.order = order
    width = size.columns
    let count = alert.buttonList.count
    let cancelApart = alert.presentation == .actionSheet && order.cancel != nil && count > 1
    apart = cancelApart ? count - 1 : nil
    gridCount = cancelApart ? count - 1 : count
    numberWidth = Numeral.digitCount(count)
    let (titles, widest) = try Self.widths(of: 0..<gridCount) { Self.titleWidth(alert, words, order, $0) }
    let plain = count <= Self.plainListLimit
    // The page line, wrapped, takes a line or more of the height; a plain
    // list is never paged (and its prompt does not wait for the line to be
    // translated and wrapped).
    let pageLine = plain ? 0
      : TerminalText.wrapped(Self.pageLine(page: 999_999, of: 999_999, hasDefault: false), width: width).count
    let available = max(1, size.rows - reservedRows - (cancelApart ? 2 : 0) - pageLine)
    rowsAvailable = available
    // One page when the list is plain or fits; else pages, packed one by one.
    // The numbers are counted, not listed (a million of them).
    let numbers = (0..<gridCount).lazy.map { $0 + 1 }
    // Too many cells of 3 columns or more for the screen never fit.
    let mostRows = max(1, min(available, gridCount))
    let fewEnough = (gridCount + mostRows - 1) / mostRows * 3 <= width
    var fits = fewEnough && numberWidth + 2 + widest + 2 <= width
    if fits { fits = try Self.narrowestFit(titles, numbers: numbers, width: width, maxRows: available) != nil }
    pageStarts = plain || fits ? [0]
      : try Self.pages(titles, widest: widest, numbers: numbers, rows: available, width: width,
                       numberWidth: numberWidth)
  }

  /// The display widths of the titles at `positions`, as `width` measures
  /// each, and the widest (0 for none), in one pass that a pending signal
  /// stops.
  private static func widths(of positions: some Collection<Int>, _ width: (Int) -> Int) throws(AskError)
    -> (widths: [Int], widest: Int) {
    var widths: [Int] = []
    widths.reserveCapacity(positions.count)
    var widest = 0
    var position = positions.startIndex
    try Interruption.forEach(0..<positions.count) { _ in
      let measured = width(positions[position])
      widths.append(measured)
      widest = max(widest, measured)
      position = positions.index(after: position)
      return true
    }
    return (widths, widest)
  }

  /// Page starts for `positions`: packed in columns (``packPages``), or —
  /// when a title is wider than the terminal and wraps — one column by
  /// the screen lines each button takes.
  private func pages(of positions: [Int]) throws(AskError) -> [Int] {
    let (titles, widest) = try Self.widths(of: positions) { Self.titleWidth(alert, words, order, $0) }
    return try Self.pages(titles, widest: widest, numbers: positions.lazy.map { $0 + 1 }, rows: rowsAvailable,
                          width: width, numberWidth: numberWidth)
  }

  /// Page starts for titles of display widths `titles` (the widest
  /// `widest`) numbered `numbers` (increasing), as ``pages(of:)``.
  static func pages(_ titles: [Int], widest: Int, numbers: some ButtonNumbers, rows: Int, width: Int,
                    numberWidth: Int) throws(AskError) -> [Int] {
    guard numberWidth + 2 + widest + 2 > width else {
      return try packPages(titles, numbers: numbers, rows: rows, width: width)
    }
    let textWidth = max(1, width - (2 + numberWidth + 2))
    var starts: [Int] = []
    var used = rows
    try Interruption.forEach(titles.indices) { offset in
      let lines = max(1, (titles[offset] + textWidth - 1) / textWidth)
      if used + lines > rows && (used > 0 || starts.isEmpty) {
        starts.append(offset)
        used = 0
      }
      used += lines
      return true
    }
    return starts
  }

  /// A column's width: its widest number (numbers are right-aligned per
  /// column and grow down it, so the last is the widest), `) `, and its
  /// widest title.
  static func columnWidth(_ titles: ArraySlice<Int>, lastNumber: Int) -> Int {
    Numeral.digitCount(lastNumber) + 2 + (titles.max() ?? 0)
  }

  /// Page starts: each page takes `rows` rows and as many columns as fit
  /// `width` (at least one), each column filled before the next begins.
  /// Columns are `rows` titles each (the last may have fewer); a page
  /// starts at the column that does not fit beside the ones before it.
  static func packPages(_ titles: [Int], numbers: some ButtonNumbers, rows: Int, width: Int) throws(AskError) -> [Int] {
    var starts: [Int] = []
    var used = 0  // the left margin, and the columns with the two spaces before each but the first
    try Interruption.forEach(titles.indices, by: rows) { start in
      let last = min(start + rows, titles.count)
      let needed = 2 + columnWidth(titles[start..<last], lastNumber: numbers[last - 1])
      if starts.isEmpty || used + needed > width {
        starts.append(start)
        used = needed
      } else {
        used += needed
      }
      return true
    }
    return starts
  }

  /// The fewest rows (at most `maxRows`) at which the cells, filled down
  /// the columns, fit `width` with each column as wide as its widest cell
  /// and two spaces between; `nil` when none does (then it pages).
  static func narrowestFit(_ titles: [Int], numbers: some ButtonNumbers, width: Int, maxRows: Int) throws(AskError)
    -> (rows: Int, count: Int)? {
    guard !titles.isEmpty else { return (0, 1) }
    for rows in 1...max(1, min(maxRows, titles.count)) {
      let count = (titles.count + rows - 1) / rows
      guard count * 3 <= width else { continue }  // cells are at least 1 wide
      // The margin and the columns with the two spaces before each but
      // the first, as ``packPages`` counts them; a pass stops once over.
      var used = 0
      let fits = try Interruption.forEach(titles.indices, by: rows) { start in
        let last = min(start + rows, titles.count)
        used += 2 + columnWidth(titles[start..<last], lastNumber: numbers[last - 1])
        return used <= width
      }
      if fits { return (rows, count) }
    }
    return nil
  }

  /// True when answers that are not titles, numbers or prefixes filter the
  /// list (more than ``plainListLimit`` buttons).
  package var filters: Bool { alert.buttonList.count > Self.plainListLimit }

  /// Page `page` (0-based): its buttons, the set-apart cancel button, and a
  /// line saying how to turn pages when there are several.
  package func render(page: Int) throws(AskError) -> String {
    let page = min(max(page, 0), pageCount - 1)
    let end = page + 1 < pageStarts.count ? pageStarts[page + 1] : gridCount
    let positions = Array(pageStarts[page]..<end)
    var text = try grid(positions)
    if let apart { text += try "\n" + grid([apart]) }
    if pageCount > 1 {
      let line = Self.pageLine(page: page + 1, of: pageCount, hasDefault: alert.defaultButtonIndex != nil)
      text += TerminalText.wrapped(line, width: width).map { theme.dim($0) + "\n" }.joined()
    }
    return text
  }

  /// How to turn pages: Enter too when it does not choose a default.
  static func pageLine(page: Int, of count: Int, hasDefault: Bool) -> String {
    // TRANSLATORS: under a page of a long list: %1$d is the page, %2$d
    // the pages; the keys (Enter, >, <) stay as written.
    hasDefault ? localized("(page %d of %d: > next, < previous; type to filter)", String(page), String(count))
      : localized("(page %d of %d: Enter or > next, < previous; type to filter)", String(page), String(count))
  }

  /// The pages a filter's matches at `positions` take.
  package func pageCount(of positions: [Int]) throws(AskError) -> Int {
    try filters ? max(1, pages(of: positions).count) : 1
  }

  /// Page `page` (0-based) of the buttons at `positions` (0-based screen
  /// positions), laid out the same way: a filter's matches, with their own
  /// numbers, and a line saying how to turn their pages when there are
  /// several.
  package func render(positions: [Int], page: Int = 0) throws(AskError) -> String {
    let starts = try filters ? pages(of: positions) : [0]
    guard starts.count > 1 else { return try grid(positions) }
    let page = min(max(page, 0), starts.count - 1)
    let end = page + 1 < starts.count ? starts[page + 1] : positions.count
    let line = Self.matchesPageLine(matches: positions.count, page: page + 1, of: starts.count,
                                    hasDefault: alert.defaultButtonIndex != nil)
    return try grid(Array(positions[starts[page]..<end]))
      + TerminalText.wrapped(line, width: width).map { theme.dim($0) + "\n" }.joined()
  }

  /// How to turn a filter's pages: as ``pageLine(page:of:hasDefault:)``.
  static func matchesPageLine(matches: Int, page: Int, of count: Int, hasDefault: Bool) -> String {
    // TRANSLATORS: under a page of a filter's matches: %1$d is how many
    // buttons match, %2$d the page, %3$d the pages (the plural follows the
    // matches); the keys (Enter, >, <) stay as written.
    hasDefault
      ? localized("(%d match, page %d of %d: > next, < previous; type more to narrow)",
                  plural: "(%d matches, page %d of %d: > next, < previous; type more to narrow)",
                  count: matches, String(matches), String(page), String(count))
      : localized("(%d match, page %d of %d: Enter or > next, < previous; type more to narrow)",
                  plural: "(%d matches, page %d of %d: Enter or > next, < previous; type more to narrow)",
                  count: matches, String(matches), String(page), String(count))
  }

  /// Rows of cells, numbers going down each column; a single column wraps
  /// long titles under their start.
  private func grid(_ positions: [Int]) throws(AskError) -> String {
    // Up to 7 buttons: one column. More: columns as narrow as their cells
    // when they fit (the whole list, a page, a filter's matches); one
    // column otherwise.
    let fit = !filters || positions.count < 2 ? nil
      : try Self.narrowestFit(positions.map { Self.titleWidth(alert, words, order, $0) },
                              numbers: positions.map { $0 + 1 }, width: width, maxRows: rowsAvailable)
    // Numbers are right-aligned to the widest number of their own column,
    // so every page and every filter starts its numbers two columns in
    // (the list's widest number would indent page 1 of 400 buttons by 4).
    func digits(_ positions: ArraySlice<Int>) -> Int { Numeral.digitCount((positions.max() ?? 0) + 1) }
    guard let fit, fit.count > 1 else {
      // One column: a long title wraps under its start, each piece styled.
      let indent = 2 + digits(positions[...]) + 2
      // The list's bytes, piece after piece, made into one string at the
      // end: a String appended to 20 times for three buttons took 6 k
      // instructions (each append checks and grows the string).
      var out: [UInt8] = []
      out.reserveCapacity(positions.count * (indent + 24))
      for position in positions {
        let index = order[position]
        let button = alert.buttonList[index]
        var shown = TerminalText.visible(button.title)
        if button.role == .destructive { shown += words.destructive }
        if index == alert.defaultButtonIndex { shown += words.defaultButton }
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent - 2 - Numeral.digitCount(position + 1)))
        Numeral.append(position + 1, to: &out)
        out.append(UInt8(ascii: ")"))
        out.append(UInt8(ascii: " "))
        for (piece, line) in TerminalText.wrapped(shown, width: max(1, width - indent)).enumerated() {
          if piece > 0 {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
          }
          out.append(contentsOf: (button.role == .destructive ? theme.destructive(line) : line).utf8)
        }
        out.append(UInt8(ascii: "\n"))
      }
      return String(decoding: out, as: UTF8.self)
    }
    let (rows, columns) = (fit.rows, fit.count)
    let cells = (0..<columns).map { column in
      let slice = positions[(column * rows)..<min((column + 1) * rows, positions.count)]
      return slice.map { Self.cell(alert, theme, words, order, $0, digits(slice)) }
    }
    let columnWidths = cells.map { $0.map(\.width).max() ?? 0 }
    var out = ""
    for row in 0..<rows {
      var line = " "
      for column in 0..<columns where row < cells[column].count {
        let cell = cells[column][row]
        let isLast = column == columns - 1 || row >= cells[column + 1].count
        line += " " + cell.text + (isLast ? "" : String(repeating: " ", count: columnWidths[column] - cell.width + 1))
      }
      out += line + "\n"
    }
    return out
  }

  /// One button as shown: right-aligned number, `) `, the visible title
  /// (`(destructive)` in words, and red with colour), `(default)` in words.
  static func cell(_ alert: Alert, _ theme: Theme, _ words: RoleWords, _ order: ScreenOrder, _ position: Int,
                   _ numberWidth: Int) -> (text: String, width: Int) {
    let index = order[position]
    let button = alert.buttonList[index]
    var title = TerminalText.visible(button.title)
    if button.role == .destructive { title = theme.destructive(title + words.destructive) }
    if index == alert.defaultButtonIndex { title += words.defaultButton }
    let number = Numeral.text(position + 1)
    let text = String(repeating: " ", count: numberWidth - number.utf8.count) + number + ") " + title
    return (text, cellWidth(alert, words, order, position, numberWidth))
  }

  /// The display width of ``cell(_:_:_:_:_:)``: the number, `) ` and
  /// ``titleWidth(_:_:_:_:)``.
  static func cellWidth(_ alert: Alert, _ words: RoleWords, _ order: ScreenOrder, _ position: Int,
                        _ numberWidth: Int) -> Int {
    numberWidth + 2 + titleWidth(alert, words, order, position)
  }

  /// The display width of a cell's title with its role words, without
  /// making its text: the layout measures every button (a million of
  /// them) but draws a page.
  static func titleWidth(_ alert: Alert, _ words: RoleWords, _ order: ScreenOrder, _ position: Int) -> Int {
    let index = order[position]
    var width = TerminalText.visibleWidth(alert.buttonList.title(at: index))
    if alert.buttonList.role(at: index) == .destructive { width += words.destructiveWidth }
    if index == alert.defaultButtonIndex { width += words.defaultWidth }
    return width
  }

}

/// Button numbers by offset, increasing: a list of them, or numbers
/// counted from a range without being listed (a million of them).
protocol ButtonNumbers {
  subscript(_ offset: Int) -> Int { get }
}

extension Array: ButtonNumbers where Element == Int {}
extension LazyMapCollection: ButtonNumbers where Base.Index == Int, Element == Int {}

/// The words that mark a button's role in the list (SPEC §6: roles are
/// always in words, with colour or without), in the user's language, each
/// with the space before it, and their display widths: looked up once a
/// layout, not once a button, and only those the alert has a button for
/// (empty otherwise: never drawn).
struct RoleWords: Sendable {
  /// ` (destructive)`.
  let destructive: String
  /// ` (default)`.
  let defaultButton: String
  let destructiveWidth: Int
  let defaultWidth: Int

  init(_ alert: Alert) {
    // TRANSLATORS: after a destructive button's title, in words (also
    // red when colour is on), with the space before it (which full-width
    // parentheses may go without).
    destructive = alert.destructiveButtonIndex == nil ? "" : localized(" (destructive)")
    // TRANSLATORS: after the default button's title (Enter chooses it),
    // with the space before it, as " (destructive)".
    defaultButton = alert.defaultButtonIndex == nil ? "" : localized(" (default)")
    destructiveWidth = TerminalText.displayWidth(destructive)
    defaultWidth = TerminalText.displayWidth(defaultButton)
  }
}
