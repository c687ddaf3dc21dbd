import AskTestSupport
import CShim
import Testing

/// Which lines of a user's editrc `ask` hands to libedit (SPEC §6): the
/// lines that edit, never one that would undo the prompt.
@Suite("The editrc filter")
struct EditrcFilterTests {
  @Test("Editing lines apply: modes, key bindings, macros, edit on, history size, a program prefix", arguments: [
    "bind -v", "bind -e", "bind -a -v", "bind ^A ed-move-to-beg", "bind -a h ed-prev-char",
    "bind \"^[[1;5D\" ed-prev-word", "bind -s ^O 'hello'", "bind -r ^A", "bind -k up ed-prev-history",
    "edit on", "history size 10", "ask:bind -v", "  bind -v", "bind M-x ed-insert",
    "bind \\r ed-insert",  // the letter r: the tokenizer takes an unquoted backslash
  ] as [LoggedText])
  func applies(line: LoggedText) {
    #expect(ask_editrc_line_applies(line.text, 4) == 1)
  }

  @Test("Lines that would undo the prompt, print listings or are not whole are not applied", arguments: [
    "setty -d +echo +icanon", "setty -d -isig", "ask:setty -x +echo", "settc co 10", "echotc cl", "telltc",
    "edit off", "edit", "bind", "bind -l", "bind -a", "bind ^A", "history", "history list", "history unique 1",
    "bind ^M ed-insert", "bind ^m ed-insert", "bind ^J ed-insert", "bind '\\r' ed-insert", "bind \"\\n\" ed-insert",
    "bind '\\015' ed-insert", "bind '\\U+000D' ed-insert", "bind \\\\r ed-insert", "bind ^- ed-insert", "bind x^M ed-insert",
    "bind M-^M ed-insert", "bind ^I ed-insert", "bind '\\t' ed-insert", "bind ^D ed-insert", "bind -r ^M",
    "bind -s ^M abc", "bind \"\r\" ed-insert", "ask:bind ^M ed-insert", "bind ^O ed-command",
    "bind -a v vi-histedit", "bind 'x ed-insert", "bind ^ ed-insert", "bind '\\U+00' ed-insert",
    "bind '\\U+00E9' ed-insert",  // ends in its digits: libedit's decoder reads past the end
    "# bind -v", "", "unknown command", "bind -z x ed-insert",
    // A macro that types Esc x would run libedit's command line (setty).
    "bind -s ^A 'M-xsetty -d +echo^J'", "bind -s ^A '^[xsetty -d +echo'", "bind -s ^A '\\ex'", "bind -s ^A '\\033x'",
    // A prefix is a regular expression to libedit: only ask: itself.
    "'\\(.*\\)\\{3000\\}':bind -v", "as:bind -v", "a.k:bind -v",
    // libedit keeps the low byte of a key's first character: U+010D is ^M.
    // \U+XXXX: libedit drops the character after four digits (\\ex here).
    "bind -s ^T '\\U+0020\\\\ex'", "bind '\\U+0020\\\\r' em-kill-line", "bind '\\U+00E9x' ed-insert",
    "bind ^[ ed-unassigned", "bind '\\e' ed-insert",  // Esc alone: every sequence's start
    "bind \u{10D} ed-end-of-file", "bind \u{104} ed-insert", "bind -s \u{10D}z x", "bind '\\U+1000D' ed-insert",
  ] as [LoggedText])
  func notApplied(line: LoggedText) {
    #expect(ask_editrc_line_applies(line.text, 4) == 0)
  }

  @Test("The terminal's own EOF character is kept too, as Ctrl-D is")
  func eofCharacter() {
    #expect(ask_editrc_line_applies("bind ^X ed-insert", 0x18) == 0)
    #expect(ask_editrc_line_applies("bind ^X ed-insert", 4) == 1)
    #expect(ask_editrc_line_applies("bind ^D ed-insert", 0x18) == 0)
  }
}
