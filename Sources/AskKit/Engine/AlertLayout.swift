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
package enum AlertLayout {
  /// Everything above the answer line: ``header(_:theme:)``, then for a
  /// buttons-only alert ``buttonList(_:theme:)``.
  package static func render(_ alert: Alert, theme: Theme) -> String {
    header(alert, theme: theme) + (alert.style == .default ? buttonList(alert, theme: theme) : "")
  }

  /// The number of lines `text` takes (its LFs).
  static func lineCount(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      var (count, offset) = (0, 0)
      while offset < bytes.count {
        if bytes[offset] == 10 { count += 1 }
        offset += 1
      }
      return count
    }
  }

  /// The title and the message, wrapped at `width` columns between words
  /// (never inside a character), the time limit stated once
  /// (`(times out in 30 s)`, no countdown), and for a text style the hint
  /// line naming the implied buttons; each line ending in LF.
  package static func header(_ alert: Alert, theme: Theme, width: Int = 80) -> String {
    var lines: [String] = []
    if let title = alert.title, !title.isEmpty {
      lines += TerminalText.wrapped(TerminalText.visible(title), width: width).map(theme.title)
    }
    if let message = alert.message, !message.isEmpty {
      lines += TerminalText.visibleLines(message).flatMap { TerminalText.wrapped($0, width: width) }
    }
    if let timeout = alert.timeout, timeout > .zero { lines.append("(times out in \(seconds(TimeLimit.seconds(timeout))) s)") }
    if alert.style != .default {
      lines.append(theme.dim(alert.buttons.isEmpty ? "(Enter = OK, Ctrl-D = Cancel)" : "(Ctrl-D = cancel)"))
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// The prompt of a text field: its label, the placeholder in parentheses
  /// (dim with colour; never returned), then `: ` —
  /// `Login (alice@example.com): `. Invisible sequences are wrapped in
  /// ``invisibleMark`` for libedit; ``TerminalText`` callers strip them.
  package static func fieldPrompt(label: String, placeholder: String?, theme: Theme) -> String {
    var prompt = TerminalText.visible(label)
    if let placeholder, !placeholder.isEmpty {
      let text = "(" + TerminalText.visible(placeholder) + ")"
      prompt += " " + (theme.isColored
        ? invisibleMark + "\u{1B}[2m" + invisibleMark + text + invisibleMark + "\u{1B}[0m" + invisibleMark
        : text)
    }
    return prompt + ": "
  }

  /// Marks the start and end of bytes in a prompt that take no columns
  /// (libedit's `EL_PROMPT_ESC` delimiter).
  package static let invisibleMark = "\u{1}"

  /// A number of seconds as written in the time-limit line: `30`, `2.5`.
  static func seconds(_ value: Double) -> String {
    value == value.rounded() && value < 1e15 ? String(Int(value)) : String(value)
  }

  /// The numbered buttons of a short list, each line ending in LF: the
  /// first page of ``ButtonListLayout`` on an 80×24 terminal.
  package static func buttonList(_ alert: Alert, theme: Theme) -> String {
    ButtonListLayout(alert: alert, theme: theme, size: .standard, reservedRows: 0).render(page: 0)
  }

  /// The answer line's prompt (no control characters, no colour: libedit
  /// draws it): `Choice [1-4, Enter = Negotiate, Ctrl-D = cancel]: `. It
  /// names Ctrl-D because Esc is not a cancel key (SPEC §4).
  package static func prompt(for alert: Alert) -> String {
    let count = alert.buttons.count
    var parts = [count == 1 ? "1" : "1-\(count)"]
    if let index = alert.defaultButtonIndex {
      parts.append("Enter = " + TerminalText.visible(alert.buttons[index].title))
    }
    parts.append("Ctrl-D = cancel")
    return "Choice [" + parts.joined(separator: ", ") + "]: "
  }
}
