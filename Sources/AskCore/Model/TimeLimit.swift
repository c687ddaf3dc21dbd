/// The one rule for a time limit given in seconds (`--timeout`, the JSON
/// key `timeout`): a number, 0 or more; 0 is no limit, and so is a limit
/// past a thousand years (Duration and the C shim's clock stay in range),
/// `1e400` (infinite as a Double) included. Any other limit is at least a
/// millisecond: `0.0001` is not read as no limit.
package enum TimeLimit {
  /// The rule, for error messages, after "expected ": "a number of
  /// seconds, 0 or more (0: no limit)".
  package static var rule: String {
    // TRANSLATORS: what a time limit must be, after "expected " (the
    // option's value is invalid: expected …).
    localized("a number of seconds, 0 or more (0: no limit)")
  }

  /// A thousand Julian years in seconds: a longer limit is none.
  package static let thousandYears = 1000 * 365.25 * 86_400

  /// True when `seconds` follows the rule.
  package static func isValid(seconds: Double) -> Bool { seconds >= 0 && !seconds.isNaN }

  /// The limit valid `seconds` give (see ``isValid(seconds:)``): `nil` for
  /// no limit, else to the millisecond, rounded up (so never zero).
  package static func duration(seconds: Double) -> Duration? {
    guard seconds > 0, seconds <= thousandYears else { return nil }
    return .milliseconds(Int64((seconds * 1000).rounded(.up)))
  }

  /// `limit` in whole milliseconds (rounded down), at most 2^50.
  package static func milliseconds(_ limit: Duration) -> Int64 {
    let (seconds, attoseconds) = limit.components
    guard seconds < 1 << 40 else { return 1 << 50 }
    return max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
  }

  /// `limit` in seconds, as shown (`30`, `1.5`).
  package static func seconds(_ limit: Duration) -> Double {
    Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
  }
}
