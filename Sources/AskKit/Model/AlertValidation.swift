extension Alert {
  /// The title of the button implied when an alert has none (SPEC §1).
  public static let impliedButtonTitle = "OK"

  /// Checks the rules of SPEC §1 and returns the alert ready to present:
  /// with no buttons at all it gets one implied `OK` button, which is also
  /// the default (an alert that cannot be dismissed is a defect).
  ///
  /// - Throws: ``AskError/spec(_:)`` naming the offending title or index
  ///   when a title is empty or repeats another (compared with
  ///   `lowercased()`), when there is more than one cancel or destructive
  ///   button, when the default is not a button, or when the default is the
  ///   destructive button (Enter or a timeout must never destroy).
  public func validated() throws(AskError) -> Alert {
    var alert = self
    if alert.buttons.isEmpty {
      alert.buttons = [Button(Alert.impliedButtonTitle)]
      if alert.defaultButtonIndex == nil { alert.defaultButtonIndex = 0 }
    }
    var seen: [String: String] = [:]
    for (index, button) in alert.buttons.enumerated() {
      if button.title.isEmpty {
        throw .spec("Button \(index + 1) has an empty title")
      }
      let folded = button.title.lowercased()
      if let first = seen[folded] {
        throw .spec(first == button.title
          ? "Duplicate button title '\(button.title)'"
          : "Duplicate button title '\(button.title)' (same as '\(first)')")
      }
      seen[folded] = button.title
    }
    for role in [ButtonRole.cancel, .destructive] {
      let titles = alert.buttons.filter { $0.role == role }.map(\.title)
      if titles.count > 1 {
        throw .spec("More than one \(role.rawValue) button: '\(titles[0])' and '\(titles[1])'")
      }
    }
    if let index = alert.defaultButtonIndex {
      guard alert.buttons.indices.contains(index) else {
        throw .spec("Default button index \(index) is not a button")
      }
      if alert.buttons[index].role == .destructive {
        throw .spec("The destructive button '\(alert.buttons[index].title)' cannot be the default")
      }
    }
    return alert
  }
}
