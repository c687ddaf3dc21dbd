import CShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal as a ``Console``: draws on the controlling terminal
/// (`/dev/tty`), or on standard error when it cannot be opened — never on
/// standard output — and reads answers from its ``AnswerSource``.
///
/// - On a terminal, answers are read with libedit (arrow keys, Ctrl-A/E/K/U/W,
///   Tab completing button titles, a history of this run's answers), UTF-8
///   whatever the process's locale (libedit gets a UTF-8 `LC_CTYPE` of its
///   own with `uselocale(3)`; the host's locale is not changed).
///   From the first line of a prompt drawn until the prompt ends, the terminal is held
///   in non-canonical mode with echo off (ISIG on: Ctrl-C stays a signal to
///   the whole foreground job), so keys typed ahead are answered once and a
///   Ctrl-D typed ahead cannot hang.
/// - From a pipe or file, answers are read one byte at a time (nothing past
///   the line is consumed, as `read`), CR LF is LF, and each consumed answer
///   is drawn after its prompt.
///
/// One console a terminal: while a console exists, another on the same
/// terminal (known by device number) cannot be made. Each prompt is one
/// terminal session (`ask_session_*` in the C shim, after
/// readpassphrase(3)): it saves the signal mask and the actions of the
/// signals it catches, and the terminal's modes when it is first held. A
/// terminating signal during a wait throws ``AskError/interrupted(by:)``;
/// so does a terminal that goes away (as `SIGHUP`). When the prompt ends
/// (``answer(_:)`` returns or throws) the session ends: the terminal's
/// modes, the signal actions and the mask come back, and each terminating
/// signal that arrived meanwhile is then sent to the process once — its own
/// action (the default: death by it) decides.
public final class TerminalConsole: Console, PromptDevice {
  /// Where answers come from.
  public enum AnswerSource: Sendable, Equatable {
    /// Standard input, a terminal or a pipe (a script can answer).
    case standardInput
    /// The controlling terminal, `/dev/tty`;
    /// ``AskError/noTerminal`` without one.
    case terminal
    /// `/dev/tty` if it opens, else standard input: for a program whose
    /// standard input carries its own data.
    case terminalOrStandardInput

    /// The source an `--answers` value names: `tty` or `stdin`.
    package init?(option: String) {
      switch option {
      case "tty": self = .terminal
      case "stdin": self = .standardInput
      default: return nil
      }
    }
  }

  package let isInteractive: Bool
  package let theme: Theme
  /// The file descriptor drawn on: the `/dev/tty` descriptor, or 2.
  package let drawingFD: Int32
  /// The file descriptor answers are read from.
  package let answerFD: Int32
  /// Lines read so far from a non-terminal answer source: a JSON stream on
  /// the same stdin counts them in its line numbers.
  package private(set) var linesRead = 0
  /// Lines of the answer source that another reader took: the JSON spec
  /// objects on the same stdin (SPEC §3), set by that reader. With
  /// ``linesRead`` it numbers an answer line from the start of the stream,
  /// for the error about one that is not UTF-8.
  package var linesReadElsewhere = 0
  private let terminalFD: Int32
  /// The terminal session (`ask_session_t`), from ``begin()`` to ``restore()``.
  private var session: OpaquePointer?
  /// libedit, opened on the first line read; closed before the session ends.
  private var editor: OpaquePointer?
  /// The line being read, for what Tab completes.
  private var lineRequest = LineRequest(prompt: "")
  /// While true, ``restore()`` keeps the session (``keepingTerminal(_:)``).
  private var keepsTerminal = false
  /// What another thread may do while a prompt waits: cancel it.
  package let control = ConsoleControl()
  /// True once ``close()`` gave the terminal back for good.
  public private(set) var isClosed = false

