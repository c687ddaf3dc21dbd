import AskKit

/// What an askpass caller asks for (SPEC §7), told from its prompt text and
/// `SSH_ASKPASS_PROMPT`, and the alert that asks it.
///
/// The prompts come from the clients' sources (OpenSSH readpass.c, sshconnect.c,
/// ssh-add.c, sshconnect2.c; git credential.c; sudo's Debian build). A
/// prompt no row knows — git translates its own — is a secret: masked is
/// the safe default.
enum AskpassPrompt: Equatable {
  /// A secret: a masked field, its text printed.
  case secret
  /// Not a secret (git's user name): an echoed field, its text printed.
  case username
  /// ssh's host-key question, answered with the typed text (`yes`, `no` or
  /// a fingerprint): an echoed field.
  case hostKey
  /// `SSH_ASKPASS_PROMPT=confirm` (ssh-agent's `ssh-add -c` check): Yes
  /// prints `yes`, exit 0; No or a cancel exits 1 with nothing printed (an
  /// empty stdout with status 0 would mean yes to ssh-agent).
  case confirm
  /// `SSH_ASKPASS_PROMPT=none`: a notice with OK, nothing printed.
  case notice

  /// How a row recognises its prompt.
  enum Match: Equatable {
    case prefix(String)
    case contains(String)
    case suffix(String)
  }

  /// The recognised prompts, first match wins; each row has its test
  /// (`AskpassPromptTests`).
  static let table: [(match: Match, kind: AskpassPrompt, example: String)] = [
    // git credential.c: credential_ask_one("Username", …)
    (.prefix("Username for '"), .username, "Username for 'https://example.com': "),
    (.prefix("Password for '"), .secret, "Password for 'https://alice@example.com': "),
    // ssh sshconnect.c: the host-key question (OpenSSH ≥ 8.0, and before)
    (.contains("(yes/no/[fingerprint])?"), .hostKey,
     "Are you sure you want to continue connecting (yes/no/[fingerprint])? "),
    (.contains("(yes/no)?"), .hostKey, "Are you sure you want to continue connecting (yes/no)? "),
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
    default:
      self = Self.table.first { row in
        switch row.match {
        case .prefix(let text): prompt.hasPrefix(text)
        case .contains(let text): prompt.contains(text)
        case .suffix(let text): prompt.hasSuffix(text)
        }
      }?.kind ?? .secret
    }
  }

  /// The alert that asks it: the prompt as the message (its lines kept,
  /// the trailing space of `…: ` dropped).
  func alert(prompt: String) -> Alert {
    var message = prompt
    while message.last?.isWhitespace == true { message.removeLast() }
    switch self {
    case .secret:
      return Alert(message: message, style: .secureTextInput)
    case .username:
      var alert = Alert(message: message, style: .plainTextInput)
      // TRANSLATORS: the label of the field git's "Username for '…'" prompt asks in.
      alert.textFields = [TextField(label: localized("Username"))]
      return alert
    case .hostKey:
      var alert = Alert(message: message, style: .plainTextInput)
      // TRANSLATORS: the label of the field ssh's host-key question
      // ("Are you sure you want to continue connecting (yes/no/[fingerprint])?")
      // is answered in.
      let label = localized("Answer")
      // TRANSLATORS: the hint after the label of that field: "yes" and "no"
      // stay in English, as ssh reads the answer typed.
      let placeholder = localized("yes, no or the fingerprint")
      alert.textFields = [TextField(label: label, placeholder: placeholder)]
      return alert
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
