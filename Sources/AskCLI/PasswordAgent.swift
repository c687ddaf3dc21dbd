import AskCore
import CShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ask --password-agent` (or `ask` run as `ask-password-agent`): a systemd
/// password agent (SPEC §7) with the modes of
/// `systemd-tty-ask-password-agent`. Each question in
/// ``PasswordQuestion/directory`` is an `ask` secure prompt; Enter sends
/// `+` and the secret from its own memory, a cancel sends `-`.
enum PasswordAgent {
  /// What the agent does.
  enum Mode: Equatable {
    /// Answer every pending question, then exit (the default).
    case query
    /// Answer questions as they come, until a signal.
    case watch
    /// One line per pending question.
    case list
  }

  /// The agent's command line.
  struct Options: Equatable {
    var mode = Mode.query
    /// `--console[=DEVICE]`: the terminal to ask on instead of the
    /// controlling one.
    var console: String?
    /// `--print json` with `--list`.
    var json = false
    var color = ColorMode.auto
    var help = false
  }

  /// The agent's options as `--help` lists them.
  static let usage = """
    Usage: ask --password-agent [--query | --watch | --list] [--console[=DEVICE]]
           ask-password-agent [--query | --watch | --list] [--console[=DEVICE]]
    A systemd password agent: answers the questions in /run/systemd/ask-password/.
      --query             answer every pending question, then exit (the default)
      --watch             answer questions as they come, until a signal
      --list              list the pending questions (--print json: one object a line)
      --console[=DEVICE]  ask on /dev/console (or DEVICE), not the controlling terminal
      --color WHEN        auto, always or never

    """

  /// Parses the arguments after `--password-agent`.
  /// - Throws: ``CommandError/usage(_:)`` naming the option at fault.
  static func options(_ arguments: [String]) throws(CommandError) -> Options {
    var options = Options()
    var modeGiven: String?
    var index = 0
    func value(_ name: String, _ argument: String) throws(CommandError) -> String {
      if argument.begins(with: name + "=") { return String(argument.cut(at: "=").tail ?? "") }
      index += 1
      // TRANSLATORS: %s is the option as written ('--title', '-t').
      guard index < arguments.count else { throw .usage(localized("Missing value for '%s'", name)) }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--query", "--watch", "--list":
        if let modeGiven, modeGiven != argument {
          throw .usage(localized("Options '%s' and '%s' cannot be given together", modeGiven, argument))
        }
        modeGiven = argument
        options.mode = argument == "--query" ? .query : argument == "--watch" ? .watch : .list
      case "--console": options.console = "/dev/console"
      case _ where argument.begins(with: "--console="):
        let device = String(argument.cut(at: "=").tail ?? "")
        guard !device.isEmpty else {
          // TRANSLATORS: the first %s is the value given, the second the option, the third what it takes.
          throw .usage(localized("The value '%s' is invalid for '%s': expected %s", "", "--console", localized("a terminal's path")))
        }
        options.console = device
      case _ where argument == "--print" || argument.begins(with: "--print="):
        let given = try value("--print", argument)
        guard given == "json" || given == "title" else {
          throw .usage(localized("The value '%s' is invalid for '%s': expected %s", TerminalText.visible(given), "--print", "title, json"))
        }
        options.json = given == "json"
      case _ where argument == "--color" || argument.begins(with: "--color="):
        let given = try value("--color", argument)
        guard let mode = ColorMode(name: given) else {
          throw .usage(localized("The value '%s' is invalid for '%s': expected %s", TerminalText.visible(given), "--color", "auto, always, never"))
        }
        options.color = mode
      case "--help", "-h": options.help = true
      default:
        // TRANSLATORS: %s is the option as written; password agent mode is
        // ask run as systemd's password agent ('--password-agent').
        throw .usage(localized("Unknown option '%s' in password agent mode", TerminalText.visible(argument)))
      }
      index += 1
    }
    if options.json && options.mode != .list {
      // TRANSLATORS: '--print json' and '--list' are what is typed: they stay as they are.
      throw .usage(localized("Option '--print json' applies only to '--list'"))
    }
    return options
  }

  /// Runs the agent with the arguments after `--password-agent`; the
  /// status to exit with (0 once every question was dealt with; 2 for a
  /// bad command line or no terminal; 128+N for a signal, 129 when the
  /// terminal went away).
  static func run(arguments: [String]) -> ExitStatus {
    let options: Options
    do {
      options = try self.options(arguments)
    } catch {
      AskCommand.report(error.message)
      return .failure
    }
    if options.help { return AskCommand.informational(usage, closed: ask_reserve_standard_fds()) }
    if options.mode == .list { return list(json: options.json) }
    // Nothing to ask: no terminal is needed (a boot with no questions).
    if options.mode == .query && PasswordQuestion.pending().isEmpty { return .chosen }
    let console: TerminalConsole
    do throws(AskError) {
      if let path = options.console {
        console = try TerminalConsole(terminalPath: path, color: options.color)
      } else {
        console = try TerminalConsole(answers: .terminal, color: options.color)
      }
    } catch {
      AskCommand.report(error.description)
      return .failure
    }
    var agent = Agent(console: console, watches: options.mode == .watch)
    return agent.serve()
  }

  /// `--list`: one line per pending question that passes the checks (the
  /// others skipped with a line on stderr): `'MESSAGE' (PID N, id ID, T
  /// left)`, or with `json` one object a line. Written in English, as
  /// everything on stdout is.
  static func list(json: Bool) -> ExitStatus {
    var text = ""
    for path in PasswordQuestion.pending() {
      guard let question = checked(path, toAnswer: false) else { continue }
      let left = question.timeLeft()
      if json {
        var members = ["\"file\":" + ResultPrinter.jsonString(path)]
        members.append("\"message\":" + (question.message.map(ResultPrinter.jsonString) ?? "null"))
        members.append("\"id\":" + (question.id.map(ResultPrinter.jsonString) ?? "null"))
        members.append("\"pid\":\(question.pid)")
        members.append("\"echo\":\(question.echo),\"silent\":\(question.silent),\"acceptCached\":\(question.acceptCached)")
        members.append("\"notAfter\":" + (question.notAfter.map { String($0) } ?? "null"))
        members.append("\"secondsLeft\":" + (left.map { String(TimeLimit.milliseconds($0) / 1000) } ?? "null"))
        text += "{" + members.joined(separator: ",") + "}\n"
      } else {
        var line = "'" + TerminalText.visible(question.message ?? "") + "' (PID \(question.pid)"
        if let id = question.id { line += ", id " + TerminalText.visible(id) }
        if let left { line += ", \(TimeLimit.milliseconds(left) / 1000) s left" }
        text += line + ")\n"
      }
    }
    return AskCommand.informational(text, closed: ask_reserve_standard_fds())
  }

  /// The question at `path` when it passes every check — the file's
  /// (``PasswordQuestion/read(path:)``), its time limit, its asker alive,
  /// its socket a root-owned socket this process may write to (`toAnswer`;
  /// a listing only reads) — else `nil`, with one line on stderr naming
  /// the file and why.
  static func checked(_ path: String, toAnswer: Bool = true) -> PasswordQuestion? {
    do throws(PasswordQuestion.Problem) {
      let question = try PasswordQuestion.read(path: path)
      if let left = question.timeLeft(), left == .zero {
        // TRANSLATORS: why a question file was skipped, after "skipped FILE: ".
        throw PasswordQuestion.Problem(reason: localized("its time limit has passed"))
      }
      if kill(question.pid, 0) != 0 && errno == ESRCH {
        // TRANSLATORS: why a question file was skipped, after "skipped FILE: "; %s is a process number.
        throw PasswordQuestion.Problem(reason: localized("its asker (PID %s) has ended", String(question.pid)))
      }
      var info = stat()
      guard lstat(question.socket, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK, info.st_uid == 0 else {
        // TRANSLATORS: why a question file was skipped, after "skipped FILE: "; %s is a path.
        throw PasswordQuestion.Problem(reason: localized("its socket '%s' is not a socket owned by root", TerminalText.visible(question.socket)))
      }
      guard !toAnswer || access(question.socket, W_OK) == 0 else {
        // TRANSLATORS: why a question file was skipped, after "skipped FILE: ".
        throw PasswordQuestion.Problem(reason: localized("its socket cannot be written to: the asker takes answers from root only"))
      }
      return question
    } catch {
      skipped(path, error.reason)
      return nil
    }
  }

  /// Reports on stderr that the question at `path` was skipped, and why.
  static func skipped(_ path: String, _ reason: String) {
    // TRANSLATORS: the first %s is a question file's path, the second why
    // it was skipped ("it is not a regular file").
    AskCommand.report(localized("Skipped question %s: %s", path, reason))
  }

  /// The agent at work: `--query` or `--watch` on one console.
  struct Agent {
    let console: TerminalConsole
    let watches: Bool
    /// The question files dealt with (by path and inode: a name used again
    /// is a new question), so each is asked once.
    private var handled: Set<String> = []
    private var watchFD: Int32 = -1

    init(console: TerminalConsole, watches: Bool) {
      self.console = console
      self.watches = watches
    }

    /// Answers the pending questions, and with `watches` those that come
    /// after, until a signal; the status to exit with.
    mutating func serve() -> ExitStatus {
      // As systemd's agents: the folder is made when missing (early in a
      // boot, or in a fresh container), so a watch can begin.
      if watches {
        var path = ""
        for part in PasswordQuestion.directory.split(separator: "/") {
          path += "/" + part
          _ = mkdir(path, 0o755)
        }
      }
      watchFD = ask_agent_watch_open(PasswordQuestion.directory)
      if watchFD < 0 && watches {
        let error = errno
        // TRANSLATORS: what cannot be done, after "Cannot "; %s is a folder.
        AskCommand.report(AskError.io(operation: localized("watch %s", PasswordQuestion.directory),
                                      reason: SystemError(code: error)).description)
        return .failure
      }
      defer { if watchFD >= 0 { close(watchFD) } }
      while true {
        var asked = false
        for path in PasswordQuestion.pending() {
          var info = stat()
          guard lstat(path, &info) == 0 else { continue }
          let key = "\(info.st_ino):" + path
          guard !handled.contains(key) else { continue }
          handled.insert(key)
          asked = true
          if let status = answer(path) { return status }
        }
        // Forget the files that went: their names may come back.
        let present = Set(PasswordQuestion.pending().compactMap { path -> String? in
          var info = stat()
          return lstat(path, &info) == 0 ? "\(info.st_ino):" + path : nil
        })
        handled.formIntersection(present)
        if asked { continue }  // one more look: questions that came meanwhile are pending too
        guard watches else { return .chosen }
        do throws(AskError) {
          try console.begin()
          _ = try console.waitForInput(on: watchFD, deadline: nil)
          _ = ask_agent_watch_drain(watchFD, nil)
          console.endSession()
        } catch {
          if case .interrupted(let signal) = error { return .signal(signal.number) }
          AskCommand.report(error.description)
          return .failure
        }
      }
    }

    /// Asks the question at `path` when it passes the checks, and sends
    /// the answer; `nil` to go on, or the status to exit with (a signal).
    private mutating func answer(_ path: String) -> ExitStatus? {
      guard let question = PasswordAgent.checked(path) else { return nil }
      // The asker's socket still answers (one killed leaves its file) and
      // the asker is the same process (a pidfd: PIDs are reused).
      let pidfd = ask_agent_pidfd(question.pid)
      guard pidfd >= 0 else {
        PasswordAgent.skipped(path, localized("its asker (PID %s) has ended", String(question.pid)))
        return nil
      }
      defer { close(pidfd) }
      let socket = ask_agent_connect(question.socket)
      guard socket >= 0 else {
        // TRANSLATORS: why a question file was skipped, after "skipped FILE: ".
        PasswordAgent.skipped(path, errno == ECONNREFUSED ? localized("its socket does not answer: the asker has ended")
                                      : String(cString: ask_message_error(errno)))
        return nil
      }
      defer { close(socket) }
      if watchFD >= 0 { _ = ask_agent_watch_drain(watchFD, nil) }
      var hint: String?
      while true {
        let alert = prompt(for: question, hint: hint)
        console.control.reset()
        let vigil = watchFD >= 0 ? QuestionVigil(watchFD: watchFD, name: question.name, pidfd: pidfd, control: console.control) : nil
        // Withdrawn before the vigil began (its event read with the older
        // ones): the prompt ends at its first wait.
        var node = stat()
        let gone = lstat(path, &node) != 0
        if gone { console.control.cancel() }
        let result: Result<Response, AskError>
        do throws(AskError) {
          result = .success(try console.answer(alert))
        } catch {
          result = .failure(error)
        }
        let seen = vigil?.stop()
        switch result {
        case .failure(.cancelled) where gone || seen?.withdrawn == true || ask_agent_pid_ended(pidfd) != 0:
          // TRANSLATORS: drawn on a line of its own when a question of a
          // systemd password agent went away while it was asked.
          console.control.reset()
          try? console.draw(localized("The question was withdrawn: its asker was answered elsewhere, or gave up.") + "\n")
          console.endSession()
          return nil
        case .failure(.interrupted(let signal)):
          return .signal(signal.number)
        case .failure(let error):
          AskCommand.report(error.description)
          return .failure
        case .success(.cancelled):
          if ask_agent_send_cancel(socket) != 0 { sendFailed(question) }
          return nil
        case .success(.timedOut):
          return nil
        case .success(.secret(let secret, _)):
          defer { secret.wipe() }
          if secret.withUnsafeBytes({ $0.count }) > PasswordQuestion.maximumAnswer {
            hint = tooLong
            continue
          }
          let status = secret.withUnsafeBytes { bytes in
            ask_agent_send_answer(socket, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
          }
          if status != 0 { sendFailed(question) }
          return nil
        case .success:
          return nil
        }
      }
    }

    /// The hint for an answer the asker cannot take whole.
    private var tooLong: String {
      // TRANSLATORS: %d is the most bytes systemd's askers read (2048).
      localized("The answer is longer than %d bytes, which the asker would cut short: type it again, shorter.",
                String(PasswordQuestion.maximumAnswer))
    }

    /// Reports that the answer could not be sent (errno says why).
    private func sendFailed(_ question: PasswordQuestion) {
      let error = errno
      // TRANSLATORS: why an answer could not be sent to a systemd password
      // agent's asker: its socket's queue stayed full for 5 seconds.
      let reason = error == ECONNREFUSED ? localized("the asker has left")
        : error == EAGAIN ? localized("the asker takes no answer (its queue stays full)")
        : String(cString: ask_message_error(error))
      // TRANSLATORS: what cannot be done, after "Cannot "; %s is the question file's path.
      AskCommand.report(localized("Cannot %s", localized("send the answer to %s", question.path)) + ": " + reason)
    }

    /// The prompt for `question`: `Message` as the title, `Id` below it;
    /// a masked field (`Silent=1`: nothing shown; `Echo=1`: the text
    /// shown as typed, labelled Answer, still never a `String`);
    /// `NotAfter` as the time limit; `hint` (the last answer was refused)
    /// after the Id.
    private func prompt(for question: PasswordQuestion, hint: String?) -> Alert {
      let lines = [question.id, hint].compactMap { $0 }
      let shows = question.echo && !question.silent
      var alert = Alert(title: question.message.flatMap { $0.isEmpty ? nil : $0 },
                        message: lines.isEmpty ? nil : lines.joined(separator: "\n"),
                        style: .secureTextInput(label: shows ? localized("Answer") : nil))
      alert.secureEcho = question.silent ? .hidden : .masked
      alert.showsSecretText = shows
      // The Id, of smaller weight than the message (with colour).
      alert.dimsMessage = true
      // In whole seconds, rounded down, as `ask` states limits: the prompt
      // ends (saying so) before the asker gives up and withdraws it.
      if let left = question.timeLeft() {
        let seconds = left.components.seconds
        alert.timeout = seconds >= 1 ? .seconds(seconds) : max(left, .milliseconds(1))
      }
      return alert
    }
  }
}
