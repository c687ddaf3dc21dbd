/// A JSON value as the strict scanner read it, with where it started, so
/// that errors can name a line and column as well as a key path.
package struct JSONNode: Sendable, Equatable {
  /// What the value is. A string is held in the node itself, the rest in
  /// a box of its own: a node of a million-title array is 32 bytes and no
  /// allocation of its own (a short title's `String` has its bytes inline).
  package enum Value: Sendable, Equatable {
    /// An object's members in the order given (keys are unique: the scanner
    /// rejects duplicates).
    indirect case object([(key: String, node: JSONNode)])
    indirect case array([JSONNode])
    case string(String)
    /// A number: its value and its text as written (to tell `2` from `2.0`).
    indirect case number(Double, text: String)
    case bool(Bool)
    case null

    package static func == (lhs: Value, rhs: Value) -> Bool {
      switch (lhs, rhs) {
      case (.object(let a), .object(let b)):
        a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.node == $1.node }
      case (.array(let a), .array(let b)): a == b
      case (.string(let a), .string(let b)): a == b
      case (.number(let a, _), .number(let b, _)): a == b
      case (.bool(let a), .bool(let b)): a == b
      case (.null, .null): true
      default: false
      }
    }
  }

  /// The value.
  package var value: Value
  /// Where it starts, in 32 bits each (a stream of more than 2³¹ − 1 lines
  /// names its last lines as that one).
  private var start: (line: Int32, column: Int32)
  /// Where it starts: line and column in characters, from 1, counted from
  /// the start of the stream.
  package var line: Int { Int(start.line) }
  /// See ``line``.
  package var column: Int { Int(start.column) }

  /// Makes a node.
  package init(_ value: Value, line: Int, column: Int) {
    self.value = value
    start = (Int32(clamping: line), Int32(clamping: column))
  }

  /// Nodes are equal when their values are, wherever they stand.
  package static func == (lhs: JSONNode, rhs: JSONNode) -> Bool { lhs.value == rhs.value }

  /// The JSON type, as messages name it after "not " ("must be a string,
  /// not an array"), in the user's language: `an object`, `an array`, `a
  /// string`, `a number`, `a boolean` or `null`.
  package var typeDescription: String {
    // TRANSLATORS: the type of a JSON value that is the wrong one, in
    // "'title' must be a string, not %s".
    switch value {
    case .object: localized("an object")
    case .array: localized("an array")
    case .string: localized("a string")
    case .number: localized("a number")
    case .bool: localized("a boolean")
    case .null: localized("null")
    }
  }
}
