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
    if let timeout = alert.timeout, timeout > .zero { lines.append(timeLimit(timeout, alert: alert)) }
    if alert.style != .default {
      lines.append(theme.dim(alert.buttons.isEmpty ? "(Enter = OK, Ctrl-D = cancel)" : "(Ctrl-D = cancel)"))
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// The prompt of a text field: its label, the placeholder as an example
  /// (dim with colour; never returned), then `: ` —
  /// `Login (e.g. alice@example.com): `. Invisible sequences are wrapped in
  /// ``invisibleMark`` for libedit; ``TerminalText`` callers strip them.
  package static func fieldPrompt(label: String, placeholder: String?, theme: Theme) -> String {
    var prompt = TerminalText.visible(label)
    if let placeholder, !placeholder.isEmpty {
      // "e.g.": an example, so no one takes it for a default Enter gives
      // (SPEC §6; Unix prompts write a default in parentheses).
      let text = "(e.g. " + TerminalText.visible(placeholder) + ")"
      prompt += " " + (theme.isColored
        ? invisibleMark + "\u{1B}[2m" + invisibleMark + text + invisibleMark + "\u{1B}[0m" + invisibleMark
        : text)
    }
    return prompt + ": "
  }

  /// Marks the start and end of bytes in a prompt that take no columns
  /// (libedit's `EL_PROMPT_ESC` delimiter).
  package static let invisibleMark = "\u{1}"

  /// The time limit as the prompt states it once (SPEC §5): `(times out
  /// in 30 s, then chooses Yes)` when a button prompt has a default, else
  /// `(times out in 30 s)` (text styles never submit on a timeout).
  package static func timeLimit(_ limit: Duration, alert: Alert) -> String {
    let then = alert.style == .default ? alert.defaultButtonIndex.map { ", then chooses \(TerminalText.visible(alert.buttons[$0].title))" } : nil
    return "(times out in \(duration(limit))\(then ?? ""))"
  }

  /// The line drawn when the time limit passed (SPEC §5): `Timed out:
  /// chose Yes.`, or `Timed out.` when nothing was chosen.
  package static func timeoutNotice(_ response: Response) -> String {
    guard let title = response.title else { return "Timed out." }
    return "Timed out: chose \(TerminalText.visible(title))."
  }

  /// A duration as people write it (SPEC §5): `45 s`, `1.5 s`, `2 min 5 s`,
  /// `1 h 30 min`, `3 d 4 h`: the units that are not zero, largest first,
  /// whole seconds from a minute on (fractions are kept below one).
  package static func duration(_ limit: Duration) -> String {
    let total = min(TimeLimit.seconds(limit), TimeLimit.thousandYears)  // a library's longer Duration
    if total < 60 { return seconds(total) + " s" }
    var left = Int(total.rounded())
    var parts: [String] = []
    for (unit, size) in [("d", 86_400), ("h", 3_600), ("min", 60), ("s", 1)] where left >= size {
      parts.append("\(left / size) \(unit)")
      left %= size
    }
    return parts.joined(separator: " ")
  }

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
