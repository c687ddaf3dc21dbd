import Glibc

/// `ask` on a real terminal emulator: a detached tmux session of its own
/// (its server on a socket in a temporary directory), for what the byte
/// stream alone cannot show — where wide characters and the cursor end up
/// on the screen. Keys are sent with `send-keys`; the screen is read with
/// `capture-pane` and the cursor with `display-message`.
final class TmuxScreen {
  private let directory: TemporaryDirectory
  private let socket: String
  /// Where `ask`'s stdout goes, and its exit status once it exits.
  private let stdoutPath: String, statusPath: String

  /// Starts `ask arguments` with `TERM=term` on a screen `columns` wide,
  /// in `LANG=C.UTF-8` and `environment` (none of the suite's own
  /// LANGUAGE, LC_ALL or LC_MESSAGES).
  init(_ arguments: [String], term: String = "xterm-256color", columns: Int = 80,
       environment: [String: String] = [:]) throws {
    directory = try TemporaryDirectory(prefix: "ask-tmux")
    socket = directory.path + "/socket"
    stdoutPath = directory.path + "/stdout"
    statusPath = directory.path + "/status"
    let quoted = ([AskSession.executable] + arguments).map(Self.quote).joined(separator: " ")
    let settings = environment.sorted { $0.key < $1.key }.map { Self.quote($0.key + "=" + $0.value) }
      .joined(separator: " ")
    let command = "env -u LANGUAGE -u LC_ALL -u LC_MESSAGES TERM=\(term) LANG=C.UTF-8 "
      + "HOME=\(Self.quote(directory.path)) \(settings) \(quoted) >"
      + Self.quote(stdoutPath) + "; echo $? >" + Self.quote(statusPath) + ".new; mv "
      + Self.quote(statusPath) + ".new " + Self.quote(statusPath) + "; sleep 60"
    // The pane starts in this screen's own folder: the tmux client's is
    // its PseudoTerminal's, removed when the client has exited (bash would
    // say so on the screen).
    _ = try tmux(["-f", "/dev/null", "new-session", "-d", "-c", directory.path, "-x", "\(columns)", "-y", "12",
                  command])
  }

  deinit { _ = try? tmux(["kill-server"]) }

  /// Types `text` as it is (`send-keys -l`).
  func type(_ text: String) throws { _ = try tmux(["send-keys", "-l", text]) }

  /// Presses tmux's named keys (`Home`, `DC`, `Left`, `BSpace`, `Enter`).
  func press(_ keys: String...) throws { _ = try tmux(["send-keys"] + keys) }

  /// The screen's lines, trailing blanks dropped.
  func lines() throws -> [String] {
    try tmux(["capture-pane", "-p"]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The cursor's column and row, from 0.
  func cursor() throws -> (column: Int, row: Int) {
    let fields = try tmux(["display-message", "-p", "#{cursor_x} #{cursor_y}"])
      .split(separator: " ").compactMap { Int($0.filter(\.isNumber)) }
    return fields.count == 2 ? (fields[0], fields[1]) : (-1, -1)
  }

  /// Waits (5 s at most) until the screen's row holding `prefix` reads
  /// `line` whole (trailing blanks aside: the screen has none) and the
  /// cursor stands on it at `column`; throws with what the screen showed
  /// otherwise.
  func waitForLine(_ line: String, startingWith prefix: String, cursorAt column: Int) throws {
    var line = line
    while line.last == " " { line.removeLast() }
    let deadline = Self.now() + 5
    var seen = ""
    while Self.now() < deadline {
      let rows = try lines()
      let place = try cursor()
      if let row = rows.lastIndex(where: { $0.hasPrefix(prefix) }) {
        seen = "\(rows[row].debugDescription), cursor at column \(place.column), row \(place.row) (line on row \(row))"
        if rows[row] == line && place.row == row && place.column == column { return }
      }
      usleep(20_000)
    }
    throw PseudoTerminal.Failure(description: "expected \(line.debugDescription) with the cursor at column \(column); saw \(seen)")
  }

  /// Waits (5 s at most) until the screen reads `expected`, line for line
  /// (blank lines at the bottom aside); throws with what it showed
  /// otherwise.
  func waitForScreen(_ expected: [String]) throws {
    let deadline = Self.now() + 5
    var seen: [String] = []
    while Self.now() < deadline {
      seen = try lines()
      while seen.last == "" { seen.removeLast() }
      if seen == expected { return }
      usleep(20_000)
    }
    throw PseudoTerminal.Failure(description: "expected the screen\n" + expected.joined(separator: "\n")
      + "\nsaw\n" + seen.joined(separator: "\n"))
  }

  /// Waits for `ask` to exit; its status and stdout.
  func waitForExit() throws -> (status: Int, stdout: String) {
    let deadline = Self.now() + 5
    while Self.now() < deadline {
      if let status = Self.read(statusPath), let value = Int(status.filter(\.isNumber)) {
        return (value, Self.read(stdoutPath) ?? "")
      }
      usleep(20_000)
    }
    throw PseudoTerminal.Failure(description: "ask did not exit in tmux within 5 s")
  }

  private func tmux(_ arguments: [String]) throws -> String {
    let child = try PseudoTerminal(executable: "/usr/bin/tmux", arguments: ["-S", socket] + arguments,
                                   environment: AskSession.environment, stdin: .noTerminal([]))
    guard try child.waitForExit(timeout: 10) == 0 else {
      throw PseudoTerminal.Failure(description: "tmux \(arguments.first ?? "") failed: \(child.stderr)")
    }
    return child.stdout
  }

  private static func quote(_ text: String) -> String { "'" + text.replacing("'", with: "'\\''") + "'" }

  private static func read(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = fread(&buffer, 1, buffer.count, file)
      if n == 0 { break }
      bytes += buffer[..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
