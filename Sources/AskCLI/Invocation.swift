import AskCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What goes to standard output (`--print`).
enum PrintMode: String {
  /// The chosen button's title.
  case title
  /// The chosen button's number as shown on screen (1-based).
  case index
  /// One JSON object per prompt.
  case json
  /// Nothing: the exit status says it all (`--print none`, `-q`).
  case none
}

/// How results are written: `--print`, `-0`, `-n`.
struct OutputOptions: Equatable {
  var printMode: PrintMode = .title
  /// `-0`: end each value with NUL instead of LF.
  var nullTerminated = false
  /// `-n`: no terminator after the last value of each prompt's result.
  var omitsLastTerminator = false
  /// `--askpass`: what the caller asked for (a confirm prints `yes`, a
  /// notice nothing); `nil` otherwise.
  var askpass: AskpassPrompt?
}

/// Where the prompts come from.
enum PromptSource: Equatable {
  /// One alert built from the command line, validated, with the index of
  /// its titles the validation built (presented as it is: not validated
  /// and indexed a second time).
  case flags(Alert, titles: TitleIndex)
  /// A stream of JSON spec objects on standard input (`--json`,
  /// `--spec -`).
  case jsonFromStandardInput
  /// A stream of JSON spec objects in a file (`--spec FILE`).
  case jsonFile(String)

  /// The same source: for flags, the same alert (its titles' index is
  /// made from it).
  static func == (a: PromptSource, b: PromptSource) -> Bool {
    switch (a, b) {
    case let (.flags(x, _), .flags(y, _)): x == y
    case (.jsonFromStandardInput, .jsonFromStandardInput): true
    case let (.jsonFile(x), .jsonFile(y)): x == y
    default: false
    }
  }
}

/// What one run of `ask` does, built from its command line.
enum Action: Equatable {
  case help
  case version
  case present(Invocation)
}

/// The prompts to present and how to report them.
struct Invocation: Equatable {
  var source: PromptSource
  var output = OutputOptions()
  var color: ColorMode = .auto
  /// `--answers`; `nil` for the default, which depends on the source.
  var answers: TerminalConsole.AnswerSource?
  /// `--timeout` in seconds for every prompt (a spec's own `timeout` wins);
  /// `nil` for none.
  var timeout: Duration?

  /// Where answers come from: `--answers`, else `/dev/tty` (falling back to
  /// stdin) when stdin carries the spec, else stdin (SPEC §4); for
  /// `--askpass`, `/dev/tty` (stdin is the caller's data, SPEC §7).
  var answerSource: TerminalConsole.AnswerSource {
    if let answers { return answers }
    // A caller's stdin is read only when it is itself a terminal (a
    // setsid'ed caller without /dev/tty whose stdin is the user's).
    if output.askpass != nil { return isatty(0) == 1 ? .terminalOrStandardInput : .terminal }
    return source == .jsonFromStandardInput ? .terminalOrStandardInput : .standardInput
  }

