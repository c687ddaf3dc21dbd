import AskKit
import CEditLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `ask` command: parse, present each prompt, print, exit — the one
/// place that turns outcomes into exit statuses.
public enum AskCommand {
  /// Runs `ask` with the process's arguments and exits.
  public static func main() -> Never {
    let closed = ask_reserve_standard_fds()
    _ = ask_locale_init()
    let action: Action
    do {
      action = try Invocation.action(for: OptionParser.parse(try arguments()))
    } catch {
      fail(error)
    }
    switch action {
    case .help:
      exit(informational(HelpText.render(), closed: closed))
    case .version:
      exit(informational("ask \(askVersion)\n", closed: closed))
    case .present(let invocation):
      // A closed stdout would swallow the result: say so before asking.
      if closed & 2 != 0 { fail(.io("write the result: standard output is closed", errno: 0)) }
      run(invocation)
    }
  }

  /// Writes `--help` or `--version` text: exit status 0, or 2 with a line
  /// when stdout is closed or the write fails.
  private static func informational(_ text: String, closed: Int32) -> Int32 {
    if closed & 2 != 0 { fail(.io("write to standard output: it is closed", errno: 0)) }
    let error = ResultPrinter.write([.bytes(Array(text.utf8))])
    if error != 0 { fail(.io("write to standard output", errno: error)) }
    return 0
  }

  /// Presents the prompts of `invocation` in order, writing each result as
  /// soon as it is given; stops at the first that does not end with status
  /// 0 and exits with that status (SPEC §3).
  private static func run(_ invocation: Invocation) -> Never {
    let console: TerminalConsole
    do {
      console = try TerminalConsole(answers: invocation.answerSource, color: invocation.color)
    } catch {
      fail(error)
    }
    let presenter = AlertPresenter(console: console)
    do throws(AskError) {
      switch invocation.source {
      case .flags(let alert):
        let response = try presenter.present(alert)
        console.restore()
        write(response, of: alert, invocation)
        exit(ExitStatus(response).rawValue)
      case .jsonFromStandardInput, .jsonFile:
        try presentStream(invocation, presenter: presenter, console: console)
        console.restore()
        exit(ExitStatus.chosen.rawValue)
      }
    } catch .interrupted(let signal) {
      ask_signal_reraise(signal)
    } catch .invalidAnswer(let hint) {
      // One hint line: on stderr, and on the terminal only when stderr
      // does not reach it (SPEC §4).
      if !console.drawsOnStandardError { try? console.draw(hint + "\n") }
      console.restore()
      report(hint)
      exit(ExitStatus.failure.rawValue)
    } catch {
      fail(error)
    }
  }

  /// Presents each object of a JSON spec stream in order (SPEC §3), writing
  /// each result as soon as it is given; returns when the stream ends after
  /// every prompt ended with status 0, and exits at the first that did not.
  /// - Throws: ``AskError/spec(_:)`` for bad JSON or an empty stream; what
  ///   presenting throws.
  private static func presentStream(_ invocation: Invocation, presenter: AlertPresenter,
                                    console: TerminalConsole) throws(AskError) {
    let fd = try specDescriptor(invocation.source)
    // Answer lines may follow each spec on the same stream: then read it
    // byte by byte, and each object's line to its end.
    let sharesStream = fd == console.answerFD
    // A spec typed on the terminal is read in the terminal's own modes
    // (echo, line editing), each object to the end of its line.
    let typed = fd == 0 && isatty(0) == 1
    var scanner = JSONScanner(source: FileByteSource(fd: fd, readsAhead: !sharesStream && !typed))
    var count = 0
    var linesSeen = 0
    while true {
      scanner.skipLines(console.linesRead - linesSeen)
      linesSeen = console.linesRead
      if typed { ask_tty_suspend() }
      guard let object = try scanner.nextObject() else { break }
      if sharesStream || typed { try scanner.finishLine() }
      if typed { ask_tty_hold() }
      var alert = try SpecDecoder.alert(from: object)
      if alert.timeout == nil { alert.timeout = invocation.timeout }
      let response = try presenter.present(alert)
      let status = ExitStatus(response)
      if status != .chosen { console.restore() }
      write(response, of: alert, invocation)
      if status != .chosen { exit(status.rawValue) }
      count += 1
    }
    if count == 0 { throw .spec("The spec stream is empty: no JSON object to ask") }
  }

  /// Writes the result of one prompt at once (unbuffered); a reader that is
  /// gone ends `ask` by SIGPIPE, any other failure by status 2.
  private static func write(_ response: Response, of alert: Alert, _ invocation: Invocation) {
    let error = ResultPrinter.write(ResultPrinter.output(for: response, alert: alert, options: invocation.output))
    // The reader is gone: end by SIGPIPE, as a Unix tool does, unless it was
    // ignored when ask started (then it stays ignored: a failure, status 2).
    if error == EPIPE && ask_signal_was_ignored(SIGPIPE) == 0 { ask_signal_reraise(SIGPIPE) }
    if error != 0 { fail(.io("write the result", errno: error)) }
  }

  /// The descriptor the spec is read from: 0, or the opened `--spec` file.
  private static func specDescriptor(_ source: PromptSource) throws(AskError) -> Int32 {
    guard case .jsonFile(let path) = source else { return 0 }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    var info = stat()
    let error = fd < 0 ? errno : fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR ? EISDIR : 0
    guard error == 0 else {
      throw .usage("Cannot open spec file '\(TerminalText.visible(path))': \(String(cString: strerror(error)))")
    }
    return fd
  }

  /// The arguments without the program name.
  /// - Throws: ``AskError/usage(_:)`` for an argument that is not UTF-8.
  private static func arguments() throws(AskError) -> [String] {
    var result: [String] = []
    for position in 1..<Int(CommandLine.argc) {
      guard let raw = CommandLine.unsafeArgv[position],
            let argument = String(validatingCString: raw) else {
        throw .usage("Argument \(position) is not valid UTF-8")
      }
      result.append(argument)
    }
    return result
  }

  /// Writes `ask: message` on stderr, with anything from the user in it
  /// made visible (SPEC §6).
  private static func report(_ message: String) {
    var line = "ask: " + TerminalText.visible(message) + "\n"
    line.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
  }

  private static func fail(_ error: AskError) -> Never {
    ask_tty_restore()
    report(error.message)
    exit(ExitStatus.failure.rawValue)
  }
}
