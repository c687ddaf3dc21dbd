import AskTestSupport
import CShim
import Glibc
import Testing

/// The masked-line editor of secure fields as a pure state machine: bytes
/// in, the secret and the screen actions out.
@Suite("The masked-line editor")
struct MaskedEditorTests {
  /// Feeds `bytes`; returns the secret, the stars on screen, and the last
  /// event.
  func feed(_ bytes: [UInt8], terminal keys: TerminalKeys? = nil) -> (secret: [UInt8], stars: Int, last: Int32) {
    var state = ask_secret_t()
    ask_secret_init(&state)
    defer { ask_secret_wipe(&state) }
    if let keys {
      var modes = termios()
      withUnsafeMutableBytes(of: &modes.c_cc) { cc in
        (cc[Int(VERASE)], cc[Int(VKILL)], cc[Int(VWERASE)]) = (keys.erase, keys.kill, keys.werase)
      }
      ask_secret_use_terminal_keys(&state, &modes)
    }
    var stars = 0
    var last: Int32 = -1
    for byte in bytes {
      var count = 0
      last = ask_secret_feed(&state, byte, &count)
      if last == Int32(ASK_SECRET_ADDED) { stars += count }
      if last == Int32(ASK_SECRET_ERASED) { stars -= count }
      if last == Int32(ASK_SECRET_ENTER) || last == Int32(ASK_SECRET_EOF) { break }
    }
    let secret = Array(UnsafeBufferPointer(start: state.bytes, count: state.length))
    #expect(stars == ask_secret_characters(&state))
    return (secret, stars, last)
  }

  @Test("One * per character, not per byte or scalar", arguments: [
    ("pässwörd", 8), ("密码", 2), ("hunter2", 7), ("a\tb", 3),
    ("👍🏽", 1), ("e\u{301}", 1), ("👨‍👩‍👧‍👦", 1), ("❤️", 1), ("a\u{200B}b", 3),
    ("🇺🇸", 1), ("🇺🇸🇩🇪", 2), ("🇺🇸🇩", 2), ("1️⃣", 1), ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", 1), ("각", 1), ("\u{1100}\u{1161}\u{11A8}", 1),
  ])
  func masks(text: LoggedText, stars: Int) {
    let result = feed(Array(text.text.utf8) + [13])
    #expect(result.secret == Array(text.text.utf8))
    #expect(result.stars == stars)
    #expect(result.last == Int32(ASK_SECRET_ENTER))
  }

  @Test("Bytes that are not UTF-8 never enter the secret: one mask a character, the secret always text", arguments: [
    ([0x61, 0x62, 0xFF, 0xC3, 0x28], "ab("),   // a byte that leads nothing, a lead cut off (fuzzing found it)
    ([0xC3, 0xA4], "ä"),
    ([0x80, 0x78, 0xBF], "x"),                 // stray continuation bytes
    ([0x61, 0xE4, 0xBD], "a"),                 // a scalar cut off by Enter
    ([0xC0, 0xAF, 0xE0, 0x80, 0xAF], ""),      // overlong forms of '/'
    ([0xED, 0xA0, 0x80, 0x61], "a"),           // a surrogate
    ([0xF4, 0x90, 0x80, 0x80], ""),            // past U+10FFFF
    ([0x61, 0xE4, 0xBD, 0x7F, 0x62], "b"),     // Backspace erases the last mask shown; the part typed is dropped
    ([0x61, 0xC2, 0x9B, 0x62, 0xC2, 0x85], "ab"),  // C1 controls (an 8-bit CSI, NEL) are controls
    ([0x61, 0x1B, 0x5B, 0x4D, 0x20, 0x21, 0x21, 0x62], "ab"),  // an X10 mouse report
  ] as [([UInt8], String)])
  func invalidUTF8(bytes: [UInt8], secret: String) {
    let result = feed(bytes + [13])
    #expect(result.secret == Array(secret.utf8))
    #expect(result.stars == secret.count)
  }

