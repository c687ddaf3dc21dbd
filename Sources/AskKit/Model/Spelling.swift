/// A choice the command line and JSON spell by a word of their own
/// (`sheet`, `login-password`, `no`): the word is written once, in ``name``,
/// and read back by ``init(name:)``, derived from it.
package protocol CommandLineSpelled: CaseIterable {
  /// How the command line and JSON spell the case.
  var name: String { get }
}

extension CommandLineSpelled {
  /// The case the command line or JSON names; `nil` for a word that names
  /// none.
  package init?(name: String) {
    guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = match
  }
}
