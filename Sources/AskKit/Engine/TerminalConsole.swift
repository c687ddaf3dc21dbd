import CEditLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real ``Console``: draws on the controlling terminal (`/dev/tty`), or
/// on standard error when it cannot be opened — never on standard output —
/// and reads answers from the answer source of SPEC §4.
///
/// - On a terminal, answers are read with libedit (arrow keys, Ctrl-A/E/K/U/W,
///   Tab completing button titles, a history of this run's answers), UTF-8
///   whatever the locale. From the moment the console is made until
///   ``restore()``, the terminal is held in non-canonical mode with echo off
///   (ISIG on: Ctrl-C stays a signal to the whole foreground job), so keys
///   typed ahead are answered once and a Ctrl-D typed ahead cannot hang.
/// - From a pipe or file, answers are read one byte at a time (nothing past
///   the line is consumed, as `read`), CR LF is LF, and each consumed answer
///   is drawn after its prompt.
///
/// Making a console installs `ask`'s signal handlers (flag-only, through a
/// self-pipe; signals ignored at start stay ignored): a terminating signal
/// during a read throws ``AskError/interrupted(signal:)``, and the caller
/// restores the terminal and re-raises it (`ask_signal_reraise`).
public final class TerminalConsole: Console {
  /// Where answers come from (SPEC §4).
  public enum AnswerSource: Sendable, Equatable {
    /// Standard input, a terminal or a pipe (`--answers stdin`; the
    /// default when the prompt comes from flags).
    case standardInput
    /// The controlling terminal, `/dev/tty` (`--answers tty`);
    /// ``AskError/noTerminal`` without one.
    case terminal
    /// `/dev/tty` if it opens, else standard input: the default when
    /// standard input carries the spec.
    case terminalOrStandardInput

    /// The source an `--answers` value names: `tty` or `stdin`.
    public init?(option: String) {
      switch option {
      case "tty": self = .terminal
      case "stdin": self = .standardInput
      default: return nil
      }
    }
  }

  public let isInteractive: Bool
  public let theme: Theme
  /// The file descriptor drawn on: the `/dev/tty` descriptor, or 2.
  public let drawingFD: Int32
  /// The file descriptor answers are read from.
  public let answerFD: Int32
  /// Lines read so far from a non-terminal answer source: a JSON stream on
  /// the same stdin counts them in its line numbers.
  public private(set) var linesRead = 0
  private let terminalFD: Int32
  private var editor: OpaquePointer?
  private var completions: [String] = []

  /// Opens the terminal and sets up the answer source.
  /// - Parameters:
  ///   - answers: where answers come from.
  ///   - color: the `--color` mode; see ``Theme/decide(mode:drawingFD:environment:)``.
  /// - Throws: ``AskError/noTerminal`` when `answers` is `.terminal` and
  ///   `/dev/tty` cannot be opened; ``AskError/io(_:errno:)`` when answers
  ///   come from standard input and it is closed.
  public init(answers: AnswerSource = .standardInput, color: ColorMode = .auto) throws(AskError) {
    let closed = ask_reserve_standard_fds()
    _ = ask_signals_install()
    terminalFD = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
    drawingFD = terminalFD >= 0 ? terminalFD : 2
    switch (answers, terminalFD >= 0) {
    case (.terminal, false):
      throw .noTerminal
    case (.terminal, true), (.terminalOrStandardInput, true):
      answerFD = terminalFD
    case (.standardInput, _), (.terminalOrStandardInput, false):
      guard closed & 1 == 0 else { throw .io("read the answer: standard input is closed", errno: 0) }
      answerFD = 0
    }
    // Only the controlling terminal is edited and held: a terminal on stdin
    // that is not ours (`setsid ask`) gets no signals from its keyboard.
    isInteractive = Self.isControllingTerminal(answerFD)
    theme = Theme.decide(mode: color, drawingFD: drawingFD)
    // Save the modes and hold the terminal before anything is drawn; libedit
    // starts when a line is first read (a secure prompt never needs it).
    if isInteractive { _ = ask_tty_begin(answerFD) }
  }

  deinit {
    restore()
    if let editor { ask_line_close(editor) }
    if terminalFD >= 0 { close(terminalFD) }
  }

  /// The drawing terminal's size (TIOCGWINSZ), else `COLUMNS` and `LINES`,
  /// else 80×24. Read anew each time: the window may have been resized.
  public var size: TerminalSize {
    var window = winsize()
    if ioctl(drawingFD, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
      return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }
    let columns = Theme.environment("COLUMNS").flatMap { Int($0) }
    let rows = Theme.environment("LINES").flatMap { Int($0) }
    return TerminalSize(columns: columns ?? 80, rows: rows ?? 24)
  }

  /// True when what is drawn already reaches standard error: the drawing
  /// stream is fd 2, or the same terminal as fd 2. A caller reporting an
  /// error on stderr then need not draw it too.
  public var drawsOnStandardError: Bool {
    drawingFD == 2 || (terminalFD >= 0 && Self.isControllingTerminal(2))
  }

  /// Restores the terminal's modes as they were when the console was made,
  /// discarding input still pending on it (SPEC §5). Idempotent.
  public func restore() { ask_tty_restore() }

