import AskKit

/// What goes to standard output (`--print`).
enum PrintMode: String {
  /// The chosen button's title.
  case title
  /// The chosen button's number as shown on screen (1-based).
  case index
  /// One JSON object per prompt.
  case json
}

/// What one run of `ask` does, built from its command line.
enum Action: Equatable {
  case help
  case version
  case present(Invocation)
}

/// A prompt to present and how to report it.
struct Invocation: Equatable {
  var alert: Alert
  var printMode: PrintMode = .title
  /// `-0`: end each value with NUL instead of LF.
  var nullTerminated = false
  /// `-n`: no terminator after the last value.
  var omitsLastTerminator = false
  var color: ColorMode = .auto
  var answers: TerminalConsole.AnswerSource = .automatic

  /// Builds the action for a parsed command line. Buttons are in spec
  /// order: `-d`, then `-b` and positional arguments, then `-c`.
  /// - Throws: ``AskError/usage(_:)`` for `--sheet` with `--alert`;
  ///   ``AskError/spec(_:)`` when the alert breaks a rule (see
  ///   `Alert.validated()`) or `--default` names no button.
  static func action(for options: ParsedOptions) throws(AskError) -> Action {
    if options.has("help") { return .help }
    if options.has("version") { return .version }
    if options.has("sheet") && options.has("alert") {
      throw .usage("Options '--sheet' and '--alert' cannot be given together")
    }
    var buttons: [Button] = []
    if let title = options.value("destructive") { buttons.append(Button(title, role: .destructive)) }
    for title in (options.values["button"] ?? []) + options.positional {
      buttons.append(Button(title))
    }
    if let title = options.value("cancel") { buttons.append(Button(title, role: .cancel)) }
    var alert = Alert(title: options.value("title"), message: options.value("message"),
                      buttons: buttons,
                      presentation: options.has("sheet") ? .actionSheet : .alert)
    alert = try alert.validated()
    if let wanted = options.value("default") {
      alert.defaultButtonIndex = try defaultIndex(wanted, in: alert)
      alert = try alert.validated()
    }
    var invocation = Invocation(alert: alert)
    invocation.printMode = options.value("print").flatMap(PrintMode.init) ?? .title
    invocation.nullTerminated = options.has("null")
    invocation.omitsLastTerminator = options.has("no-newline")
    invocation.color = options.value("color").flatMap(ColorMode.init) ?? .auto
    invocation.answers = options.value("answers").flatMap(TerminalConsole.AnswerSource.init)
      ?? .automatic
    return .present(invocation)
  }

  /// `--default`: a title (case-folded), or a screen number when no title
  /// matches.
  private static func defaultIndex(_ wanted: String, in alert: Alert) throws(AskError) -> Int {
    if let index = alert.buttons.firstIndex(where: { $0.title.lowercased() == wanted.lowercased() }) {
      return index
    }
    if let number = Int(wanted), alert.screenOrder.indices.contains(number - 1) {
      return alert.screenOrder[number - 1]
    }
    throw .spec("Default '\(TerminalText.visible(wanted))' is not a button title or number")
  }
}
