import CShim

/// The display width of one character (grapheme cluster), its scalars
/// given one at a time: the one rule ask draws with (``TerminalText``),
/// for a `Character` and, without making one, for the C masked editor's
/// secret (`ask_display_width`). A single scalar: ASCII 1 (controls 0),
/// an emoji 2, else `ask_scalar_width` (glibc's wcwidth under C.UTF-8; 0
/// for a control). More: 2 when the first is an emoji or one after it is
/// VS16 (`1️⃣`, `❤️`), else the sum of the scalars' widths (`e` + U+0301
/// is 1, a Hangul syllable of jamo 2).
struct CharacterWidth {
  private var first: Unicode.Scalar?
  private var hasMore = false
  private var hasVS16 = false
  /// The columns of the scalars after the first.
  private var rest = 0

  /// Adds the character's next scalar.
  mutating func add(_ scalar: Unicode.Scalar) {
    guard first != nil else {
      first = scalar
      return
    }
    hasMore = true
    hasVS16 = hasVS16 || scalar == "\u{FE0F}"
    rest += max(0, Int(ask_scalar_width(scalar.value)))
  }

  /// The character's columns (0 for no scalar).
  var columns: Int {
    guard let first else { return 0 }
    guard hasMore else {  // one scalar: ASCII, the common case, needs no table
      return first.value < 0x7F ? (first.value < 0x20 ? 0 : 1)
        : first.properties.isEmojiPresentation ? 2 : max(0, Int(ask_scalar_width(first.value)))
    }
    if first.properties.isEmojiPresentation || hasVS16 { return 2 }
    return max(0, Int(ask_scalar_width(first.value))) + rest
  }
}

/// The display width of the characters of the `length` UTF-8 bytes at
/// `bytes` (``CharacterWidth`` each), decoded in place as
/// ``CharacterBoundaries`` breaks them (an invalid sequence is one U+FFFD):
/// the masked editor's text, never copied into a `String`.
@_cdecl("ask_display_width")
func askDisplayWidth(_ bytes: UnsafePointer<UInt8>?, _ length: Int) -> Int {
  guard let bytes, length > 0 else { return 0 }
  var recognizer = Unicode._CharacterRecognizer()
  var parser = Unicode.UTF8.ForwardParser()
  var iterator = UnsafeBufferPointer(start: bytes, count: length).makeIterator()
  var total = 0
  var character = CharacterWidth()
  while true {
    let scalar: Unicode.Scalar
    switch parser.parseScalar(from: &iterator) {
    case .valid(let encoded): scalar = Unicode.UTF8.decode(encoded)
    case .error: scalar = "\u{FFFD}"
    case .emptyInput: return total + character.columns
    }
    if recognizer.hasBreak(before: scalar) {
      total += character.columns
      character = CharacterWidth()
    }
    character.add(scalar)
  }
}
