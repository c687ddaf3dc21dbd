#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether to colour: the `--color` option.
public enum ColorMode: String, Sendable, CaseIterable {
  /// Decide from the environment and the drawing stream (see ``Theme/decide``).
  case auto
  /// Always colour, even with `TERM=dumb` (SGR only, never cursor movement).
  case always
  /// Never colour: no SGR at all, roles in words.
  case never
}

/// Styling only: what the title, the destructive button and hints look like.
/// With colour off no SGR sequence at all is written, and the destructive
/// role is marked in words instead (`(destructive)`); `(default)` is always
/// in words (SPEC §1, §6).
public struct Theme: Sendable, Equatable {
  /// True when SGR colour and attributes are written.
  public var isColored: Bool

  /// Makes a theme that colours or not.
  public init(isColored: Bool) { self.isColored = isColored }

  /// The title: bold.
  package func title(_ text: String) -> String { sgr("1", text) }
  /// A destructive button's title: red, or followed by `(destructive)`
  /// without colour.
  package func destructive(_ text: String) -> String {
    isColored ? sgr("31", text) : text + " (destructive)"
  }
  /// Secondary text (placeholders, hints): dim.
  package func dim(_ text: String) -> String { sgr("2", text) }

  private func sgr(_ code: String, _ text: String) -> String {
    isColored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// Decides colour in SPEC §6's order: `mode` `always`/`never`; else
  /// `NO_COLOR` non-empty → off (no-color.org); else `CLICOLOR_FORCE`
  /// non-empty and not `0` → on; else on when `drawingFD` is a terminal and
  /// `TERM` is set, not `dumb`, and has a terminfo entry.
  package static func decide(mode: ColorMode, drawingFD: Int32,
                            environment: (String) -> String? = Theme.environment) -> Theme {
    switch mode {
    case .always: return Theme(isColored: true)
    case .never: return Theme(isColored: false)
    case .auto: break
    }
    if let noColor = environment("NO_COLOR"), !noColor.isEmpty { return Theme(isColored: false) }
    if let force = environment("CLICOLOR_FORCE"), !force.isEmpty, force != "0" {
      return Theme(isColored: true)
    }
    guard isatty(drawingFD) == 1, let term = environment("TERM"), !term.isEmpty,
          term != "dumb" else { return Theme(isColored: false) }
    return Theme(isColored: hasTerminfoEntry(term, environment: environment))
  }

  /// The process environment's value for `name`.
  package static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// True when a terminfo entry exists for `term`, searched as ncurses
  /// does: `$TERMINFO`, `~/.terminfo`, `$TERMINFO_DIRS`, then the system
  /// directories; both the letter and the hexadecimal subdirectory layouts.
  static func hasTerminfoEntry(_ term: String, environment: (String) -> String?) -> Bool {
    guard let first = term.utf8.first, !term.contains("/"), first != UInt8(ascii: ".") else { return false }
    var directories: [String] = []
    if let dir = environment("TERMINFO") { directories.append(dir) }
    if let home = environment("HOME") { directories.append(home + "/.terminfo") }
    if let dirs = environment("TERMINFO_DIRS") {
      directories += dirs.split(separator: ":").map(String.init)
    }
    directories += ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
    let letter = String(UnicodeScalar(first))
    let hex = String(first, radix: 16)
    return directories.contains { dir in
      access("\(dir)/\(letter)/\(term)", R_OK) == 0 || access("\(dir)/\(hex)/\(term)", R_OK) == 0
    }
  }
}
