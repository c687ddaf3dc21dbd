import CShim

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
  package static func visible(_ text: String) -> String { visible(text, revealingIgnorables: false) }

  /// ``visible(_:)``; with `revealingIgnorables`, every default-ignorable
  /// code point (``isIgnorable(_:)``) is written as `\u{AD}` too: for
  /// naming a title that looks like another.
  package static func visible(_ text: String, revealingIgnorables: Bool) -> String {
    if hasNothingToShow(text) && !(revealingIgnorables && mayHoldIgnorable(text)) { return text }
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
      case _ where !isShownAsIs(scalar) || (revealingIgnorables && isIgnorable(scalar)):
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default:
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Whether ``visible(_:)`` keeps `scalar` as it is: not a C0 or C1
  /// control, DEL, a bidirectional override or isolate, a zero-width
  /// space, a line or paragraph separator or the BOM.
  package static func isShownAsIs(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2028, 0x2029,
         0x2060...0x2064, 0x2066...0x2069, 0xFEFF:
      false
    default:
      true
    }
  }

  /// The first scalar of `text` that ``visible(_:)`` would not keep as it
  /// is, written `U+0009`; `nil` when there is none. Such a scalar cannot
  /// stand in a field's initial text: it is shown otherwise than it is,
  /// so the text returned would not be the text given.
  package static func firstScalarShownOtherwise(in text: String) -> String? {
    if hasNothingToShow(text) { return nil }
    guard let scalar = text.unicodeScalars.first(where: { !isShownAsIs($0) }) else { return nil }
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Whether ``visible(_:)`` would keep `text` as it is, found by byte
  /// without decoding (a 10 MB title is looked at in milliseconds): no C0
  /// control or DEL, and no lead byte that begins one of the scalars it
  /// changes (C2: C1 controls; D8: U+061C; E2: U+2000–U+2FFF; EF: the
  /// BOM). Text with such a byte may still need nothing; it goes the slow
  /// way.
  static func hasNothingToShow(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let byte = bytes[offset]
        if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF { return false }
        offset += 1
      }
      return true
    }
  }

  /// Whether `text` holds U+0000, looked for by byte (a generic
  /// `utf8.contains` costs a million titles a second in a debug build).
  package static func containsNUL(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        if bytes[offset] == 0 { return true }
        offset += 1
      }
      return false
    }
  }

  /// ``visible(_:revealingIgnorables:)`` of at most `limit` characters,
  /// with `…` when cut: for quoting an answer in a hint.
  package static func shortened(_ text: String, limit: Int = 40, revealingIgnorables: Bool = false) -> String {
    let head = text.prefix(limit + 1)  // not counting a 10 MB title whole
    return head.count <= limit ? visible(text, revealingIgnorables: revealingIgnorables)
      : visible(String(head.prefix(limit)), revealingIgnorables: revealingIgnorables) + "…"
  }

  /// Whether `scalar` is one of Unicode's default-ignorable code points —
  /// the Default_Ignorable_Code_Point property of the Unicode Character
  /// Database's DerivedCoreProperties.txt, as the standard library has it:
  /// the soft hyphen, zero-width spaces and joiners, bidi marks, variation
  /// selectors, U+180E, the Hangul fillers (U+115F, U+1160, U+3164,
  /// U+FFA0), the tags U+E0000–U+E007F and the rest of that plane's first
  /// 4,096 code points. A renderer draws them as nothing, so two texts
  /// that differ only by them look the same (SPEC §1).
  package static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isDefaultIgnorableCodePoint
  }

  /// `text` without its default-ignorable code points (``isIgnorable(_:)``):
  /// what it looks like, for comparing titles (SPEC §1). `text` itself,
  /// without a copy, when it has none; found by byte first, so ASCII text
  /// is never decoded.
  package static func withoutIgnorables(_ text: String) -> String {
    guard mayHoldIgnorable(text), text.unicodeScalars.contains(where: isIgnorable) else { return text }
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars where !isIgnorable(scalar) { out.unicodeScalars.append(scalar) }
    return out
  }

  /// Whether `text` may hold a default-ignorable code point, found by byte
  /// without decoding: it has a lead byte that begins one (C2: U+00AD; CD:
  /// U+034F; D8: U+061C; E1: U+115F–U+180F; E2: U+200B–U+206F; E3: U+3164;
  /// EF: U+FE00–U+FFF8; F0: U+1BCA0–U+1D17A; F3: U+E0000–U+E0FFF). Text
  /// with such a byte may still have none.
  static func mayHoldIgnorable(_ text: String) -> Bool {
    text.utf8Span.span.withUnsafeBufferPointer { bytes in
      var offset = 0
      while offset < bytes.count {
        switch bytes[offset] {
        case 0xC2, 0xCD, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF, 0xF0, 0xF3: return true
        default: offset += 1
        }
      }
      return false
    }
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

  /// The display width of ``visible(_:)`` of `text`, the visible text
  /// not made when `text` is printable ASCII (then it is its own visible
  /// text, one column a byte): a list measures a million titles.
  package static func visibleWidth(_ text: String) -> Int {
    printableASCIIWidth(text) ?? displayWidth(visible(text))
  }

  /// The columns of `text` when it is printable ASCII (0x20...0x7E: its
  /// own visible text, one column a byte, nothing wide), else `nil`.
  static func printableASCIIWidth(_ text: String) -> Int? {
    let ascii = text.utf8Span.span.withUnsafeBufferPointer { bytes in
      var offset = 0
      while offset < bytes.count {
        if bytes[offset] &- 0x20 >= 0x5F { return -1 }  // not 0x20...0x7E
        offset += 1
      }
      return bytes.count
    }
    return ascii >= 0 ? ascii : nil
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
    var text = text
    let original = text
    return text.withUTF8 { bytes in
      var width = 0, offset = 0, steps = 0
      while offset < bytes.count {
        let ascii = asciiWidth(in: bytes, at: offset)
        let cluster = ascii >= 0 ? (length: 1, width: ascii) : self.cluster(in: bytes, at: offset, of: original)
        width += cluster.width
        offset += cluster.length
        steps &+= 1
        if steps % Interruption.interval == 0 && Interruption.isPending { break }
      }
      return width
    }
  }

  /// The grapheme cluster that starts at byte `offset` of `bytes`, the
  /// UTF-8 of `text`: its length in bytes and its display width. Printable
  /// ASCII followed by ASCII (or the end) is a cluster of its own, found
  /// without grapheme breaking: between two ASCII scalars there is always
  /// a break but in CR LF (UAX #29, GB3); anything else asks `text`.
  private static func cluster(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, of text: String)
    -> (length: Int, width: Int) {
    let ascii = asciiWidth(in: bytes, at: offset)
    if ascii >= 0 { return (1, ascii) }
    let start = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    let end = text.index(after: start)
    return (text.utf8.distance(from: start, to: end), width(of: text[start]))
  }

  /// The display width of one grapheme cluster; see ``displayWidth(_:)``.
  package static func width(of character: Character) -> Int {
    var width = CharacterWidth()
    for scalar in character.unicodeScalars { width.add(scalar) }
    return width.columns
  }

  /// `text` cut into lines of at most `width` columns: at spaces where it
  /// can, else between grapheme clusters (never inside one). Empty text is
  /// one empty line.
  package static func wrapped(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [text] }
    // Printable ASCII no wider than a line, as most titles are: it fits,
    // and the wrapper would give it back whole.
    if text.utf8.count <= width, printableASCIIWidth(text) != nil { return [text] }
    var text = text
    let original = text
    let lines = text.withUTF8 { bytes in
      var wrapper = Wrapper(bytes: bytes, text: original, width: width)
      return wrapper.wrap()
    }
    guard let lines else { return [text] }  // it fits: the text itself
    return text.withUTF8 { bytes in
      lines.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
    }
  }

  /// The Unicode scalar whose UTF-8 starts at `offset` (U+FFFD where no
  /// whole scalar does), by the shim's one decoder.
  static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
    var scalar: UInt32 = 0xFFFD
    _ = ask_utf8_sequence(bytes.baseAddress! + offset, bytes.count - offset, &scalar)
    return scalar
  }

  /// No line starts with it: closing punctuation, ASCII and CJK (UAX #14's
  /// CL, CP, IS, EX and the CJK ones of NS).
  static func isClosingPunctuation(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D,  // ! ) , . : ; ? ] }
         0x2019, 0x201D, 0x2026,  // ’ ” …
         0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x30FC,  // 、。々〉》」』】〕〗ー
         0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF5E:  // ！），．：；？］｝～
      true
    default:
      false
    }
  }

  /// No line ends with it: opening punctuation, ASCII and CJK (UAX #14's OP).
  static func isOpeningPunctuation(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x28, 0x5B, 0x7B,  // ( [ {
         0x2018, 0x201C,  // ‘ “
         0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016,  // 〈《「『【〔〖
         0xFF08, 0xFF3B, 0xFF5B:  // （［｛
      true
    default:
      false
    }
  }

  /// The width of the ASCII cluster of one byte at `offset` (see
  /// ``cluster(in:at:of:)``), or -1 when none starts there. (Apart, and
  /// without the text, so the common case costs no reference counting.)
  private static func asciiWidth(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
    let byte = bytes[offset]
    guard byte < 0x80 && byte != 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] < 0x80) else { return -1 }
    return byte >= 0x20 && byte < 0x7F ? 1 : 0
  }

  /// The state of ``wrapped(_:width:)``: lines are ranges of the UTF-8, cut
  /// at cluster boundaries; a word is a space (where there is one) and the
  /// clusters up to the next space. A struct, not closures over local
  /// variables: its fields need no checks of exclusive access at run time.
  private struct Wrapper {
    let bytes: UnsafeBufferPointer<UInt8>
    let text: String
    let width: Int
    var lines: [Range<Int>] = []
    var lineStart = 0, lineEnd = 0, lineWidth = 0
    /// `lineEnd` without the trailing spaces.
    var lineContentEnd = 0
    var wordStart = 0, wordEnd = 0, wordWidth = 0
    var wordHasSpace = false
    /// For Interruption: what is cut short is never drawn.
    var steps = 0

    init(bytes: UnsafeBufferPointer<UInt8>, text: String, width: Int) {
      (self.bytes, self.text, self.width) = (bytes, text, width)
    }

    /// The lines, or `nil` when the whole text fits one.
    mutating func wrap() -> [Range<Int>]? {
      // Chinese and Japanese put no spaces between words: a line may also
      // break before or after a wide character (UAX #14's ideographs,
      // roughly), but not before closing punctuation (，。）”) nor after
      // opening punctuation (（“).
      var previousWide = false, previousStart = 0
      while wordEnd < bytes.count {
        steps &+= 1
        if steps % Interruption.interval == 0 && Interruption.isPending { break }
        let ascii = TerminalText.asciiWidth(in: bytes, at: wordEnd)
        let cluster = ascii >= 0 ? (length: 1, width: ascii) : TerminalText.cluster(in: bytes, at: wordEnd, of: text)
        let wide = cluster.width == 2
        if cluster.length == 1 && bytes[wordEnd] == 0x20 {
          flushWord()
          wordHasSpace = true
        } else if (wide || previousWide) && wordEnd > wordStart
                    && !TerminalText.isOpeningPunctuation(TerminalText.scalar(in: bytes, at: previousStart))
                    && !TerminalText.isClosingPunctuation(TerminalText.scalar(in: bytes, at: wordEnd)) {
          flushWord()
        }
        (previousWide, previousStart) = (wide, wordEnd)
        wordEnd += cluster.length
        wordWidth += cluster.width
      }
      flushWord()
      if lines.isEmpty { return nil }
      lines.append(lineStart..<lineEnd)
      return lines
    }

    /// Ends the line at `end` (its last character ends before it) and
    /// starts the next at `start`.
    mutating func newLine(ending end: Int, next start: Int) {
      lines.append(lineStart..<end)
      (lineStart, lineEnd, lineContentEnd, lineWidth) = (start, start, start, 0)
    }

    mutating func flushWord() {
      if lineWidth + wordWidth > width && lineEnd > lineStart {
        newLine(ending: lineContentEnd, next: wordStart)
      }
      var startsWithSpace = wordHasSpace
      if lineEnd == lineStart && !lines.isEmpty && startsWithSpace {  // a wrapped line starts with no spaces
        wordStart += 1
        wordWidth -= 1
        startsWithSpace = false
        (lineStart, lineEnd, lineContentEnd) = (wordStart, wordStart, wordStart)
      }
      if lineWidth + wordWidth <= width || wordStart == wordEnd {
        // The whole word fits: no need to look at its clusters again.
        if wordEnd - wordStart > (startsWithSpace ? 1 : 0) { lineContentEnd = wordEnd }
        lineEnd = wordEnd
        lineWidth += wordWidth
      } else {
        var offset = wordStart
        while offset < wordEnd {
          steps &+= 1
          if steps % Interruption.interval == 0 && Interruption.isPending { break }
          let ascii = TerminalText.asciiWidth(in: bytes, at: offset)
          let cluster = ascii >= 0 ? (length: 1, width: ascii) : TerminalText.cluster(in: bytes, at: offset, of: text)
          if lineWidth + cluster.width > width && lineEnd > lineStart { newLine(ending: lineEnd, next: offset) }
          offset += cluster.length
          lineEnd = offset
          lineWidth += cluster.width
          if !(cluster.length == 1 && bytes[offset - 1] == 0x20) { lineContentEnd = offset }
        }
      }
      (wordStart, wordWidth, wordHasSpace) = (wordEnd, 0, false)
    }
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
