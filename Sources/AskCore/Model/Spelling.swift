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
  ///
  /// Specialized here for each conforming type: a call from the command
  /// line's module ran the generic form, which found `AllCases` by its
  /// mangled name and walked it through unspecialized iterators — 144,000
  /// instructions, a quarter of a secure field's whole run (BENCHMARKS.md,
  /// issue 27).
  @_specialize(exported: true, where Self == AlertStyle.Kind)
  @_specialize(exported: true, where Self == ColorMode)
  @_specialize(exported: true, where Self == SecureEcho)
  @_specialize(exported: true, where Self == Presentation)
  @_specialize(exported: true, where Self == ButtonRole)
  package init?(name: String) {
    guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = match
  }
}
