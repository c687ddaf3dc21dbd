/// The decimal numerals a list shows: its buttons' numbers, their widths
/// and the answer line's range ("1-4").
///
/// Not `String(number)`: the standard library prints an integer through
/// `CustomStringConvertible`, code that lies in two places of its 1.6 MB
/// and that a small prompt runs for nothing else, two page faults at every
/// start, and `String(number).count` counts Characters (issue 27,
/// BENCHMARKS.md). A numeral is ASCII digits, one column each.
enum Numeral {
  /// The number of decimal digits of `number` (≥ 0): 1 for 0 to 9, 2 for
  /// 10 to 99, and so on.
  static func digitCount(_ number: Int) -> Int {
    precondition(number >= 0, "a numeral of a negative number")
    var count = 1
    var rest = number / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    return count
  }

  /// Appends the decimal digits of `number` (≥ 0) to `bytes`.
  static func append(_ number: Int, to bytes: inout [UInt8]) {
    let end = bytes.count + digitCount(number)
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: end - bytes.count))
    var rest = number
    var index = end
    repeat {
      index -= 1
      bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    } while rest > 0
  }

  /// `number` (≥ 0) in decimal digits: `String(number)`, for the numbers a
  /// list shows.
  static func text(_ number: Int) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digitCount(number))
    append(number, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
