import AskKit
import CEditLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `ask` command: parse, present, print, exit — the one place that
/// turns outcomes into exit statuses.
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
      exit(ResultPrinter.write(Array(HelpText.render().utf8)) == 0 ? 0 : 2)
    case .version:
      exit(ResultPrinter.write(Array("ask \(askVersion)\n".utf8)) == 0 ? 0 : 2)
    case .present(let invocation):
      // A closed stdout would swallow the result: say so before asking.
      if closed & 2 != 0 { fail(.io("write the result: standard output is closed", errno: EBADF)) }
      run(invocation)
    }
  }

  private static func run(_ invocation: Invocation) -> Never {
    let console: TerminalConsole
    let response: Response
    do {
      console = try TerminalConsole(answers: invocation.answers, color: invocation.color)
    } catch {
      fail(error)
    }
    do {
      response = try AlertPresenter(console: console).present(invocation.alert)
    } catch .interrupted(let signal) {
      ask_signal_reraise(signal)
    } catch .invalidAnswer(let hint) {
      console.restore()
      // The hint is drawn already; it is also the error line on stderr.
      if console.drawingFD != 2 { report(hint) }
      exit(ExitStatus.failure.rawValue)
    } catch {
      fail(error)
    }
    console.restore()
    let error = ResultPrinter.write(
      ResultPrinter.output(for: response, alert: invocation.alert, invocation: invocation))
    if error == EPIPE { ask_signal_reraise(SIGPIPE) }
    exit(error == 0 ? ExitStatus(response).rawValue : ExitStatus.failure.rawValue)
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

  private static func report(_ message: String) {
    var line = "ask: " + message + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  }

  private static func fail(_ error: AskError) -> Never {
    ask_tty_restore()
    report(error.message)
    exit(ExitStatus.failure.rawValue)
  }
}
