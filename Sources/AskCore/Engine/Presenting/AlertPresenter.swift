import CShim

/// The presenting loop: draw the alert, read what it asks — buttons, text
/// fields, secrets — and return the ``PromptResult`` (the handler is run by
/// ``Alert/present(on:)``, once the terminal is given back).
///
/// On a terminal an unrecognised answer gets one hint line and the answer
/// line again (the list is not drawn again); from a pipe it ends the prompt
/// with ``AskError/invalidAnswer(_:)``, which carries the hint for the
/// caller to show once. End of input is a cancel.
///
/// ```text
/// Pick
///   1) Alpha
///   2) Beta
/// Choice [1-2, Ctrl-D = cancel]: 9
/// No button matches '9': type a number from 1 to 2 or a title.
/// Choice [1-2, Ctrl-D = cancel]: b
/// ```
///
/// A text style asks its fields in order — Enter in the last submits (the
/// implied `OK`), Ctrl-D on an empty field cancels the whole prompt (the
/// implied `Cancel`) — and then, if the alert has buttons, the buttons:
///
/// ```text
/// Sign in
/// (Enter = OK, Ctrl-D = cancel)
/// Login (alice@example.com): alice
/// Password: ********
/// ```
///
/// With a ``Alert/timeout``, a buttons-only prompt chooses its default when
/// time runs out (``PromptResult/Outcome/timedOut``), or ends with
/// ``PromptResult/timedOutWithoutChoice``; a text style never submits on a
/// timeout.
package struct AlertPresenter {
  /// Where the alert is drawn and answered.
  package let console: any PromptDevice

  /// Makes a presenter on `console`.
  package init(console: any PromptDevice) { self.console = console }

  /// The deadline `limit` from now on the C shim's clock (`ask_now_ms`,
  /// CLOCK_MONOTONIC milliseconds — not ContinuousClock, whose module,
  /// Swift Concurrency, `ask` does not link), or `nil` for no limit
  /// (`nil`); a limit of zero or less is now.
  package static func deadline(after limit: Duration?) -> Int64? {
    guard let limit else { return nil }
    return ask_now_ms() + TimeLimit.milliseconds(limit)
  }

  /// Presents `alert` and returns how it was answered.
  /// - Throws: ``AskError/invalidAlert(_:)`` when the alert breaks a rule (nothing
  ///   is drawn then); ``AskError/invalidAnswer(_:)``,
  ///   ``AskError/interrupted(by:)`` and ``AskError/io(operation:reason:)`` as
  ///   ``Console`` throws them.
  package func present(_ alert: Alert) throws(AskError) -> PromptResult {
    let (alert, titles) = try alert.validatedIndexing()
    return try present(validated: alert, titles: titles)
  }

  /// Presents `alert` and returns the public ``Response``.
  /// - Throws: as ``present(_:)``.
  package func respond(to alert: Alert) throws(AskError) -> Response {
    let (alert, titles) = try alert.validatedIndexing()
    return try present(validated: alert, titles: titles).response(for: alert)
  }

  /// Presents `alert`, already validated, whose titles `titles` indexes
  /// (both from ``Alert/validatedIndexing()``: a spec's decoder validates
  /// it, and a million titles are not checked twice).
  package func present(validated alert: Alert, titles: TitleIndex) throws(AskError) -> PromptResult {
    let deadline = Self.deadline(after: alert.timeout)
    // Another prompt on the terminal: its turn first. When the time runs
    // out meanwhile, the alert times out unseen (its default, if any, as
    // for any timeout), and nothing is drawn: the terminal is not ours.
    guard try console.takeTurn(until: deadline) else {
      if alert.style.kind == .default, let index = alert.defaultButtonIndex {
        return .chose(index, in: alert, outcome: .timedOut)
      }
      return .timedOutWithoutChoice
    }
    let response = try ask(alert, titles: titles, deadline: deadline)
    // A timeout says so, on a line of its own (SPEC §5).
    if response.outcome == .timedOut { try console.draw(AlertLayout.timeoutNotice(response) + "\n") }
    return response
  }

  /// Asks `alert` (validated; its buttons' `titles`): the header, the
  /// fields, the buttons.
  private func ask(_ alert: Alert, titles: TitleIndex, deadline: Int64?) throws(AskError) -> PromptResult {
    // A style that asks a secret makes the process non-dumpable from its
    // start (SPEC §6), while the login of login-password is typed too: an
    // empty secret is held until the prompt ends (the secret read then
    // holds it on).
    let kind = alert.style.kind
    let asksSecret = (0..<kind.fieldCount).contains { kind.isSecureField($0) }
    let hold = asksSecret ? SecretText() : nil
    defer { withExtendedLifetime(hold) {} }
    // Keys typed before a secure prompt were echoed in clear: drop them
    // before anything is drawn (SPEC §5).
    if kind.isSecureField(0) { console.discardTypeahead() }
    let size = console.size  // one TIOCGWINSZ for the header and the buttons
    let header = AlertLayout.header(alert, theme: console.theme, width: size.columns)
    guard kind != .default else {
      return try chooseButton(alert, titles: titles, deadline: deadline, above: header,
                              aboveIsDrawn: false, defaultOnTimeout: true, size: size)
    }
    // Drawn with the first field's prompt, in its write.
    var above = header
    // What a redraw after Ctrl-Z shows: the header and the fields so far.
    var shown = header
    var values = PromptResult(.chosen, title: Alert.impliedButtonTitle, role: .other)
    values.isImpliedButton = true
    for index in 0..<kind.fieldCount {
      let field = alert.style.field(at: index)
      let label = field.label ?? kind.defaultLabels[index]
      let prompt = AlertLayout.fieldPrompt(label: label, placeholder: field.placeholder, theme: console.theme)
      if kind.isSecureField(index) {
        switch try readSecret(alert, prompt: prompt, label: label, deadline: deadline, redraw: shown, above: above) {
        case .value(let secret):
          values.secret = secret
          // Text shown as typed is not kept for a redraw: it would be a String.
          shown += prompt + (alert.showsSecretText ? "" : alert.secureEcho.mask(secret.characterCount)) + "\n"
        case .cancelled: return .endOfInput(in: alert)
        case .timedOut: return .timedOutWithoutChoice
        }
      } else {
        switch try readText(alert, field: field, prompt: prompt, deadline: deadline, redraw: shown, above: above) {
        case .value(let text):
          if kind == .loginAndPasswordInput { values.login = text } else { values.text = text }
          shown += prompt + TerminalText.visible(text) + "\n"
        case .cancelled: return .endOfInput(in: alert)
        case .timedOut: return .timedOutWithoutChoice
        }
      }
      above = ""  // drawn with the first field
    }
    guard !alert.buttonList.isEmpty else { return values }
    var response = try chooseButton(alert, titles: titles, deadline: deadline, above: shown,
                                    aboveIsDrawn: true, defaultOnTimeout: false)
    if response.outcome == .chosen && response.role != .cancel {
      response.text = values.text
      response.login = values.login
      response.secret = values.secret
    }
    return response
  }

  // MARK: - Buttons

  /// Draws the buttons (a page of them) below `above` (drawn with them and
  /// their answer line, in one write, unless `aboveIsDrawn`), and reads
  /// answers until one chooses a button. `size`: the terminal's, when
  /// just read (`nil`: read now).
  private func chooseButton(_ alert: Alert, titles: TitleIndex, deadline: Int64?, above: String,
                            aboveIsDrawn: Bool, defaultOnTimeout: Bool,
                            size known: TerminalSize? = nil) throws(AskError) -> PromptResult {
    let reserved = AlertLayout.lineCount(above) + 2
    var size = known ?? console.size
    var layout = try ButtonListLayout(alert: alert, theme: console.theme, size: size, reservedRows: reserved)
    // Found once: nothing walks the buttons once an answer is typed.
    let order = alert.screenOrder
    var page = 0
    // A filter's matches while they are shown (their pages turn then), or
    // nil for the whole list.
    var matches: [Int]?
    var list = try layout.render(page: page)
    // The list is drawn with its answer line, in one write.
    var request = LineRequest(prompt: AlertLayout.prompt(for: alert), completingButtons: AlertReference(alert),
                              deadline: deadline, above: (aboveIsDrawn ? "" : above) + list)
    while true {
      request.redraw = above + list
      let read = try console.readLine(request)
      request.above = ""
      switch read {
      case .endOfInput:
        return .endOfInput(in: alert, order: order)
      case .timedOut:
        guard defaultOnTimeout, let index = alert.defaultButtonIndex else { return .timedOutWithoutChoice }
        return .chose(index, in: alert, order: order, outcome: .timedOut)
      case .line(let answer):
        let pages = try pageCount(layout, matches)
        let match = AnswerMatcher.match(answer, in: alert, titles: titles, order: order, pageCount: pages,
                                        filters: layout.filters)
        switch match {
        case .button(let index):
          return .chose(index, in: alert, order: order)
        case .unrecognized(let hint):
          try hintOrThrow(hint)
        case .nextPage, .previousPage, .filter:
          // From a pipe, paging and filtering are unrecognised answers.
          guard console.isInteractive else {
            // TRANSLATORS: a piped answer that would page or filter a long
            // list (which only a person at a terminal can do); %s is the
            // answer.
            throw .invalidAnswer(TerminalText.trimmed(answer).isEmpty
              ? localized("An empty answer chooses no button: give a number or a title.")
              : localized("'%s' chooses no button: give a number or a title.", TerminalText.shortened(answer)))
          }
          if console.size != size {  // the window was resized: lay out anew
            size = console.size
            layout = try ButtonListLayout(alert: alert, theme: console.theme, size: size, reservedRows: reserved)
          }
          if case .filter(let positions) = match {
            matches = positions
            page = 0
          } else {
            let count = try pageCount(layout, matches)
            page = (min(page, count - 1) + (match == .nextPage ? 1 : count - 1)) % count
          }
          if let matches {
            list = try layout.render(positions: matches, page: page)
          } else {
            list = try layout.render(page: page)
          }
          request.above = list
        }
      }
    }
  }

  /// The pages of `layout`'s whole list, or of a filter's `matches`.
  private func pageCount(_ layout: ButtonListLayout, _ matches: [Int]?) throws(AskError) -> Int {
    guard let matches else { return layout.pageCount }
    return try layout.pageCount(of: matches)
  }

  // MARK: - Text fields

  /// How reading a field ended.
  private enum Outcome<Value> {
    case value(Value)
    case cancelled
    case timedOut
  }

  /// A plain field, asked again until it is valid; `above` (the header, for
  /// the first field) is drawn with its first prompt.
  private func readText(_ alert: Alert, field: TextField, prompt: String, deadline: Int64?,
                        redraw: String, above: String) throws(AskError) -> Outcome<String> {
    var request = LineRequest(prompt: prompt, initialText: field.text, deadline: deadline, redraw: redraw,
                              above: above)
    while true {
      let read = try console.readLine(request)
      request.above = ""
      switch read {
      case .endOfInput:
        return .cancelled
      case .timedOut:
        return .timedOut
      case .line(let text):
        if alert.requiresText && TerminalText.trimmed(text).isEmpty {
          try hintOrThrow(localized("This field cannot be empty."))
        } else if let pattern = alert.textPattern, let regex = pattern.regex {
          let shown = TerminalText.shortened(text), named = pattern.text.map(TerminalText.visible)
          switch try match(text, regex, deadline: deadline) {
          case .matches: return .value(text)
          case .doesNotMatch:
            // TRANSLATORS: %1$s is the text typed, %2$s the field's
            // regular expression.
            try hintOrThrow(named.map { localized("'%s' does not match the pattern '%s'.", shown, $0) }
              // TRANSLATORS: %s is the text typed (the field's pattern was
              // given as a compiled Swift Regex, which cannot be shown).
              ?? localized("'%s' does not match the field's pattern.", shown))
          case .timedOut: return .timedOut
          case .gaveUp:
            // TRANSLATORS: %1$s is the text typed, %2$s the field's
            // regular expression, %3$d the seconds the check was given.
            try hintOrThrow(named.map { localized(
              "'%s' could not be checked against the pattern '%s' in %d s (it backtracks too much: simplify it).",
              shown, $0, String(Self.patternSeconds)) }
              // TRANSLATORS: %1$s is the text typed, %2$d the seconds the
              // check against the field's pattern was given.
              ?? localized("'%s' could not be checked against the field's pattern in %d s (it backtracks too much: simplify it).",
                           shown, String(Self.patternSeconds)))
          }
        } else {
          return .value(text)
        }
        request.initialText = text  // edit what was typed
      }
    }
  }

  /// A secure field (twice with ``Alert/repeatsSecureEntry``), asked again
  /// until valid; `above` as for ``readText``. Hints never quote the secret.
  private func readSecret(_ alert: Alert, prompt: String, label: String, deadline: Int64?,
                          redraw: String, above: String) throws(AskError) -> Outcome<SecretText> {
    var above = above
    // TRANSLATORS: the label of the second entry of a secret that is asked
    // twice; %s is the field's label ("Password (again): ").
    let again = AlertLayout.fieldPrompt(label: localized("%s (again)", label), placeholder: nil, theme: console.theme)
    while true {
      let first: SecretText
      let read = try console.readSecret(SecretRequest(prompt: prompt, echo: alert.secureEcho,
                                                      showsText: alert.showsSecretText, deadline: deadline,
                                                      redraw: redraw, above: above))
      above = ""
      switch read {
      case .secret(let secret): first = secret
      case .endOfInput: return .cancelled
      case .timedOut: return .timedOut
      }
      if alert.requiresText && first.isEmpty {
        try hintOrThrow(localized("This field cannot be empty."))
        continue
      }
      guard alert.repeatsSecureEntry else { return .value(first) }
      switch try console.readSecret(SecretRequest(prompt: again, echo: alert.secureEcho, showsText: alert.showsSecretText,
                                                  deadline: deadline, redraw: redraw)) {
      case .secret(let second):
        if first == second { return .value(first) }
        first.wipe()
        second.wipe()
        try hintOrThrow(localized("The two entries do not match."))
      case .endOfInput: return .cancelled
      case .timedOut: return .timedOut
      }
    }
  }

  /// What matching a field's text against ``Alert/pattern`` gave.
  private enum PatternMatch { case matches, doesNotMatch, gaveUp, timedOut }

  /// The longest a `--pattern` match may take (SPEC §6).
  static let patternSeconds = 2

  /// A text and a pattern for the child that matches them.
  private final class PatternJob {
    let text: String, pattern: Regex<AnyRegexOutput>
    init(text: String, pattern: Regex<AnyRegexOutput>) { (self.text, self.pattern) = (text, pattern) }
  }

  /// Matches `text` against `pattern` (Swift `Regex`, the whole text) in a
  /// child process (`ask_run_in_child`), for at most ``patternSeconds`` or
  /// until `deadline`: a backtracking match cannot be cancelled in process
  /// (a cancelled `(a*)*b` on 26 `a` ran on for 20 s), and a thread left
  /// to run would burn a host's CPU; a child is killed. A terminating
  /// signal kills it too and is thrown.
  ///
  /// The child is forked from a process that may have other threads (a
  /// host's, the concurrency pool's, an `async` prompt's), and runs Swift
  /// code — not async-signal-safe — with no exec: only the forking thread
  /// goes on in it, and a lock another thread held at the fork stays held
  /// there. Checked and kept safe so: glibc's fork leaves malloc and stdio
  /// consistent in the child; the pattern is matched once against the
  /// empty text here in the parent, so the child's match finds the
  /// runtime's type metadata and conformances already made and takes none
  /// of the runtime's locks to make them; and should it ever block, it is
  /// killed at the same time limit as a match that runs on (the hint then
  /// says the pattern gave up), never a hang. A library that could exec a
  /// helper would need none of this; AskKit ships none.
  private func match(_ text: String, _ pattern: Regex<AnyRegexOutput>, deadline: Int64?) throws(AskError) -> PatternMatch {
    let limit = ask_now_ms() + Int64(Self.patternSeconds) * 1000
    let until = deadline.map { min($0, limit) } ?? limit
    _ = try? pattern.wholeMatch(in: "")
    let job = Unmanaged.passRetained(PatternJob(text: text, pattern: pattern))
    defer { job.release() }
    var signo: Int32 = 0
    let result = ask_run_in_child(Interruption.session, { context in
      guard let context else { return 0 }
      let job = Unmanaged<PatternJob>.fromOpaque(context).takeUnretainedValue()
      return (try? job.pattern.wholeMatch(in: job.text)) != nil ? 1 : 0
    }, job.toOpaque(), until, &signo)
    switch Int(result) {
    case ASK_CHILD_TRUE: return .matches
    case ASK_CHILD_FALSE: return .doesNotMatch
    case ASK_CHILD_SIGNAL: throw .interrupted(by: Signal(signo))
    case ASK_CHILD_TIMEOUT: return deadline.map { ask_now_ms() >= $0 } == true ? .timedOut : .gaveUp
    default: return .gaveUp  // no child to match in
    }
  }

  /// On a terminal: draws the hint (the caller asks again). From a pipe:
  /// throws it.
  private func hintOrThrow(_ hint: String) throws(AskError) {
    guard console.isInteractive else { throw .invalidAnswer(hint) }
    try console.draw(TerminalText.wrapped(hint, width: console.size.columns).map { $0 + "\n" }.joined())
  }
}
