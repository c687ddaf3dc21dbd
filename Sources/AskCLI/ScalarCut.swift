/// Text cut where a C parser cuts it: between Unicode scalars, never by
/// Swift's Characters. A separator followed by a combining mark (`=`
/// then U+0301, a space then U+0345) is one Character to Swift, unequal
/// to the separator, while getopt, libassuan and systemd's ini parser see
/// the separator's byte and cut there. Every parser of a protocol line,
/// an option or a file of another program's format cuts with these.
extension StringProtocol where SubSequence == Substring {
  /// The whole text as a `Substring`: a slice, where `Substring(self)`
  /// is the initializer from any sequence of Characters, whose conformance
  /// the runtime sets up at start-up for a `Substring`.
  private var whole: Substring { self[startIndex..<endIndex] }

  /// The text before the first scalar `isSeparator` accepts, and the text
  /// after that scalar (`nil` when there is none).
  func cut(where isSeparator: (Unicode.Scalar) -> Bool) -> (head: Substring, tail: Substring?) {
    let scalars = whole.unicodeScalars
    guard let at = scalars.firstIndex(where: isSeparator) else { return (Substring(scalars), nil) }
    return (Substring(scalars[..<at]), Substring(scalars[scalars.index(after: at)...]))
  }

  /// The text before the first `separator`, and the text after it (`nil`
  /// when there is none).
  func cut(at separator: Unicode.Scalar) -> (head: Substring, tail: Substring?) {
    cut { $0 == separator }
  }

  /// Without the scalars `isDropped` accepts at the start.
  func droppingLeading(_ isDropped: (Unicode.Scalar) -> Bool) -> Substring {
    Substring(whole.unicodeScalars.drop(while: isDropped))
  }

  /// Without the scalars `isDropped` accepts at either end.
  func trimming(_ isDropped: (Unicode.Scalar) -> Bool) -> Substring {
    let scalars = whole.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isDropped($0) }),
          let last = scalars.lastIndex(where: { !isDropped($0) }) else { return Substring(scalars[scalars.endIndex...]) }
    return Substring(scalars[first...last])
  }

  /// Whether the text's first scalar is `scalar` (`hasPrefix` compares
  /// Characters: `#` then U+0301 does not begin with `#` to it).
  func begins(with scalar: Unicode.Scalar) -> Bool {
    unicodeScalars.first == scalar
  }

  /// Whether the text begins with `prefix`, scalar for scalar.
  func begins(with prefix: some StringProtocol) -> Bool {
    unicodeScalars.starts(with: prefix.unicodeScalars)
  }

  /// Whether the text's last scalar is `scalar`.
  func ends(with scalar: Unicode.Scalar) -> Bool {
    unicodeScalars.last == scalar
  }
}

/// A space or a tab: what libassuan's `spacep` and systemd's ini parser
/// take for white space within a line.
func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }
