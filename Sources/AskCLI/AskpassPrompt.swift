import AskCore

/// What an askpass caller asks for (SPEC §7), told from its prompt text and
/// `SSH_ASKPASS_PROMPT`, and the alert that asks it.
///
/// The prompts come from the clients' sources (OpenSSH readpass.c, sshconnect.c,
/// clientloop.c, ssh-add.c, sshconnect2.c; git credential.c; sudo's Debian
/// build). Only the questions ssh itself asks and git's `Username for` are
/// echoed, each recognised by its whole fixed wording: its start and the
/// end it always has, with what ssh fills in between. Any other prompt is a
/// secret, masked — a prompt that merely holds `(yes/no)?` too:
/// keyboard-interactive prompts are written by the server. Since OpenSSH
/// 8.4 ssh starts each of those with `(user@host) `, so none can pass for
/// a row that starts otherwise; git translates nothing of its own prompts.
enum AskpassPrompt: Equatable {
  /// A secret: a masked field, its text printed.
  case secret
  /// Not a secret (git's user name): an echoed field, its text printed.
  case username
  /// One of ssh's host-key questions, answered with the typed text (`yes`,
  /// `no`, and with `acceptsFingerprint` the key's fingerprint): an echoed
  /// field.
  case hostKey(acceptsFingerprint: Bool)
  /// `SSH_ASKPASS_PROMPT=confirm` (ssh-agent's `ssh-add -c` check): Yes
  /// prints `yes`, exit 0; No or a cancel exits 1 with nothing printed (an
  /// empty stdout with status 0 would mean yes to ssh-agent).
  case confirm
  /// `SSH_ASKPASS_PROMPT=none`: a notice with OK, nothing printed.
  case notice

  /// How a row recognises its prompt.
  enum Match: Equatable {
    /// The prompt starts with this text.
    case prefix(String)
    /// The prompt ends with this text.
    case suffix(String)
    /// The prompt is this text, whole.
    case whole(String)
    /// The prompt starts with `prefix` and ends with `suffix`, apart, and
    /// holds each of `holding` between them.
    case framed(prefix: String, holding: [String], suffix: String)
    /// As `framed` with nothing held, on one line: no line feed or carriage
    /// return in it.
    case line(prefix: String, suffix: String)