  /// Opens the terminal and sets up the answer source.
  /// - Parameters:
  ///   - answers: where answers come from.
  ///   - color: whether to colour what is drawn.
  /// - Throws: ``AskError/noTerminal`` when `answers` is `.terminal` and
  ///   `/dev/tty` cannot be opened; ``AskError/terminalBusy`` when another
  ///   console of this process has the terminal (one console a terminal,
  ///   known by device number, until it is released);
  ///   ``AskError/io(operation:reason:)`` when answers come from standard
  ///   input and it is closed.
  public convenience init(answers: AnswerSource = .standardInput, color: ColorMode = .auto) throws(AskError) {
    try self.init(answers: answers, color: color, standardInputClosed: fcntl(0, F_GETFD) == -1)
  }

  /// Opens the terminal at `path` (`/dev/pts/3`; it need not be this
  /// process's controlling terminal) to draw on and read answers from, held and edited as the
  /// controlling terminal is. Its keyboard's Ctrl-C goes to its own
  /// foreground job, not to this process.
  /// - Throws: ``AskError/io(operation:reason:)`` when it cannot be opened
  ///   or is not a terminal; ``AskError/terminalBusy`` when another console
  ///   of this process has it.
  public init(terminalPath path: String, color: ColorMode = .auto) throws(AskError) {
    let fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
    let error = errno
    // TRANSLATORS: what cannot be done, after "Cannot " and before ": "
    // and the system's reason; %s is the terminal's path.
    guard fd >= 0 else { throw .io(operation: localized("open the terminal '%s'", TerminalText.visible(path)), reason: SystemError(code: error)) }
    guard isatty(fd) == 1 else {
      Glibc.close(fd)
      // TRANSLATORS: what cannot be done, after "Cannot "; %s is a path.
      throw .io(operation: localized("use '%s': it is not a terminal", TerminalText.visible(path)), reason: nil)
    }
    try Self.claim(fd)
    terminalFD = fd
    drawingFD = fd
    answerFD = fd
    isInteractive = true
    theme = Theme.decide(mode: color, drawingFD: fd)
  }

  /// Claims terminal `fd` for this console (one console a terminal);
  /// closes it and throws when another console has it.
  private static func claim(_ fd: Int32) throws(AskError) {
    guard ask_terminal_claim(fd) != 0 else { return }
    Glibc.close(fd)
    throw .terminalBusy
  }

  /// As the public initializer; `standardInputClosed` says whether fd 0
  /// was closed when the process started (the `ask` command fills closed
  /// standard descriptors with /dev/null first; a library host's are left
  /// as they are).
  package init(answers: AnswerSource, color: ColorMode, standardInputClosed: Bool) throws(AskError) {
    let tty = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
    if tty >= 0 { try Self.claim(tty) }
    terminalFD = tty
    drawingFD = terminalFD >= 0 ? terminalFD : 2
    switch (answers, terminalFD >= 0) {
    case (.terminal, false):
      throw .noTerminal
    case (.terminal, true), (.terminalOrStandardInput, true):
      answerFD = terminalFD
    case (.standardInput, _), (.terminalOrStandardInput, false):
      // TRANSLATORS: what cannot be done, after "Cannot ".
      guard !standardInputClosed else { throw .io(operation: localized("read the answer: standard input is closed"), reason: nil) }
      answerFD = 0
    }
    // Only the controlling terminal is edited and held: a terminal on stdin
    // that is not ours (`setsid ask`) gets no signals from its keyboard.
    isInteractive = Self.isControllingTerminal(answerFD)
    theme = Theme.decide(mode: color, drawingFD: drawingFD)
  }

  /// Shows `alert` on this terminal and returns the answer (the handler
  /// is not run: ``Alert/present(on:)`` runs it). The terminal's modes,
  /// the signal actions and the signal mask are given back before it
  /// returns or throws, and a terminating signal that arrived meanwhile is
  /// delivered; the console can present again.
  /// - Returns: the response.
  /// - Throws: as ``Alert/present()-l0zt``; ``AskError/terminalBusy``
  ///   when a prompt is already being presented on this console (from
  ///   another task or thread): one prompt a console at a time.
  public func answer(_ alert: Alert) throws(AskError) -> Response {
    guard control.beginPresenting() else { throw .terminalBusy }
    defer { if control.endPresenting() { close() } }
    return try answerPresenting(alert)
  }

