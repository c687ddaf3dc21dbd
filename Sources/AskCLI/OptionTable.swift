/// The name of an option of `ask`: its long name without dashes is the raw
/// value (`no-newline`). Code reads an option by its case (`options.has(.json)`),
/// so a misspelt option does not compile; the cases are in ``optionTable``
/// order.
package enum OptionName: String, CaseIterable, Sendable {
  case title, message, button, cancel, destructive, `default`, style, label, placeholder, text
  case echo, `repeat`, required, pattern, sheet, alert
  case json, spec
  case answers, timeout, print, quiet, null
  case noNewline = "no-newline"
  case color
  case askpass, pinentry
  case passwordAgent = "password-agent"
  case help, version
}

/// What an option takes, which is also what a shell completes after it.
package enum OptionValue: Equatable, Sendable {
  /// Nothing: a flag.
  case none
  /// Free text, shown in help as the given name (`TITLE`); shells offer
  /// nothing for it.
  case text(String)
  /// A file name, shown in help as the given name (`FILE`); shells complete
  /// file names.
  case file(String)
  /// One of fixed words (`title|index|json`); shells complete these words.
  case choice([String])
}

/// Which part of `--help` and of the man page's OPTIONS an option is listed in.
package enum OptionGroup: String, CaseIterable, Sendable {
  /// Options that define the prompt: not allowed with a JSON spec.
  case content = "Content"
  /// Where the prompt comes from instead: a JSON spec.
  case spec = "JSON spec"
  /// Options that govern the run: they apply to every prompt.
  case run = "Answers and output"
  /// `ask` as another program's helper (SPEC §7).
  case helper = "Helper for ssh, git, sudo and gpg"
  /// Help and version.
  case general = "General"

  /// The man page's paragraph before the group's list of options (mdoc,
  /// one sentence a line); empty for none.
  package var manualIntroduction: String {
    switch self {
    case .content:
      #"""
      These options describe the prompt; they cannot be used with
      .Fl \-json
      or
      .Fl \-spec .
      """#
    case .run: "These options govern the run and apply to every prompt of a spec."
    case .spec, .helper, .general: ""
    }
  }

  /// The man page's paragraph after the group's list of options (mdoc);
  /// empty for none.
  package var manualConclusion: String {
    switch self {
    case .content:
      #"""
      An option for fields that the style does not have, such as
      .Fl \-text
      with
      .Fl s Cm secure ,
      is a usage error.
      """#
    case .spec, .run, .helper, .general: ""
    }
  }
}

/// One command-line option: the single source for parsing, `--help`, the
/// bash, zsh and fish completions and the man page's OPTIONS (the last
/// three written by `ask-docgen`, `make completions man`).
package struct OptionSpec: Equatable, Sendable {
  /// Its name; the long name is `name.rawValue`.
  package let name: OptionName
  /// The short name, if any (`t`).
  package let short: Character?
  /// What it takes, and so what shells complete after it.
  package let value: OptionValue
  /// True when it may be given more than once (`--button`).
  package let isRepeatable: Bool
  /// The options it cannot be given with (a usage error); shells stop
  /// offering those once it is on the command line. Each pair is listed
  /// on both sides.
  package var conflicts: [OptionName] { conflict.map { [$0] } ?? [] }
  /// The one option it cannot be given with, if any (no option has more):
  /// stored alone, as an array of options would be the only one of its
  /// type made at start-up, its metadata set up by the runtime for it.
  private let conflict: OptionName?
  /// True when it makes `ask` ignore the rest of the command line
  /// (`--help`): shells offer nothing after it.
  package let standsAlone: Bool
  /// Where `--help` and the man page list it.
  package let group: OptionGroup
  /// One line for `--help`, and the description in zsh and fish.
  package let help: String
  /// Its description in the man page: mdoc, one sentence a line, below its
  /// `.It` line (which is written from the names and the value).
  package let manual: String

  /// The long name without dashes (`title`).
  package var long: String { name.rawValue }

  init(_ name: OptionName, short: Character? = nil, value: OptionValue = .none,
       isRepeatable: Bool = false, conflict: OptionName? = nil, standsAlone: Bool = false,
       group: OptionGroup, help: String, manual: String) {
    self.name = name
    self.short = short
    self.value = value
    self.isRepeatable = isRepeatable
    self.conflict = conflict
    self.standsAlone = standsAlone
    self.group = group
    self.help = help
    self.manual = manual
  }
}

/// Every option of `ask`, in `--help` order (SPEC §2).
package let optionTable = OptionTable()

/// The options of ``optionTable``: a random-access collection of
/// ``OptionSpec``s, read from a fixed-size `InlineArray`. Not an `Array`:
/// an array of an own struct makes the runtime build that array's generic
/// metadata (its superclass's name demangled, its layout, a cache entry)
/// before the prompt is drawn, code and data that nothing else at start-up
/// needs (issue 27, BENCHMARKS.md).
package struct OptionTable: RandomAccessCollection, Sendable {
  /// 0.
  package var startIndex: Int { 0 }
  /// The number of options.
  package var endIndex: Int { optionSpecs.count }
  /// The option at `position`, in `--help` order.
  package subscript(position: Int) -> OptionSpec { optionSpecs[position] }
}

private let optionSpecs: InlineArray<_, OptionSpec> = [
  // MARK: Content
  OptionSpec(.title, short: "t", value: .text("TEXT"), group: .content,
             help: "the title, the first line",
             manual: "The title, the first line; bold when colour is on."),
  OptionSpec(.message, short: "m", value: .text("TEXT"), group: .content,
             help: "the message below the title; may hold newlines",
             manual: """
               The message below the title.
               It may hold newlines.
               """),
  OptionSpec(.button, short: "b", value: .text("TITLE"), isRepeatable: true, group: .content,
             help: "a button (repeatable; or give titles as arguments)",
             manual: """
               A button with the role other.
               Repeatable; the positional arguments add more.
               """),
  OptionSpec(.cancel, short: "c", value: .text("TITLE"), group: .content,
             help: "the cancel button: shown last, exit status 1",
             manual: """
               The cancel button: shown last; choosing it is a cancel, exit status 1 (see
               .Sx OUTPUT ) .
               """),
  OptionSpec(.destructive, short: "d", value: .text("TITLE"), group: .content,
             help: "the destructive button: shown first, in red",
             manual: "The destructive button: shown first, in red."),
  OptionSpec(.default, value: .text("TITLE"), group: .content,
             help: "the button Enter chooses, by title (or number)",
             manual: """
               The button that Enter and a timeout choose, by title, case-folded, or by its
               number on screen when no title matches.
               """),
  OptionSpec(.style, short: "s", value: .choice(["default", "plain", "secure", "login-password"]),
             group: .content, help: "ask for text too: plain, secure or login-password",
             manual: """
               Ask for text too (see
               .Sx Text entry ) .
               The default is
               .Cm default :
               buttons only.
               """),
  OptionSpec(.label, value: .text("TEXT"), isRepeatable: true, group: .content,
             help: "a text field's label (once per field, in order)",
             manual: """
               A text field's label, given once per field in order.
               The labels are
               .Dq Text
               .Pq Cm plain ,
               .Dq Password
               .Pq Cm secure ,
               and
               .Dq Login
               and
               .Dq Password
               .Pq Cm login-password
               unless given.
               """),
  OptionSpec(.placeholder, value: .text("TEXT"), isRepeatable: true, group: .content,
             help: "a hint after a field's label (once per field)",
             manual: """
               A hint shown after a field's label, given once per field in order; never
               returned.
               """),
  OptionSpec(.text, value: .text("TEXT"), group: .content,
             help: "a plain field's initial, editable text",
             manual: """
               The initial, editable text of the plain field (the login of
               .Cm login-password ) .
               It is for editing on a terminal; from a pipe the line read is the answer.
               A control character in it (a tab, a NUL) is a usage error: a field holds
               one only when it is typed quoted, after the terminal's lnext key.
               """),
  OptionSpec(.echo, value: .choice(["masked", "no"]), group: .content,
             help: "a secure field shows * per character, or nothing",
             manual: """
               How a secure field shows typing: one
               .Ql *
               per character (the default), or nothing.
               """),
  OptionSpec(.repeat, group: .content,
             help: "ask a secure field twice; both must match",
             manual: "Ask the secure field twice; both must match (for a new passphrase)."),
  OptionSpec(.required, group: .content,
             help: "a text field may not be left empty",
             manual: "A text field may not be left empty."),
  OptionSpec(.pattern, value: .text("REGEX"), group: .content,
             help: "a plain field must match this whole Swift Regex",
             manual: """
               The plain field's text must match the whole Swift
               .Li Regex ;
               otherwise a hint, and the field is asked again.
               The match runs in a child process for at most 2 seconds: a pattern that
               backtracks longer is given up with a hint naming it, and a signal or the
               timeout ends the match at once.
               """),
  OptionSpec(.sheet, conflict: .alert, group: .content,
             help: "present as an action sheet (cancel set apart)",
             manual: "Present the prompt as an action sheet."),
  OptionSpec(.alert, conflict: .sheet, group: .content,
             help: "present as an alert (the default)",
             manual: "Present the prompt as an alert (the default)."),
  // MARK: JSON spec
  OptionSpec(.json, conflict: .spec, group: .spec,
             help: "read the prompts as JSON from stdin",
             manual: """
               Read the prompts as JSON from standard input (see
               .Sx JSON SPEC ) .
               """),
  OptionSpec(.spec, value: .file("FILE"), conflict: .json, group: .spec,
             help: "read the prompts as JSON from FILE (- is stdin)",
             manual: """
               Read the prompts as JSON from
               .Ar file ;
               .Ql -
               is standard input.
               """),
  // MARK: Answers and output
  OptionSpec(.answers, value: .choice(["tty", "stdin"]), group: .run,
             help: "answer source (default: stdin; tty with --json)",
             manual: """
               Read the answers from the terminal, or from standard input.
               The default is standard input, or the terminal when standard input carries
               the spec.
               With
               .Cm tty
               and no terminal to open, exit status 2.
               Give
               .Cm tty
               inside a loop that reads standard input, so that
               .Nm
               does not take the loop's next line.
               """),
  OptionSpec(.timeout, value: .text("SECONDS"), group: .run,
             help: "choose the default after SECONDS, else exit 124",
             manual: #"""
               After
               .Ar seconds ,
               choose the default button; with no default, or in a text style, exit with
               status 124.
               The prompt states the limit once, with what will happen
               .Pq Ql (times out in 2 min 5 s, then chooses Yes) ,
               and a line says so when it fires:
               .Ql Timed out: chose Yes.\&
               or
               .Ql Timed out.\&
               0 means no limit.
               It also limits each wait for a spec object from
               .Fl \-json
               or
               .Fl \-spec
               (exit status 124).
               A spec's own
               .Ic timeout
               wins for its prompt.
               """#),
  OptionSpec(.print, value: .choice(["title", "index", "json", "none"]), conflict: .quiet,
             group: .run, help: "what goes to stdout (default: title)",
             manual: """
               What goes to standard output (see
               .Sx OUTPUT ) ;
               the default is
               .Cm title .
               """),
  OptionSpec(.quiet, short: "q", conflict: .print, group: .run,
             help: "print nothing, only the exit status (--print none)",
             manual: #"""
               The same as
               .Fl \-print Cm none :
               nothing is printed and the exit status says it all, for
               .Ql if ask -q ...; then .
               """#),
  OptionSpec(.null, short: "0", group: .run,
             help: "end each printed value with NUL, not newline",
             manual: """
               End each printed value, or each JSON object, with a NUL byte instead of a
               newline.
               """),
  OptionSpec(.noNewline, short: "n", group: .run,
             help: "no newline after the last value of a result",
             manual: """
               Leave out the newline (with
               .Fl 0 ,
               the NUL) after the last value of each prompt's result.
               """),
  OptionSpec(.color, value: .choice(["auto", "always", "never"]), group: .run,
             help: "colour the prompt (default: auto)",
             manual: """
               Colour and bold on the terminal.
               .Cm auto ,
               the default, follows
               .Ev NO_COLOR ,
               .Ev CLICOLOR_FORCE
               and
               .Ev TERM
               (see
               .Sx ENVIRONMENT ) .
               .Cm always
               writes colour even with
               .Ev TERM Ns = Ns Cm dumb ,
               but never cursor movement.
               With colour off, no SGR sequence (colour, bold, dim) is written; roles are
               always marked in words.
               """),
  // MARK: Helper for ssh, git, sudo and gpg
  OptionSpec(.askpass, value: .text("PROMPT"), group: .helper,
             help: "the askpass of ssh/git/sudo, run as ask-askpass",
             manual: #"""
               Be the askpass helper that
               .Xr ssh 1 ,
               .Xr ssh-add 1
               .Pq Ev SSH_ASKPASS ,
               .Xr git 1
               .Pq Ev GIT_ASKPASS
               and
               .Xr sudo 8
               .Pq Fl A , Ev SUDO_ASKPASS
               run with the prompt as their only argument; run as
               .Nm ask-askpass
               (or as
               .Nm ssh-askpass ,
               the name its alternative in the Debian package gives it),
               .Nm
               behaves so with its argument as
               .Ar prompt .
               The prompt is the message of a secure alert, asked on
               .Pa /dev/tty
               (standard input is the caller's data: it is read only with
               .Fl \-answers Cm stdin ,
               or when it is itself a terminal and
               .Pa /dev/tty
               cannot be opened);
               the secret goes to standard output with one newline, status 0.
               A cancel or Ctrl-D is status 1 with nothing printed; an empty answer is an
               answer.
               git's
               .Ql Username for
               prompt and ssh's own host-key questions, recognised by their whole wording
               from
               .Ql The authenticity of host
               to the
               .Ql (yes/no/[fingerprint])\&?
               at its end, get an echoed field; any other prompt is masked, one that
               merely holds
               .Ql (yes/no)\&?
               too: keyboard-interactive prompts are written by the server.
               With
               .Ev SSH_ASKPASS_PROMPT Ns = Ns Cm confirm
               it asks Yes or No: Yes prints
               .Ql yes ,
               No or a cancel is status 1 with nothing printed; with
               .Cm none
               it shows a notice with OK.
               With no terminal, one line on standard error and status 1: the caller's
               own fallback, if it has one, decides (git prompts on its terminal; ssh-add
               with
               .Ev SSH_ASKPASS_REQUIRE Ns = Ns Cm force
               fails).
               """#),
  OptionSpec(.pinentry, group: .helper,
             help: "gpg-agent's pinentry, run as ask-pinentry",
             manual: #"""
               Be the
               .Cm pinentry-program
               of
               .Xr gpg-agent 1 ;
               run as
               .Nm ask-pinentry
               (or as
               .Nm pinentry ,
               the name its alternative in the Debian package gives it),
               .Nm
               behaves so too.
               It speaks the pinentry (Assuan) protocol on standard input and output and
               draws each prompt on the terminal that
               .Ql OPTION ttyname
               names: SETTITLE, SETDESC, SETPROMPT, SETOK, SETCANCEL, SETNOTOK, SETERROR,
               SETREPEAT, SETREPEATERROR, SETTIMEOUT, OPTION, GETINFO, GETPIN, CONFIRM
               (and
               .Fl \-one-button ) ,
               MESSAGE, RESET, NOP and BYE, with pinentry's error codes for a cancel, a
               refusal and a timeout.
               A command line longer than libassuan's, 1001 bytes and its LF, ends the
               session as pinentry's do: no reply, nothing more read, one line on
               standard error, status 2.
               The options pinentry programs take
               .Pq Fl \-display , Fl \-ttyname , Fl \-ttytype , No …
               are accepted.
               """#),
  OptionSpec(.passwordAgent, group: .helper,
             help: "systemd password agent, run as ask-password-agent",
             manual: #"""
               Be a systemd password agent: answer the questions that
               .Xr systemd-ask-password 1 ,
               .Xr systemd-cryptsetup 8
               and others leave in
               .Pa /run/systemd/ask-password/
               (see
               .Sx PASSWORD AGENT ) ;
               run as
               .Nm ask-password-agent ,
               .Nm
               behaves so too.
               The arguments after it are the agent's own:
               .Fl \-query
               (the default),
               .Fl \-watch ,
               .Fl \-list
               (with
               .Fl \-print Cm json ) ,
               .Fl \-console Ns Op = Ns Ar device
               and
               .Fl \-color .
               """#),
  // MARK: General
  OptionSpec(.help, short: "h", standsAlone: true, group: .general,
             help: "show this help and exit",
             manual: "Show a summary of the options and exit."),
  OptionSpec(.version, standsAlone: true, group: .general,
             help: "show the version and exit",
             manual: "Show the version and exit."),
]

/// The version `--version` prints.
let askVersion = "0.1.0"
