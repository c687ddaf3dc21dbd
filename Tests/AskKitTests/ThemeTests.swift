import Testing
@testable import AskKit

@Suite("Colour decision, SPEC §6")
struct ThemeTests {
  /// fd 2 under `swift test` may or may not be a terminal; an unopened fd
  /// never is.
  static let notATerminal: Int32 = 987

  @Test("The order is --color, NO_COLOR, CLICOLOR_FORCE, then the drawing stream", arguments: [
    (ColorMode.always, ["NO_COLOR": "1"], true),
    (.never, ["CLICOLOR_FORCE": "1"], false),
    (.auto, ["NO_COLOR": "1", "CLICOLOR_FORCE": "1"], false),
    (.auto, ["NO_COLOR": "", "CLICOLOR_FORCE": "1"], true),
    (.auto, ["CLICOLOR_FORCE": "0"], false),
    (.auto, ["TERM": "xterm"], false),
  ])
  func precedence(mode: ColorMode, environment: [String: String], colored: Bool) {
    let theme = Theme.decide(mode: mode, drawingFD: Self.notATerminal) { environment[$0] }
    #expect(theme.isColored == colored)
  }

  @Test("Without colour nothing is styled and the destructive role is a word")
  func plain() {
    let theme = Theme(isColored: false)
    #expect(theme.title("T") == "T")
    #expect(theme.dim("d") == "d")
    #expect(theme.destructive("Delete") == "Delete (destructive)")
  }

  @Test("A terminfo entry is found for xterm and not for a made-up name")
  func terminfo() {
    let env: (String) -> String? = { _ in nil }
    #expect(Theme.hasTerminfoEntry("dumb", environment: env))
    #expect(!Theme.hasTerminfoEntry("no-such-terminal-xyz", environment: env))
    #expect(!Theme.hasTerminfoEntry("../x", environment: env))
  }
}