  @Test("Editing keys act on characters", arguments: [
    ("pä\u{7F}aö\r", "paö"),        // Backspace removes ä, both bytes (C13)
    ("密码\u{7F}\r", "密"),
    ("a👍🏽\u{7F}x\r", "ax"),         // a skin-toned emoji goes with one Backspace
    ("ae\u{301}\u{7F}\r", "a"),       // and e with its accent
    ("x👨‍👩‍👧‍👦\u{7F}\r", "x"),
    ("pass🇺🇸\u{7F}🇩🇪\r", "pass🇩🇪"), // a flag is one character (P04)
    ("🇺🇸🇩🇪\u{7F}\r", "🇺🇸"),
    ("abc\u{8}\r", "ab"),            // ^H too
    ("abc\u{15}xy\r", "xy"),         // Ctrl-U clears
    ("one two\u{17}\r", "one "),     // Ctrl-W: the word before
    ("one two  \u{17}\r", "one "),   // … and the spaces after it
    ("\u{7F}\u{7F}a\r", "a"),        // Backspace on empty does nothing
    ("ab\u{4}c\r", "abc"),           // Ctrl-D on a non-empty field is nothing
    ("a\u{1B}[Db\u{1B}[1;5Cc\r", "abc"),      // arrow keys dropped
    ("\u{1B}[200~paste\u{1B}[201~\r", "paste"), // bracketed-paste markers dropped
    ("a\u{1B}OHb\r", "ab"),          // SS3 (Home) dropped
    ("a\u{1}\u{2}\u{5}b\r", "ab"),   // other controls dropped
    ("hun\u{1B}]11;rgb:1c1c/1e1e/2626\u{1B}\\ter2\r", "hunter2"),  // a late OSC 11 reply, ST
    ("hun\u{1B}]10;rgb:0/0/0\u{7}ter2\r", "hunter2"),               // OSC ended by BEL
    ("q\u{1B}P1$r0m\u{1B}\\z\r", "qz"),                           // DCS
    ("q\u{1B}_abc\u{1B}\\z\r", "qz"),                             // APC
    ("q\u{1B}^pm\u{1B}\\z\u{1B}Xsos\u{7}y\r", "qzy"),             // PM, SOS
    ("q\u{1B}[12;40Rz\u{1B}[?1;2cy\r", "qzy"),                     // cursor report, device attributes
    ("q\u{1B}]11;x\u{1B}[Dz\r", "qz"),                             // an ESC that is no ST ends the string
    ("q\u{1B}]unterminated\r", "q"),                                 // Enter ends a string it interrupts
  ])
  func editing(keys: LoggedText, secret: String) {
    #expect(feed(Array(keys.text.utf8)).secret == Array(secret.utf8))
  }

  /// The terminal's editing characters (c_cc) as stty set them; 0 is
  /// undefined (_POSIX_VDISABLE).
  struct TerminalKeys: CustomTestStringConvertible {
    var erase: UInt8 = 0x7F, kill: UInt8 = 0x15, werase: UInt8 = 0x17
    var testDescription: String { "erase \(erase) kill \(kill) werase \(werase)" }
  }

  @Test("The terminal's own editing characters (stty) erase, clear and erase a word, before what the byte is otherwise",
        arguments: [
    ("abc\u{18}def gh\u{2}ij\r", TerminalKeys(kill: 0x18, werase: 0x02), "def ij"),  // stty kill ^X werase ^B
    ("abcd\u{14}\u{14}x\r", TerminalKeys(erase: 0x14), "abx"),                        // stty erase ^T
    ("ab\u{8}c\u{7F}d\r", TerminalKeys(erase: 0x14), "ad"),                            // ^H and DEL erase still
    ("ab\u{15}xy ab\u{17}cd\r", TerminalKeys(kill: 0x18, werase: 0x02), "xy cd"),    // so do Ctrl-U and Ctrl-W
    ("one two\u{17}x\u{0}\r", TerminalKeys(kill: 0, werase: 0), "one x"),             // undefined: NUL is nothing
    ("pä ss👍🏽e\u{301}\u{2}\r", TerminalKeys(werase: 0x02), "pä "),                   // a word of characters
    ("a\tb\t\u{2}\r", TerminalKeys(werase: 0x02), "a\t"),                            // tabs are blanks
    ("ab\u{2}\u{8}\u{2}\r", TerminalKeys(erase: 0x02, werase: 0x08), ""),            // each byte as stty made it
  ] as [(LoggedText, TerminalKeys, String)])
  func terminalKeys(keys: LoggedText, terminal: TerminalKeys, secret: String) {
    let result = feed(Array(keys.text.utf8), terminal: terminal)
    #expect(result.secret == Array(secret.utf8))
    #expect(result.stars == secret.count)
  }

  /// Feeds `bytes` drawing each change as `show` (ASK_SECRET_SHOW_*) does,
  /// then the whole field again as a redraw after a stop does; returns
  /// what was written for the typing, and for the redraw.
  func drawn(_ bytes: [UInt8], show: Int32) throws -> (typing: [UInt8], redraw: [UInt8]) {
    var state = ask_secret_t()
    ask_secret_init(&state)
    defer { ask_secret_wipe(&state) }
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    defer { close(fds[0]) }
    for byte in bytes {
      var count = 0
      let event = ask_secret_feed(&state, byte, &count)
      ask_secret_draw_change(nil, fds[1], &state, show, event, count)
    }
    let typing = Self.drain(fds[0])
    ask_secret_draw_all(nil, fds[1], &state, show)
    close(fds[1])
    return (typing, Self.drain(fds[0]))
  }

