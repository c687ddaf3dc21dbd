import CEditLine

/// What a string is on a terminal: text from a spec is shown, never obeyed
/// (SPEC §6), and how many columns it takes.
package enum TerminalText {
  /// `text` with every control character made visible, so nothing given to
  /// `ask` reaches the terminal as a command (cf. field case C20, OSC 52):
  /// C0 controls and DEL in caret notation (`ESC` → `^[`, `BEL` → `^G`,
  /// `DEL` → `^?`, as `cat -v`); C1 controls (U+0080–U+009F, such as the
  /// 8-bit CSI U+009B), bidirectional overrides and isolates, zero-width
  /// spaces, line and paragraph separators and the BOM as `\u{9B}`, so
  /// nothing reorders or hides text (the zero-width joiners of emoji stay).
  /// Everything else is kept.
  package static func visible(_ text: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    var steps = 0
    for scalar in text.unicodeScalars {
      steps &+= 1
      if steps % Interruption.interval == 0 && Interruption.isPending { break }
      switch scalar.value {
      case 0x00..<0x20:
        out.unicodeScalars.append("^")
        out.unicodeScalars.append(Unicode.Scalar(UInt8(scalar.value + 0x40)))
      case 0x7F:
        out += "^?"
      case 0x80..<0xA0, 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2028, 0x2029,
           0x2060...0x2064, 0x2066...0x2069, 0xFEFF:
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default:
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// ``visible(_:)`` of at most `limit` characters, with `…` when cut: for
  /// quoting an answer in a hint.
  package static func shortened(_ text: String, limit: Int = 40) -> String {
    text.count <= limit ? visible(text) : visible(String(text.prefix(limit))) + "…"
  }

  /// The lines of a multi-line text (a message): split at LF (a CR before
  /// it is dropped), tabs shown as four spaces, each line made ``visible(_:)``.
  package static func visibleLines(_ text: String) -> [String] {
    // Split on scalars: CR LF is one Character, so a Character split misses it.
    text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var line = Substring(line)
      if line.unicodeScalars.last == "\r" { line.unicodeScalars.removeLast() }
      return visible(String(line).replacing("\t", with: "    "))
    }
  }

  /// The display width of `text` in terminal columns, per extended grapheme
  /// cluster (SPEC §6): 2 for an emoji — its first scalar has
  /// Emoji_Presentation, or VS16 (U+FE0F) follows it — whatever scalars the
  /// cluster has (a ZWJ family, a flag, `👍🏽`, `1️⃣`); for any other
  /// cluster the columns of its scalars (glibc's `wcwidth` under C.UTF-8,
  /// controls 0 — shown text is made ``visible(_:)`` first), so combining
  /// marks count 0 and a spacing vowel sign its column, as terminals draw
  /// them: `é` as e + U+0301 is 1, `हिन्दी` 5, `น้ำ` 2. (SPEC's words give a
  /// cluster only its first scalar's width; on every terminal tried, tmux
  /// and glibc's `wcwidth` alike, a spacing mark takes a column, and
  /// Devanagari, Tamil and Thai lines and lists did not align.)
  package static func displayWidth(_ text: String) -> Int {
    var width = 0, steps = 0
    for character in text {
      width += self.width(of: character)
      steps &+= 1
      if steps % Interruption.interval == 0 && Interruption.isPending { break }
    }
    return width
  }

  /// The display width of one grapheme cluster; see ``displayWidth(_:)``.
  package static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    var rest = scalars.dropFirst()
    if first.value < 0x7F && rest.isEmpty { return first.value < 0x20 ? 0 : 1 }  // ASCII, the common case
    if rest.contains("\u{FE0F}") || first.properties.isEmojiPresentation { return 2 }  // VS16: 1️⃣, ❤️
    var width = max(0, Int(ask_scalar_width(first.value)))
    while let scalar = rest.popFirst() { width += max(0, Int(ask_scalar_width(scalar.value))) }
    return width
  }

  /// `text` cut into lines of at most `width` columns: at spaces where it
  /// can, else between grapheme clusters (never inside one). Empty text is
  /// one empty line.
  package static func wrapped(_ text: String, width: Int) -> [String] {
    guard width > 0, displayWidth(text) > width else { return [text] }
    var lines: [String] = []
    var line = "", lineWidth = 0
    var word = "", wordWidth = 0
    var steps = 0  // for Interruption: what is cut short is never drawn
    func flushWord() {
      if lineWidth + wordWidth > width && !line.isEmpty {
        lines.append(String(line.reversed().drop { $0 == " " }.reversed()))
        line = ""
        lineWidth = 0
      }
      if line.isEmpty && !lines.isEmpty {  // a wrapped line starts with no spaces
        while word.first == " " { word.removeFirst(); wordWidth -= 1 }
      }
      for character in word {
        steps &+= 1
        if steps % Interruption.interval == 0 && Interruption.isPending { break }
        let w = self.width(of: character)
        if lineWidth + w > width && !line.isEmpty {
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        line.append(character)
        lineWidth += w
      }
      word = ""
      wordWidth = 0
    }
    for character in text {
      steps &+= 1
      if steps % Interruption.interval == 0 && Interruption.isPending { break }
      if character == " " { flushWord() }
      word.append(character)
      wordWidth += self.width(of: character)
    }
    flushWord()
    lines.append(line)
    return lines
  }

  /// `text` without leading and trailing white space (no Foundation).
  package static func trimmed(_ text: String) -> Substring {
    if hasNothingToTrim(text) { return text[...] }
    let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
    let end = text.lastIndex { !$0.isWhitespace }.map { text.index(after: $0) } ?? start
    return text[start..<end]
  }

  /// Whether `text` surely has no white space to trim, found without
  /// grapheme breaking: it starts and ends with printable ASCII (most
  /// titles do). Such a last scalar cannot end a white-space `Character`:
  /// a grapheme cluster ending in it starts with it or with a Prepend
  /// scalar (UAX #29, GB9b), never with white space.
  package static func hasNothingToTrim(_ text: String) -> Bool {
    text.utf8Span.span.withUnsafeBufferPointer { bytes in
      guard let first = bytes.first, let last = bytes.last else { return false }
      return first &- 0x21 < 0x5E && last &- 0x21 < 0x5E
    }
  }
}
