import Testing
@testable import AskCore

/// The one rule for `--default` and the JSON key `default`.
@Suite("Naming the default button")
struct DefaultButtonTests {
  static let alert = Alert(buttons: [Button("Stop", role: .cancel), Button("Go"), Button("2")])

  @Test("A title first (trimmed, case-folded), else a number on screen (the cancel button last)", arguments: [
    ("go", 1), ("  GO ", 1), ("2", 2), ("1", 1), ("3", 0), ("stop", 0),
  ])
  func names(wanted: String, index: Int) {
    #expect(Self.alert.settingDefault(named: wanted)?.defaultButtonIndex == index)
  }

  @Test("A title names its button in full case folding: STRASSE names Straße, ΤΈΛΟΣ names Τέλος",
        arguments: [("STRASSE", 1), ("ΤΈΛΟΣ", 2)])
  func foldedNames(wanted: String, index: Int) {
    let alert = Alert(buttons: [Button("Stop", role: .cancel), Button("Straße"), Button("Τέλος")])
    #expect(alert.settingDefault(named: wanted)?.defaultButtonIndex == index)
  }

  @Test("No button by that title or number is nil; with no buttons, the implied OK is named", arguments: [
    "4", "0", "-1", "Run", "",
  ])
  func none(wanted: String) {
    #expect(Self.alert.settingDefault(named: wanted) == nil)
  }

  @Test("With no buttons, OK names the implied button, and nothing else does")
  func implied() {
    #expect(Alert().settingDefault(named: "ok") == Alert())
    #expect(Alert().settingDefault(named: "Go") == nil)
  }
}