  /// As ``answer(_:)``, the console already taken for the prompt
  /// (``ConsoleControl/beginPresenting()``).
  package func answerPresenting(_ alert: Alert) throws(AskError) -> Response {
    let response: Response
    do throws(AskError) {
      response = try AlertPresenter(console: self).respond(to: alert)
    } catch {
      restore()
      // A cancel (``ConsoleControl/cancel()``) ends the session's waits as
      // a signal would, with a number no signal has.
      if case .interrupted(let signal) = error, signal.number == Int32(ASK_SIGNAL_CANCELLED) { throw .cancelled }
      throw error
    }
    restore()
    return response
  }

  deinit {
    close()
  }

  /// Begins the terminal session if it has not begun: from here a
  /// terminating signal ends the next wait (the terminal itself is held
  /// when the first prompt is drawn). Drawing and reading begin it too;
  /// call it first to have signals handled while waiting for something
  /// else (a spec). Idempotent. The signals are taken over by the session
  /// at its first wait or hold (`ask_session_begin_deferred`): until then
  /// nothing is held, and each keeps its own action.
  /// - Throws: ``AskError/io(operation:reason:)`` when the terminal is held by
  ///   another console of this process, or the session cannot be made.
  package func begin() throws(AskError) {
    guard session == nil else { return }
    try ensureOpen()
    // One prompt at a time per process, whatever its terminal.
    guard control.enter() else { throw .terminalBusy }
    guard let made = ask_session_begin_deferred(terminalFD) else {
      let error = errno
      control.leave()
      if error == EBUSY { throw .terminalBusy }
      // TRANSLATORS: what cannot be done, after "Cannot " (and before ": "
      // and the system's reason, when there is one).
      throw .io(operation: localized("begin the terminal session"), reason: SystemError(code: error))
    }
    session = made
    Interruption.session = made
    control.began(made)
  }

  /// Waits for this terminal's turn (SPEC §6: one prompt at a time per
  /// terminal, across processes) until `deadline` (`ask_now_ms`
  /// milliseconds; `nil`: never) — the terminal answers come from, the
  /// controlling one or another, or, with answers from a pipe, the one the
  /// prompt is drawn on; true at once when no terminal is read or drawn
  /// on, or the turn is already this console's.
  /// - Throws: ``AskError/interrupted(by:)`` when a terminating signal
  ///   arrives while it waits.
  package func takeTurn(until deadline: Int64?) throws(AskError) -> Bool {
    // Answers from a terminal that is not the controlling one (`setsid
    // ask`) wait for that terminal's turn too: its echo goes off. Answers
    // from a pipe wait for the turn of the terminal the prompt is drawn
    // on: nothing of it lands inside another prompt (it holds no modes).
    let otherTerminal = !isInteractive && isatty(answerFD) == 1
    let drawsOnTerminal = !isInteractive && !otherTerminal && isatty(drawingFD) == 1
    guard isInteractive || otherTerminal || drawsOnTerminal else { return true }
    try begin()
    // Made only when a wait draws it: most prompts have the turn at once.
    ask_session_set_waiting_text(session) {
      // TRANSLATORS: drawn, on a line of its own, by a prompt that waits
      // while another program's prompt (a second askpass, a pinentry) has
      // the same terminal.
      strdup(localized("Waiting for another prompt on this terminal…") + "\n")
    }
    var signo: Int32 = 0
    let status = isInteractive ? ask_session_take_turn(session, deadline ?? -1, &signo)
      : ask_session_take_input_turn(session, otherTerminal ? answerFD : drawingFD, deadline ?? -1, &signo)
    switch Int(status) {
    case ASK_WAIT_TIMEOUT: return false
    case ASK_WAIT_SIGNAL: throw .interrupted(by: Signal(signo))
    default: return true
    }
  }

  /// Runs `body` with the terminal held from one prompt to the next: the
  /// ``Alert/present(on:)`` calls in it keep the session
  /// (the held modes, the turn, what is typed ahead) instead of restoring
  /// it after each, and it is restored once, when `body` returns or throws.
  /// pinentry's GETPIN asks its fields so (SETREPEAT's two included), as
  /// pinentry-tty does.
  package func keepingTerminal<T>(_ body: () throws(AskError) -> T) throws(AskError) -> T {
    let outer = keepsTerminal
    keepsTerminal = true
    defer {
      keepsTerminal = outer
      if !outer { endSession() }
    }
    return try body()
  }

