import Testing

/// The answer line on a real terminal emulator (tmux) with wide and
/// multi-scalar characters (SPEC §6; issue 11's points 3, 5 and 7): the
/// screen always shows the buffer, with the cursor where it is, measured
/// with the layout's widths (a CJK character and a ZWJ family are 2
/// columns) and moved a whole character at a time.
@Suite("Wide characters on the answer line", .ownThread)
struct WideCharacterTests {
  static let choice = "Choice [1-2, Ctrl-D = cancel]: "  // 31 columns

  @Test("Deleting before CJK text keeps the line whole and the cursor after 分", arguments: [
    ("xterm-256color", ["Home", "DC", "Right"]), ("linux", ["Home", "DC", "Right"]),
    ("xterm-256color", ["C-a", "C-d", "C-f"]),
  ])
  func deleteBeforeCJK(term: String, keys: [String]) throws {
    let screen = try TmuxScreen(["-t", "T", "分享", "复制"], term: term)
    try screen.waitForLine(Self.choice, startingWith: "Choice", cursorAt: 31)
    try screen.type("Y分享")
    try screen.waitForLine(Self.choice + "Y分享", startingWith: "Choice", cursorAt: 36)
    for key in keys { try screen.press(key) }
    try screen.waitForLine(Self.choice + "分享", startingWith: "Choice", cursorAt: 33)
    try screen.press("Enter")
    let result = try screen.waitForExit()
    #expect(result.status == 0)
    #expect(result.stdout == "分享\n")
  }

  @Test("The cursor moves over a ZWJ family as one character of 2 columns")
  func family() throws {
    let screen = try TmuxScreen(["-s", "plain", "-t", "T"])
    try screen.waitForLine("Text: ", startingWith: "Text:", cursorAt: 6)
    try screen.type("👨‍👩‍👧 Fam")
    try screen.waitForLine("Text: 👨‍👩‍👧 Fam", startingWith: "Text:", cursorAt: 12)
    for _ in 0..<5 { try screen.press("Left") }
    try screen.waitForLine("Text: 👨‍👩‍👧 Fam", startingWith: "Text:", cursorAt: 6)
    try screen.press("Right")
    try screen.waitForLine("Text: 👨‍👩‍👧 Fam", startingWith: "Text:", cursorAt: 8)
    try screen.press("Home")
    try screen.type("X")
    try screen.waitForLine("Text: X👨‍👩‍👧 Fam", startingWith: "Text:", cursorAt: 7)
    try screen.press("Enter")
    let result = try screen.waitForExit()
    #expect(result.status == 0)
    #expect(result.stdout == "X👨‍👩‍👧 Fam\n")
  }

  @Test("Backspace and Delete remove a whole character", arguments: [
    ("pass🇺🇸", ["BSpace"], "pass"), ("cafe\u{301}", ["BSpace"], "caf"),
    ("x👍🏽y", ["Left", "BSpace"], "xy"), ("🇯🇵🇺🇸", ["Home", "DC"], "🇺🇸"),
    ("हिन्दी", ["Home", "DC"], "न्दी"),
  ])
  func wholeCharacters(typed: String, keys: [String], answer: String) throws {
    let screen = try TmuxScreen(["-s", "plain", "-t", "T"])
    try screen.waitForLine("Text: ", startingWith: "Text:", cursorAt: 6)
    try screen.type(typed)
    for key in keys { try screen.press(key) }
    try screen.press("Enter")
    let result = try screen.waitForExit()
    #expect(result.status == 0)
    #expect(result.stdout == answer + "\n")
  }

  @Test("A wide character that does not fit the row starts the next, and the cursor follows it")
  func wrapping() throws {
    let screen = try TmuxScreen(["-s", "plain", "-t", "T"], columns: 20)
    try screen.waitForLine("Text: ", startingWith: "Text:", cursorAt: 6)
    try screen.type("abcdefghijklm分")  // "Text: " and 13 letters: 19 columns, 分 does not fit
    try screen.waitForLine("分", startingWith: "分", cursorAt: 2)
    try screen.press("Left")
    try screen.waitForLine("分", startingWith: "分", cursorAt: 0)
    try screen.press("Left")
    try screen.waitForLine("Text: abcdefghijklm", startingWith: "Text:", cursorAt: 18)
    try screen.press("C-k")  // the row below is cleared too
    try screen.waitForLine("Text: abcdefghijkl", startingWith: "Text:", cursorAt: 18)
    #expect(try !screen.lines().contains { $0.hasPrefix("分") })
    try screen.press("C-a", "C-k")
    try screen.type("分")
    try screen.waitForLine("Text: 分", startingWith: "Text:", cursorAt: 8)
    try screen.press("Enter")
    #expect(try screen.waitForExit().stdout == "分\n")
  }

  @Test("Devanagari, Tamil and Thai: a spacing vowel sign takes a column, as the terminal draws it",
        arguments: [("हिन्दी", 5), ("தமிழ்", 4), ("น้ำa", 3)])
  func spacingMarks(text: String, columns: Int) throws {
    let screen = try TmuxScreen(["-s", "plain", "-t", "T"])
    try screen.waitForLine("Text: ", startingWith: "Text:", cursorAt: 6)
    try screen.type(text)
    try screen.waitForLine("Text: " + text, startingWith: "Text:", cursorAt: 6 + columns)
    try screen.press("Home")
    try screen.type("X")
    try screen.waitForLine("Text: X" + text, startingWith: "Text:", cursorAt: 7)
    try screen.press("Enter")
    #expect(try screen.waitForExit().stdout == "X" + text + "\n")
  }
}
