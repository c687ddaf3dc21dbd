import AskCLI

/// The man page's option lists: between two marker comments in
/// `man/ask.1`, a subsection a group of options (its name as in `--help`),
/// each option an item of a tag list with its mdoc text from the table.
/// The rest of the page is hand-written.
enum ManualOptions {
  /// The first line of the generated part: a comment naming its source.
  static let beginMarker = #".\" BEGIN GENERATED OPTIONS: written by ask-docgen from the option table"#
  /// The line after the generated part.
  static let endMarker = #".\" END GENERATED OPTIONS"#

  /// `page` with the lines between its markers replaced by ``render(_:)``.
  /// - Throws: ``GenerationError`` when a marker is missing or they are out
  ///   of order.
  static func replacingGeneratedOptions(in page: String) throws(GenerationError) -> String {
    var lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let begin = lines.firstIndex(where: { $0.hasPrefix(#".\" BEGIN GENERATED OPTIONS"#) }),
          let end = lines.firstIndex(of: endMarker), begin < end else {
      throw GenerationError(message: "man/ask.1 has no '\(beginMarker)' line followed by '\(endMarker)'")
    }
    lines.replaceSubrange(begin...end, with: [beginMarker] + render().split(separator: "\n").map(String.init) + [endMarker])
    return lines.joined(separator: "\n")
  }

  /// The generated part: every group's subsection.
  static func render(_ table: OptionTable = optionTable) -> String {
    var out = ""
    for group in OptionGroup.allCases {
      out += ".Ss \(group.rawValue)\n"
      if !group.manualIntroduction.isEmpty { out += group.manualIntroduction + "\n" }
      out += ".Bl -tag -width Ds\n"
      for spec in table where spec.group == group {
        out += item(spec) + "\n" + spec.manual + "\n"
      }
      out += ".El\n"
      if !group.manualConclusion.isEmpty { out += ".Pp\n" + group.manualConclusion + "\n" }
    }
    return out
  }

  /// The `.It` line of an option: `.It Fl t , Fl \-title Ar text`,
  /// `.It Fl \-print Cm title | index | json | none`.
  static func item(_ spec: OptionSpec) -> String {
    var item = ".It " + (spec.short.map { "Fl \($0) , " } ?? "") + #"Fl \-"# + spec.long
    switch spec.value {
    case .none: break
    case .text(let name), .file(let name): item += " Ar " + name.lowercased()
    case .choice(let words): item += " Cm " + words.joined(separator: " | ")
    }
    return item
  }
}
