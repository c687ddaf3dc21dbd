/// A JSON value as the strict scanner read it, with where it started, so
/// that errors can name a line and column as well as a key path.
package struct JSONNode: Sendable, Equatable {
  /// What the value is.
  package indirect enum Value: Sendable, Equatable {
    /// An object's members in the order given (keys are unique: the scanner
    /// rejects duplicates).
    case object([(key: String, node: JSONNode)])
    case array([JSONNode])
    case string(String)
    /// A number: its value and its text as written (to tell `2` from `2.0`).
    case number(Double, text: String)
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
  /// Where it starts: line and column in characters, from 1, counted from
  /// the start of the stream.
  package var line: Int
  package var column: Int

  /// Makes a node.
  package init(_ value: Value, line: Int, column: Int) {
    self.value = value
    self.line = line
    self.column = column
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
