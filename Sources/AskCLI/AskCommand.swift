import AskCore
import CShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `ask` command: parse, present each prompt, print, exit — the one
/// place that ends the process, with the ``ExitStatus`` of what happened.
public enum AskCommand {
  /// Runs `ask` with the process's arguments and exits.
  public static func main() -> Never {
    let closed = ask_reserve_standard_fds()
    ask_unblock_signals()
    ask_default_fault_actions()
    let action: Action
    do {
      let given = try arguments()
      // pinentry's own command line (gpg-agent passes --display, …), not ask's.
      // `pinentry` is the name the Debian package's alternative gives it.
      if isRunAs("ask-pinentry") || isRunAs("pinentry") || given.first == "--pinentry" {
        finish(Pinentry.run(arguments: given))
      }
      // The agent's own command line: its modes are not ask's options.
      if isRunAs("ask-password-agent") || given.first == "--password-agent" {
        finish(PasswordAgent.run(arguments: given.first == "--password-agent" ? Array(given.dropFirst()) : given))
      }
      action = try Invocation.action(for: OptionParser.parse(helperArguments(given)))
    } catch {
      finish(failed(error, console: nil))
    }
    // The action is gone before the exit: a live `Regex` (--pattern) is
    // held through tagged pointers LeakSanitizer cannot follow, and would
    // read as a leak at the exit.
    finish(status(of: consume action, closed: closed))
  }

  /// Carries `action` out and returns how `ask` ends; what it made is freed
  /// when this returns.
  private static func status(of action: consuming Action, closed: Int32) -> ExitStatus {
    switch action {
    case .help:
      return informational(HelpText.render(), closed: closed)
    case .version:
      return informational("ask \(askVersion)\n", closed: closed)
    case .present(let invocation):
      // A closed stdout would swallow the result: say so before asking.
      if closed & 2 != 0 {
        // TRANSLATORS: what cannot be done, after "Cannot ".
        return failed(.prompt(.io(operation: localized("write the result: standard output is closed"), reason: nil)), console: nil)
      }
      return run(invocation)
    }
  }

  /// Ends `ask` with `status`: input typed ahead on the terminal is
  /// discarded (SPEC §5), then the process exits with the status's code, or
  /// dies by its signal.
  private static func finish(_ status: ExitStatus) -> Never {
    ask_discard_pending_input()
    if case .signal(let number) = status { ask_die_by(number) }
    exit(status.code)
  }

  /// Writes `--help` or `--version` text: status 0, or 2 with a line when
  /// stdout is closed or the write fails.
  static func informational(_ text: String, closed: Int32) -> ExitStatus {
    if closed & 2 != 0 {
      // TRANSLATORS: what cannot be done, after "Cannot ".
      return failed(.prompt(.io(operation: localized("write to standard output: it is closed"), reason: nil)), console: nil)
    }
    var signo: Int32 = 0
    var text = text
    let status = text.withUTF8 { ask_write_all(nil, 1, $0.baseAddress, $0.count, &signo) }
    if status == 0 { return .chosen }
    let error = errno  // before the catalogue is looked up
    // TRANSLATORS: what cannot be done, after "Cannot " (the system's reason follows).
    return failed(.prompt(.io(operation: localized("write to standard output"), reason: SystemError(code: error))), console: nil)
  }

  /// Presents the prompts of `invocation` in order, writing each result as
  /// soon as it is given; stops at the first that does not end with status
  /// 0 (SPEC §3). Returns the status to exit with, the terminal session
  /// ended.
  private static func run(_ invocation: Invocation) -> ExitStatus {
    let console: TerminalConsole
    let standardInputClosed = ask_reserve_standard_fds() & 1 != 0
    // A spec to be read from a closed stdin is the spec's failure, named
    // before anything else is tried (not "empty", not the answer's).
    if standardInputClosed, case .jsonFromStandardInput = invocation.source {
      // TRANSLATORS: what cannot be done, after "Cannot ".
      return failed(.prompt(.io(operation: localized("read the spec: standard input is closed"), reason: nil)), console: nil)
    }
    do {
      console = try TerminalConsole(answers: invocation.answerSource, color: invocation.color,
                                    standardInputClosed: standardInputClosed)
      // Signals are handled from the first wait (for a spec too) or the
      // hold, when the first prompt is drawn; before, their default
      // actions end `ask` at once, with nothing held.
      try console.begin()
      // A signal that stops reading, decoding, validating or laying out a
      // spec ends `ask` right there, by the same way out as anywhere, so
      // a million buttons are not taken apart first (SPEC §6: no wait).
      Interruption.ending = { signal in finish(failed(.prompt(.interrupted(by: Signal(signal))), console: console)) }
    } catch {
      // An askpass with no terminal: one line and 1, so the caller falls
      // back to its own prompt (SPEC §7).
      if invocation.output.askpass != nil, error == .noTerminal {
        report(error.description)
        return .cancelled
      }
      return failed(.prompt(error), console: nil)
    }
    let presenter = AlertPresenter(console: console)
    do throws(CommandError) {
      switch invocation.source {
      case .flags(let alert, let titles):
        let response = try CommandError.prompting { () throws(AskError) in
          try presenter.present(validated: alert, titles: titles)
        }
        // A signal that came with the answer wins over the answer.
        let delivered = console.endSession()
        if delivered != 0 { return .signal(delivered) }
        try CommandError.prompting { () throws(AskError) in try write(response, of: alert, invocation, console: console) }
        return ExitStatus(response)
      case .jsonFromStandardInput, .jsonFile:
        return try presentStream(invocation, presenter: presenter, console: console)
      }
    } catch {
      return failed(error, console: console)
    }
  }

