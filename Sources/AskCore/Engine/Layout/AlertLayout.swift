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
  /// - Throws: as ``buttonList(_:theme:)``.
  package static func render(_ alert: Alert, theme: Theme) throws(AskError) -> String {
    try header(alert, theme: theme) + (alert.style.kind == .default ? buttonList(alert, theme: theme) : "")
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
      let wrapped = TerminalText.visibleLines(message).flatMap { TerminalText.wrapped($0, width: width) }
      lines += alert.dimsMessage ? wrapped.map(theme.dim) : wrapped
    }
    if let timeout = alert.timeout, timeout > .zero {
      lines += TerminalText.wrapped(timeLimit(timeout, alert: alert), width: width)
    }
    if alert.style.kind != .default {
      // TRANSLATORS: the hint line of a text field: Enter submits (the
      // implied OK button), Ctrl-D cancels; key names stay as written.
      lines.append(theme.dim(alert.buttonList.isEmpty ? localized("(Enter = OK, Ctrl-D = cancel)")
        : localized("(Ctrl-D = cancel)")))
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
      // TRANSLATORS: after a field's label, with the space before it
      // (which full-width parentheses may go without): %s is an example of
      // what to type (never a default), "Login (e.g. alice@example.com): ".
      let example = localized(" (e.g. %s)", TerminalText.visible(placeholder))
      let space = String(example.prefix { $0 == " " })
      let text = String(example.dropFirst(space.count))
      let dim = invisibleMark + "\u{1B}[2m" + invisibleMark
      let undim = invisibleMark + "\u{1B}[0m" + invisibleMark
      prompt += space + (theme.isColored ? dim + text + undim : text)
    }
    // TRANSLATORS: a text field's prompt: %s is its label (with the example
    // after it); the cursor follows, so keep what ends it (": ").
    return localized("%s: ", prompt)
  }

  /// Marks the start and end of bytes in a prompt that take no columns
  /// (libedit's `EL_PROMPT_ESC` delimiter).
  package static let invisibleMark = "\u{1}"

  /// The time limit as the prompt states it once (SPEC §5): `(times out
  /// in 30 s, then chooses Yes)` when a button prompt has a default, else
  /// `(times out in 30 s)` (text styles never submit on a timeout).
  package static func timeLimit(_ limit: Duration, alert: Alert) -> String {
    if alert.style.kind == .default, let index = alert.defaultButtonIndex {
      // TRANSLATORS: under the title: %1$s is a duration ("2 min 5 s"),
      // %2$s the default button's title, chosen when the time is up.
      return localized("(times out in %s, then chooses %s)", duration(limit),
                       TerminalText.shortened(alert.buttonList.title(at: index)))
    }
    // TRANSLATORS: under the title: %s is a duration ("30 s").
    return localized("(times out in %s)", duration(limit))
  }

  /// The line drawn when the time limit passed (SPEC §5): `Timed out:
  /// chose Yes.`, or `Timed out.` when nothing was chosen.
  package static func timeoutNotice(_ response: PromptResult) -> String {
    guard let title = response.title else { return localized("Timed out.") }
    // TRANSLATORS: drawn when the time limit passed; %s is the button
    // chosen by it (the default).
    return localized("Timed out: chose %s.", TerminalText.visible(title))
  }

  /// A duration as people write it (SPEC §5): `45 s`, `1.5 s`, `2 min 5 s`,
  /// `1 h 30 min`, `3 d 4 h`: the units that are not zero, largest first,
  /// whole seconds from a minute on (fractions are kept below one).
  package static func duration(_ limit: Duration) -> String {
    let total = min(TimeLimit.seconds(limit), TimeLimit.thousandYears)  // a library's longer Duration
    if total < 60 { return secondsPart(seconds(total)) }
    var left = Int(total.rounded())
    var parts: [String] = []
    for size in [86_400, 3_600, 60, 1] where left >= size {
      let count = String(left / size)
      // TRANSLATORS: the parts of a duration, each a number (%s) and an
      // abbreviated unit, joined by spaces: "3 d 4 h", "2 min 5 s".
      let part = switch size {
        case 86_400: localized("%s d", count)
        case 3_600: localized("%s h", count)
        case 60: localized("%s min", count)
        default: secondsPart(count)
      }
      parts.append(part)
      left %= size
    }
    return parts.joined(separator: " ")
  }

  /// `30 s`: a number of seconds (written as ``seconds(_:)`` writes it)
  /// with its unit.
  static func secondsPart(_ count: String) -> String {
    // TRANSLATORS: a number of seconds (%s: "30", "1.5") with the unit
    // abbreviated.
    localized("%s s", count)
  }

  /// A number of seconds as written in the time-limit line: `30`, `2.5`.
  static func seconds(_ value: Double) -> String {
    value == value.rounded() && value < 1e15 ? String(Int(value)) : String(value)
  }

  /// The numbered buttons of a short list, each line ending in LF: the
  /// first page of ``ButtonListLayout`` on an 80×24 terminal.
  /// - Throws: ``AskError/interrupted(by:)`` as ``ButtonListLayout``.
  package static func buttonList(_ alert: Alert, theme: Theme) throws(AskError) -> String {
    try ButtonListLayout(alert: alert, theme: theme, size: .standard, reservedRows: 0).render(page: 0)
  }

  /// The answer line's prompt (no control characters, no colour: libedit
  /// draws it): `Choice [1-4, Enter = Negotiate, Ctrl-D = cancel]: `. It
  /// names Ctrl-D because Esc is not a cancel key (SPEC §4).
  package static func prompt(for alert: Alert) -> String {
    let count = alert.buttonList.count
    let range = count == 1 ? "1" : "1-" + Numeral.text(count)
    if let index = alert.defaultButtonIndex {
      // TRANSLATORS: the answer line with a default button: %1$s is the
      // numbers to type ("1-4"), %2$s the default's title, which Enter
      // chooses. Key names stay as written; keep the ": " at the end.
      // The title shortened: libedit draws the prompt whole, and no signal
      // acts while it does.
      return localized("Choice [%s, Enter = %s, Ctrl-D = cancel]: ", range,
                       TerminalText.shortened(alert.buttonList.title(at: index)))
    }
    // TRANSLATORS: the answer line: %s is the numbers to type ("1-4", or
    // "1"). Key names stay as written; keep the ": " at the end.
    return localized("Choice [%s, Ctrl-D = cancel]: ", range)
  }
}
