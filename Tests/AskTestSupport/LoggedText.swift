import Testing

/// How a text appears in the test log: quoted, with every character a
/// terminal would act on or hide written as an escape, and shortened.
///
/// Swift Testing prints a `String` argument of a parameterized test as it is,
/// so a test of escape sequences would send them to the terminal the log is
/// printed on (`make test` refuses such output). Escaped: `\\`, `\"`, `\0`,
/// `\t`, `\n`, `\r`, and as `\u{…}` every other control character (C0, DEL,
/// C1), format character (bidi controls, zero-width joiners) and line or
/// paragraph separator. A text of more than `limit` scalars keeps its
/// first `limit - 20` and says how long it was in UTF-8: `"aaaa…"
/// (10,000,000 bytes)`.
///
/// - Parameters:
///   - text: The text to show.
///   - limit: The most scalars shown before the text is shortened.
/// - Returns: One line of printable text.
public func loggedText(_ text: String, limit: Int = 60) -> String {
  let count = text.unicodeScalars.count
  let shortened = count > limit
  let shown = text.unicodeScalars.prefix(shortened ? max(limit - 20, 1) : count).map(escaped).joined()
  return shortened ? "\"\(shown)…\" (\(grouped(text.utf8.count)) bytes)" : "\"\(shown)\""
}

/// `bytes` as they appear in the test log: the bytes that are UTF-8 as
/// ``loggedText(_:limit:)`` shows text, each other byte as `\x{…}`.
public func loggedBytes(_ bytes: [UInt8], limit: Int = 60) -> String {
  if let text = String(validating: bytes, as: UTF8.self) { return loggedText(text, limit: limit) }
  let head = bytes.prefix(limit).map { $0 < 0x80 ? escaped(Unicode.Scalar($0)) : "\\x{\(hex($0))}" }
  let tail = bytes.count > limit ? "…\" (\(grouped(bytes.count)) bytes)" : "\""
  return "\"" + head.joined() + tail
}

/// One scalar as ``loggedText(_:limit:)`` writes it.
private func escaped(_ scalar: Unicode.Scalar) -> String {
  switch scalar {
  case "\\": return "\\\\"
  case "\"": return "\\\""
  case "\0": return "\\0"
  case "\t": return "\\t"
  case "\n": return "\\n"
  case "\r": return "\\r"
  default:
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
      return "\\u{\(hex(scalar.value))}"
    default:
      return String(scalar)
    }
  }
}

private func hex(_ value: some BinaryInteger) -> String {
  String(value, radix: 16, uppercase: true)
}

/// 10000000 as "10,000,000".
private func grouped(_ number: Int) -> String {
  var digits = String(number)
  var index = digits.endIndex
  while digits.distance(from: digits.startIndex, to: index) > 3 {
    index = digits.index(index, offsetBy: -3)
    digits.insert(",", at: index)
  }
  return digits
}

/// A text argument of a parameterized test, shown in the log by
/// ``loggedText(_:limit:)`` instead of as it is.
///
/// Give a test's parameter this type where its text may hold control
/// characters or be long, and read it as `.text`:
///
/// ```swift
/// @Test("Up recalls the last answer", arguments: ["\u{1B}[A", "\u{1B}OA"] as [LoggedText])
/// func up(keys: LoggedText) throws { try type(keys.text) }
/// ```
public struct LoggedText: Sendable, Hashable, CustomTestStringConvertible, ExpressibleByStringLiteral {
  /// The text itself.
  public let text: String

  public init(_ text: String) { self.text = text }
  public init(stringLiteral text: String) { self.text = text }

  public var testDescription: String { loggedText(text) }
}

/// A code point argument of a parameterized test, shown in the log as
/// `U+00AD`: some invisible characters are letters (U+3164 HANGUL FILLER)
/// that ``loggedText(_:limit:)`` would show as a blank.
public struct LoggedScalar: Sendable, Hashable, CustomTestStringConvertible {
  /// The code point.
  public let scalar: Unicode.Scalar

  /// The code point `value`; it must be a Unicode scalar value (not a
  /// surrogate, at most U+10FFFF).
  public init(_ value: UInt32) { scalar = Unicode.Scalar(value)! }

  /// The code point as text: one scalar.
  public var text: String { String(scalar) }

  /// The code point as `ask` writes it out in a message: `\u{AD}`.
  public var escaped: String { "\\u{\(hex(scalar.value))}" }

  public var testDescription: String {
    let digits = hex(scalar.value)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
