import AskCore
import Testing
@testable import AskCLI

/// The option table itself: one entry a name, and the facts the shells
/// are told (conflicts, what stands alone) agree with what `ask` does.
@Suite("The option table")
struct OptionTableTests {
  /// An option as written with a valid value: `--print title`, `--title x`.
  static func arguments(_ name: OptionName) -> [String] {
    let spec = optionTable.first { $0.name == name }
    switch spec?.value {
    case .choice(let words)?: return ["--" + name.rawValue, words[0]]
    case .text?, .file?: return ["--" + name.rawValue, "x"]
    case .none?, nil: return ["--" + name.rawValue]
    }
  }

  @Test("Every option name has exactly one entry, in the order of the names")
  func oneEntryEachName() {
    #expect(optionTable.map(\.name) == OptionName.allCases)
  }

  @Test("No two options share a short name")
  func uniqueShortNames() {
    let shorts = optionTable.compactMap(\.short)
    #expect(Set(shorts).count == shorts.count)
  }

  @Test("A conflict is listed on both sides, and is not a repeatable option's")
  func conflictsAreSymmetric() {
    for spec in optionTable {
      for other in spec.conflicts {
        let otherSpec = optionTable.first { $0.name == other }
        #expect(otherSpec?.conflicts.contains(spec.name) == true,
                "--\(spec.long) lists --\(other.rawValue), but not the other way round")
        #expect(!spec.isRepeatable && otherSpec?.isRepeatable == false)
      }
    }
  }

  @Test("Each pair of conflicting options is a usage error, either way round")
  func conflictsAreUsageErrors() throws {
    for spec in optionTable {
      for other in spec.conflicts {
        let arguments = Self.arguments(spec.name) + Self.arguments(other) + ["A"]
        let options = try OptionParser.parse(arguments)
        do {
          _ = try Invocation.action(for: options)
          Issue.record("\(arguments) is not an error")
        } catch {
          guard case .usage = error else {
            Issue.record("\(arguments) is \(error), not a usage error")
            continue
          }
        }
      }
    }
  }

  @Test("An option that stands alone wins over everything else on the command line")
  func standAloneOptionsWin() throws {
    // Each alone a usage error, and together with each other.
    let everythingElse = ["--json", "--spec", "-", "--sheet", "--alert", "--askpass", "P", "Button"]
    for spec in optionTable where spec.standsAlone {
      let options = try OptionParser.parse(Self.arguments(spec.name) + everythingElse)
      let action = try Invocation.action(for: options)
      #expect(action == .help || action == .version, "--\(spec.long) did not stand alone")
    }
    #expect(optionTable.filter(\.standsAlone).map(\.name) == [.help, .version])
  }

  @Test("Each text-entry setting is read from the option of its name")
  func textEntrySettingOptions() {
    for setting in TextEntrySetting.allCases {
      #expect(setting.option.rawValue == setting.rawValue)
    }
  }
}