  /// Draws on the terminal, or on stderr without one. A drawing stream that
  /// cannot be written (stderr closed, no terminal) is not an error: the
  /// answer can still be given.
  public func draw(_ text: String) throws(AskError) {
    // Prompts mark invisible bytes for libedit; drawn here they need none.
    var text = text.contains(AlertLayout.invisibleMark) ? text.replacing(AlertLayout.invisibleMark, with: "") : text
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let n = write(drawingFD, base + offset, bytes.count - offset)
        if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
      }
    }
  }

  public func discardTypeahead() { ask_tty_discard_input() }

  public func readLine(_ request: LineRequest) throws(AskError) -> LineResult {
    var signo: Int32 = 0
    let deadline = request.deadline ?? -1
    guard isInteractive, let editor = try openEditor() else {
      try draw(request.prompt)
      var line: UnsafeMutablePointer<CChar>?
      var length = 0
      let status = ask_read_fd_line(answerFD, deadline, &line, &length, &signo)
      guard Int(status) == ASK_READ_LINE, let line else {
        return try ended(status, signo: signo, reading: "the answer")
      }
      linesRead += 1
      defer { free(line) }
      let answer = String(decoding: UnsafeRawBufferPointer(start: line, count: length), as: UTF8.self)
      try draw(TerminalText.visible(answer) + "\n")
      return .line(answer)
    }
    completions = request.completions
    var initial = request.initialText.map(TerminalText.visible)
    while true {
      var line: UnsafePointer<CChar>?
      var length: Int32 = 0
      let status = ask_line_read(editor, request.prompt, initial, deadline, &line, &length, &signo)
      if Int(status) == ASK_READ_RESUMED {
        // Stopped and continued: everything again, below, with what was typed.
        initial = String(cString: ask_line_pending(editor))
        try draw("\n" + request.redraw)
        continue
      }
      guard Int(status) == ASK_READ_LINE, let line else {
        return try ended(status, signo: signo, reading: "the answer")
      }
      let text = String(decoding: UnsafeRawBufferPointer(start: line, count: Int(length)), as: UTF8.self)
      ask_line_remember(editor, text)  // without the line's LF
      return .line(text)
    }
  }

  public func readSecret(_ request: SecretRequest) throws(AskError) -> SecretResult {
    var signo: Int32 = 0
    let deadline = request.deadline ?? -1
    let secret = SecretText()
    guard isInteractive else {
      // From a pipe: a plain line, as `sudo -S`; shown masked. From a
      // terminal that is not ours: the same, with its echo off.
      let hidesEcho = isatty(answerFD) == 1 && ask_tty_hide_echo(answerFD) == 0
      defer { if hidesEcho { ask_tty_restore() } }
      try draw(request.prompt)
      var line: UnsafeMutablePointer<CChar>?
      var length = 0
      let status = ask_read_fd_line(answerFD, deadline, &line, &length, &signo)
      guard Int(status) == ASK_READ_LINE, let line else {
        return try ended(status, signo: signo, reading: "the secret").secretResult
      }
      linesRead += 1
      _ = line.withMemoryRebound(to: UInt8.self, capacity: length) { ask_secret_set(&secret.storage, $0, length) }
      explicit_bzero(line, length)
      free(line)
      try draw(request.echo.mask(secret.characterCount) + "\n")
      return .secret(secret)
    }
    try draw(request.prompt)
    while true {
      let status = ask_secret_read(answerFD, drawingFD, request.echo == .masked ? 1 : 0, deadline,
                                   &secret.storage, &signo)
      if Int(status) == ASK_READ_RESUMED {
        try draw("\n" + request.redraw + request.prompt + request.echo.mask(secret.characterCount))
        continue
      }
      guard Int(status) == ASK_READ_LINE else {
        return try ended(status, signo: signo, reading: "the secret").secretResult
      }
      try draw("\n")
      return .secret(secret)
    }
  }

  /// The result of a read that gave no line: end of input, a timeout, or a
  /// thrown signal or error; the answer line is ended first.
  private func ended(_ status: Int32, signo: Int32, reading what: String) throws(AskError) -> LineResult {
    let error = errno
    try draw("\n")
    switch Int(status) {
    case ASK_READ_EOF: return .endOfInput
    case ASK_READ_TIMEOUT: return .timedOut
    case ASK_READ_SIGNAL: throw .interrupted(signal: signo)
    case ASK_READ_TOO_LONG: throw .io("read \(what): a line is longer than 1 MiB", errno: 0)
    default: throw .io("read \(what)", errno: error)
    }
  }

  /// True when `fd` is this process's controlling terminal (`tcgetsid`
  /// fails for any other terminal).
  private static func isControllingTerminal(_ fd: Int32) -> Bool {
    isatty(fd) == 1 && tcgetsid(fd) != -1
  }

  /// The libedit session, opened on first use (interactive only; `nil`
  /// otherwise). libedit sets its own modes when it starts: the hold mode
  /// is applied again after.
  private func openEditor() throws(AskError) -> OpaquePointer? {
    guard isInteractive else { return nil }
    if let editor { return editor }
    let context = Unmanaged.passUnretained(self).toOpaque()
    guard let editor = ask_line_open("ask", answerFD, drawingFD, completeTitle, context) else {
      throw .io("set up line editing", errno: errno)
    }
    ask_tty_hold()
    self.editor = editor
    return editor
  }

  /// Tab: the completion of `typed`; when it is ambiguous and nothing more
  /// can be completed, the titles it could become are listed below (as a
  /// second Tab does in bash) and `beep` is 2: libedit draws the line again.
  fileprivate func complete(_ typed: String, beep: inout Int32) -> String? {
    guard let (text, ambiguous) = AnswerMatcher.complete(typed, among: completions) else {
      beep = 1
      return nil
    }
    beep = ambiguous ? 1 : 0
    if ambiguous && text.count == typed.count {
      let folded = typed.lowercased()
      let matches = completions.filter { $0.lowercased().hasPrefix(folded) }
      var list = matches.prefix(20).map(TerminalText.visible).joined(separator: "  ")
      if matches.count > 20 { list += "  (and \(matches.count - 20) more)" }
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