  /// What is in the pipe `fd` now (small: a pipe holds 64 KiB).
  static func drain(_ fd: Int32) -> [UInt8] {
    var flags = fcntl(fd, F_GETFL)
    flags |= O_NONBLOCK
    _ = fcntl(fd, F_SETFL, flags)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(fd, &buffer, buffer.count)
      if n <= 0 { return bytes }
      bytes += buffer[..<n]
    }
  }

  @Test("Shown as typed: each scalar's bytes as it comes, erasing takes back each character's columns, controls never drawn",
        arguments: [
    // é is e + U+0301 (its mark drawn as it comes); 漢 is 2 columns wide.
    ("abce\u{301}漢\u{7F}\u{7F}", "abce\u{301}漢\u{8}\u{8}  \u{8}\u{8}\u{8} \u{8}", "abc"),
    ("a\tb\u{1}\u{1B}[Dc", "abc", "a\tbc"),                               // Tab and other controls, arrows: not drawn
    ("ab 密码\u{17}", "ab 密码\u{8}\u{8}\u{8}\u{8}    \u{8}\u{8}\u{8}\u{8}", "ab "),  // Ctrl-W: the word's 4 columns
    ("x👍🏽\u{15}", "x👍🏽\u{8}\u{8}\u{8}   \u{8}\u{8}\u{8}", ""),                // Ctrl-U: an emoji is 2
    ("a\t\u{7F}\u{7F}", "a\u{8} \u{8}", ""),                                 // a Tab takes no column back
  ] as [(LoggedText, LoggedText, LoggedText)])
  func shownText(keys: LoggedText, screen: LoggedText, secret: LoggedText) throws {
    let result = try drawn(Array(keys.text.utf8), show: Int32(ASK_SECRET_SHOW_TEXT))
    #expect(result.typing == Array(screen.text.utf8))
    // Drawn again after a stop: the text as typed, its controls left out.
    #expect(result.redraw == Array(secret.text.utf8).filter { $0 != 9 })
  }

  @Test("Masked and hidden fields draw as before: a * a character, \\b \\b for each erased, or nothing")
  func maskedDrawing() throws {
    let keys = Array("ae\u{301}漢\u{7F}\u{7F}".utf8)
    let masked = try drawn(keys, show: Int32(ASK_SECRET_SHOW_MASKS))
    #expect(masked.typing == Array("***\u{8} \u{8}\u{8} \u{8}".utf8))
    #expect(masked.redraw == Array("*".utf8))
    let hidden = try drawn(keys, show: Int32(ASK_SECRET_SHOW_NOTHING))
    #expect(hidden.typing.isEmpty && hidden.redraw.isEmpty)
  }

  @Test("One rule for what a character is: the C editor counts as Swift's String does", arguments: [
    "pässwörd", "密码", "🇺🇸🇩🇪🇫", "👨‍👩‍👧‍👦x", "e\u{301}\u{301}", "\r\n", "a\u{200D}b", "1️⃣🏴󠁧󠁢󠁳󠁣󠁴󠁿", "\u{1100}\u{1161}",
  ])
  func oneRule(text: LoggedText) {
    let bytes = Array(text.text.utf8)
    #expect(ask_character_count(bytes, bytes.count) == text.text.count)
    let last = text.text.utf8.distance(from: text.text.startIndex, to: text.text.indices.last!)
    #expect(ask_last_character_start(bytes, bytes.count) == last)
  }

  @Test("Invalid UTF-8 counts as String(decoding:) does: one character per invalid sequence")
  func invalidBytes() {
    for bytes: [UInt8] in [[0xff], [0xe2, 0x82], [0x61, 0xc3], [0xc0, 0x80, 0x61]] {
      #expect(ask_character_count(bytes, bytes.count) == String(decoding: bytes, as: UTF8.self).count)
    }
  }

  @Test("Enter is CR or LF; CR LF is one Enter")
  func enter() {
    var state = ask_secret_t()
    ask_secret_init(&state)
    defer { ask_secret_wipe(&state) }
    var count = 0
    #expect(ask_secret_feed(&state, 13, &count) == Int32(ASK_SECRET_ENTER))
    #expect(ask_secret_feed(&state, 10, &count) == Int32(ASK_SECRET_NONE))
    #expect(ask_secret_feed(&state, 10, &count) == Int32(ASK_SECRET_ENTER))
  }

  @Test("Ctrl-D on an empty field is end of input")
  func eof() {
    #expect(feed([4]).last == Int32(ASK_SECRET_EOF))
    #expect(feed(Array("a".utf8) + [0x7F, 4]).last == Int32(ASK_SECRET_EOF))
  }

  @Test("A long secret grows its buffer and keeps every byte")
  func long() {
    let text = String(repeating: "ключ", count: 500)
    #expect(feed(Array(text.utf8) + [13]).secret == Array(text.utf8))
  }

  @Test("A secret is written to JSON with quotes, backslashes and controls escaped as the Swift writer does")
  func jsonEscape() throws {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    let secret: [UInt8] = Array("a\"b\\c\n\u{1}é".utf8)
    var signo: Int32 = 0
    #expect(ask_write_json_string(nil, fds[1], secret, secret.count, &signo) == 0)
    #expect(ask_write_json_string(nil, fds[1], nil, 0, &signo) == 0)
    close(fds[1])
    var buffer = [UInt8](repeating: 0, count: 256)
    let n = read(fds[0], &buffer, buffer.count)
    close(fds[0])
    #expect(String(decoding: buffer[..<n], as: UTF8.self) == #""a\"b\\c\n\u0001é""""#)
  }
}
