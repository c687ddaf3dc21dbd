import Testing
@testable import AskCore

@Suite("An alert's buttons kept as titles or as an array read the same")
struct ButtonListTests {
  /// The command line's three buttons as titles, and the same as an array.
  static let titles = ButtonList(titles: ["Delete", "Keep", "Cancel"], cancel: 2, destructive: 0, default: 1)
  static let array = ButtonList([Button("Delete", role: .destructive), Button("Keep", isDefault: true),
                                 Button("Cancel", role: .cancel)])

  @Test("Titles read as buttons with their roles and default")
  func titlesReadAsButtons() {
    #expect(Array(Self.titles) == [Button("Delete", role: .destructive), Button("Keep", isDefault: true),
                                   Button("Cancel", role: .cancel)])
    #expect(Self.titles == Self.array)
    #expect(Self.titles.buttons == Self.array.buttons)
    #expect(Self.titles.title(at: 2) == "Cancel")
  }

  /// A change made to one button, named in the log.
  struct Change: CustomTestStringConvertible, Sendable {
    let name: String
    let position: Int
    let apply: @Sendable (inout Button) -> Void
    var testDescription: String { name }
  }

  @Test("A change reads the same whichever way the buttons are kept", arguments: [
    Change(name: "nothing changed", position: 0) { _ in },
    Change(name: "no default", position: 1) { $0.isDefault = false },
    Change(name: "a second default", position: 2) { $0.isDefault = true },
    Change(name: "a title changed", position: 1) { $0.title = "Hold" },
    Change(name: "no destructive button", position: 0) { $0.role = .other },
    Change(name: "a second cancel button", position: 1) { $0.role = .cancel },
    Change(name: "the cancel button made destructive", position: 2) { $0.role = .destructive },
    Change(name: "a handler", position: 1) { $0.handler = {} },
  ])
  func change(_ change: Change) throws {
    var titles = Self.titles, array = Self.array
    change.apply(&titles[change.position])
    change.apply(&array[change.position])
    #expect(titles == array)
    #expect((titles[change.position].handler == nil) == (array[change.position].handler == nil))
    for role in [ButtonRole.cancel, .destructive, .other] {
      #expect(try titles.firstTwo(role) == array.firstTwo(role), "role \(role)")
      #expect(titles.firstIndex(of: role) == array.firstIndex(of: role), "role \(role)")
    }
    #expect(try titles.firstTwo(nil) == array.firstTwo(nil))
  }

  @Test("Two buttons of a role, which titles cannot hold, are both found")
  func secondOfARole() throws {
    var titles = Self.titles
    titles[1].role = .cancel
    titles[0].role = .cancel
    #expect(try titles.firstTwo(.cancel) == [0, 1])
    #expect(try titles.firstTwo(.destructive) == [])
  }

  @Test("An alert's buttons are changed in place through the array, kept either way")
  func alertButtonsInPlace() throws {
    var alert = Alert(title: "Files")
    alert.buttonList = Self.titles
    alert.buttons[1].isDefault = false
    alert.buttons.append(Button("Later"))
    #expect(alert.buttons.map(\.title) == ["Delete", "Keep", "Cancel", "Later"])
    #expect(alert.cancelButtonIndex == 2 && alert.destructiveButtonIndex == 0)
    var host = Alert(buttons: Self.array.buttons)
    for index in 0..<1000 { host.buttons.append(Button("Button \(index)")) }
    #expect(host.buttonList.count == 1003)
    #expect(try host.validated().defaultButtonIndex == 1)
  }
}
