import AskCore

/// The options and positional arguments of one command line.
struct ParsedOptions: Equatable {
  /// The long name (`OptionName.rawValue`) of each option given, in
  /// command-line order, and beside it in ``givenValues`` its value (empty
  /// for a flag). Two arrays of strings, not a dictionary nor an array of
  /// pairs: a handful of entries, and no hashing nor generic metadata for
  /// the runtime to set up at start-up (an array of an own struct is).
  private(set) var givenNames: [String] = []
  /// The value of each option in ``givenNames``, at the same position.
  private(set) var givenValues: [String] = []
  /// Positional arguments (further buttons).
  var positional: [String] = []

  struct Given: Equatable {
    let name: OptionName
    let value: String
  }

  /// Each option given, by name, with its value, in command-line order.
  var given: [Given] {
    zip(givenNames, givenValues).compactMap { name, value in OptionName(rawValue: name).map { Given(name: $0, value: value) } }
  }

  /// Records `name` given with `value` (empty for a flag).
  mutating func add(_ name: OptionName, value: String) {
    givenNames.append(name.rawValue)
    givenValues.append(value)
  }

  /// The values of an option in the order given; empty when not given.
  func values(_ name: OptionName) -> [String] {
    let wanted = name.rawValue
    return givenNames.indices.filter { givenNames[$0] == wanted }.map { givenValues[$0] }
  }
  /// The last value of an option, if given.
  func value(_ name: OptionName) -> String? {
    givenNames.lastIndex(of: name.rawValue).map { givenValues[$0] }
  }
  /// True when an option was given.
  func has(_ name: OptionName) -> Bool { givenNames.contains(name.rawValue) }
}

/// A table-driven parser in getopt's style: `-t V`, `-tV`, clustered flags
/// (`-0n`), `--long V`, `--long=V`; `--` ends the options; an option's value
/// is the next argument even when it starts with `-`.
enum OptionParser {
  /// Parses `arguments` (without the program name) against `table`.
  /// - Throws: ``CommandError/usage(_:)`` naming the option for an unknown
  ///   option (with "Did you mean …?" when one is close), a missing value,
  ///   a value for a flag, a bad choice, or a non-repeatable option given
  ///   twice.
  static func parse(_ arguments: [String], table: OptionTable = optionTable)
    throws(CommandError) -> ParsedOptions {
    var parsed = ParsedOptions()
    var index = 0
    func store(_ spec: OptionSpec, _ value: String, as written: String) throws(CommandError) {
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
      parsed.add(spec.name, value: value)
    }
    func takeValue(for written: String) throws(CommandError) -> String {
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
      if argument.begins(with: "--") {
        let (head, tail) = Substring(argument.unicodeScalars.dropFirst(2)).cut(at: "=")
        let name = String(head)
        let inline = tail.map(String.init)
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
      } else if argument.begins(with: "-"), argument.unicodeScalars.count > 1 {
        // Letter by letter as getopt takes them: a combining mark after
        // one is the next letter (or the value), not part of it.
        var letters = Substring(argument.unicodeScalars.dropFirst())
        while let letter = letters.unicodeScalars.first {
          letters = Substring(letters.unicodeScalars.dropFirst())
          guard let spec = table.first(where: { $0.short == Character(letter) }) else {
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
