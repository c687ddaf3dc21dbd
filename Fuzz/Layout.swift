// Fuzz target: the layout (SPEC §6) — titles, messages and buttons made
// visible, wrapped and paged for any terminal size. The first two bytes
// are the size (1-200 columns, 1-64 rows), the third the roles, the sheet
// and colour; then LF-separated lines: the title, the message, the buttons.
// No control character but LF (and SGR with colour) reaches the screen,
// wrapping keeps every character and fits the width, every page renders.
@testable import AskCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 3 else { return 0 }
  let columns = 1 + Int(data[0]) % 200, rows = 1 + Int(data[1]) % 64, setting = data[2]
  var lines = pieces(UnsafeBufferPointer(start: data + 3, count: size - 3), separator: 0x0A)
  let title = lines.removeFirst()
  let message = lines.isEmpty ? nil : lines.removeFirst()
  var buttons = lines.map { Button($0) }
  if setting & 1 != 0, !buttons.isEmpty { buttons[buttons.count - 1].role = .cancel }
  if setting & 2 != 0, buttons.count > 1 { buttons[0].role = .destructive }
  let defaultIndex = setting & 4 != 0 && buttons.count > 1 ? 1 + Int(setting >> 5) % (buttons.count - 1) : nil
  if let defaultIndex, buttons[defaultIndex].role != .cancel { buttons[defaultIndex].isDefault = true }
  let alert = Alert(title: title, message: message, buttons: buttons,
                    presentation: setting & 8 != 0 ? .actionSheet : .alert)
  guard let alert = try? alert.validated() else { return 0 }
  let theme = Theme(isColored: setting & 16 != 0)

  for text in [title, message ?? ""] {
    let visible = TerminalText.visible(text)
    requireShown(visible, colored: false)
    let wrapped = TerminalText.wrapped(visible, width: columns)
    for line in wrapped {
      require(TerminalText.displayWidth(line) <= columns || line.count == 1,
              "a wrapped line is \(TerminalText.displayWidth(line)) columns wide, not \(columns)")
    }
    require(wrapped.joined().filter { $0 != " " } == visible.filter { $0 != " " }, "wrapping lost or added text")
  }
  let header = AlertLayout.header(alert, theme: theme, width: columns)
  requireShown(header, colored: theme.isColored)
  do throws(AskError) {
    let layout = try ButtonListLayout(alert: alert, theme: theme, size: TerminalSize(columns: columns, rows: rows),
                                      reservedRows: AlertLayout.lineCount(header) + 2)
    require(layout.pageCount >= 1 && layout.pageCount <= max(1, alert.buttons.count), "\(layout.pageCount) pages")
    for page in 0..<layout.pageCount { requireShown(try layout.render(page: page), colored: theme.isColored) }
  } catch {
    require(false, "laid out with no signal pending, yet stopped: \(error)")
  }
  requireShown(AlertLayout.prompt(for: alert), colored: false)
  return 0
}

/// Only LF and, with colour, SGR sequences (ESC [ digits m) among what is
/// drawn: every other control character was made visible.
func requireShown(_ text: String, colored: Bool) {
  var scalars = text.unicodeScalars.makeIterator()
  while let scalar = scalars.next() {
    if scalar == "\u{1B}", colored {
      require(scalars.next() == "[", "ESC not followed by [")
      while let next = scalars.next(), next != "m" { require(("0"..."9").contains(next), "not SGR: \(next)") }
      continue
    }
    require(scalar == "\n" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)),
            "control U+\(String(scalar.value, radix: 16)) drawn")
  }
}
