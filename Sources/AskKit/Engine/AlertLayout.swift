/// Pure layout: an alert and a theme in, the text to draw out. No I/O.
///
/// The "Available Actions" sheet with colour off:
///
/// ```text
/// Available Actions
///   1) Destroy (destructive)
///   2) Negotiate
///   3) Compromise
///
///   4) Cancel
/// Choice [1-4, Ctrl-D = cancel]: ▏
/// ```
///
/// Buttons are numbered 1…N in screen order, numbers right-aligned. A sheet
/// sets its cancel button apart with an empty line; an alert lists it with
/// the others. Every text from the spec is made visible
/// (``TerminalText/visible(_:)``).
public enum AlertLayout {
  /// The title, message and numbered buttons, each line ending in LF.
  public static func render(_ alert: Alert, theme: Theme) -> String {
    var lines: [String] = []
    if let title = alert.title, !title.isEmpty { lines.append(theme.title(TerminalText.visible(title))) }
    if let message = alert.message, !message.isEmpty { lines += TerminalText.visibleLines(message) }
    let order = alert.screenOrder
    let width = String(order.count).count
    for (position, index) in order.enumerated() {
      let button = alert.buttons[index]
      if button.role == .cancel, alert.presentation == .actionSheet, position > 0 {
        lines.append("")
      }
      var title = TerminalText.visible(button.title)
      if button.role == .destructive { title = theme.destructive(title) }
      if index == alert.defaultButtonIndex { title += " (default)" }
      let number = String(position + 1)
      lines.append(String(repeating: " ", count: 2 + width - number.count) + number + ") " + title)
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// The answer line's prompt (no control characters, no colour: libedit
  /// draws it): `Choice [1-4, Enter = Negotiate, Ctrl-D = cancel]: `. It
  /// names Ctrl-D because Esc is not a cancel key (SPEC §4).
  public static func prompt(for alert: Alert) -> String {
    let count = alert.buttons.count
    var parts = [count == 1 ? "1" : "1-\(count)"]
    if let index = alert.defaultButtonIndex {
      parts.append("Enter = " + TerminalText.visible(alert.buttons[index].title))
    }
    parts.append("Ctrl-D = cancel")
    return "Choice [" + parts.joined(separator: ", ") + "]: "
  }
}