  /// Presents each object of a JSON spec stream in order (SPEC §3), writing
  /// each result as soon as it is given; returns at the end of the stream
  /// (0: every prompt ended with status 0) or at the first prompt that did
  /// not end with 0, with its status. `--timeout` limits each wait for an
  /// object.
  /// - Throws: ``CommandError/spec(_:)`` for an empty stream;
  ///   ``CommandError/specTimedOut(after:)``; AskKit's errors for bad JSON
  ///   (`invalidAlert`) and what presenting throws, as
  ///   ``CommandError/prompt(_:)``.
  private static func presentStream(_ invocation: Invocation, presenter: AlertPresenter,
                                    console: TerminalConsole) throws(CommandError) -> ExitStatus {
    let fd = try specDescriptor(invocation.source)
    // Answer lines may follow each spec on the same stream: then read it
    // byte by byte, and each object's line to its end.
    let sharesStream = fd == console.answerFD
    // A spec typed on the terminal is read in the terminal's own modes
    // (echo, line editing), each object to the end of its line.
    let typed = fd == 0 && isatty(0) == 1
    let source = FileByteSource(fd: fd, readsAhead: !sharesStream && !typed, console: console)
    var scanner = JSONScanner(source: source)
    var count = 0
    do throws(AskError) {
      if let status = try presentEach(invocation, scanner: &scanner, source: source, sharesStream: sharesStream,
                                      typed: typed, presenter: presenter, console: console, count: &count) {
        return status
      }
    } catch {
      // The source's deadline passed: the `--timeout` for a spec.
      if source.timedOut { throw .specTimedOut(after: invocation.timeout ?? .zero) }
      throw .prompt(error)
    }
    if count == 0 { throw .spec(localized("The spec stream is empty: no JSON object to ask")) }
    let delivered = console.endSession()
    return delivered != 0 ? .signal(delivered) : .chosen
  }

  /// The loop of ``presentStream(_:presenter:console:)``: each object of
  /// the stream decoded, presented and its result written; the status of
  /// the first prompt that did not end with 0, or `nil` at the end of the
  /// stream (`count` prompts asked).
  private static func presentEach(_ invocation: Invocation, scanner: inout JSONScanner, source: FileByteSource,
                                  sharesStream: Bool, typed: Bool, presenter: AlertPresenter,
                                  console: TerminalConsole, count: inout Int) throws(AskError) -> ExitStatus? {
    var linesSeen = 0
    while true {
      // Answer lines read from the spec's own stream count in its positions
      // (from another stream, as with --spec FILE --answers stdin, never).
      if sharesStream { scanner.skipLines(console.linesRead - linesSeen) }
      linesSeen = console.linesRead
      if typed { console.releaseTerminal() }  // held again when the prompt is drawn
      source.deadline = AlertPresenter.deadline(after: invocation.timeout).map { ($0, invocation.timeout ?? .zero) }
      let decoded: SpecDecoder.Decoded
      do {  // the JSON tree goes before the prompt is drawn
        guard let object = try scanner.nextObject() else { break }
        // The previous prompt's model goes once another follows (the last
        // one is never taken apart).
        KeptPrompt.last = nil
        if sharesStream || typed { try scanner.finishLine() }
        // An answer line is named by its number in the stream it shares.
        if sharesStream { console.linesReadElsewhere = scanner.linesTaken }
        decoded = try SpecDecoder.validatedAlert(from: object)
      }
      var alert = decoded.alert
      // `--timeout` was checked when parsed: the alert stays valid.
      if !decoded.hasTimeout { alert.timeout = invocation.timeout }
      let response = try presenter.present(validated: alert, titles: decoded.titles)
      // Kept past the exit: a million buttons are not freed one by one
      // after the answer is known.
      // Its pattern is not: a `Regex`'s parts are held through tagged
      // pointers LeakSanitizer cannot follow, so a live one at the exit
      // reads as a leak.
      var kept = alert
      kept.pattern = nil
      KeptPrompt.last = (kept, decoded.titles)
      let status = ExitStatus(response)
      if status != .chosen {
        let delivered = console.endSession()
        if delivered != 0 { return .signal(delivered) }
      }
      try write(response, of: alert, invocation, console: console)
      if status != .chosen { return status }
      count += 1
    }
    return nil
  }

  /// Writes the result of one prompt at once (unbuffered).
  /// - Throws: as ``TerminalConsole/writeOutput(_:asJSONString:)``.
  private static func write(_ response: PromptResult, of alert: Alert, _ invocation: Invocation,
                            console: TerminalConsole) throws(AskError) {
    try ResultPrinter.write(ResultPrinter.output(for: response, alert: alert, options: invocation.output),
                            to: console)
  }

