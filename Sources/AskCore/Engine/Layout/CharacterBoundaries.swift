/// The one answer to "what is one character" (SPEC §6, §10): an extended
/// grapheme cluster as the standard library breaks text (UAX #29: a flag's
/// two regional indicators, a ZWJ family, `e` + U+0301 are one each).
/// ``TerminalText`` uses it through `String`; the C masked editor, which
/// must not copy a secret into a `String`, through the two `@_cdecl`
/// functions below, which decode the bytes in place with the standard
/// library's UTF-8 parser (an invalid sequence is one U+FFFD, as in
/// `String(decoding:as:)`).
enum CharacterBoundaries {
  /// Calls `body` with the byte offset where each character of the UTF-8
  /// `bytes` starts, in order.
  static func forEachStart(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
    var recognizer = Unicode._CharacterRecognizer()
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      let scalar: Unicode.Scalar
      let length: Int
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        scalar = Unicode.UTF8.decode(encoded)
        length = encoded.count
      case .error(let invalid):
        scalar = "\u{FFFD}"
        length = invalid
      case .emptyInput:
        return
      }
      if recognizer.hasBreak(before: scalar) { body(offset) }
      offset += length
    }
  }
}

/// The number of characters in the `length` UTF-8 bytes at `bytes`.
@_cdecl("ask_character_count")
func askCharacterCount(_ bytes: UnsafePointer<UInt8>?, _ length: Int) -> Int {
  guard let bytes, length > 0 else { return 0 }
  var count = 0
  CharacterBoundaries.forEachStart(in: UnsafeBufferPointer(start: bytes, count: length)) { _ in count += 1 }
  return count
}

/// The byte offset where the last character of the `length` UTF-8 bytes
/// at `bytes` starts; 0 when there are none.
@_cdecl("ask_last_character_start")
func askLastCharacterStart(_ bytes: UnsafePointer<UInt8>?, _ length: Int) -> Int {
  guard let bytes, length > 0 else { return 0 }
  var last = 0
  CharacterBoundaries.forEachStart(in: UnsafeBufferPointer(start: bytes, count: length)) { last = $0 }
  return last
}

/// The first character boundary at or after byte `offset` of the `length`
/// UTF-8 bytes at `bytes` (a character's start, or `length`): `offset`
/// itself when a character starts there, else the end of the character
/// that holds it. The answer line's editor keeps libedit's cursor on these.
@_cdecl("ask_character_boundary")
func askCharacterBoundary(_ bytes: UnsafePointer<UInt8>?, _ length: Int, _ offset: Int) -> Int {
  guard let bytes, offset < length else { return length }
  var boundary = length
  CharacterBoundaries.forEachStart(in: UnsafeBufferPointer(start: bytes, count: length)) { start in
    if start >= offset && start < boundary { boundary = start }
  }
  return boundary
}
