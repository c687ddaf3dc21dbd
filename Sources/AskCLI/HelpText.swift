/// `--help`, rendered from the option table; fits 80 columns.
enum HelpText {
  /// The whole help text, ending in LF.
  static func render(table: OptionTable = optionTable) -> String {
    var out = """
      Usage: ask [OPTIONS] [BUTTON ...]

      Shows an alert or action sheet on the terminal as numbered lines, reads the
      answer (a number, a title or the start of one; Enter for the default) and
      prints the chosen button on stdout. The prompt is drawn on /dev/tty, never
      on stdout. Answers come from stdin, a terminal or a pipe.

      Exit status: 0 a button was chosen or text given; 1 cancel (the cancel
      button, Ctrl-D or end of input); 2 usage or spec error, or a piped answer
      that is not valid; 124 timed out with nothing to choose; 128+N killed by
      signal N (130 Ctrl-C, 141 stdout closed, 143 SIGTERM, 129 the terminal
      closed). In a `while read` loop, use --answers tty.

      """
    for group in OptionGroup.allCases {
      out += "\n\(group.rawValue):\n"
      for spec in table where spec.group == group {
        var names = spec.short.map { "-\($0), " } ?? "    "
        names += "--" + spec.long
        switch spec.value {
        case .none: break
        case .text(let name), .file(let name): names += " " + name
        case .choice(let words): names += " " + words.joined(separator: "|")
        }
        // Help starts in column 31; a longer name puts it on its own line.
        out += "  " + names
        out += names.count <= 26 ? String(repeating: " ", count: 28 - names.count)
          : "\n" + String(repeating: " ", count: 30)
        out += spec.help + "\n"
      }
    }
    out += """

      Examples:
        if ask -q -t 'Delete 3 files?' -d Delete -c Keep; then rm -- "$@"; fi
        action=$(ask --sheet -t 'Available Actions' -c Cancel -d Destroy \\
                     Negotiate Compromise)
        printf '2\\n' | ask -t Pick Alpha Beta        # prints Beta

      """
    return out
  }
}
