#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a terminal console colours what it draws (bold title, red
/// destructive button); roles are always written in words too.
public enum ColorMode: Sendable, Equatable, CaseIterable, CommandLineSpelled {
  /// Colour when the drawing stream is a terminal whose `TERM` has colours,
  /// unless `NO_COLOR` is set (no-color.org); `CLICOLOR_FORCE` forces it.
  case auto
  /// Always colour, even with `TERM=dumb` (SGR only, never cursor movement).
  case always
  /// Never colour: no SGR at all, roles in words.
  case never

  /// How the command line spells it: `auto`, `always`, `never`.
  package var name: String {
    switch self {
    case .auto: "auto"
    case .always: "always"
    case .never: "never"
    }
  }
}

/// Styling only: what the title, the destructive button and hints look like.
/// With colour off no SGR sequence at all is written. Roles are never told
/// by colour alone (WCAG 2.1, 1.4.1 "Use of Color"): the layout always
/// writes `(destructive)` and `(default)` in words (SPEC §1, §6).
package struct Theme: Sendable, Equatable {
  /// True when SGR colour and attributes are written.
  package var isColored: Bool

  /// Makes a theme that colours or not.
  package init(isColored: Bool) { self.isColored = isColored }

  /// The title: bold.
  package func title(_ text: String) -> String { sgr("1", text) }
  /// A destructive button's title (with its `(destructive)` word): red.
  package func destructive(_ text: String) -> String { sgr("31", text) }
  /// Secondary text (placeholders, hints): dim.
  package func dim(_ text: String) -> String { sgr("2", text) }

  private func sgr(_ code: String, _ text: String) -> String {
    isColored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// Decides colour in SPEC §6's order: `mode` `always`/`never`; else
  /// `NO_COLOR` non-empty → off (no-color.org); else `CLICOLOR_FORCE`
  /// non-empty and not `0` → on; else on when `drawingFD` is a terminal and
  /// `TERM` is set, not `dumb`, and has a terminfo entry with colours
  /// (`colors` ≥ 8: `xterm` and `linux` have 8; `vt100` has none; the
  /// common terminals' without a file: `knownColors`).
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
    return Theme(isColored: (terminfoColors(term, environment: environment) ?? 0) >= minimumColors)
  }

  /// The fewest colours a terminal needs for ours (red among them).
  static let minimumColors = 8

  /// The process environment's value for `name`.
  package static func environment(_ name: String) -> String? {
    // withCString: a String passed as a C string is copied into an array
    // made for the call (4 k instructions for the six names a start reads).
    // Decoded as String(cString:) does, invalid UTF-8 repaired, by the
    // decoding every start runs anyway: String(cString:) lies apart in the
    // standard library, a page fault for two values (issue 27).
    name.withCString { getenv($0) }.map {
      String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self)
    }
  }

  /// The `colors` number of `term`'s terminfo entry: `nil` when there is
  /// no entry, 0 when it has none (or cannot be read). The entry is the
  /// first found as ncurses searches: `$TERMINFO`, `~/.terminfo`,
  /// `$TERMINFO_DIRS`, then the system directories; both the letter and the
  /// hexadecimal subdirectory layouts.
  ///
  /// Only the start of the entry, up to its numbers, is read (one `open`,
  /// one `read` of at most 4 KiB): loading it with `setupterm(3)` would parse every capability
  /// at start-up, and libedit, which loads it too, starts only when a line
  /// is edited — after the colour is decided, and never for a secure field.
  static func terminfoColors(_ term: String, environment: (String) -> String?) -> Int? {
    guard let first = term.utf8.first, !term.utf8.contains(UInt8(ascii: "/")), first != UInt8(ascii: ".") else { return nil }
    if let colors = knownColors(term, environment: environment) { return colors }
    var directories: [String] = []
    if let dir = environment("TERMINFO") { directories.append(dir) }
    if let home = environment("HOME") { directories.append(home + "/.terminfo") }
    if let dirs = environment("TERMINFO_DIRS") {
      directories += dirs.unicodeScalars.split(separator: ":").map { String($0) }
    }
    directories += ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
    let letter = String(UnicodeScalar(first))
    let hex = String(first, radix: 16)
    for dir in directories {
      for path in ["\(dir)/\(letter)/\(term)", "\(dir)/\(hex)/\(term)"] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { continue }
        defer { close(fd) }
        return withUnsafeTemporaryAllocation(byteCount: entryPrefixSize, alignment: 1) { buffer in
          guard let base = buffer.baseAddress else { return 0 }
          var count = 0
          while count < buffer.count {
            let n = read(fd, base + count, buffer.count - count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            count += n
          }
          return colors(inTerminfoEntry: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
      }
    }
    return nil
  }

  /// The `colors` of the terminals most sessions run in, as every
  /// ncurses release ships their entries (ncurses-base's `terminfo.src`):
  /// a prompt there decides colour without a file (a search of the
  /// terminfo directories took 5 opens and 4 misses before the entry was
  /// read). Used only where no entry of the user's own can come first:
  /// `TERMINFO` and `TERMINFO_DIRS` unset and no `~/.terminfo`. A switch,
  /// not a dictionary: building one hashed its 13 names at every start
  /// (13 k instructions).
  static func wellKnownColors(_ term: String) -> Int? {
    switch term {
    case "xterm", "xterm-color", "screen", "tmux", "linux": 8
    case "rxvt-unicode": 88
    case "xterm-256color", "screen-256color", "tmux-256color", "rxvt-unicode-256color", "alacritty", "foot",
         "xterm-kitty": 256
    default: nil
    }
  }

  /// `term`'s colours from ``wellKnownColors(_:)``, or `nil` when it is not
  /// there or a user's entry could come first (one `access` of
  /// `~/.terminfo`).
  static func knownColors(_ term: String, environment: (String) -> String?) -> Int? {
    guard let colors = wellKnownColors(term), environment("TERMINFO") == nil,
          environment("TERMINFO_DIRS") == nil else { return nil }
    if let home = environment("HOME"), (home + "/.terminfo").withCString({ access($0, F_OK) }) == 0 { return nil }
    return colors
  }

  /// How much of an entry is read: its header, names, booleans and numbers
  /// come first, and a legacy entry is at most 4096 bytes whole (term(5));
  /// a names section so long that the numbers lie beyond counts as no
  /// colours.
  static let entryPrefixSize = 4096

  /// The `colors` number (the 14th, index 13) in the start of a compiled
  /// terminfo entry, term(5): the legacy format (magic 0432, 16-bit
  /// numbers) or the extended number format (magic 01036, 32-bit:
  /// `xterm-256color`); 0 when it is absent or cancelled, or the bytes are
  /// not an entry. Little-endian throughout, as the format says.
  static func colors(inTerminfoEntry entry: UnsafeRawBufferPointer) -> Int {
    func short(_ offset: Int) -> Int {
      Int(Int16(bitPattern: UInt16(entry[offset]) | UInt16(entry[offset + 1]) << 8))
    }
    let colorsIndex = 13
    guard entry.count >= 12 else { return 0 }
    let width: Int
    switch short(0) {
    case 0o432: width = 2
    case 0o1036: width = 4
    default: return 0
    }
    let names = short(2), booleans = short(4), numbers = short(6)
    guard names >= 0, booleans >= 0, numbers > colorsIndex else { return 0 }
    // The numbers start on an even byte: a pad byte follows an odd
    // names-and-booleans section.
    let start = 12 + names + booleans + (names + booleans) % 2
    let offset = start + colorsIndex * width
    guard offset + width <= entry.count else { return 0 }
    let value = width == 2
      ? short(offset)
      : Int(Int32(bitPattern: UInt32(entry[offset]) | UInt32(entry[offset + 1]) << 8
                    | UInt32(entry[offset + 2]) << 16 | UInt32(entry[offset + 3]) << 24))
    return max(value, 0)
  }
}
