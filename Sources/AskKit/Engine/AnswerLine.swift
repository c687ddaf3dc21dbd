import CEditLine
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

  /// A line to draw: its characters as shown (``TerminalText/visible(_:)``)
  /// and how many are before the cursor.
  struct Line {
    var characters: [Character]
    var cursor: Int

    init(_ text: String, cursor: String.Index) {
      let before = Array(TerminalText.visible(String(text[..<cursor])))
      characters = before + Array(TerminalText.visible(String(text[cursor...])))
      self.cursor = before.count
    }
  }

  /// The bytes that draw `line` after `prompt` (invisible bytes between
  /// ``AlertLayout/invisibleMark``s) on a terminal `columns` wide, when
  /// `previous` is what the last drawing of this read left on the screen
  /// (`nil`: nothing yet, the cursor is where the prompt starts).
  static func drawing(prompt: String, line: Line, previous: Line?, columns: Int) -> String {
    let columns = max(1, columns)
    let parts = prompt.split(separator: AlertLayout.invisibleMark, omittingEmptySubsequences: false)
    var start = Position()
    for (index, part) in parts.enumerated() where index % 2 == 0 {  // between marks: invisible
      for character in part { advance(&start, by: character, columns: columns) }
    }
    var out = ""
    var now: Position
    let common: Int
    if let previous {
      common = zip(previous.characters, line.characters).prefix { $0 == $1 }.count
      now = shown(previous, at: previous.cursor, from: start, columns: columns)
      if common == previous.characters.count && common == line.characters.count {
        return out + move(from: now, to: shown(line, at: line.cursor, from: start, columns: columns))
      }
      // Where the first new character goes: a wide one that does not fit
      // is wrapped by the terminal as it is written (the row below may not
      // exist yet: a cursor move does not scroll).
      var from = place(line.characters, upTo: common, from: start, columns: columns)
      if from.column >= columns { from = Position(row: from.row + 1) }
      out += move(from: now, to: from)
      now = from
    } else {
      common = 0
      out += parts.joined()
      now = start
    }
    let suffix = line.characters[common...]
    out += String(suffix)
    let end = place(line.characters, upTo: line.characters.count, from: start, columns: columns)
    if let previous, previous.characters.count > common {  // the rest of the old line
      let old = place(previous.characters, upTo: previous.characters.count, from: start, columns: columns)
      out += old.row == end.row && old.column < columns ? "\u{1B}[K" : "\u{1B}[J"
    }
    now = end
    if end.column >= columns && (!suffix.isEmpty || previous == nil) {
      out += "\r\n"  // past the margin: on the next row, so moves are exact
      now = Position(row: end.row + 1, column: 0)
    } else if end.column >= columns {
      now = Position(row: end.row + 1, column: 0)
    }
    return out + move(from: now, to: shown(line, at: line.cursor, from: start, columns: columns))
  }

  /// Where a character of `width` columns at `position` is drawn, and the
  /// position after it.
  static func advance(_ position: inout Position, by character: Character, columns: Int) {
    let width = TerminalText.width(of: character)
    if position.column + width > columns && position.column > 0 { position = Position(row: position.row + 1) }
    position.column += width
  }

  /// The position after the first `count` characters of `line`.
  static func place(_ characters: [Character], upTo count: Int, from start: Position, columns: Int) -> Position {
    var position = start
    for character in characters[..<count] { advance(&position, by: character, columns: columns) }
    return position
  }

  /// Where the terminal's cursor is when it stands before character `index`
  /// of `line`: where that character is drawn (the next row for a wide one
  /// that does not fit), and the next row at the margin.
  static func shown(_ line: Line, at index: Int, from start: Position, columns: Int) -> Position {
    var position = place(line.characters, upTo: index, from: start, columns: columns)
    if index < line.characters.count {
      let width = TerminalText.width(of: line.characters[index])
      if position.column + width > columns && position.column > 0 { return Position(row: position.row + 1) }
    }
    if position.column >= columns { position = Position(row: position.row + 1) }
    return position
  }

  /// The bytes that move the cursor from `from` to `to` (ECMA-48 CUU,
  /// CUD, CUF, CUB and CR); empty when they are the same.
  static func move(from: Position, to: Position) -> String {
    var out = ""
    if to.row < from.row { out += "\u{1B}[\(from.row - to.row)A" }
    if to.row > from.row { out += "\u{1B}[\(to.row - from.row)B" }
    if to.row != from.row && to.column == 0 { return out + "\r" }
    let column = to.row == from.row ? from.column : 0
    if to.row != from.row { out += "\r" }
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
