import AskTestSupport
import Testing
@testable import AskCore

@Suite("The prompt model of SPEC §1")
struct AlertValidationTests {
  @Test("An alert with no buttons gets one implied OK that is also the default")
  func impliedOK() throws {
    let alert = try Alert(title: "Nothing to choose").validated()
    #expect(alert.buttons == [Button("OK", isDefault: true)])
    #expect(alert.defaultButtonIndex == 0)
  }

  @Test("A sheet with no buttons gets the implied OK too")
  func impliedOKInSheet() throws {
    let alert = try Alert(title: "T", presentation: .actionSheet).validated()
    #expect(alert.buttons.map(\.title) == ["OK"])
  }

  @Test("Screen order puts the cancel button last and keeps the rest in spec order")
  func screenOrder() throws {
    let alert = try Alert(buttons: [Button("aaa"), Button("bbb", role: .destructive),
                                    Button("ccc"), Button("ddd", role: .cancel)]).validated()
    #expect(Array(alert.screenOrder) == [0, 1, 2, 3])
    let moved = try Alert(buttons: [Button("Close", role: .cancel), Button("Open")]).validated()
    #expect(Array(moved.screenOrder) == [1, 0])
    #expect(moved.number(ofButtonAt: 0) == 2)
  }

  /// Buttons and a default that break a rule, and the message that names
  /// it; shown in the log by that message.
  struct Violation: CustomTestStringConvertible, Sendable {
    let buttons: [Button]
    let defaultIndex: Int?
    let message: String
    init(_ buttons: [Button], _ defaultIndex: Int?, _ message: String) {
      self.buttons = buttons
      self.defaultIndex = defaultIndex
      self.message = message
    }
    var testDescription: String { loggedText(message) }
  }

  @Test("Rule violations are spec errors naming the title", arguments: [
    Violation([Button("report.txt"), Button("Report.TXT")], nil,
              "Duplicate button title 'Report.TXT' (same as 'report.txt')"),
    Violation([Button("a"), Button("a")], nil, "Duplicate button title 'a'"),
    Violation([Button("Close"), Button("Close", role: .cancel)], nil, "Duplicate button title 'Close'"),
    Violation([Button("Да"), Button("дА")], nil, "Duplicate button title 'дА' (same as 'Да')"),
    Violation([Button("Straße"), Button("STRASSE")], nil, "Duplicate button title 'STRASSE' (same as 'Straße')"),
    Violation([Button("Έξοδος"), Button("ΈΞΟΔΟΣ")], nil, "Duplicate button title 'ΈΞΟΔΟΣ' (same as 'Έξοδος')"),
    Violation([Button("A"), Button("")], nil, "Button 2 has an empty title"),
    Violation([Button("A", role: .cancel), Button("B", role: .cancel)], nil,
              "More than one cancel button: 'A' and 'B'"),
    Violation([Button("A", role: .destructive), Button("B", role: .destructive)], nil,
              "More than one destructive button: 'A' and 'B'"),
    Violation([Button("Delete", role: .destructive), Button("Keep")], 0,
              "The destructive button 'Delete' cannot be the default"),
    Violation([Button("A", isDefault: true), Button("B", isDefault: true)], nil,
              "More than one default button: 'A' and 'B'"),
  ])
  func violations(_ violation: Violation) {
    #expect(throws: AskError.invalidAlert(violation.message)) {
      var buttons = violation.buttons
      if let index = violation.defaultIndex { buttons[index].isDefault = true }
      return try Alert(title: "T", buttons: buttons).validated()
    }
  }

  /// Default-ignorable code points (SPEC §1): the soft hyphen, the
  /// zero-width space, non-joiner and joiner, the Mongolian vowel
  /// separator, the Hangul filler, the word joiner, the BOM, variation
  /// selector 16, and tags (the first, a letter, the last).
  static let invisibles = [0xAD, 0x200B, 0x200C, 0x200D, 0x180E, 0x3164, 0x2060, 0xFEFF, 0xFE0F,
                           0xE0001, 0xE0041, 0xE007F].map { LoggedScalar($0) }

  @Test("Two titles that differ only by an invisible character are duplicates, named with it written out",
        arguments: invisibles)
  func invisibleDuplicates(_ invisible: LoggedScalar) {
    let message = "Duplicate button title 'Sa\(invisible.escaped)ve' (same as 'Save')"
    #expect(throws: AskError.invalidAlert(message)) {
      try Alert(buttons: [Button("Save"), Button("Sa\(invisible.text)ve")]).validated()
    }
    #expect(throws: AskError.invalidAlert("Duplicate button title 'save\(invisible.escaped)' (same as 'Save')")) {
      try Alert(buttons: [Button("Save"), Button("save\(invisible.text)")]).validated()
    }
  }

  @Test("A title of only invisible characters and spaces is empty", arguments: invisibles)
  func invisibleTitle(_ invisible: LoggedScalar) {
    #expect(throws: AskError.invalidAlert("Button 2 has an empty title")) {
      try Alert(buttons: [Button("Save"), Button(" \(invisible.text)\(invisible.text) ")]).validated()
    }
  }

  @Test("The first duplicate in order is reported, with the title it repeats", arguments: [
    (["a", "b", "c"], nil as [Int]?), (["a", "b", "a", "b"], [2, 0]), (["b", "a", "c", "a", "b"], [3, 1]),
    (["x", "x", "x"], [1, 0]), ([], nil),
  ])
  func firstDuplicate(keys: [String], expected: [Int]?) throws {
    let found = try Alert.firstDuplicate(keys)
    #expect(found.map { [$0.duplicate, $0.first] } == expected)
  }

  /// An alert that breaks a rule, shown in the log by a name.
  struct HostileAlert: CustomTestStringConvertible, Sendable {
    let name: String
    let alert: Alert
    var testDescription: String { name }
  }

  @Test("A rule's message quotes titles as shown and shortened: no control character, no 10 MB line (fuzzing found it)",
        arguments: [
    HostileAlert(name: "destructive default with DEL and CSI",
                 alert: Alert(buttons: [Button("a"), Button("del\u{7F}\u{1B}[2J", role: .destructive, isDefault: true)])),
    HostileAlert(name: "duplicates with OSC and BEL",
                 alert: Alert(buttons: [Button("x\u{1B}]0;t\u{7}"), Button("X\u{1B}]0;t\u{7}")])),
    HostileAlert(name: "two cancel buttons with a C1 CSI and BS",
                 alert: Alert(buttons: [Button("c\u{9B}1", role: .cancel), Button("d\u{8}", role: .cancel)])),
    HostileAlert(name: "duplicate 100,000-letter titles",
                 alert: Alert(buttons: [Button(String(repeating: "h", count: 100_000)),
                                        Button(String(repeating: "h", count: 100_000))])),
  ])
  func visibleMessages(_ hostile: HostileAlert) {
    do throws(AskError) {
      _ = try hostile.alert.validated()
      Issue.record("validated")
    } catch {
      #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
      #expect(error.description.count < 200)
    }
  }

  @Test("The cancel button may be the default")
  func cancelDefault() throws {
    let alert = try Alert(buttons: [Button("Go"), Button("Stop", role: .cancel, isDefault: true)]).validated()
    #expect(alert.defaultButtonIndex == 1)
  }
}
