/// An alert's buttons, in the order given: what ``Alert/buttons`` reads
/// and writes as an array of ``Button``, and what the engine reads.
///
/// Buttons a host gives are kept as its array. The command line's — titles
/// with at most one cancel, one destructive and one default button among
/// them, and no handlers — are kept as an array of their titles and those
/// three indices: an array of an own struct makes the runtime build that
/// array's generic metadata (its superclass's name demangled, its layout,
/// a cache entry: code and data nothing else before a prompt touches)
/// before the first prompt is drawn, where an array of `String` is one
/// the standard library has ready (issue 27, BENCHMARKS.md). A change the
/// titles cannot hold (a handler, a second button of a role) turns them
/// into an array of buttons first.
package struct ButtonList: RandomAccessCollection, MutableCollection, Sendable {
  private enum Storage: Sendable {
    /// As a host gave them.
    case buttons([Button])
    /// Titles, and the indices into them of the cancel, the destructive
    /// and the default button (never one index for both roles).
    case titles([String], cancel: Int?, destructive: Int?, preferred: Int?)
  }

  private var storage: Storage

  /// `buttons`, as given.
  package init(_ buttons: [Button] = []) { storage = .buttons(buttons) }

  /// Buttons titled `titles`, each of role `other` but the one at `cancel`
  /// and the one at `destructive` (two different indices into `titles`),
  /// the one at `preferred` the default.
  package init(titles: [String], cancel: Int? = nil, destructive: Int? = nil, default preferred: Int? = nil) {
    precondition(cancel == nil || cancel != destructive, "a button with two roles")
    storage = .titles(titles, cancel: cancel, destructive: destructive, preferred: preferred)
  }

  /// 0.
  package var startIndex: Int { 0 }

  /// The number of buttons.
  package var endIndex: Int {
    switch storage {
    case .buttons(let buttons): buttons.count
    case .titles(let titles, _, _, _): titles.count
    }
  }

  /// The button at `position` (0-based, in the order given).
  package subscript(position: Int) -> Button {
    get {
      switch storage {
      case .buttons(let buttons):
        return buttons[position]
      case .titles(let titles, let cancel, let destructive, let preferred):
        return Button(titles[position], role: position == cancel ? .cancel : position == destructive ? .destructive : .other,
                      isDefault: position == preferred)
      }
    }
    set {
      switch storage {
      case .buttons(var buttons):
        storage = .buttons([])  // `buttons` the array's only reference: changed in place
        buttons[position] = newValue
        storage = .buttons(buttons)
      case .titles(var titles, let cancel, let destructive, let preferred):
        // Where the one button of a role (or the default) is once the
        // button at `position` takes it (`has`) or leaves it; `fits` is
        // false when it would be a second one.
        func slot(_ index: Int?, _ has: Bool) -> (fits: Bool, index: Int?) {
          has ? (index == nil || index == position, position) : (true, index == position ? nil : index)
        }
        let newCancel = slot(cancel, newValue.role == .cancel)
        let newDestructive = slot(destructive, newValue.role == .destructive)
        let newPreferred = slot(preferred, newValue.isDefault)
        guard newValue.handler == nil, newCancel.fits, newDestructive.fits, newPreferred.fits else {
          var buttons = Array(self)
          buttons[position] = newValue
          storage = .buttons(buttons)
          return
        }
        storage = .buttons([])  // `titles` the array's only reference: changed in place
        titles[position] = newValue.title
        storage = .titles(titles, cancel: newCancel.index, destructive: newDestructive.index,
                          preferred: newPreferred.index)
      }
    }
  }

  /// The title of the button at `position`, without making the button.
  package func title(at position: Int) -> String {
    switch storage {
    case .buttons(let buttons): buttons[position].title
    case .titles(let titles, _, _, _): titles[position]
    }
  }

  /// The role of the button at `position`, without making the button.
  package func role(at position: Int) -> ButtonRole {
    switch storage {
    case .buttons(let buttons): buttons[position].role
    case .titles(_, let cancel, let destructive, _):
      position == cancel ? .cancel : position == destructive ? .destructive : .other
    }
  }

  /// The 0-based indices of the first two buttons of `role`, or, for
  /// `nil`, marked as the default: one look for titles; for buttons, a
  /// loop over them that stops at a pending terminating signal
  /// (``Interruption``).
  /// - Throws: ``AskError/interrupted(by:)`` when a signal stops the loop.
  package func firstTwo(_ role: ButtonRole?) throws(AskError) -> [Int] {
    switch storage {
    case .titles(_, let cancel, let destructive, let preferred):
      let index = role == .cancel ? cancel : role == .destructive ? destructive : role == nil ? preferred : nil
      if let index { return [index] }
      guard role == .other else { return [] }
      return Array(indices.lazy.filter { $0 != cancel && $0 != destructive }.prefix(2))
    case .buttons(let buttons):
      // An index loop reads each role in place (a closure over the
      // elements copied each button, its title and handler retained and
      // released: a million of them).
      return try buttons.withUnsafeBufferPointer { buttons throws(AskError) in
        var found: [Int] = []
        try Interruption.forEach(buttons.indices) { index in
          if role == nil ? buttons[index].isDefault : buttons[index].role == role { found.append(index) }
          return found.count < 2
        }
        return found
      }
    }
  }

  /// The 0-based index of the first button of `role`, if any: one look
  /// for titles' cancel and destructive buttons.
  package func firstIndex(of role: ButtonRole) -> Int? {
    switch storage {
    case .titles(let titles, let cancel, let destructive, _):
      switch role {
      case .cancel: return cancel
      case .destructive: return destructive
      case .other: return titles.indices.first { $0 != cancel && $0 != destructive }
      }
    case .buttons(let buttons):
      return buttons.withUnsafeBufferPointer { buttons in
        var index = 0
        while index < buttons.count {
          if buttons[index].role == role { return index }
          index += 1
        }
        return nil
      }
    }
  }

  /// The buttons as an array (made, for titles).
  package var buttons: [Button] {
    switch storage {
    case .buttons(let buttons): buttons
    case .titles: Array(self)
    }
  }

  /// The buttons as an array, taken out: for buttons, the list's own
  /// array, left empty, so that a change made to it is made in place.
  mutating func takeButtons() -> [Button] {
    switch storage {
    case .buttons(let buttons):
      storage = .buttons([])
      return buttons
    case .titles:
      return Array(self)
    }
  }
}

extension ButtonList: Equatable {
  /// Lists are equal when their buttons are, one by one, however each is
  /// kept; two kept the same way are compared as arrays, which are equal
  /// at once when they share their storage (a million buttons are not
  /// compared one by one with themselves).
  package static func == (lhs: ButtonList, rhs: ButtonList) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.buttons(let left), .buttons(let right)):
      return left == right
    case (.titles(let left, let leftCancel, let leftDestructive, let leftDefault),
          .titles(let right, let rightCancel, let rightDestructive, let rightDefault)):
      return leftCancel == rightCancel && leftDestructive == rightDestructive && leftDefault == rightDefault
        && left == right
    default:
      return lhs.elementsEqual(rhs)
    }
  }
}
