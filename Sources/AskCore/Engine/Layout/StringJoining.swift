extension Array where Element == String {
  /// The strings one after another, `separator` between each two: the
  /// standard library's `joined(separator:)` made concrete for `[String]`,
  /// so that every `lines.joined()` in AskKit and AskCLI calls this one.
  /// The standard library's is a generic over any collection of strings,
  /// not specialised outside it: its first call looks the collection's
  /// iterator type up in the runtime, a fifth of the instructions a small
  /// prompt took to start.
  package func joined(separator: String = "") -> String {
    var size = separator.utf8.count * Swift.max(0, count - 1)
    for part in self { size += part.utf8.count }
    var text = ""
    text.reserveCapacity(size)
    for (index, part) in enumerated() {
      if index > 0 { text += separator }
      text += part
    }
    return text
  }
}
