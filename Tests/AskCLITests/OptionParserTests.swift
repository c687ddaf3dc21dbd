import AskCore
import Testing
@testable import AskCLI

@Suite("The option parser")
struct OptionParserTests {
  @Test("Long, short, attached, clustered and -- forms parse", arguments: [
    (["-t", "T", "A"], ["title": ["T"]], ["A"]),
    (["--title=T", "--title2"], nil, nil),
    (["-tT", "-0n"], ["title": ["T"], "null": [""], "no-newline": [""]], []),
    (["--message", "-x", "B"], ["message": ["-x"]], ["B"]),
    (["-b", "A", "--button=B", "C"], ["button": ["A", "B"]], ["C"]),
    (["--", "-t", "--x"], [:], ["-t", "--x"]),
    (["-", "x"], [:], ["-", "x"]),
    // A combining mark after '=' or a letter is the value's, as getopt
    // cuts: to Swift it is one Character with the '=' or the letter.
    (["--title=\u{301}x", "-m\u{301}y"], ["title": ["\u{301}x"], "message": ["\u{301}y"]], []),
    (["-0\u{301}"], nil, nil),
  ] as [([String], [String: [String]]?, [String]?)])
  func forms(arguments: [String], values: [String: [String]]?, positional: [String]?) throws {
    guard let values, let positional else {
      #expect(throws: CommandError.self) { try OptionParser.parse(arguments) }
      return
    }
    let parsed = try OptionParser.parse(arguments)
    var byName: [String: [String]] = [:]
    for given in parsed.given { byName[given.name.rawValue, default: []].append(given.value) }
    // Compared scalar for scalar: String's == would take "\u{301}x" and "x\u{301}"… apart, but not "é" and "e\u{301}".
    #expect(byName.mapValues { $0.map { Array($0.unicodeScalars) } } == values.mapValues { $0.map { Array($0.unicodeScalars) } })
    #expect(parsed.positional == positional)
  }

  @Test("Mistakes are one line naming the option, with a suggestion when close", arguments: [
    (["--destructve", "x"], "Unknown option '--destructve'. Did you mean '--destructive'?"),
    (["--tite", "x"], "Unknown option '--tite'. Did you mean '--title'?"),
    (["--frobnicate"], "Unknown option '--frobnicate'"),
    (["-x"], "Unknown option '-x'"),
    (["-t"], "Missing value for '-t'"),
    (["--cancel"], "Missing value for '--cancel'"),
    (["--sheet=yes"], "Option '--sheet' takes no value"),
    (["--print", "jsno"],
     "The value 'jsno' is invalid for '--print'; expected one of: title, index, json, none. Did you mean 'json'?"),
    (["--color=blue"], "The value 'blue' is invalid for '--color'; expected one of: auto, always, never"),
    (["-c", "A", "-c", "B"], "Option '--cancel' can be given only once"),
  ])
  func mistakes(arguments: [String], message: String) {
    #expect(throws: CommandError.usage(message)) { try OptionParser.parse(arguments) }
  }

  @Test("Edit distance counts characters")
  func editDistance() {
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    #expect(Suggestion.editDistance("", "abc") == 3)
    #expect(Suggestion.editDistance("да", "да") == 0)
  }

  @Test("Help lists every option of the table and fits 80 columns")
  func help() {
    let help = HelpText.render()
    for spec in optionTable { #expect(help.contains("--" + spec.long)) }
    #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }
}