  /// The session, begun, with the terminal held when answers come from it
  /// (echo is off before anything of a prompt is drawn); `nil` when the
  /// terminal's turn did not come by the prompt's deadline.
  /// `discarding`: what was typed before is discarded as the terminal is
  /// held (`ask_session_hold_discarding`).
  private func held(discarding: Bool = false) throws(AskError) -> OpaquePointer? {
    try begin()
    guard let session else { throw .io(operation: localized("begin the terminal session"), reason: nil) }
    if isInteractive && ask_session_is_held(session) == 0
        && (discarding ? ask_session_hold_discarding(session) : ask_session_hold(session)) != 0 {
      let error = errno
      // The turn did not come back by the prompt's deadline (continued
      // after a stop while another prompt had the terminal): not ours.
      if error == ETIMEDOUT { return nil }
      // Closed while a spec was awaited: a lost terminal, as a hang-up.
      if error == EIO { throw .interrupted(by: Signal(SIGHUP)) }
      // TRANSLATORS: what cannot be done, after "Cannot " and before ": "
      // and the system's reason.
      throw .io(operation: localized("hold the terminal"), reason: SystemError(code: error))
    }
    // Not held because a terminating signal came first (`kill %1` on a job
    // stopped in the background): nothing more is drawn; it ends `ask`.
    if isInteractive && ask_session_is_held(session) == 0 {
      let signo = ask_session_pending_signal(session)
      if signo != 0 { throw .interrupted(by: Signal(signo)) }
    }
    return session
  }

  /// True when the terminal reports more than ``TerminalSize/maximum``
  /// columns or rows: libedit allocates its display for the size it reads
  /// (9 GB and 19 s at 65535×65535), so such a terminal edits the line in
  /// its own canonical mode instead (SPEC §6).
  private var isTooBigForLineEditing: Bool {
    var window = winsize()
    guard ioctl(answerFD, UInt(TIOCGWINSZ), &window) == 0 else { return false }
    return Int(window.ws_col) > TerminalSize.maximum || Int(window.ws_row) > TerminalSize.maximum
  }

  /// The drawing terminal's size (TIOCGWINSZ), else `COLUMNS` and `LINES`
  /// (each when a positive number), else 80×24. Read anew each time: the window may have been resized.
  package var size: TerminalSize {
    var window = winsize()
    if ioctl(drawingFD, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
      return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }
    // A size of 0 (or less) is unknown here too: COLUMNS=0 is not 1 column.
    let columns = Theme.environment("COLUMNS").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    let rows = Theme.environment("LINES").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    return TerminalSize(columns: columns ?? 80, rows: rows ?? 24)
  }

  /// True when what is drawn already reaches standard error: the drawing
  /// stream is fd 2, or the same terminal as fd 2. A caller reporting an
  /// error on stderr then need not draw it too.
  package var drawsOnStandardError: Bool {
    drawingFD == 2 || (terminalFD >= 0 && Self.isControllingTerminal(2))
  }

  /// Gives everything back now: closes the line editor, then gives back
  /// the terminal's modes (discarding input still pending on it, SPEC §5),
  /// the signal actions and the signal mask as they were before the first
  /// prompt, and then sends each terminating signal that arrived meanwhile
  /// to the process, once, so the host's own action for it runs (as
  /// `readpassphrase(3)` does; the default action ends the process).
  /// ``Alert/present(on:)`` calls it after every prompt;
  /// idempotent; the next prompt begins a new session.
  package func restore() {
    if !keepsTerminal { endSession() }
  }

