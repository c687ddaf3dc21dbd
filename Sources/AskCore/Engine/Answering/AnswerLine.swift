import CShim
import Glibc

/// The answer line as `ask` draws it, from libedit's line and cursor
/// (SPEC §6: the answer line's cursor uses the same widths as the layout).
/// libedit measures each Unicode scalar on its own (`wcwidth`) and keeps one
/// scalar per screen cell, so after a ZWJ family, a flag or a Devanagari
/// cluster its cursor is columns away from where the terminal draws it, and
/// its redraws drop the joiners. So libedit edits and `ask` draws, with
/// ``TerminalText``'s widths, wrapping as a terminal with automatic margins
/// does (a character that does not fit the row starts the next one).
///
/// Drawing is incremental, as an echo is: what changed since the last
/// drawing is written from the first character that differs (typing at the
/// end writes just that character), the rest of the old line erased, and
/// the cursor moved to its character. The prompt is written once per read,
/// so a screen reader hears it once.
enum AnswerLine {
  /// A place on the screen: rows below the prompt's first, and a column;
  /// `column == columns` is the right margin before a wrap.
  struct Position: Equatable {
    var row = 0, column = 0
  }

  /// A line to draw: its text as shown (``TerminalText/visible(_:)``) and
  /// the cursor, an index of `text` on a character boundary.
  struct Line {
    var text: String
    var cursor: String.Index

    /// `raw` as typed, with the cursor at `cursor` (a character boundary).
    init(_ raw: String, cursor: String.Index) {
      let before = TerminalText.visible(String(raw[..<cursor]))
      text = before + TerminalText.visible(String(raw[cursor...]))
      self.cursor = text.utf8.index(text.startIndex, offsetBy: before.utf8.count)
    }
  }

  /// The bytes that draw `line` after `prompt` (invisible bytes between
  /// ``AlertLayout/invisibleMark``s) on a terminal `columns` wide, when
  /// `previous` is what the last drawing of this read left on the screen
  /// (`nil`: nothing yet, the cursor is where the prompt starts).
  static func drawing(prompt: String, line: Line, previous: Line?, columns: Int) -> String {
    let columns = max(1, columns)
    // The prompt's bytes without the marks, and where its visible part ends.
    // Piece by piece between the marks (a scalar at a time, the prompt's
    // 60 appends took 23 k instructions, 7 % of an alert's start).
    var promptBytes = "", visible = "", invisible = false
    let bytes = prompt.utf8
    var from = bytes.startIndex
    while true {
      let mark = bytes[from...].firstIndex(of: 1) ?? bytes.endIndex
      // append(contentsOf: Substring), not += (generic over Sequence: its
      // witnesses looked up by name at run time, 96 k instructions).
      promptBytes.append(contentsOf: prompt[from..<mark])
      if !invisible { visible.append(contentsOf: prompt[from..<mark]) }
      guard mark < bytes.endIndex else { break }
      invisible.toggle()
      from = bytes.index(after: mark)
    }
    let start = place(Substring(visible), from: Position(), columns: columns)
    var out = ""
    var now: Position
    let common: String.Index
    if let previous {
      // The first character that differs.
      var old = previous.text.startIndex, new = line.text.startIndex
      while old < previous.text.endIndex, new < line.text.endIndex, previous.text[old] == line.text[new] {
        old = previous.text.index(after: old)
        new = line.text.index(after: new)
      }
      common = new
      now = shown(previous, at: previous.cursor, from: start, columns: columns)
      if old == previous.text.endIndex && new == line.text.endIndex {
        return move(from: now, to: shown(line, at: line.cursor, from: start, columns: columns))
      }
      // Where the first new character goes: a wide one that does not fit
      // is wrapped by the terminal as it is written (the row below may not
      // exist yet: a cursor move does not scroll).
      var from = place(line.text[..<common], from: start, columns: columns)
      if from.column >= columns { from = Position(row: from.row + 1) }
      out += move(from: now, to: from)
      now = from
    } else {
      common = line.text.startIndex
      out += promptBytes
      now = start
    }
    let suffix = line.text[common...]
    let end = write(suffix, from: now, columns: columns, to: &out)
    if let previous {  // the rest of the old line, when it went further
      let old = place(Substring(previous.text), from: start, columns: columns)
      if old.row > end.row || (old.row == end.row && old.column > end.column) {
        out += old.row == end.row && old.column < columns ? "\u{1B}[K" : "\u{1B}[J"
      }
    }
    now = end
    if end.column >= columns {
      if !suffix.isEmpty || previous == nil { out += "\r\n" }  // past the margin: on the next row
      now = Position(row: end.row + 1)
    }
    return out + move(from: now, to: shown(line, at: line.cursor, from: start, columns: columns))
  }