    /// Whether `prompt` is one this match recognises.
    func recognises(_ prompt: String) -> Bool {
      switch self {
      case .prefix(let text): return prompt.hasPrefix(text)
      case .suffix(let text): return prompt.hasSuffix(text)
      case .whole(let text): return prompt == text
      case .line(let prefix, let suffix):
        return !prompt.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }
          && Match.framed(prefix: prefix, holding: [], suffix: suffix).recognises(prompt)
      case .framed(let prefix, let holding, let suffix):
        // Compared by scalars, as ssh wrote the bytes: no grapheme cluster
        // joins the text ssh fills in to the fixed wording around it.
        let (scalars, head, tail) = (prompt.unicodeScalars, prefix.unicodeScalars, suffix.unicodeScalars)
        guard scalars.count >= head.count + tail.count, scalars.starts(with: head),
              scalars.reversed().starts(with: tail.reversed()) else { return false }
        let between = scalars.dropFirst(head.count).dropLast(tail.count)
        return holding.allSatisfy { between.firstRange(of: $0.unicodeScalars) != nil }
      }
    }
  }

  /// The end of ssh's question about a new host key, with `yes/no/[fingerprint]`
  /// since OpenSSH 8.0 and `yes/no` before (sshconnect.c).
  private static let continueConnecting = "\nAre you sure you want to continue connecting "

  /// The recognised prompts, first match wins; each row has its test
  /// (`AskpassPromptTests`), the echoed ones with ssh's wordings by version.
  static let table: [(match: Match, kind: AskpassPrompt, example: String)] = [
    // git credential.c: credential_ask_one("Username", …), "%s for '%s': "
    // (git refuses a URL with a line break in it)
    (.line(prefix: "Username for '", suffix: "': "), .username,
     "Username for 'https://example.com': "),
    (.prefix("Password for '"), .secret, "Password for 'https://alice@example.com': "),
    // ssh sshconnect.c check_host_key: a new host key ("The authenticity
    // of host '%.200s (%s)' can't be established", then the fingerprint
    // line, its picture, DNS and other names lines as configured)
    (.framed(prefix: "The authenticity of host '", holding: ["' can't be established", " key fingerprint is "],
             suffix: continueConnecting + "(yes/no/[fingerprint])? "), .hostKey(acceptsFingerprint: true),
     """
     The authenticity of host 'testhost (<no hostip for proxy command>)' can't be established.
     ED25519 key fingerprint is SHA256:uGjU3ep11m8CMCoLKRqP/6tMv4v9nj4iS6I3yB1sPRU.
     This key is not known by any other names.
     Are you sure you want to continue connecting (yes/no/[fingerprint])?\u{20}
     """),
    (.framed(prefix: "The authenticity of host '", holding: ["' can't be established", " key fingerprint is "],
             suffix: continueConnecting + "(yes/no)? "), .hostKey(acceptsFingerprint: false),
     """
     The authenticity of host 'example.com (192.0.2.1)' can't be established.
     ECDSA key fingerprint is SHA256:7dZ4HMCvnGlBOQnP2Lgb0lZ6ovFp4kS93Vt+tCkm3xU.
     Are you sure you want to continue connecting (yes/no)?\u{20}
     """),
    // sshconnect.c: the host's key differs from the one known for its address
    (.framed(prefix: "Warning: the ", holding: [" host key for '", "' differs from the key for the IP address '",
                                                 "\nOffending key for IP in "],
             suffix: continueConnecting + "(yes/no)? "), .hostKey(acceptsFingerprint: false),
     """
     Warning: the ECDSA host key for 'example.com' differs from the key for the IP address '192.0.2.1'
     Offending key for IP in /home/alice/.ssh/known_hosts:3
     Matching host key in /home/alice/.ssh/known_hosts:7
     Are you sure you want to continue connecting (yes/no)?\u{20}
     """),
    // sshconnect.c confirm(): asked again after another answer
    (.whole("Please type 'yes', 'no' or the fingerprint: "), .hostKey(acceptsFingerprint: true),
     "Please type 'yes', 'no' or the fingerprint: "),
    (.whole("Please type 'yes' or 'no': "), .hostKey(acceptsFingerprint: false), "Please type 'yes' or 'no': "),
    // clientloop.c, UpdateHostKeys=ask
    (.whole("Accept updated hostkeys? (yes/no): "), .hostKey(acceptsFingerprint: false),
     "Accept updated hostkeys? (yes/no): "),
    // ssh-add.c, sshconnect2.c: passphrases and PINs
    (.prefix("Enter passphrase"), .secret, "Enter passphrase for /home/alice/.ssh/id_ed25519: "),
    (.prefix("Bad passphrase, try again"), .secret, "Bad passphrase, try again for /home/alice/.ssh/id_ed25519: "),
    (.prefix("Enter PIN"), .secret, "Enter PIN for ED25519-SK key /home/alice/.ssh/id_ed25519_sk: "),
    // sshconnect2.c: password authentication ("%s@%s's password: ")
    (.suffix("'s password: "), .secret, "alice@example.com's password: "),
    // sudo, Debian's --with-passprompt
    (.prefix("[sudo] password for "), .secret, "[sudo] password for alice: "),
  ]

  /// The kind for `prompt`, given `SSH_ASKPASS_PROMPT` (`confirm`, `none`).
  init(prompt: String, sshAskpassPrompt: String?) {
    switch sshAskpassPrompt {
    case "confirm": self = .confirm
    case "none": self = .notice
    default: self = Self.table.first { $0.match.recognises(prompt) }?.kind ?? .secret
    }
  }

  /// The alert that asks it: the prompt as the message (its lines kept,
  /// the trailing space of `…: ` dropped).
  func alert(prompt: String) -> Alert {
    var message = prompt
    while message.last?.isWhitespace == true { message.removeLast() }
    switch self {
    case .secret:
      return Alert(message: message, style: .secureTextInput())
    case .username:
      // TRANSLATORS: the label of the field git's "Username for '…'" prompt asks in.
      return Alert(message: message, style: .plainTextInput(label: localized("Username")))
    case .hostKey(let acceptsFingerprint):
      // TRANSLATORS: the label of the field ssh's host-key question
      // ("Are you sure you want to continue connecting (yes/no/[fingerprint])?")
      // is answered in.
      let label = localized("Answer")
      // TRANSLATORS: the hint after the label of that field: "yes" and "no"
      // stay in English, as ssh reads the answer typed.
      let placeholder = acceptsFingerprint ? localized("yes, no or the fingerprint") : nil
      return Alert(message: message, style: .plainTextInput(label: label, placeholder: placeholder))
    case .confirm:
      // Titles, not words of ask's: answered `yes` or `no` (or their
      // numbers) in every language, so the exit status a piped answer gives
      // never depends on it, as the implied OK and Cancel do not.
      return Alert(message: message, buttons: [Button("Yes"), Button("No", role: .cancel)])
    case .notice:
      return Alert(message: message)
    }
  }
}
