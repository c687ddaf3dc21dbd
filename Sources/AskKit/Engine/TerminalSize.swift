/// A terminal window's size in character cells (TIOCGWINSZ's `ws_col` and
/// `ws_row`).
public struct TerminalSize: Sendable, Equatable {
  /// Columns: cells a line holds.
  public var columns: Int
  /// Rows: lines the window shows.
  public var rows: Int

  /// Makes a size; both at least 1.
  public init(columns: Int, rows: Int) {
    self.columns = max(1, columns)
    self.rows = max(1, rows)
  }

  /// 80×24, when nothing says otherwise.
  public static let standard = TerminalSize(columns: 80, rows: 24)
}