  /// Appends `text` to `out`, drawn from `start`, and returns the position
  /// after it. Where a wide character does not fit the row, the cells it
  /// skips are erased first (ECMA-48 EL): they may hold a character of the
  /// line drawn before.
  static func write(_ text: Substring, from start: Position, columns: Int, to out: inout String) -> Position {
    if isPrintableASCII(text) {  // nothing wide
      out += String(text)  // (a Substring appended as it is goes through the generic Character path)
      return place(text, from: start, columns: columns)
    }
    var position = start, written = text.startIndex
    for index in text.indices {
      let width = TerminalText.width(of: text[index])
      if position.column + width > columns && position.column > 0 {
        if position.column < columns {
          out += String(text[written..<index]) + "\u{1B}[K"
          written = index
        }
        position = Position(row: position.row + 1)
      }
      position.column += width
    }
    out += String(text[written...])
    return position
  }

  /// Whether `text` is printable ASCII only: a column a byte, nothing wide.
  private static func isPrintableASCII(_ text: Substring) -> Bool { text.utf8.allSatisfy { $0 &- 0x20 < 0x5F } }

  /// The position after `text` drawn from `start`.
  static func place(_ text: Substring, from start: Position, columns: Int) -> Position {
    var position = start
    if isPrintableASCII(text) {  // most prompts: a column each
      var left = text.utf8.count
      while left > 0 {
        if position.column >= columns { position = Position(row: position.row + 1) }
        let run = min(left, columns - position.column)
        position.column += run
        left -= run
      }
      return position
    }
    for character in text {
      let width = TerminalText.width(of: character)
      if position.column + width > columns && position.column > 0 { position = Position(row: position.row + 1) }
      position.column += width
    }
    return position
  }

  /// Where the terminal's cursor is when it stands before the character at
  /// `index` of `line`: where that character is drawn (the next row for a
  /// wide one that does not fit), and the next row at the margin.
  static func shown(_ line: Line, at index: String.Index, from start: Position, columns: Int) -> Position {
    let position = place(line.text[..<index], from: start, columns: columns)
    if index < line.text.endIndex, position.column > 0,
       position.column + TerminalText.width(of: line.text[index]) > columns {
      return Position(row: position.row + 1)
    }
    return position.column >= columns ? Position(row: position.row + 1) : position
  }

  /// The bytes that move the cursor from `from` to `to` (ECMA-48 CUU,
  /// CUD, CUF, CUB and CR); empty when they are the same.
  static func move(from: Position, to: Position) -> String {
    var out = ""
    if to.row < from.row { out += "\u{1B}[\(from.row - to.row)A" }
    if to.row > from.row { out += "\u{1B}[\(to.row - from.row)B" }
    var column = from.column
    if to.row != from.row {
      out += "\r"
      column = 0
    }
    if to.column > column { out += "\u{1B}[\(to.column - column)C" }
    if to.column < column { out += "\u{1B}[\(column - to.column)D" }
    return out
  }
}

/// ``AnswerLine/drawing(prompt:line:previous:columns:)`` for the C line
/// editor: the line is `length` UTF-8 bytes with the cursor at byte
/// `cursor`; `previous` (`previousLength` bytes, cursor at byte
/// `previousCursor`) what the last drawing showed, or `NULL` for none.
/// Returns a `malloc`ed NUL-terminated string (`NULL` when out of memory)
/// for the caller to write and free.
@_cdecl("ask_line_drawing")
func askLineDrawing(_ prompt: UnsafePointer<CChar>, _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ cursor: Int,
                    _ previous: UnsafePointer<UInt8>?, _ previousLength: Int, _ previousCursor: Int,
                    _ columns: Int) -> UnsafeMutablePointer<CChar>? {
  func line(_ bytes: UnsafePointer<UInt8>?, _ length: Int, _ cursor: Int) -> AnswerLine.Line {
    let buffer = UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : length)
    let text = String(decoding: buffer, as: UTF8.self)
    let head = String(decoding: buffer.prefix(min(max(cursor, 0), buffer.count)), as: UTF8.self)
    let index = text.utf8.index(text.startIndex, offsetBy: head.utf8.count, limitedBy: text.endIndex) ?? text.endIndex
    return AnswerLine.Line(text, cursor: index)
  }
  let drawing = AnswerLine.drawing(prompt: String(cString: prompt), line: line(bytes, length, cursor),
                                   previous: previous == nil ? nil : line(previous, previousLength, previousCursor),
                                   columns: columns)
  return strdup(drawing)
}