  /// Builds the action for a parsed command line. Buttons from flags are in
  /// spec order: `-d`, then `-b` and positional arguments, then `-c`.
  /// - Throws: ``CommandError/usage(_:)`` for `--sheet` with `--alert`,
  ///   `--json` with `--spec`, or content options with either;
  ///   ``CommandError/prompt(_:)`` with AskKit's `invalidAlert` when the
  ///   alert breaks a rule; ``CommandError/spec(_:)`` when `--default`
  ///   names no button.
  static func action(for options: ParsedOptions) throws(CommandError) -> Action {
    if options.has(.help) { return .help }
    if options.has(.version) { return .version }
    // Pinentry mode reads its own command line (AskCommand), from the first
    // argument: anywhere else --pinentry would be an alert's option.
    if options.has(.pinentry) {
      // TRANSLATORS: '--pinentry' is an option name: it stays as it is.
      throw .usage(localized("Option '--pinentry' must come first: the arguments after it are pinentry's own"))
    }
    if options.has(.passwordAgent) {
      // TRANSLATORS: '--password-agent' is an option name: it stays as it is.
      throw .usage(localized("Option '--password-agent' must come first: the arguments after it are the agent's own"))
    }
    var invocation = Invocation(source: .jsonFromStandardInput)
    if options.has(.quiet) && options.has(.print) {
      // TRANSLATORS: '--quiet', '--print' and '--print none' are what is typed: they stay as they are.
      throw .usage(localized("Options '--quiet' and '--print' cannot be given together: --quiet is --print none"))
    }
    invocation.output.printMode = options.has(.quiet) ? .none : options.value(.print).flatMap(PrintMode.init) ?? .title
    invocation.output.nullTerminated = options.has(.null)
    invocation.output.omitsLastTerminator = options.has(.noNewline)
    invocation.color = options.value(.color).flatMap(ColorMode.init(name:)) ?? .auto
    invocation.answers = options.value(.answers).flatMap(TerminalConsole.AnswerSource.init(option:))
    if let text = options.value(.timeout) {
      let decimal = text.allSatisfy { "0123456789.eE+-".contains($0) }
      guard decimal, let seconds = Double(text), TimeLimit.isValid(seconds: seconds) else {
        // TRANSLATORS: the first %s is the value given; the second says what
        // '--timeout' takes ("a number of seconds, 0 or more (0: no limit)").
        throw .usage(localized("The value '%s' is invalid for '--timeout': expected %s", text, TimeLimit.rule))
      }
      invocation.timeout = TimeLimit.duration(seconds: seconds)
    }
    if let prompt = options.value(.askpass) {
      if let other = optionTable.first(where: { ($0.group == .content || $0.group == .spec) && options.has($0.name) }) {
        // TRANSLATORS: %s is an option that describes the prompt ('--title').
        throw .usage(localized("Option '%s' cannot be used with '--askpass': the caller's prompt is the content", "--" + other.long))
      }
      if let extra = options.positional.first {
        // TRANSLATORS: %s is the extra argument, as given.
        throw .usage(localized("Argument '%s' cannot be given with '--askpass': it takes one prompt", TerminalText.visible(extra)))
      }
      // The caller reads the answer alone: `--print index` would print
      // nothing with status 0, an empty passphrase to ssh and sudo.
      if let given = [OptionName.print, .quiet].first(where: options.has) {
        // TRANSLATORS: %s is '--print' or '--quiet'.
        throw .usage(localized("Option '%s' cannot be used with '--askpass': the caller reads the answer alone", "--" + given.rawValue))
      }
      let kind = AskpassPrompt(prompt: prompt, sshAskpassPrompt: Theme.environment("SSH_ASKPASS_PROMPT"))
      invocation.output.askpass = kind
      var alert = kind.alert(prompt: prompt)
      alert.timeout = invocation.timeout
      let (validated, titles) = try CommandError.prompting { () throws(AskError) in try alert.validatedIndexing() }
      invocation.source = .flags(validated, titles: titles)
    } else if options.has(.json) || options.has(.spec) {
      let given = options.has(.json) ? "--json" : "--spec"
      if options.has(.json) && options.has(.spec) {
        throw .usage(localized("Options '--json' and '--spec' cannot be given together"))
      }
      if let content = optionTable.first(where: { $0.group == .content && options.has($0.name) }) {
        // TRANSLATORS: the first %s is an option that describes the prompt
        // ('--title'), the second '--json' or '--spec'.
        throw .usage(localized("Option '%s' cannot be used with '%s': the spec gives the content", "--" + content.long, given))
      }
      if let button = options.positional.first {
        // TRANSLATORS: the first %s is a button title given as an argument,
        // the second '--json' or '--spec'.
        throw .usage(localized("Button '%s' cannot be given with '%s': the spec gives the buttons", TerminalText.visible(button), given))
      }
      let path = options.value(.spec) ?? "-"
      invocation.source = path == "-" ? .jsonFromStandardInput : .jsonFile(path)
    } else {
      // Validated and indexed as it was built: the time limit is no rule's.
      let (built, titles) = try Self.alert(from: options)
      var alert = built
      alert.timeout = invocation.timeout
      invocation.source = .flags(alert, titles: titles)
    }
    return .present(invocation)
  }

