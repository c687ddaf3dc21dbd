import AskKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The only writer to standard output: the result, as `--print` says.
///
/// A cancel prints nothing in `title` and `index` modes (exit status 1 says
/// it: `ask … | xargs rm` never sees a title when the user backed out), and
/// `{"role":"cancel",…}` in `json` mode.
enum ResultPrinter {
  /// The bytes to write for `response`.
  static func output(for response: Response, alert: Alert, options: OutputOptions) -> [UInt8] {
    var value: String
    switch options.printMode {
    case .title, .index:
      guard response.role != .cancel else { return [] }
      value = options.printMode == .title ? response.title ?? "" : String(response.number ?? 0)
    case .json:
      value = json(response, alert: alert)
    }
    if !options.omitsLastTerminator { value += options.nullTerminated ? "\0" : "\n" }
    return Array(value.utf8)
  }

  /// The JSON object of SPEC §4, with only the keys that apply:
  /// `{"id":…,"button":…,"index":…,"buttonIndex":…,"role":…,"eof":true}`.
  static func json(_ response: Response, alert: Alert) -> String {
    var fields: [String] = []
    if let id = alert.id { fields.append("\"id\":" + jsonString(id)) }
    if let title = response.title { fields.append("\"button\":" + jsonString(title)) }
    if let number = response.number { fields.append("\"index\":\(number)") }
    if let index = response.buttonIndex { fields.append("\"buttonIndex\":\(index)") }
    fields.append("\"role\":\"\(response.role.rawValue)\"")
    if response.timedOut { fields.append("\"timedOut\":true") }
    if response.isEndOfInput { fields.append("\"eof\":true") }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// `text` as a JSON string (RFC 8259): quotes, backslashes and control
  /// characters escaped; everything else as UTF-8.
  static func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// Writes `bytes` to standard output with write(2).
  /// - Returns: 0, or the `errno` of the failed write (EPIPE when the
  ///   reader is gone).
  static func write(_ bytes: [UInt8]) -> Int32 {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + offset, bytes.count - offset) }
      if n >= 0 { offset += n } else if errno != EINTR { return errno }
    }
    return 0
  }
}