  /// Gives the terminal back for good, now: as the end of a prompt does (the modes,
  /// signal actions and mask as they were; signals that arrived sent to
  /// the process), then lets the terminal go, so that another console —
  /// of this process or a new one — can have it at once, and closes the
  /// descriptor opened for it. A console is closed when it is freed too;
  /// ``withTerminalConsole(answers:color:_:)`` closes it at the end of a
  /// scope.
  ///
  /// Idempotent. Called from another thread or task while a prompt waits
  /// on the console, it cancels that prompt (which throws
  /// ``AskError/cancelled``) and the console closes as the prompt ends,
  /// never under it. After it, presenting on the console throws
  /// ``AskError/io(operation:reason:)`` ("Cannot use the console: it was
  /// closed").
  public func close() {
    guard !isClosed, control.requestClose() else { return }
    keepsTerminal = false
    endSession()
    isClosed = true
    if terminalFD >= 0 {
      ask_terminal_unclaim(terminalFD)
      _ = Glibc.close(terminalFD)
    }
  }

  /// Throws when the console was closed.
  /// - Throws: ``AskError/io(operation:reason:)``.
  private func ensureOpen() throws(AskError) {
    // TRANSLATORS: what cannot be done, after "Cannot ": a program used a
    // console (the terminal, held for its prompts) after closing it.
    if isClosed { throw .io(operation: localized("use the console: it was closed"), reason: nil) }
  }

  /// As ``restore()``, and returns the first signal sent (when the process
  /// is still alive: its action did not end it), or 0.
  @discardableResult
  package func endSession() -> Int32 {
    if let editor {
      ask_line_close(editor)
      self.editor = nil
    }
    guard let session else { return 0 }
    self.session = nil
    if Interruption.session == session { Interruption.session = nil }
    control.ending()
    defer { control.leave() }
    return ask_session_end(session)
  }

  /// Gives the held terminal its own modes back until the next prompt is
  /// drawn (a spec typed on it is read with its echo and line editing).
  package func releaseTerminal() {
    if let session { ask_session_release(session) }
  }

  /// Draws on the terminal, or on stderr without one. A drawing stream that
  /// cannot be written (stderr closed, no terminal) is not an error: the
  /// answer can still be given.
  /// - Throws: ``AskError/interrupted(by:)`` when a terminating signal
  ///   arrives while the write waits (a terminal stopped by Ctrl-S).
  package func draw(_ text: String) throws(AskError) {
    guard let session = try held() else { return }  // nothing drawn on another's prompt
    var text = Self.drawable(text)
    var signo: Int32 = 0
    if Interruption.isPending { throw .interrupted(by: Signal(ask_session_pending_signal(session))) }
    let failed = text.withUTF8 { ask_write_all(session, drawingFD, $0.baseAddress, $0.count, &signo) != 0 }
    if failed && signo != 0 { throw .interrupted(by: Signal(signo)) }
  }

  /// `text` as it is written: prompts mark invisible bytes for libedit;
  /// drawn by ask they need none. (Looked for with memchr: `String.contains`
  /// of a `String` costs a 10 MB title a third of a second, `utf8.contains`
  /// a debug build as much.)
  private static func drawable(_ text: String) -> String {
    var text = text
    guard text.withUTF8({ bytes in bytes.baseAddress.map { memchr($0, 1, bytes.count) != nil } ?? false }) else {
      return text
    }
    return text.replacing(AlertLayout.invisibleMark, with: "")
  }

  /// Drops what was typed before the terminal was held (the terminal
  /// echoed it); keys typed while it was already held (kept from an
  /// earlier field: ``keepingTerminal(_:)``) were never echoed, and stay.
  package func discardTypeahead() {
    if let session, ask_session_is_held(session) != 0 { return }
    _ = try? held(discarding: true)
  }

  /// Waits until `fd` has input, through the session when it has begun (so
  /// a terminating signal ends the wait, and a stop and continue does not).
  /// - Parameters:
  ///   - fd: the descriptor to wait on.
  ///   - deadline: `ask_now_ms` milliseconds; `nil` for never.
  /// - Returns: true when `fd` is readable, false when the deadline passed.
  /// - Throws: ``AskError/interrupted(by:)``; ``AskError/io(operation:reason:)``
  ///   when polling fails.
  package func waitForInput(on fd: Int32, deadline: Int64?) throws(AskError) -> Bool {
    var signo: Int32 = 0
    while true {
      switch Int(ask_session_wait(session, fd, deadline ?? -1, &signo)) {
      case ASK_WAIT_READY: return true
      case ASK_WAIT_TIMEOUT: return false
      case ASK_WAIT_SIGNAL: throw .interrupted(by: Signal(signo))
      case ASK_WAIT_RESUMED: continue  // nothing is on screen to draw again
      // TRANSLATORS: what cannot be done, after "Cannot " and before ": "
      // and the system's reason.
      default:
        let error = errno
        throw .io(operation: localized("wait for input"), reason: SystemError(code: error))
      }
    }
  }

  /// Writes `bytes` whole to standard output (write(2), retried on EINTR
  /// and short writes), as a JSON string when `asJSONString` (a secret is
  /// escaped from its own memory).
  /// - Throws: ``AskError/interrupted(by:)`` when a terminating signal
  ///   arrives while the write waits; ``AskError/io(operation:reason:)`` when it
  ///   fails (`EPIPE`: the reader is gone).
  package func writeOutput(_ bytes: UnsafeRawBufferPointer, asJSONString: Bool = false) throws(AskError) {
    var signo: Int32 = 0
    let status = asJSONString
      ? ask_write_json_string(session, 1, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &signo)
      : ask_write_all(session, 1, bytes.baseAddress, bytes.count, &signo)
    guard status != 0 else { return }
    let error = errno
    if signo != 0 { throw .interrupted(by: Signal(signo)) }
    // TRANSLATORS: what cannot be done, after "Cannot " and before ": "
    // and the system's reason.
    throw .io(operation: localized("write the result"), reason: SystemError(code: error))
  }

  package func readLine(_ request: LineRequest) throws(AskError) -> LineResult {
    var signo: Int32 = 0
    let deadline = request.deadline ?? -1
    guard let session = try held() else { return .timedOut }
    guard isInteractive, let editor = try openEditor(session) else {
      try draw(request.above + request.prompt)
      // A terminal too big for libedit: the line is read in the terminal's
      // own modes, which echo and edit it (the kernel's canonical mode).
      let echoes = isInteractive
      if echoes { ask_session_release(session) }
      var line: UnsafeMutablePointer<CChar>?
      var length = 0
      let status = ask_read_fd_line(session, answerFD, deadline, &line, &length, &signo)
      guard Int(status) == ASK_READ_LINE, let line else {
        return try ended(status, signo: signo, reading: .answer)
      }
      linesRead += 1
      defer { free(line) }
      // Valid UTF-8 (the C reader checked it): the decoding replaces nothing.
      let answer = String(decoding: UnsafeRawBufferPointer(start: line, count: length), as: UTF8.self)
      if !echoes { try draw(TerminalText.visible(answer) + "\n") }
      return .line(answer)
    }
    lineRequest = request
    var initial = request.initialText.map(TerminalText.visible)
    var above = Self.drawable(request.above)  // with the prompt's first drawing
    while true {
      var line: UnsafePointer<CChar>?
      var length: Int32 = 0
      // Handed to C with withCString: a String passed as an argument is
      // copied into an array made for the call (utf8CString), code of the
      // standard library's the prompt runs for nothing else (issue 27).
      let status = above.withCString { above in
        request.prompt.withCString { prompt in
          func read(_ initial: UnsafePointer<CChar>?) -> Int32 {
            ask_line_read(editor, above, prompt, initial, deadline, &line, &length, &signo)
          }
          return initial.map { $0.withCString(read) } ?? read(nil)
        }
      }
      above = ""  // drawn, or drawn again below with the redraw
      if Int(status) == ASK_READ_RESUMED {
        // Stopped and continued: everything again, below, with what was typed.
        initial = String(cString: ask_line_pending(editor))
        try draw(lineBreakIfOpen + request.redraw)
        continue
      }
      guard Int(status) == ASK_READ_LINE, let line else {
        return try ended(status, signo: signo, reading: .answer)
      }
      let text = String(decoding: UnsafeRawBufferPointer(start: line, count: Int(length)), as: UTF8.self)
      ask_line_remember(editor, text)  // without the line's LF
      return .line(text)
    }
  }

