import Glibc

/// Starting the built `ask` (or a shell script that calls it) on a
/// pseudo-terminal, with a fixed environment.
enum AskSession {
  /// The `ask` under test: `$ASK_BIN` when set (`make test` runs the suite
  /// again on the release build that `make install` ships), else the debug
  /// build beside the test bundle.
  static let executable: String = getenv("ASK_BIN").map { String(cString: $0) }
    ?? PseudoTerminal.locate("ask")

  /// The environment every test starts from: the `ask` under test first on
  /// PATH, a known TERM and a UTF-8 locale. Each PseudoTerminal adds a HOME
  /// (and TMPDIR, XDG directories) of its own, empty: no editrc.
  static let environment: [String: String] = [
    "PATH": String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)])
      + ":/usr/local/bin:/usr/bin:/bin",
    "TERM": "xterm-256color",
    "LANG": "C.UTF-8",
  ]

  /// How many times slower the `ask` under test may be than a debug or
  /// release build: 10 under AddressSanitizer (`make check`, where
  /// this bundle and the ask it runs are built alike: a million buttons
  /// take 46 s instead of 2), else 1. For the limits of tests of huge
  /// inputs only.
  static let slowdown: Double = dlsym(nil, "__asan_init") == nil ? 1 : 10

  /// A bash command list (ending in "; ") that returns once a whole line
  /// typed on the terminal (stdin, canonical mode) waits to be read, without
  /// reading it; the script fails after about 5 s without one. For
  /// type-ahead tests: the test types a line, and the next command starts
  /// only when the line is queued.
  static let untilLineTyped =
    "until read -t 0; do ((SECONDS < 5)) || { echo 'no line typed' >&2; exit 99; }; done; "

  /// `ask` with `arguments`.
  static func ask(_ arguments: [String], stdin: PseudoTerminal.Stdin = .terminal,
                  environment extra: [String: String] = [:], columns: Int = 80,
                  readsScreen: Bool = true) throws -> PseudoTerminal {
    try PseudoTerminal(executable: executable, arguments: arguments,
                       environment: environment.merging(extra) { $1 }, stdin: stdin,
                       columns: columns, readsScreen: readsScreen)
  }

  /// `bash -c script`, with the built `ask` on PATH.
  static func shell(_ script: String, stdin: PseudoTerminal.Stdin = .terminal,
                    environment extra: [String: String] = [:]) throws -> PseudoTerminal {
    try PseudoTerminal(executable: "/bin/bash", arguments: ["-c", script],
                       environment: environment.merging(extra) { $1 }, stdin: stdin)
  }
}

extension PseudoTerminal {
  /// Waits until `ask` is reading keys (non-canonical) and `text` is shown,
  /// each for at most `timeout` seconds.
  func waitForPrompt(_ text: String = "Choice [", timeout: Double = 5) throws {
    try waitFor(text, timeout: timeout)
    try waitUntilNonCanonical(timeout: timeout)
  }

  /// Waits until nobody reads the pipe that is the stdout of the session's
  /// `ask` (as in `ask … | true` once `true` has exited): what ask writes
  /// there next meets a broken pipe.
  func waitForStdoutGone() throws {
    let ask = try waitForProcess(named: "ask")
    try waitUntil("nobody reads ask's stdout") { pipeReaders(fd: 1, of: ask.pid) == [] }
  }

  /// How many times `text` appears on the screen.
  func count(_ text: String) -> Int {
    screen.split(separator: text, omittingEmptySubsequences: false).count - 1
  }

  /// True when the screen holds an SGR sequence (colour or attribute).
  var screenHasSGR: Bool {
    var bytes = screenBytes[...]
    while let escape = bytes.firstIndex(of: 0x1B) {
      bytes = bytes[(escape + 1)...]
      guard bytes.first == UInt8(ascii: "[") else { continue }
      let body = bytes.dropFirst().prefix { (0x30...0x3F).contains($0) }
      if bytes.dropFirst(1 + body.count).first == UInt8(ascii: "m") { return true }
    }
    return false
  }
}
