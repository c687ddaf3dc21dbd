/// A strict JSON reader (RFC 8259) for a stream of objects: JSON Lines or
/// simply concatenated objects, as SPEC §3 wants them.
///
/// FoundationEssentials' `JSONDecoder` gives no line or column, accepts
/// trailing commas and duplicate keys, and cannot read a stream; this one
/// reads byte by byte, stops at the end of each object, and rejects — with
/// `line L, column C` (characters, from 1, from the start of the stream) —
/// trailing commas, duplicate keys, invalid UTF-8, control characters in
/// strings, lone surrogates, leading zeros and anything nested deeper than
/// ``maximumDepth``. A UTF-8 byte order mark at the start of the stream is
/// skipped (RFC 8259 §8.1) and is not a character of it: the first
/// character after it is line 1, column 1.
///
/// ```swift
/// var scanner = JSONScanner(source: MemoryByteSource(#"{"title":"A"} {"title":"B"}"#))
/// while let object = try scanner.nextObject() { … }
/// ```
package struct JSONScanner {
  /// How deep arrays and objects may nest.
  package static let maximumDepth = 64

  private let source: ByteSource
  private var peeked: UInt8?
  private var hasPeeked = false
  /// Position of the next byte to read.
  private var line = 1
  private var column = 1
  /// Nothing read yet: a byte order mark may stand here.
  private var atStreamStart = true
  /// The bytes of the string being read, kept from string to string (a
  /// million titles make no million buffers).
  private var stringBytes: [UInt8] = []
  /// Lines this scanner consumed itself (to and including their LF), not
  /// those counted with ``skipLines(_:)``.
  package private(set) var linesTaken = 0

  /// Reads from `source`.
  package init(source: ByteSource) { self.source = source }

  /// The next object of the stream, or `nil` when only white space is left.
  /// - Throws: ``AskError/invalidAlert(_:)`` with the line and column of the first
  ///   byte that is wrong; errors of the ``ByteSource``.
  package mutating func nextObject() throws(AskError) -> JSONNode? {
    if atStreamStart {
      atStreamStart = false
      try skipByteOrderMark()
    }
    try skipWhitespace()
    guard try peek() != nil else { return nil }
    // What stands there is not quoted: on a shared stdin it may be a
    // secret's answer line, one too many.
    // TRANSLATORS: the JSON scanner's reasons all follow "Spec at line L,
    // column C: "; JSON's punctuation in quotes stays as written.
    guard try peek() == UInt8(ascii: "{") else { throw error(localized("expected '{' to start a spec object")) }
    return try value(depth: 0)
  }

  /// Counts `count` lines read from the same stream by someone else (the
  /// answer lines between objects), so positions stay counted from the
  /// start of the stream.
  package mutating func skipLines(_ count: Int) {
    guard count > 0 else { return }
    line += count
    column = 1
  }

  /// After an object whose answers follow on the next lines: consumes
  /// spaces, tabs and a CR up to and including the LF that ends its line
  /// (or the end of input).
  /// - Throws: ``AskError/invalidAlert(_:)`` when something else follows the object
  ///   on its line.
  package mutating func finishLine() throws(AskError) {
    while let byte = try peek() {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): _ = try take()
      case UInt8(ascii: "\n"): _ = try take(); return
      default:
        // TRANSLATORS: after "Spec at line L, column C: "; %s is what was
        // found: a character in quotes or "the end of input".
        throw error(localized("expected the end of the line after the spec object (answers follow on the next lines), found %s",
                              try describePeek()))
      }
    }
  }

  /// Skips EF BB BF, the UTF-8 byte order mark, at the start of the
  /// stream; the position stays line 1, column 1.
  /// - Throws: ``AskError/invalidAlert(_:)`` when EF begins anything else (it
  ///   cannot begin a spec object either).
  private mutating func skipByteOrderMark() throws(AskError) {
    guard try peek() == 0xEF else { return }
    let notAnObject = error(localized("expected '{' to start a spec object"))
    _ = try take()
    guard try peek() == 0xBB else { throw notAnObject }
    _ = try take()
    guard try peek() == 0xBF else { throw notAnObject }
    _ = try take()
    column = 1
  }

  // MARK: - Values

  private mutating func value(depth: Int) throws(AskError) -> JSONNode {
    try skipWhitespace()
    let (startLine, startColumn) = (line, column)
    func node(_ value: JSONNode.Value) -> JSONNode { JSONNode(value, line: startLine, column: startColumn) }
    guard let byte = try peek() else { throw error(localized("unexpected end of input, expected a value")) }
    switch byte {
    case UInt8(ascii: "{"):
      guard depth < Self.maximumDepth else { throw error(localized("nested deeper than %d levels", String(Self.maximumDepth))) }
      return node(.object(try members(depth: depth + 1)))
    case UInt8(ascii: "["):
      guard depth < Self.maximumDepth else { throw error(localized("nested deeper than %d levels", String(Self.maximumDepth))) }
      return node(.array(try elements(depth: depth + 1)))
    case UInt8(ascii: "\""): return node(.string(try string()))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return node(try number())
    case UInt8(ascii: "t"): try literal("true"); return node(.bool(true))
    case UInt8(ascii: "f"): try literal("false"); return node(.bool(false))
    case UInt8(ascii: "n"): try literal("null"); return node(.null)
    default: throw error(localized("expected a value, found %s", try describePeek()))
    }
  }

  private mutating func members(depth: Int) throws(AskError) -> [(key: String, node: JSONNode)] {
    _ = try take()  // {
    var result: [(key: String, node: JSONNode)] = []
    var keys = Set<String>()
    try skipWhitespace()
    if try peek() == UInt8(ascii: "}") { _ = try take(); return result }
    while true {
      try skipWhitespace()
      let (keyLine, keyColumn) = (line, column)
      guard try peek() == UInt8(ascii: "\"") else {
        if try peek() == UInt8(ascii: "}") { throw error(localized("trailing comma before '}'")) }
        throw error(localized("expected a key in double quotes, found %s", try describePeek()))
      }
      let key = try string()
      guard keys.insert(key).inserted else {
        throw SpecDecoder.spec(line: keyLine, column: keyColumn, localized("duplicate key '%s'", TerminalText.visible(key)))
      }
      try skipWhitespace()
      guard try take() == UInt8(ascii: ":") else { throw error(before: localized("expected ':' after the key")) }
      result.append((key, try value(depth: depth)))
      try skipWhitespace()
      switch try take() {
      case UInt8(ascii: ","): continue
      case UInt8(ascii: "}"): return result
      case nil: throw error(localized("unexpected end of input in an object"))
      default: throw error(before: localized("expected ',' or '}' after a member"))
      }
    }
  }

  private mutating func elements(depth: Int) throws(AskError) -> [JSONNode] {
    _ = try take()  // [
    var result: [JSONNode] = []
    try skipWhitespace()
    if try peek() == UInt8(ascii: "]") { _ = try take(); return result }
    while true {
      try skipWhitespace()
      if try peek() == UInt8(ascii: "]") { throw error(localized("trailing comma before ']'")) }
      result.append(try value(depth: depth))
      try skipWhitespace()
      switch try take() {
      case UInt8(ascii: ","): continue
      case UInt8(ascii: "]"): return result
      case nil: throw error(localized("unexpected end of input in an array"))
      default: throw error(before: localized("expected ',' or ']' after an element"))
      }
    }
  }

  private mutating func string() throws(AskError) -> String {
    _ = try take()  // "
    // All of it in memory, standing for itself (most titles): one column
    // a byte, and one for the closing quote.
    if !hasPeeked, let text = source.takeLiteralString() {
      column += text.utf8.count + 1
      return text
    }
    stringBytes.removeAll(keepingCapacity: true)
    func append(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) { UTF8.encode(scalar) { bytes.append($0) } }
    while true {
      // What stands for itself, taken in one go: one column a byte.
      if !hasPeeked { column += source.takeLiteralStringBytes(into: &stringBytes) }
      let (charLine, charColumn) = (line, column)
      guard let byte = try take() else { throw error(localized("unexpected end of input in a string")) }
      switch byte {
      case UInt8(ascii: "\""):
        defer { if stringBytes.capacity > 1 << 16 { stringBytes = [] } }  // a 10 MB title's buffer goes
        return String(decoding: stringBytes, as: UTF8.self)  // valid UTF-8: it was checked
      case UInt8(ascii: "\\"):
        append(try escape(line: charLine, column: charColumn), to: &stringBytes)
      case 0..<0x20:
        throw SpecDecoder.spec(line: charLine, column: charColumn, localized("control character U+00%s in a string (escape it)", hex2(byte)))
      case 0x80...:
        append(try utf8Scalar(lead: byte, line: charLine, column: charColumn), to: &stringBytes)
      default:
        stringBytes.append(byte)
      }
    }
  }

  private mutating func escape(line: Int, column: Int) throws(AskError) -> Unicode.Scalar {
    guard let byte = try take() else { throw error(localized("unexpected end of input in a string")) }
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try hex4()
      if (0xDC00...0xDFFF).contains(high) {
        throw SpecDecoder.spec(line: line, column: column, localized("lone low surrogate \\u%s", String(high, radix: 16)))
      }
      if (0xD800...0xDBFF).contains(high) {
        guard try take() == UInt8(ascii: "\\"), try take() == UInt8(ascii: "u") else {
          throw SpecDecoder.spec(line: line, column: column, localized("lone high surrogate \\u%s", String(high, radix: 16)))
        }
        let low = try hex4()
        guard (0xDC00...0xDFFF).contains(low) else {
          throw SpecDecoder.spec(line: line, column: column, localized("high surrogate not followed by a low one"))
        }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
      }
      return Unicode.Scalar(high)!
    default:
      throw SpecDecoder.spec(line: line, column: column, localized("invalid escape '\\%s'", describe(byte)))
    }
  }

  private mutating func hex4() throws(AskError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = try peek(), let digit = hexValue(byte) else {
        throw error(localized("expected four hexadecimal digits after \\u"))
      }
      _ = try take()
      value = value << 4 | digit
    }
    return value
  }

  /// Decodes the rest of a UTF-8 sequence; rejects overlong forms,
  /// surrogates and values past U+10FFFF.
  private mutating func utf8Scalar(lead: UInt8, line: Int, column: Int) throws(AskError) -> Unicode.Scalar {
    let invalid = SpecDecoder.spec(line: line, column: column, localized("invalid UTF-8"))
    let (length, initial, minimum): (Int, UInt32, UInt32) =
      switch lead {
      case 0xC2...0xDF: (2, UInt32(lead & 0x1F), 0x80)
      case 0xE0...0xEF: (3, UInt32(lead & 0x0F), 0x800)
      case 0xF0...0xF4: (4, UInt32(lead & 0x07), 0x10000)
      default: (0, 0, 0)
      }
    guard length > 0 else { throw invalid }
    var value = initial
    for _ in 1..<length {
      guard let byte = try peek(), byte & 0xC0 == 0x80 else { throw invalid }
      _ = try take()
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw invalid }
    return scalar
  }

  private mutating func number() throws(AskError) -> JSONNode.Value {
    var text = ""
    func digits(_ scanner: inout JSONScanner, _ text: inout String) throws(AskError) -> Int {
      var n = 0
      while let byte = try scanner.peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        text.unicodeScalars.append(Unicode.Scalar(try scanner.take()!))
        n += 1
      }
      return n
    }
    if try peek() == UInt8(ascii: "-") { text += "-"; _ = try take() }
    let (intLine, intColumn) = (line, column)
    let integer = try digits(&self, &text)
    guard integer > 0 else { throw error(localized("expected a digit")) }
    if integer > 1 && text.hasPrefix(text.hasPrefix("-") ? "-0" : "0") {
      throw SpecDecoder.spec(line: intLine, column: intColumn, localized("leading zero in a number"))
    }
    if try peek() == UInt8(ascii: ".") {
      text += "."
      _ = try take()
      guard try digits(&self, &text) > 0 else { throw error(localized("expected a digit after '.'")) }
    }
    if let byte = try peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
      text += "e"
      _ = try take()
      if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        text.unicodeScalars.append(Unicode.Scalar(try take()!))
      }
      guard try digits(&self, &text) > 0 else { throw error(localized("expected a digit in the exponent")) }
    }
    return .number(Double(text) ?? .infinity, text: text)
  }

  private mutating func literal(_ word: StaticString) throws(AskError) {
    let (startLine, startColumn) = (line, column)
    for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard try take() == expected else {
        throw SpecDecoder.spec(line: startLine, column: startColumn, localized("expected '%s'", word.description))
      }
    }
  }

  // MARK: - Bytes and positions

  private mutating func peek() throws(AskError) -> UInt8? {
    if !hasPeeked {
      peeked = try source.next()
      hasPeeked = true
    }
    return peeked
  }

  private mutating func take() throws(AskError) -> UInt8? {
    let byte = try peek()
    hasPeeked = false
    if byte == UInt8(ascii: "\n") {
      line += 1
      linesTaken += 1
      column = 1
    } else if let byte, byte & 0xC0 != 0x80 {
      column += 1  // a continuation byte is part of the same character
    }
    return byte
  }

  private mutating func skipWhitespace() throws(AskError) {
    while let byte = try peek(),
          byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
          || byte == UInt8(ascii: "\r") {
      _ = try take()
    }
  }

  /// An error at the next byte.
  private func error(_ reason: String) -> AskError {
    SpecDecoder.spec(line: line, column: column, reason)
  }

  /// An error at the byte just taken.
  private func error(before reason: String) -> AskError {
    SpecDecoder.spec(line: line, column: max(1, column - 1), reason)
  }

  private mutating func describePeek() throws(AskError) -> String {
    // TRANSLATORS: what was found instead, after "found " in a JSON error.
    guard let byte = try peek() else { return localized("the end of input") }
    return "'\(describe(byte))'"
  }

  private func describe(_ byte: UInt8) -> String {
    (0x20..<0x7F).contains(byte) ? String(Unicode.Scalar(byte)) : "\\x" + hex2(byte)
  }
}

private func hex2(_ byte: UInt8) -> String {
  let text = String(byte, radix: 16, uppercase: true)
  return byte < 0x10 ? "0" + text : text
}

private func hexValue(_ byte: UInt8) -> UInt32? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
  case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
  case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
  default: nil
  }
}
