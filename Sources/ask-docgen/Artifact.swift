import AskCLI

/// A file that `ask-docgen` writes from the option table (or, the message
/// template, from the sources' `localized` calls), named by its path from
/// the package root.
enum Artifact: String, CaseIterable {
  case bashCompletion = "completions/ask.bash"
  case zshCompletion = "completions/_ask"
  case fishCompletion = "completions/ask.fish"
  case manPage = "man/ask.1"
  case messageTemplate = "po/ask.pot"

  /// What the file holds once generated. The completions are wholly
  /// generated; of the man page only the part between its markers is
  /// (`current` is its text now), the rest is hand-written prose.
  /// - Throws: ``GenerationError`` when the man page lacks its markers.
  func contents(current: String?) throws(GenerationError) -> String {
    switch self {
    case .bashCompletion: BashCompletion.render()
    case .zshCompletion: ZshCompletion.render()
    case .fishCompletion: FishCompletion.render()
    case .manPage: try ManualOptions.replacingGeneratedOptions(in: current ?? "")
    case .messageTemplate: try MessageTemplate.render()
    }
  }
}

/// Why a file cannot be generated: one line for standard error.
struct GenerationError: Error {
  let message: String
}

/// The names an option is written as, the short one first: `-s`, `--style`.
func writtenNames(_ spec: OptionSpec) -> [String] {
  (spec.short.map { ["-\($0)"] } ?? []) + ["--" + spec.long]
}

/// The entry of `name` in the option table (every name has one:
/// OptionTableTests).
func entry(_ name: OptionName) -> OptionSpec? {
  optionTable.first { $0.name == name }
}

/// Lines of `words` joined by spaces, the first starting with `first`, the
/// others with `indent`, each no wider than `width` columns where a word
/// allows; every line but the last ends with `continuation` (` \\`).
func wrap(_ words: [String], first: String, indent: String, continuation: String = "",
          width: Int = 80) -> [String] {
  var lines: [String] = []
  var line = first
  for (number, word) in words.enumerated() {
    if number == 0 {
      line += word
    } else if line.count + 1 + word.count + continuation.count > width {
      lines.append(line + continuation)
      line = indent + word
    } else {
      line += " " + word
    }
  }
  return lines + [line]
}
