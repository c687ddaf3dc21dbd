import Testing
@testable import AskCore

/// The placeholders of ask's translatable words (``Messages/formatted(_:_:)``):
/// C's printf syntax, so that `msgfmt --check` holds a translation to its
/// msgid's placeholders, filled in from strings.
@Suite("Message placeholders")
struct MessageFormatTests {
  @Test("Placeholders take their arguments in order, or by position; %% is a percent; the rest is kept",
        arguments: [
          ("Choice [%s, Ctrl-D = cancel]: ", ["1-4"], "Choice [1-4, Ctrl-D = cancel]: "),
          ("(page %d of %d: > next)", ["2", "9"], "(page 2 of 9: > next)"),
          ("%2$s, затем %1$s", ["A", "B"], "B, затем A"),
          ("“%1$s”必须是字符串，而不是%2$s", ["title", "数组"], "“title”必须是字符串，而不是数组"),
          ("100%% of %s", ["it"], "100% of it"),
          ("no placeholder", ["unused"], "no placeholder"),
          ("%s and %s", ["only one"], "only one and %s"),
          ("%3$s", ["a"], "%3$s"),
          ("%x %5 %", ["a"], "%x %5 %"),
          ("%s", ["%s %d"], "%s %d"),
          ("%99999999999999999999$s", ["a"], "%99999999999999999999$s"),
        ])
  func formatted(format: String, arguments: [String], expected: String) {
    #expect(Messages.formatted(format, arguments) == expected)
  }

  @Test("With no catalogue that applies (the suite's C.UTF-8 or C), a message is its msgid, the plural by English's rule")
  func english() {
    Messages.useLocale(named: "C")
    defer { Messages.useLocale(named: nil) }
    #expect(localized("Timed out: chose %s.", "Yes") == "Timed out: chose Yes.")
    #expect(localized("(and %d more)", plural: "(and %d more)", count: 1, "1") == "(and 1 more)")
    #expect(localized("'fields' must have %d entry for style '%s', not %d",
                      plural: "'fields' must have %d entries for style '%s', not %d", count: 2, "2", "login-password", "1")
      == "'fields' must have 2 entries for style 'login-password', not 1")
    #expect(localized("'fields' must have %d entry for style '%s', not %d",
                      plural: "'fields' must have %d entries for style '%s', not %d", count: 1, "1", "plain", "2")
      == "'fields' must have 1 entry for style 'plain', not 2")
  }
}
