import AskKit

/// The options and positional arguments of one command line.
struct ParsedOptions: Equatable {
  /// Each option given, by name, with its value (empty for a flag), in
  /// command-line order. (An array, not a dictionary: a handful of entries,
  /// and no hashing or generic metadata to set up at start-up.)
  var given: [Given] = []
  /// Positional arguments (further buttons).
  var positional: [String] = []

  struct Given: Equatable {
    let name: OptionName
    let value: String
  }

  /// The values of an option in the order given; empty when not given.
  func values(_ name: OptionName) -> [String] { given.filter { $0.name == name }.map(\.value) }
  /// The last value of an option, if given.
  func value(_ name: OptionName) -> String? { given.last { $0.name == name }?.value }
  /// True when an option was given.
  func has(_ name: OptionName) -> Bool { given.contains { $0.name == name } }
}

/// A table-driven parser in getopt's style: `-t V`, `-tV`, clustered flags
/// (`-0n`), `--long V`, `--long=V`; `--` ends the options; an option's value
/// is the next argument even when it starts with `-`.
enum OptionParser {
  /// Parses `arguments` (without the program name) against `table`.
  /// - Throws: ``AskError/usage(_:)`` naming the option for an unknown
  ///   option (with "Did you mean …?" when one is close), a missing value,
  ///   a value for a flag, a bad choice, or a non-repeatable option given
  ///   twice.
  static func parse(_ arguments: [String], table: [OptionSpec] = optionTable)
    throws(AskError) -> ParsedOptions {
    var parsed = ParsedOptions()
    var index = 0
    func store(_ spec: OptionSpec, _ value: String, as written: String) throws(AskError) {
      if case .choice(let words) = spec.value, !words.contains(value) {
        // The choices are the words typed: listed as they are, untranslated.
        let choices = words.joined(separator: ", ")
        guard let meant = Suggestion.closest(to: value, among: words) else {
          // TRANSLATORS: the first %s is the value given, the second the
          // option ('--print', '-s'), the third its choices as typed
          // ("title, index, json, none"), which stay as they are.
          throw .usage(localized("The value '%s' is invalid for '%s'; expected one of: %s", value, written, choices))
        }
        // TRANSLATORS: the first %s is the value given, the second the
        // option ('--print', '-s'), the third its choices as typed ("title,
        // index, json, none"), which stay as they are, the fourth the
        // choice closest to the value.
        throw .usage(localized("The value '%s' is invalid for '%s'; expected one of: %s. Did you mean '%s'?", value, written, choices, meant))
      }
      if !spec.isRepeatable, parsed.has(spec.name) {
        // TRANSLATORS: %s is the option ('--title').
        throw .usage(localized("Option '%s' can be given only once", "--" + spec.long))
      }
      parsed.given.append(ParsedOptions.Given(name: spec.name, value: value))
    }
    func takeValue(for written: String) throws(AskError) -> String {
      index += 1
      // TRANSLATORS: %s is the option as written ('--title', '-t').
      guard index < arguments.count else { throw .usage(localized("Missing value for '%s'", written)) }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" {
        parsed.positional += arguments[(index + 1)...]
        break
      }
      if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        guard let spec = table.first(where: { $0.long == name }) else {
          guard let meant = Suggestion.closest(to: name, among: table.map(\.long)) else {
            // TRANSLATORS: %s is the option as written ('--titel', '-x').
            throw .usage(localized("Unknown option '%s'", "--" + name))
          }
          // TRANSLATORS: the first %s is the option as written ('--titel'),
          // the second the option closest to it ('--title').
          throw .usage(localized("Unknown option '%s'. Did you mean '%s'?", "--" + name, "--" + meant))
        }
        let written = "--" + name
        if spec.value == .none {
          // TRANSLATORS: %s is the option ('--sheet'), given with '=' and a value.
          if inline != nil { throw .usage(localized("Option '%s' takes no value", written)) }
          try store(spec, "", as: written)
        } else {
          let value = if let inline { inline } else { try takeValue(for: written) }
          try store(spec, value, as: written)
        }
      } else if argument.hasPrefix("-"), argument.count > 1 {
        var letters = Substring(argument.dropFirst())
        while let letter = letters.first {
          letters = letters.dropFirst()
          guard let spec = table.first(where: { $0.short == letter }) else {
            // TRANSLATORS: %s is the option as written ('--titel', '-x').
            throw .usage(localized("Unknown option '%s'", "-" + String(letter)))
          }
          let written = "-\(letter)"
          if spec.value == .none {
            try store(spec, "", as: written)
          } else {
            try store(spec, letters.isEmpty ? try takeValue(for: written) : String(letters),
                      as: written)
            break
          }
        }
      } else {
        parsed.positional.append(argument)
      }
      index += 1
    }
    return parsed
  }
}