  /// Ends the terminal session after `error` and reports it: the status to
  /// exit with. A signal that arrived (or the one of `.interrupted`) ends
  /// `ask` by it, quietly; a reader of the result that is gone ends it by
  /// SIGPIPE, as a Unix tool, unless SIGPIPE was ignored when `ask` started
  /// (it stays ignored: a failure, 2). An unrecognised piped answer's hint
  /// is drawn on the terminal too when stderr does not reach it (SPEC §4).
  private static func failed(_ error: CommandError, console: TerminalConsole?) -> ExitStatus {
    if case .prompt(.invalidAnswer(let hint)) = error, let console, !console.drawsOnStandardError {
      try? console.draw(hint + "\n")
    }
    let delivered = console?.endSession() ?? 0
    if delivered != 0 { return .signal(delivered) }
    if case .prompt(.io(_, let reason?)) = error, reason.code == EPIPE, ask_signal_is_ignored(SIGPIPE) == 0 {
      return .signal(SIGPIPE)
    }
    if case .prompt(.interrupted) = error {} else { report(error.message) }
    return ExitStatus(error)
  }

  /// The descriptor the spec is read from: 0, or the opened `--spec` file.
  private static func specDescriptor(_ source: PromptSource) throws(CommandError) -> Int32 {
    guard case .jsonFile(let path) = source else { return 0 }
    // Non-blocking: a FIFO without a writer yet is opened at once and
    // waited on (poll), so signals and --timeout act while it is awaited.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    var info = stat()
    let error = fd < 0 ? errno : fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR ? EISDIR : 0
    guard error == 0 else {
      // TRANSLATORS: the first %s is the file name given to '--spec', the
      // second the system's reason (strerror).
      throw .usage(localized("Cannot open spec file '%s': %s", TerminalText.visible(path), String(cString: ask_message_error(error))))
    }
    return fd
  }

  /// `arguments` as the name `ask` was run under asks: `ask-askpass
  /// PROMPT` is `ask --askpass PROMPT` (ssh, git and sudo run their helper
  /// with the prompt as its only argument), and so is `ssh-askpass PROMPT`,
  /// the name the Debian package's alternative gives it (ssh's default).
  private static func helperArguments(_ arguments: [String]) -> [String] {
    guard isRunAs("ask-askpass") || isRunAs("ssh-askpass") else { return arguments }
    return ["--askpass", arguments.first ?? ""] + arguments.dropFirst()
  }

  /// Whether `ask` was run under the file name `name` (`ask-askpass`,
  /// `ask-pinentry`, `ask-password-agent`, `ssh-askpass`, `pinentry`): compared in C, on every start (a String split of the
  /// path cost 11 k instructions).
  private static func isRunAs(_ name: StaticString) -> Bool {
    let (count, vector) = argumentVector
    guard count > 0, let program = vector[0] else { return false }
    let base = strrchr(program, Int32(UInt8(ascii: "/"))).map { $0 + 1 } ?? program
    return name.withUTF8Buffer { wanted in
      wanted.withMemoryRebound(to: CChar.self) { strcmp(base, $0.baseAddress!) == 0 && strlen(base) == wanted.count }
    }
  }

  /// The process's argument vector, `count` entries and a null pointer:
  /// as the C shim kept it (glibc), else CommandLine's. Not CommandLine
  /// everywhere: the standard library makes its vector lazily behind a
  /// once-flag, code and a page a prompt touched for nothing else, three
  /// page faults before the prompt (issue 27).
  private static var argumentVector: (count: Int, vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) {
    var count: Int32 = 0
    if let vector = ask_argument_vector(&count) { return (Int(count), vector) }
    return (Int(CommandLine.argc), CommandLine.unsafeArgv)
  }

  /// The arguments without the program name.
  /// - Throws: ``CommandError/usage(_:)`` for an argument that is not UTF-8.
  private static func arguments() throws(CommandError) -> [String] {
    let (count, vector) = argumentVector
    var result: [String] = []
    result.reserveCapacity(count)  // not grown (and copied) an argument at a time
    for position in 1..<max(1, count) {
      guard let raw = vector[position],
            let argument = String(validatingCString: raw) else {
        // TRANSLATORS: %d is the argument's position on the command line (1 is the first).
        throw .usage(localized("Argument %d is not valid UTF-8", String(position)))
      }
      result.append(argument)
    }
    return result
  }

  /// Writes `ask: message` on stderr, with anything from the user in it
  /// made visible (SPEC §6).
  static func report(_ message: String) {
    var line = "ask: " + TerminalText.visible(message) + "\n"
    var signo: Int32 = 0
    line.withUTF8 { _ = ask_write_all(nil, 2, $0.baseAddress, $0.count, &signo) }
  }
}

/// The model of the last prompt of a stream, never freed: the process
/// exits right after its answer, and taking a million buttons apart would
/// only delay that.
enum KeptPrompt {
  /// The alert presented last, with its title index.
  nonisolated(unsafe) static var last: (alert: Alert, titles: TitleIndex)?
}
