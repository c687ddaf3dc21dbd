/// What an option takes.
enum OptionValue: Equatable {
  /// Nothing: a flag.
  case none
  /// Free text, shown in help as the given name (`TITLE`).
  case text(String)
  /// One of fixed words (`title|index|json`).
  case choice([String])
}

/// Which part of `--help` an option is listed in.
enum OptionGroup: String, CaseIterable {
  /// Options that define the prompt: not allowed with a JSON spec.
  case content = "Content"
  /// Where the prompt comes from instead: a JSON spec.
  case spec = "JSON spec"
  /// Options that govern the run: they apply to every prompt.
  case run = "Answers and output"
  /// `ask` as another program's helper (SPEC §7).
  case helper = "Helper for ssh, git, sudo and gpg"
  case general = "General"
}

/// One command-line option: the single source for parsing, `--help` (and
/// later the man page and completions).
struct OptionSpec: Equatable {
  /// The long name without dashes (`title`).
  let long: String
  /// The short name, if any (`t`).
  let short: Character?
  /// What it takes.
  let value: OptionValue
  /// True when it may be given more than once (`--button`).
  let isRepeatable: Bool
  /// Where `--help` lists it.
  let group: OptionGroup
  /// One line for `--help`.
  let help: String
}

/// Every option of `ask`, in `--help` order (SPEC §2).
let optionTable: [OptionSpec] = [
  OptionSpec(long: "title", short: "t", value: .text("TEXT"), isRepeatable: false,
             group: .content, help: "the title, the first line"),
  OptionSpec(long: "message", short: "m", value: .text("TEXT"), isRepeatable: false,
             group: .content, help: "the message below the title; may hold newlines"),
  OptionSpec(long: "button", short: "b", value: .text("TITLE"), isRepeatable: true,
             group: .content, help: "a button (repeatable; or give titles as arguments)"),
  OptionSpec(long: "cancel", short: "c", value: .text("TITLE"), isRepeatable: false,
             group: .content, help: "the cancel button: shown last, exit status 1"),
  OptionSpec(long: "destructive", short: "d", value: .text("TITLE"), isRepeatable: false,
             group: .content, help: "the destructive button: shown first, in red"),
  OptionSpec(long: "default", short: nil, value: .text("TITLE"), isRepeatable: false,
             group: .content, help: "the button Enter chooses, by title (or number)"),
  OptionSpec(long: "style", short: "s", value: .choice(["default", "plain", "secure", "login-password"]),
             isRepeatable: false, group: .content, help: "ask for text too: plain, secure or login-password"),
  OptionSpec(long: "label", short: nil, value: .text("TEXT"), isRepeatable: true,
             group: .content, help: "a text field's label (once per field, in order)"),
  OptionSpec(long: "placeholder", short: nil, value: .text("TEXT"), isRepeatable: true,
             group: .content, help: "a hint after a field's label (once per field)"),
  OptionSpec(long: "text", short: nil, value: .text("TEXT"), isRepeatable: false,
             group: .content, help: "a plain field's initial, editable text"),
  OptionSpec(long: "echo", short: nil, value: .choice(["masked", "no"]), isRepeatable: false,
             group: .content, help: "a secure field shows * per character, or nothing"),
  OptionSpec(long: "repeat", short: nil, value: .none, isRepeatable: false,
             group: .content, help: "ask a secure field twice; both must match"),
  OptionSpec(long: "required", short: nil, value: .none, isRepeatable: false,
             group: .content, help: "a text field may not be left empty"),
  OptionSpec(long: "pattern", short: nil, value: .text("REGEX"), isRepeatable: false,
             group: .content, help: "a plain field must match this whole Swift Regex"),
  OptionSpec(long: "sheet", short: nil, value: .none, isRepeatable: false,
             group: .content, help: "present as an action sheet (cancel set apart)"),
  OptionSpec(long: "alert", short: nil, value: .none, isRepeatable: false,
             group: .content, help: "present as an alert (the default)"),
  OptionSpec(long: "json", short: nil, value: .none, isRepeatable: false,
             group: .spec, help: "read the prompts as JSON from stdin"),
  OptionSpec(long: "spec", short: nil, value: .text("FILE"), isRepeatable: false,
             group: .spec, help: "read the prompts as JSON from FILE (- is stdin)"),
  OptionSpec(long: "answers", short: nil, value: .choice(["tty", "stdin"]), isRepeatable: false,
             group: .run, help: "answer source (default: stdin; tty with --json)"),
  OptionSpec(long: "timeout", short: nil, value: .text("SECONDS"), isRepeatable: false,
             group: .run, help: "choose the default after SECONDS, else exit 124"),
  OptionSpec(long: "print", short: nil, value: .choice(["title", "index", "json", "none"]),
             isRepeatable: false, group: .run, help: "what goes to stdout (default: title)"),
  OptionSpec(long: "quiet", short: "q", value: .none, isRepeatable: false,
             group: .run, help: "print nothing, only the exit status (--print none)"),
  OptionSpec(long: "null", short: "0", value: .none, isRepeatable: false,
             group: .run, help: "end each printed value with NUL, not newline"),
  OptionSpec(long: "no-newline", short: "n", value: .none, isRepeatable: false,
             group: .run, help: "no newline after the last value of a result"),
  OptionSpec(long: "color", short: nil, value: .choice(["auto", "always", "never"]),
             isRepeatable: false, group: .run, help: "colour the prompt (default: auto)"),
  OptionSpec(long: "askpass", short: nil, value: .text("PROMPT"), isRepeatable: false,
             group: .helper, help: "the askpass of ssh/git/sudo, run as ask-askpass"),
  OptionSpec(long: "pinentry", short: nil, value: .none, isRepeatable: false,
             group: .helper, help: "gpg-agent's pinentry, run as ask-pinentry"),
  OptionSpec(long: "help", short: "h", value: .none, isRepeatable: false,
             group: .general, help: "show this help and exit"),
  OptionSpec(long: "version", short: nil, value: .none, isRepeatable: false,
             group: .general, help: "show the version and exit"),
]

/// The version `--version` prints.
let askVersion = "0.1.0"
