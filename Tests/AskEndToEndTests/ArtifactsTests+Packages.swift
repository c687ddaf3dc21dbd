import Testing

/// The Debian packages: listed once, in the Makefile's PACKAGE_TABLE, and
/// the README's table says the same.
extension ArtifactsTests {
  /// The README's package table: package → (the targets that need it, why).
  static func readmePackages() throws -> [(package: String, targets: Set<String>, why: String)] {
    let readme = try read("README.md")
    let start = try #require(readme.firstRange(of: "<!-- The packages:"), "the README has no package table")
    let end = try #require(readme.firstRange(of: "<!-- end of the packages -->"))
    return readme[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
        .map { $0.trimmingCharacters(in: " ") }
      guard cells.count == 3, cells[0].hasPrefix("`"), cells[0].hasSuffix("`") else { return nil }
      return (String(cells[0].dropFirst().dropLast()),
              Set(cells[1].split(separator: ",").map { $0.trimmingCharacters(in: " ") }), cells[2])
    }
  }

  @Test("The README's package table lists exactly the Makefile's packages, each once, with the targets that need it and why",
        .enabled(if: Self.tool("make") != nil, "make is not installed"))
  func packageTable() throws {
    let make = try Self.run(try #require(Self.tool("make")), ["-s", "packages-table"])
    #expect(make.exitStatus == 0, "make packages-table failed: \(make.stderr)")
    let makefile = make.stdout.split(separator: "\n").map { line in
      let words = line.split(separator: " ")
      return (String(words[0]), Set(words.dropFirst().flatMap { $0.split(separator: ",") }.map(String.init)))
    }
    let readme = try Self.readmePackages()
    #expect(makefile.count > 10)
    #expect(Set(makefile.map(\.0)).count == makefile.count, "a package is listed twice in PACKAGE_TABLE")
    #expect(Set(readme.map(\.package)).count == readme.count, "a package is listed twice in the README")
    let fromMakefile = Dictionary(makefile, uniquingKeysWith: { first, _ in first })
    let fromReadme = Dictionary(readme.map { ($0.package, $0.targets) }, uniquingKeysWith: { first, _ in first })
    for (package, targets) in fromMakefile {
      #expect(fromReadme[package] == targets, "\(package): the Makefile says \(targets.sorted()), the README \(fromReadme[package]?.sorted() ?? [])")
    }
    for package in fromReadme.keys where fromMakefile[package] == nil {
      Issue.record("\(package) is in the README's table but not in the Makefile's PACKAGE_TABLE")
    }
    for row in readme where row.why.isEmpty { Issue.record("\(row.package): the README does not say why") }
  }
}

private extension Substring {
  func trimmingCharacters(in set: Character) -> String {
    String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
  }
}
