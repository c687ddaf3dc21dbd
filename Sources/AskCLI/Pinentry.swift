import AskCore
import CShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ask --pinentry` (or `ask` run as `ask-pinentry`): gpg-agent's
/// `pinentry-program`, an Assuan server on stdin/stdout (SPEC §7) that
/// draws each prompt on the terminal `OPTION ttyname` names, as
/// pinentry-tty does. Replies and error codes are pinentry's
/// (`(GPG_ERR_SOURCE_PINENTRY 5) << 24 | code`).
enum Pinentry {
  /// pinentry's replies for the ways a prompt ends without an answer.
  enum Reply {
    static let cancelled = "ERR 83886179 Operation cancelled <Pinentry>"
    static let notConfirmed = "ERR 83886194 Not confirmed <Pinentry>"
    static let timedOut = "ERR 83886142 Timeout <Pinentry>"
    static let noTerminal = "ERR 83886165 No pinentry <Pinentry>"
    static let parameter = "ERR 83886360 IPC parameter error <Pinentry>"
    static let unknownCommand = "ERR 536871187 Unknown IPC command <User defined source 1>"
    static let syntax = "ERR 536871188 IPC syntax error <User defined source 1>"
    static let notImplemented = "ERR 536870981 Not implemented <User defined source 1>"
  }

  /// The command-line options pinentry programs take (gpg-agent passes
  /// `--display` whenever DISPLAY is set): those with a value.
  static let valueOptions: Set<String> = ["--display", "--ttyname", "--ttytype", "--lc-ctype", "--lc-messages",
                                          "--timeout", "--parent-wid", "--colors", "--ttyalert"]
  /// … and those without.
  static let flagOptions: Set<String> = ["--no-global-grab", "--debug", "--pinentry"]
  /// The short forms pinentry gives them (its `--help`): `-T TTY` or
  /// `-TTTY` is `--ttyname TTY`.
  static let shortOptions: [Unicode.Scalar: String] = [
    "D": "--display", "T": "--ttyname", "N": "--ttytype", "C": "--lc-ctype", "M": "--lc-messages",
    "o": "--timeout", "W": "--parent-wid", "c": "--colors", "a": "--ttyalert", "d": "--debug",
    "g": "--no-global-grab",
  ]

  /// `argument` in its long form: `-T/dev/pts/3` is `--ttyname=/dev/pts/3`,
  /// `-g` `--no-global-grab`; any other argument as it is.
  static func longForm(_ argument: String) -> String {
    let scalars = argument.unicodeScalars
    guard scalars.count >= 2, scalars.first == "-", !argument.begins(with: "--"),
          let long = shortOptions[scalars[scalars.index(after: scalars.startIndex)]] else { return argument }
    let rest = String(scalars.dropFirst(2))
    return rest.isEmpty ? long : long + "=" + rest
  }

  /// What the SET commands and OPTIONs said so far.
  struct State {
    var title: String?
    var description: String?
    var prompt: String?
    var ok: String?
    var cancel: String?
    var notOK: String?
    var error: String?
    var repeatPrompt: String?
    var repeatError: String?
    var timeout: Duration?
    var options: [String: String] = [:]
  }

  /// Serves the protocol until BYE or the end of stdin; the status to exit
  /// with (0; 2 for a bad command line, or a command line from the agent
  /// longer than libassuan's: ``Server/serve()``).
  static func run(arguments: [String]) -> ExitStatus {
    // The words ask draws are in the language the agent's client names
    // (`OPTION lc-messages`, `--lc-messages`), not in the one of the
    // agent's environment, which is not the user's: English until told.
    // LANGUAGE would come before any locale named.
    unsetenv("LANGUAGE")
    Messages.useLocale(named: "C")
    var state = State()
    var index = 0
    while index < arguments.count {
      let argument = longForm(arguments[index])
      let (head, inline) = argument.cut(at: "=")
      let name = String(head)
      if valueOptions.contains(name) {
        let value: String
        if let inline {
          value = String(inline)
        } else {
          index += 1
          // TRANSLATORS: %s is the option as written ('--title', '-t').
          guard index < arguments.count else { return usage(localized("Missing value for '%s'", name)) }
          value = arguments[index]
        }
        if name == "--ttyname" { state.options["ttyname"] = value }
        if name == "--ttytype" { state.options["ttytype"] = value }
        if name == "--lc-messages" {
          state.options["lc-messages"] = value
          Messages.useLocale(named: language(of: state))
        }
        if name == "--timeout", let seconds = Double(value), TimeLimit.isValid(seconds: seconds) {
          state.timeout = TimeLimit.duration(seconds: seconds)
        }
      } else if argument == "--version" || argument == "-V" {
        return write("ask \(askVersion) (pinentry mode)\n")
      } else if argument == "--help" || argument == "-h" {
        return write("""
          Usage: ask-pinentry [--display D] [--ttyname TTY] [--ttytype TYPE] [--timeout S] ...
          gpg-agent's pinentry: speaks Assuan on stdin/stdout and asks on the terminal
          OPTION ttyname names. In gpg-agent.conf: pinentry-program /path/to/ask-pinentry

          """)
      } else if !flagOptions.contains(argument) {
        // TRANSLATORS: %s is the option as written; pinentry mode is ask run
        // as gpg-agent's pinentry ('--pinentry').
        return usage(localized("Unknown option '%s' in pinentry mode", argument))
      }
      index += 1
    }
    var server = Server(state: state)
    return server.serve()
  }

  /// The locale of ask's words for `state`: the one `OPTION lc-messages`
  /// (or `--lc-messages`) names; none, or an empty name, is English.
  static func language(of state: State) -> String {
    state.options["lc-messages"].flatMap { $0.isEmpty ? nil : $0 } ?? "C"
  }

  private static func write(_ text: String) -> ExitStatus {
    AskCommand.informational(text, closed: ask_reserve_standard_fds())
  }

  private static func usage(_ message: String) -> ExitStatus {
    AskCommand.report(message)
    return .failure
  }

  /// A button label without gpg's accelerator marks: `_OK` is `OK`, `__`
  /// is `_`.
  static func label(_ text: String) -> String {
    var out = ""
    var marked = false
    for character in text {
      if character == "_" && !marked {
        marked = true
        continue
      }
      marked = false
      out.append(character)
    }
    return out
  }

  /// One connection: commands in, replies out.
  struct Server {
    var state: State
    private var console: TerminalConsole?
    private var consolePath: String?
    private var lines = Assuan.LineReader()
    /// A reply could not be written (the agent is gone).
    private var broken = false
    /// The locale ask's words are looked up in (``Pinentry/language(of:)``).
    private var language: String

    /// `state`'s language is already the messages locale (``Pinentry/run(arguments:)``).
    init(state: State) {
      self.state = state
      language = Pinentry.language(of: state)
    }

    /// Serves until BYE, the end of stdin or a command line too long; the
    /// status to exit with.
    ///
    /// A line longer than libassuan's (``Assuan/lineLength``), or a last
    /// line without its LF, ends the session as libassuan's servers end it:
    /// no reply to it, nothing after it served, and pinentry's line on
    /// stderr (`Assuan processing failed: Line passed to IPC too long`,
    /// `… Incomplete line passed to IPC`); the status is 2, a failure
    /// (SPEC §5), where pinentry 1.2.1 exits 0 — gpg-agent reads only the
    /// closed pipe.
    mutating func serve() -> ExitStatus {
      send("OK Pleased to meet you")
      while !broken {
        let next: Substring?
        do throws(Assuan.LineError) {
          next = try nextLine()
        } catch .tooLong {
          // TRANSLATORS: pinentry's words (and libassuan's) when a command
          // line from gpg-agent is longer than 1001 bytes and its LF.
          AskCommand.report(localized("Assuan processing failed: Line passed to IPC too long"))
          return .failure
        } catch {
          // TRANSLATORS: pinentry's words (and libassuan's) when the input
          // ends with a command line that has no LF.
          AskCommand.report(localized("Assuan processing failed: Incomplete line passed to IPC"))
          return .failure
        }
        guard let line = next else { break }
        guard let (name, argument) = Assuan.command(in: line) else { continue }
        if name == "BYE" {
          send("OK closing connection")
          break
        }
        send(reply(to: name, Assuan.percentDecoded(argument)))
      }
      // A reply that could not be written whole: a failure, as for any
      // result (SPEC §6); with SIGPIPE at its default the write ended ask.
      return broken ? .failure : .chosen
    }

    /// The reply to one command (the D and S lines it needs already sent).
    private mutating func reply(to name: String, _ text: String) -> String {
      // The language `OPTION lc-messages` named, for what this command
      // draws or sets (SETREPEAT's default): State.apply only records the
      // option. RESET keeps the options, and so the language.
      let wanted = Pinentry.language(of: state)
      if wanted != language {
        Messages.useLocale(named: wanted)
        language = wanted
      }
      if let reply = state.apply(name, text) { return reply }
      switch name {
      case "GETINFO": return info(text)
      case "GETPIN": return getPIN()
      case "CONFIRM": return confirm(oneButton: text.hasPrefix("--one-button"))
      case "MESSAGE": return confirm(oneButton: true)
      default: return Reply.unknownCommand
      }
    }

    private mutating func info(_ what: String) -> String {
      switch what {
      case "pid": sendData("\(getpid())")
      case "version": sendData(askVersion)
      case "flavor": sendData("ask")
      case "ttyinfo": sendData("\(state.options["ttyname"] ?? "-") \(state.options["ttytype"] ?? "-") -")
      default: return Reply.parameter
      }
      return "OK"
    }

    /// The console on the terminal OPTION ttyname names (else /dev/tty),
    /// made at the first prompt and kept while it names the same one.
    private mutating func terminal() -> TerminalConsole? {
      let path = state.options["ttyname"].flatMap { $0.isEmpty ? nil : $0 } ?? "/dev/tty"
      if let console, consolePath == path { return console }
      console = nil
      if let type = state.options["ttytype"], !type.isEmpty { setenv("TERM", type, 1) }
      console = try? TerminalConsole(terminalPath: path)
      consolePath = path
      return console
    }

    /// The header lines every prompt shows: the error (once), then the
    /// description.
    private mutating func message() -> String? {
      let lines = [state.error.map { "*** \($0) ***" }, state.description].compactMap { $0 }.filter { !$0.isEmpty }
      state.error = nil
      return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// GETPIN: the PIN, asked once, or twice with SETREPEAT (and again
    /// while the two differ), all in one hold of the terminal — its modes,
    /// its turn and what is typed ahead are kept from field to field, as
    /// pinentry-tty keeps them; given back once, at the end.
    private mutating func getPIN() -> String {
      guard let console = terminal() else { return Reply.noTerminal }
      let reply = try? console.keepingTerminal { () throws(AskError) -> String in askPIN(on: console) }
      return reply ?? Reply.cancelled
    }

    private mutating func askPIN(on console: TerminalConsole) -> String {
      while true {
        let first: SecretText
        // TRANSLATORS: pinentry's label of the PIN or passphrase field when
        // gpg-agent gives none (its trailing colon is not drawn).
        switch ask(on: console, label: state.prompt ?? state.options["default-prompt"] ?? localized("PIN:")) {
        case .answer(let secret): first = secret
        case .ended(let reply): return reply
        }
        guard let repeatPrompt = state.repeatPrompt, !first.isEmpty else { return sendPIN(first) }
        switch ask(on: console, label: repeatPrompt) {
        case .answer(let second):
          if first == second {
            second.wipe()
            send("S PIN_REPEATED")
            return sendPIN(first)
          }
          first.wipe()
          second.wipe()
          // TRANSLATORS: pinentry's error when the passphrase typed again
          // differs, drawn as "*** does not match - try again ***".
          state.error = state.repeatError ?? localized("does not match - try again")
        case .ended(let reply):
          first.wipe()
          return reply
        }
      }
    }

    private enum Asked {
      case answer(SecretText)
      case ended(String)
    }

    /// One masked field: its secret, or the reply for how it ended.
    private mutating func ask(on console: TerminalConsole, label: String) -> Asked {
      var field = label
      while field.last == " " || field.last == ":" { field.removeLast() }
      // TRANSLATORS: pinentry's label of the PIN or passphrase field when
      // the prompt given is empty.
      let label = field.isEmpty ? localized("PIN") : field
      let alert = Alert(title: state.title, message: message(), style: .secureTextInput(label: label),
                        timeout: state.timeout)
      do throws(AskError) {
        switch try alert.present(on: console) {
        case .secret(let secret, _): return .answer(secret)
        case .timedOut: return .ended(Reply.timedOut)
        default: return .ended(Reply.cancelled)
        }
      } catch {
        return .ended(Reply.cancelled)
      }
    }

    /// `D` lines of the secret (none when it is empty: pinentry's empty
    /// PIN), then OK; the secret is wiped.
    private mutating func sendPIN(_ secret: SecretText) -> String {
      defer { secret.wipe() }
      var signo: Int32 = 0
      let status = secret.withUnsafeBytes { bytes in
        ask_write_assuan_data(nil, 1, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &signo)
      }
      if status != 0 { broken = true }
      return "OK"
    }

    private mutating func confirm(oneButton: Bool) -> String {
      guard let console = terminal() else { return Reply.noTerminal }
      // TRANSLATORS: pinentry's button that confirms, when gpg-agent names none.
      let ok = Pinentry.label(state.ok ?? state.options["default-ok"] ?? localized("OK"))
      // A notice's one button is the default: Enter acknowledges it.
      let okButton = Button(ok, isDefault: oneButton)
      var buttons = [okButton]
      if !oneButton {
        if let notOK = state.notOK { buttons.append(Button(Pinentry.label(notOK))) }
        // TRANSLATORS: pinentry's button that cancels, when gpg-agent names none.
        let cancel = state.cancel ?? state.options["default-cancel"] ?? localized("Cancel")
        buttons.append(Button(Pinentry.label(cancel), role: .cancel))
      }
      let alert = Alert(title: state.title, message: message(), buttons: buttons, timeout: state.timeout)
      do throws(AskError) {
        switch try alert.present(on: console) {
        case .button(okButton): return "OK"
        case .button where !oneButton && state.notOK != nil: return Reply.notConfirmed
        case .timedOut: return Reply.timedOut
        default: return oneButton ? "OK" : Reply.cancelled
        }
      } catch {
        return Reply.cancelled
      }
    }

    /// The next command line from stdin without its LF (and CR), or nil at
    /// the end; read 4 KB at a time, so at most ``Assuan/lineLength`` and
    /// one read are ever held.
    /// - Throws: ``Assuan/LineError`` (``Assuan/LineReader``).
    private mutating func nextLine() throws(Assuan.LineError) -> Substring? {
      while true {
        if let line = try lines.nextLine() { return line }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else {
          try lines.finish()
          return nil
        }
        lines.append(buffer[..<n])
      }
    }

    /// `text` as D lines, escaped as a PIN's are (ask_write_assuan_data).
    private mutating func sendData(_ text: String) {
      guard !broken else { return }
      var text = text
      var signo: Int32 = 0
      let status = text.withUTF8 { ask_write_assuan_data(nil, 1, $0.baseAddress, $0.count, &signo) }
      if status != 0 { broken = true }
    }

    private mutating func send(_ line: String) {
      guard !broken else { return }
      var line = line + "\n"
      var signo: Int32 = 0
      if line.withUTF8({ ask_write_all(nil, 1, $0.baseAddress, $0.count, &signo) }) != 0 { broken = true }
    }
  }
}
