import CShim

/// A terminal window's size in character cells (TIOCGWINSZ's `ws_col` and
/// `ws_row`).
public struct TerminalSize: Sendable, Equatable {
  /// Columns: cells a line holds.
  public var columns: Int
  /// Rows: lines the window shows.
  public var rows: Int

  /// The most columns or rows a size counts: a terminal that
  /// reports more is laid out as this, so no size, however odd, allocates or
  /// counts in proportion to it.
  package static let maximum = Int(ASK_SIZE_MAX)

  /// Makes a size; each is clamped to 1…1000.
  public init(columns: Int, rows: Int) {
    self.columns = min(Self.maximum, max(1, columns))
    self.rows = min(Self.maximum, max(1, rows))
  }

  /// 80×24, when nothing says otherwise.
  public static let standard = TerminalSize(columns: 80, rows: 24)
}