  /// The alert the content options describe, validated, and the index of
  /// its titles the validation built.
  private static func alert(from options: ParsedOptions) throws(CommandError) -> (Alert, titles: TitleIndex) {
    if options.has(.sheet) && options.has(.alert) {
      throw .usage(localized("Options '--sheet' and '--alert' cannot be given together"))
    }
    // The destructive button first, the cancel button last: as titles
    // (``ButtonList``), never an array of buttons.
    let destructive = options.value(.destructive), cancel = options.value(.cancel)
    var buttonTitles = destructive.map { [$0] } ?? []
    buttonTitles += options.values(.button)
    buttonTitles += options.positional
    if let cancel { buttonTitles.append(cancel) }
    var alert = Alert(title: options.value(.title), message: options.value(.message),
                      presentation: options.has(.sheet) ? .actionSheet : .alert)
    alert.buttonList = ButtonList(titles: buttonTitles, cancel: cancel.map { _ in buttonTitles.count - 1 },
                                  destructive: destructive.map { _ in 0 })
    try textEntry(from: options, into: &alert)
    // Taken apart at once: a pair kept whole is destroyed through its
    // tuple type's metadata, which the runtime sets up for it.
    let (validated, titles) = try CommandError.prompting { () throws(AskError) in try alert.validatedIndexing() }
    guard let wanted = options.value(.default) else { return (validated, titles: titles) }
    // Named among the buttons validation settled (an implied OK too); then
    // checked again, as a default may break a rule.
    guard let resolved = validated.settingDefault(named: wanted) else {
      // TRANSLATORS: %s is the value given to '--default'.
      throw .spec(localized("Default '%s' is not a button title or number", TerminalText.visible(wanted)))
    }
    let (again, againTitles) = try CommandError.prompting { () throws(AskError) in try resolved.validatedIndexing() }
    return (again, titles: againTitles)
  }

  /// `-s` and the field options, each checked against the style: a field
  /// option the style has no use for is a usage error naming it.
  private static func textEntry(from options: ParsedOptions, into alert: inout Alert) throws(CommandError) {
    let style = options.value(.style).flatMap(AlertStyle.Kind.init(name:)) ?? .default
    let count = style.fieldCount
    func check(_ setting: TextEntrySetting) throws(CommandError) {
      guard options.has(setting.option), !setting.applies(to: style) else { return }
      // TRANSLATORS: the first %s is an option ('--echo'); the second says
      // which styles it applies to ("a secure field (-s secure or
      // login-password)"); the third is the style given with '-s', which
      // stays as it is.
      throw .usage(localized("Option '%s' applies only to %s, not to style '%s'", "--" + setting.option.rawValue, setting.appliesTo(prefix: "-s ", quoted: false), style.name))
    }
    try check(.label)
    try check(.placeholder)
    try check(.required)
    try check(.text)
    try check(.echo)
    try check(.repeat)
    try check(.pattern)
    // One option at a time, not a loop over an array of them (the only one
    // at start-up, its type's metadata set up by the runtime for it).
    func checkCount(_ option: OptionName) throws(CommandError) {
      if case let given = options.values(option), given.count > count {
        // TRANSLATORS: the first %s is '--label' or '--placeholder', the first
        // %d how many times it was given (always 2 or more), the second %s
        // the style given with '-s', which stays as it is; the second %d
        // is the number of fields the style has, which chooses the form.
        throw .usage(localized("Option '%s' is given %d times, but style '%s' has %d field", plural: "Option '%s' is given %d times, but style '%s' has %d fields", count: count, "--" + option.rawValue, String(given.count), style.name, String(count)))
      }
    }
    try checkCount(.label)
    try checkCount(.placeholder)
    if let text = options.value(.text), let scalar = TerminalText.firstScalarShownOtherwise(in: text) {
      // TRANSLATORS: the first %s is the value given; the second is the
      // character's code point, written U+0009.
      throw .usage(localized("The value '%s' is invalid for '--text': it holds %s, a control or invisible character, which a field cannot edit", TerminalText.visible(text), scalar))
    }
    let labels = options.values(.label), placeholders = options.values(.placeholder)
    // The counts and `--text` were checked above: the style is valid.
    alert.style = AlertStyle(kind: style, labels: labels, placeholders: placeholders, text: options.value(.text))
    alert.secureEcho = options.value(.echo).flatMap(SecureEcho.init(name:)) ?? .masked
    alert.repeatsSecureEntry = options.has(.repeat)
    alert.requiresText = options.has(.required)
    if let pattern = options.value(.pattern) {
      let compiled = TextPattern(text: pattern)
      guard compiled.isValid else {
        // TRANSLATORS: %s is the value given.
        throw .usage(localized("The value '%s' is invalid for '--pattern': not a valid regular expression", pattern))
      }
      alert.textPattern = compiled
    }
  }
}

extension TextEntrySetting {
  /// The option that gives the setting on the command line (`--echo`).
  var option: OptionName {
    switch self {
    case .label: .label
    case .placeholder: .placeholder
    case .required: .required
    case .text: .text
    case .echo: .echo
    case .repeat: .repeat
    case .pattern: .pattern
    }
  }
}