  package func readSecret(_ request: SecretRequest) throws(AskError) -> SecretResult {
    var signo: Int32 = 0
    let deadline = request.deadline ?? -1
    let secret = SecretText()
    guard let session = try held() else { return .timedOut }
    guard isInteractive else {
      // From a pipe: a plain line, as `sudo -S`; shown masked. From a
      // terminal that is not ours: the same, with its echo off.
      let hidesEcho = isatty(answerFD) == 1 && ask_session_hide_echo(session, answerFD) == 0
      defer { if hidesEcho { ask_session_show_echo(session) } }
      try draw(request.above + request.prompt)
      var line: UnsafeMutablePointer<CChar>?
      var length = 0
      let status = ask_read_fd_line(session, answerFD, deadline, &line, &length, &signo)
      guard Int(status) == ASK_READ_LINE, let line else {
        return try ended(status, signo: signo, reading: .secret).secretResult
      }
      linesRead += 1
      _ = line.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        secret.withStorage { ask_secret_set($0, bytes, length) }
      }
      explicit_bzero(line, length)
      free(line)
      try drawSecret(secret, as: request)
      try draw("\n")
      return .secret(secret)
    }
    try draw(request.above + request.prompt)
    while true {
      let status = secret.withStorage { storage in
        ask_secret_read(session, answerFD, drawingFD, Self.show(request), deadline, storage, &signo)
      }
      if Int(status) == ASK_READ_RESUMED {
        try draw(lineBreakIfOpen + request.redraw + request.prompt)
        try drawSecret(secret, as: request)
        continue
      }
      guard Int(status) == ASK_READ_LINE else {
        return try ended(status, signo: signo, reading: .secret).secretResult
      }
      try draw("\n")
      return .secret(secret)
    }
  }

  /// How the C editor shows `request`'s secret (ASK_SECRET_SHOW_*).
  private static func show(_ request: SecretRequest) -> Int32 {
    Int32(request.showsText ? ASK_SECRET_SHOW_TEXT : request.echo == .masked ? ASK_SECRET_SHOW_MASKS : ASK_SECRET_SHOW_NOTHING)
  }

  /// Draws all of `secret` as `request` shows it — masks, its text (from
  /// its own memory, never a `String`) or nothing — after its prompt.
  private func drawSecret(_ secret: SecretText, as request: SecretRequest) throws(AskError) {
    guard let session = try held() else { return }
    if Interruption.isPending { throw .interrupted(by: Signal(ask_session_pending_signal(session))) }
    let show = Self.show(request)
    secret.withStorage { ask_secret_draw_all(session, drawingFD, $0, show) }
  }

  /// A line break when the drawing is inside a line, else nothing: a
  /// prompt drawn again after a stop, or after making room for a waiting
  /// prompt's line, starts below what was drawn, with no empty line between
  /// (the stop already ended the answer line).
  private var lineBreakIfOpen: String {
    session.map { ask_session_line_is_open($0) != 0 } ?? true ? "\n" : ""
  }

  /// What a read was for, as its error says.
  private enum Reading { case answer, secret }

  /// The result of a read that gave no line: end of input, a timeout, or a
  /// thrown signal or error; the answer line is ended first. A piped line
  /// that is not UTF-8, or holds a NUL byte, was consumed: it counts as read, and the error
  /// names it by its line number in the answer source (never its bytes:
  /// it may be a secret).
  private func ended(_ status: Int32, signo: Int32, reading what: Reading) throws(AskError) -> LineResult {
    let error = errno
    if Int(status) == ASK_READ_NOT_UTF8 || Int(status) == ASK_READ_HAS_NUL { linesRead += 1 }
    try draw("\n")
    switch Int(status) {
    case ASK_READ_NOT_UTF8:
      // TRANSLATORS: %d is the line's number in what was piped in.
      throw .invalidAnswer(localized("Answer line %d of standard input is not valid UTF-8",
                                     String(linesReadElsewhere + linesRead)))
    case ASK_READ_HAS_NUL:
      // TRANSLATORS: %d is the line's number in what was piped in.
      throw .invalidAnswer(localized("Answer line %d of standard input holds a NUL byte",
                                     String(linesReadElsewhere + linesRead)))
    case ASK_READ_EOF: return .endOfInput
    case ASK_READ_TIMEOUT: return .timedOut
    case ASK_READ_SIGNAL: throw .interrupted(by: Signal(signo))
    // A lost terminal is not a user's cancel (SPEC §5): as a hang-up.
    case ASK_READ_HANGUP: throw .interrupted(by: Signal(SIGHUP))
    // TRANSLATORS: what cannot be done, after "Cannot ".
    case ASK_READ_TOO_LONG where what == .secret: throw .io(operation: localized("read the secret: a line is longer than 1 MiB"), reason: nil)
    case ASK_READ_TOO_LONG: throw .io(operation: localized("read the answer: a line is longer than 1 MiB"), reason: nil)
    // TRANSLATORS: what cannot be done, after "Cannot " and before ": "
    // and the system's reason.
    default: throw .io(operation: what == .secret ? localized("read the secret") : localized("read the answer"), reason: SystemError(code: error))
    }
  }

  /// True when `fd` is this process's controlling terminal (`tcgetsid`
  /// fails for any other terminal).
  private static func isControllingTerminal(_ fd: Int32) -> Bool {
    // tcgetsid's test (TIOCGSID fails unless it is the caller's controlling
    // terminal) by the ioctl's result rather than the id it writes:
    // valgrind does not know what TIOCGSID writes, so tcgetsid's id, and
    // every branch on this flag, looked uninitialised to it.
    var session: pid_t = 0
    return isatty(fd) == 1 && ioctl(fd, UInt(TIOCGSID), &session) == 0
  }

  /// The libedit session, opened on first use (interactive only; `nil`
  /// otherwise), on `session`'s held terminal.
  private func openEditor(_ session: OpaquePointer) throws(AskError) -> OpaquePointer? {
    guard isInteractive, !isTooBigForLineEditing else { return nil }
    if let editor { return editor }
    let context = Unmanaged.passUnretained(self).toOpaque()
    guard let editor = ask_line_open(session, "ask", answerFD, drawingFD, completeTitle, context) else {
      let error = errno
      // TRANSLATORS: what cannot be done, after "Cannot " and before ": "
      // and the system's reason.
      throw .io(operation: localized("set up line editing"), reason: SystemError(code: error))
    }
    self.editor = editor
    return editor
  }

  /// Tab: the completion of `typed`; when it is ambiguous and nothing more
  /// can be completed, the titles it could become are listed below (as a
  /// second Tab does in bash) and `beep` is 2: libedit draws the line again.
  fileprivate func complete(_ typed: String, beep: inout Int32) -> String? {
    guard let (text, ambiguous) = AnswerMatcher.complete(typed, among: lineRequest.allCompletions) else {
      beep = 1
      return nil
    }
    beep = ambiguous ? 1 : 0
    if ambiguous && text == typed {
      let matches = AnswerMatcher.titles(startingWith: typed, among: lineRequest.allCompletions)
      var list = matches.prefix(20).map(TerminalText.visible).joined(separator: "  ")
      // TRANSLATORS: after the first 20 titles Tab offers; %d is how many
      // more there are.
      if matches.count > 20 {
        list += "  " + localized("(and %d more)", plural: "(and %d more)", count: matches.count - 20,
                                 String(matches.count - 20))
      }
      try? draw("\n" + TerminalText.wrapped(list, width: size.columns).joined(separator: "\n") + "\n")
      beep = 2
    }
    return text
  }
}

/// libedit's Tab callback: completes the text before the cursor among the
/// console's button titles.
private let completeTitle: ask_complete_fn = { context, line, beep in
  guard let context else { return nil }
  let console = Unmanaged<TerminalConsole>.fromOpaque(context).takeUnretainedValue()
  return console.complete(String(cString: line), beep: &beep.pointee).flatMap { strdup($0) }
}
