/// JSON spec object → ``Alert`` (SPEC §3): keys in lowerCamelCase mirroring
/// the flags; unknown keys and wrong types are errors naming the key path
/// (`fields[1].label`) and where it stands (line and column).
///
/// Two forms of buttons:
/// - `buttons` (plain choices) with `cancel`, `destructive` and `default`
///   titles: spec order is the destructive button, `buttons`, the cancel
///   button;
/// - the titles-array form, `buttons` with `cancelIndex`,
///   `destructiveIndex` (0-based into it): spec order is the array's order
///   (the cancel button is moved last on screen only).
///
/// `default` is a title (case-folded; a number on screen when no title
/// matches), as `--default`; `defaultIndex` is 0-based into `buttons`, in
/// either form. A title and an index for the same role is a
/// spec error, and so is mixing the forms.
///
/// ```json
/// {"title":"Available Actions","presentation":"sheet",
///  "buttons":["aaa","bbb","ccc","ddd"],"destructiveIndex":1,"cancelIndex":3}
/// ```
package enum SpecDecoder {
  /// Every key a spec object may have, in SPEC §3's order.
  package static let keys = [
    "title", "message", "buttons", "cancel", "destructive", "cancelIndex", "destructiveIndex",
    "default", "defaultIndex", "presentation", "style", "fields", "echo", "repeat", "required",
    "pattern", "timeout", "id",
  ]

  /// Decodes and validates one spec object.
  /// - Throws: ``AskError/invalidAlert(_:)``: `Spec at line L, column C: …` naming
  ///   the key path, or a rule of ``Alert/validated()``;
  ///   ``AskError/interrupted(by:)`` when a terminating signal pending
  ///   stops it (``Interruption``: a million titles are decoded).
  package static func alert(from node: JSONNode) throws(AskError) -> Alert {
    try validatedAlert(from: node).alert
  }

  /// One spec object, decoded and validated.
  package struct Decoded {
    /// The alert, validated.
    package var alert: Alert
    /// The index of its titles that validating it built.
    package var titles: TitleIndex
    /// True when the spec gives its own `timeout` (0 included: no limit),
    /// which the command line's `--timeout` does not replace.
    package var hasTimeout: Bool
  }

  /// ``alert(from:)``, with the index of its titles that validating it
  /// built (``Alert/validatedIndexing()``), for
  /// ``AlertPresenter/present(validated:titles:)``.
  package static func validatedAlert(from node: JSONNode) throws(AskError) -> Decoded {
    guard case .object(let members) = node.value else {
      // TRANSLATORS: after "Spec at line L, column C: "; %s is the JSON
      // type given ("a string").
      throw error(node, localized("a spec must be an object, not %s", node.typeDescription))
    }
    var values: [String: JSONNode] = [:]
    for (key, value) in members {
      guard keys.contains(key) else {
        throw error(value, unknownKey(TerminalText.visible(key), closest: Suggestion.closest(to: key, among: keys)))
      }
      values[key] = value
    }
    var alert = Alert()
    alert.title = try values["title"].map { node throws(AskError) in try string(node, "title") }
    alert.message = try values["message"].map { node throws(AskError) in try string(node, "message") }
    alert.id = try values["id"].map { node throws(AskError) in try string(node, "id") }
    if let node = values["presentation"] {
      alert.presentation = try choice(node, "presentation", Presentation.allCases, \.name)
    }
    let kind = try values["style"].map { node throws(AskError) in
      try choice(node, "style", AlertStyle.Kind.allCases, \.name)
    } ?? .default
    if let node = values["echo"] { alert.secureEcho = try choice(node, "echo", SecureEcho.allCases, \.name) }
    if let node = values["repeat"] { alert.repeatsSecureEntry = try bool(node, "repeat") }
    if let node = values["required"] { alert.requiresText = try bool(node, "required") }
    alert.textPattern = try values["pattern"].map { node throws(AskError) in
      TextPattern(text: try string(node, "pattern"))
    }
    if let node = values["timeout"] {
      guard case .number(let seconds, _) = node.value, TimeLimit.isValid(seconds: seconds) else {
        // TRANSLATORS: after "Spec at line L, column C: ".
        throw error(node, localized("'timeout' must be a number of seconds, 0 or more (0: no limit)"))
      }
      // 0 (or past a thousand years) is no limit, said: `--timeout` does
      // not replace it (a spec's own timeout wins, SPEC §2).
      alert.timeout = TimeLimit.duration(seconds: seconds)
    }
    let fields = try values["fields"].map { node throws(AskError) in try self.fields(node) } ?? []
    try decodeButtons(values, into: &alert)
    do {
      alert.style = try AlertStyle(kind: kind, fields: fields)
      let (validated, titles) = try alert.validatedIndexing()
      return Decoded(alert: validated, titles: titles, hasTimeout: values["timeout"] != nil)
    } catch .interrupted(let signal) {
      throw .interrupted(by: signal)
    } catch {
      throw Self.error(node, error.description)
    }
  }

  private static func decodeButtons(_ values: [String: JSONNode], into alert: inout Alert) throws(AskError) {
    // The titles as buttons at once (a million titles are not copied into
    // an array of strings first); roles are set below.
    var titles: [Button] = []
    if let node = values["buttons"] {
      guard case .array(let elements) = node.value else {
        // TRANSLATORS: after "Spec at line L, column C: "; %s is the JSON
        // type given ("a string").
        throw error(node, localized("'buttons' must be an array of titles, not %s", node.typeDescription))
      }
      titles.reserveCapacity(elements.count + 2)  // room for `destructive` and `cancel`
      try Interruption.forEach(elements.indices) { offset throws(AskError) in
        titles.append(Button(try string(elements[offset], "buttons[\(offset)]")))
        return true
      }
    }
    for role in ["cancel", "destructive", "default"] where values[role] != nil && values[role + "Index"] != nil {
      // TRANSLATORS: after "Spec at line L, column C: "; %1$s and %2$s are
      // JSON keys ('cancel' and 'cancelIndex').
      throw error(values[role + "Index"]!, localized("'%s' and '%s' cannot both be given", role, role + "Index"))
    }
    let cancelIndex = try values["cancelIndex"].map { node throws(AskError) in try index(node, "cancelIndex", count: titles.count) }
    let destructiveIndex = try values["destructiveIndex"].map { node throws(AskError) in
      try index(node, "destructiveIndex", count: titles.count)
    }
    let defaultIndex = try values["defaultIndex"].map { node throws(AskError) in try index(node, "defaultIndex", count: titles.count) }
    var offset = 0  // where `buttons` starts in spec order
    if cancelIndex != nil || destructiveIndex != nil {
      for role in ["cancel", "destructive"] {
        if let node = values[role] {
          // TRANSLATORS: after "Spec at line L, column C: "; %s is a JSON key.
          throw error(node, localized("'%s' cannot be given with 'cancelIndex' or 'destructiveIndex': use one form", role))
        }
      }
      if let cancelIndex, cancelIndex == destructiveIndex {
        // TRANSLATORS: after "Spec at line L, column C: ".
        throw error(values["destructiveIndex"]!, localized("'cancelIndex' and 'destructiveIndex' name the same button"))
      }
      if let cancelIndex { titles[cancelIndex].role = .cancel }
      if let destructiveIndex { titles[destructiveIndex].role = .destructive }
    } else {
      if let node = values["destructive"] {
        titles.insert(Button(try string(node, "destructive"), role: .destructive), at: 0)
        offset = 1
      }
      if let node = values["cancel"] { titles.append(Button(try string(node, "cancel"), role: .cancel)) }
    }
    if let defaultIndex { titles[defaultIndex + offset].isDefault = true }
    alert.buttons = titles
    if let node = values["default"] {
      let title = try string(node, "default")
      guard let resolved = alert.settingDefault(named: title) else {
        // TRANSLATORS: after "Spec at line L, column C: "; %s is the value given.
        throw error(node, localized("'default' is '%s', which is not a button title or number", TerminalText.visible(title)))
      }
      alert = resolved
    }
  }

  private static func fields(_ node: JSONNode) throws(AskError) -> [TextField] {
    guard case .array(let elements) = node.value else {
      // TRANSLATORS: after "Spec at line L, column C: "; %s is the JSON
      // type given ("a string").
      throw error(node, localized("'fields' must be an array of objects, not %s", node.typeDescription))
    }
    var result: [TextField] = []
    for (position, element) in elements.enumerated() {
      let path = "fields[\(position)]"
      guard case .object(let members) = element.value else {
        // TRANSLATORS: after "Spec at line L, column C: "; %1$s is a JSON
        // path ("fields[0]"), %2$s the JSON type given ("a string").
        throw error(element, localized("'%s' must be an object, not %s", path, element.typeDescription))
      }
      var field = TextField()
      for (key, value) in members {
        let text = try string(value, "\(path).\(key)", known: ["label", "placeholder", "text"].contains(key))
        switch key {
        case "label": field.label = text
        case "placeholder": field.placeholder = text
        default: field.text = text
        }
      }
      result.append(field)
    }
    return result
  }

  // MARK: - Typed values

  /// The string `node` holds; `path` (made only for an error: a million
  /// button titles need no million paths) names it in the message.
  private static func string(_ node: JSONNode, _ path: @autoclosure () -> String, known: Bool = true)
    throws(AskError) -> String {
    guard known else {
      let path = path()
      let key = path.split(separator: ".").last.map(String.init) ?? path
      throw error(node, unknownKey(TerminalText.visible(path),
                                   closest: Suggestion.closest(to: key, among: ["label", "placeholder", "text"])))
    }
    guard case .string(let text) = node.value else {
      // TRANSLATORS: after "Spec at line L, column C: "; %1$s is a JSON
      // key or path ("title", "buttons[2]"), %2$s the JSON type given.
      throw error(node, localized("'%s' must be a string, not %s", path(), node.typeDescription))
    }
    return text
  }

  private static func bool(_ node: JSONNode, _ path: String) throws(AskError) -> Bool {
    guard case .bool(let value) = node.value else {
      // TRANSLATORS: after "Spec at line L, column C: "; %1$s is a JSON
      // key, %2$s the JSON type given.
      throw error(node, localized("'%s' must be true or false, not %s", path, node.typeDescription))
    }
    return value
  }

  private static func index(_ node: JSONNode, _ path: String, count: Int) throws(AskError) -> Int {
    // TRANSLATORS: after "Spec at line L, column C: "; %s is a JSON key.
    guard count > 0 else { throw error(node, localized("'%s' needs 'buttons' to index into", path)) }
    guard case .number(let value, _) = node.value, value.rounded() == value, value >= 0,
          value < Double(count) else {
      // TRANSLATORS: after "Spec at line L, column C: "; %1$s is a JSON
      // key, %2$d the last index.
      throw error(node, localized("'%s' must be a whole number from 0 to %d (an index into 'buttons')",
                                  path, String(count - 1)))
    }
    return Int(value)
  }

  /// The one of `cases` whose `name` the string `node` holds.
  private static func choice<T>(_ node: JSONNode, _ path: String, _ cases: [T], _ name: (T) -> String)
    throws(AskError) -> T {
    let words = cases.map(name)
    guard case .string(let word) = node.value, let value = cases.first(where: { name($0) == word }) else {
      // TRANSLATORS: after "Spec at line L, column C: "; %1$s is a JSON
      // key, %2$s its values, each quoted, joined by ", ".
      throw error(node, localized("'%s' must be one of: %s", path, words.map { "'\($0)'" }.joined(separator: ", ")))
    }
    return value
  }

  private static func error(_ node: JSONNode, _ reason: String) -> AskError {
    spec(line: node.line, column: node.column, reason)
  }

  /// `Spec at line L, column C: reason`: the frame of every error in a
  /// spec's JSON (the scanner's too).
  package static func spec(line: Int, column: Int, _ reason: String) -> AskError {
    // TRANSLATORS: %1$d and %2$d are where in the JSON spec, %3$s what is
    // wrong there.
    .invalidAlert(localized("Spec at line %d, column %d: %s", String(line), String(column), reason))
  }

  /// `unknown key 'tilte'. Did you mean 'title'?`
  private static func unknownKey(_ key: String, closest: String?) -> String {
    // TRANSLATORS: after "Spec at line L, column C: "; %1$s is the key
    // given, %2$s the known key it is closest to.
    guard let closest else { return localized("unknown key '%s'", key) }
    return localized("unknown key '%s'. Did you mean '%s'?", key, closest)
  }
}
