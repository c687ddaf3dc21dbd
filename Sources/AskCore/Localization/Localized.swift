import CShim

// ask's own words (hints, the answer line, labels, errors) in the user's
// language, from gettext catalogues (SPEC §6). Each is written at its call
// site as `localized("English text", …)`: `ask-docgen po/ask.pot` extracts
// every such literal (with the `// TRANSLATORS:` comment lines just above
// it) into the template the translations in po/ follow, and ArtifactsTests
// checks that the template is current. What goes to standard output never
// goes through here.

/// `msgid` in the user's language, with its placeholders replaced by
/// `arguments`: `%s` and `%d` take them in order, `%1$s`, `%2$d` … by
/// position (C's printf syntax, so `msgfmt --check` compares a
/// translation's placeholders with the msgid's), `%%` is `%`. English, and
/// any language without a catalogue, is `msgid` itself.
///
/// The language comes from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG`
/// as gettext takes them (or ``Messages/useLocale(named:)``); the catalogue
/// is looked up only when one can apply.
package func localized(_ msgid: StaticString, _ arguments: String...) -> String {
  Messages.formatted(Messages.lookUp(msgid, plural: nil, count: 1), arguments)
}

/// The form of `singular`/`plural` for `count` in the user's language
/// (gettext's plural rules: Russian has three forms, Chinese one), with
/// its placeholders replaced by `arguments` as in ``localized(_:_:)``; the
/// count itself is an argument where the text shows it.
package func localized(_ singular: StaticString, plural: StaticString, count: Int, _ arguments: String...) -> String {
  Messages.formatted(Messages.lookUp(singular, plural: plural, count: count), arguments)
}

/// The language of ask's own words.
package enum Messages {
  /// Makes `name` the messages locale (`ru_RU.UTF-8`): pinentry's
  /// `OPTION lc-messages`, whose client's language is not the agent's
  /// environment's. `nil` goes back to the environment's. A locale that is
  /// not installed gives English. The process's locale is not changed.
  package static func useLocale(named name: String?) {
    ask_messages_use_locale(name)
  }

  static func lookUp(_ msgid: StaticString, plural: StaticString?, count: Int) -> String {
    if ask_messages_are_msgids() != 0 {
      if let plural, count != 1 { return plural.description }
      return msgid.description
    }
    let forms = UInt(clamping: count)
    let text = msgid.description.withCString { id in
      guard let plural else { return String(cString: ask_message(id, nil, forms)) }
      return plural.description.withCString { String(cString: ask_message(id, $0, forms)) }
    }
    // A catalogue is data drawn on the terminal as it is: a translation
    // that holds what a spec's text would be shown otherwise (a control
    // character, an escape sequence, a bidi override, bytes that are not
    // UTF-8), or nothing but spaces, is not used: the msgid is.
    let unusable = TerminalText.firstScalarShownOtherwise(in: text) != nil || text.unicodeScalars.contains("\u{FFFD}")
      || TerminalText.trimmed(text).isEmpty
    guard unusable else { return text }
    if let plural, count != 1 { return plural.description }
    return msgid.description
  }

  /// `format` with its printf-style placeholders (`%s`, `%d`, `%N$s`,
  /// `%N$d`, `%%`) replaced by `arguments`; a placeholder with no argument
  /// is left as written. Works on UTF-8 bytes (every byte of the syntax is
  /// ASCII), with no generic code on the way to the first prompt.
  package static func formatted(_ format: String, _ arguments: [String]) -> String {
    guard format.utf8.contains(UInt8(ascii: "%")) else { return format }
    let bytes = Array(format.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 16)
    var next = 0
    var at = 0
    while at < bytes.count {
      guard bytes[at] == UInt8(ascii: "%"), at + 1 < bytes.count else {
        out.append(bytes[at])
        at += 1
        continue
      }
      // %%, %s, %d, or %N$s / %N$d.
      var cursor = at + 1
      var digits = 0
      while cursor < bytes.count, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9") {
        digits = min(digits * 10 + Int(bytes[cursor] - UInt8(ascii: "0")), 10_000)
        cursor += 1
      }
      var position: Int?
      if digits > 0, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "$") {
        position = digits - 1
        cursor += 1
      } else {
        cursor = at + 1
      }
      guard cursor < bytes.count else {
        out.append(contentsOf: bytes[at...])
        break
      }
      let conversion = bytes[cursor]
      if conversion == UInt8(ascii: "%") && position == nil {
        out.append(conversion)
      } else if conversion == UInt8(ascii: "s") || conversion == UInt8(ascii: "d"),
                let index = position ?? (next < arguments.count ? next : nil), index < arguments.count {
        out.append(contentsOf: arguments[index].utf8)
        if position == nil { next += 1 }
      } else {
        out.append(contentsOf: bytes[at...cursor])
      }
      at = cursor + 1
    }
    return String(decoding: out, as: UTF8.self)
  }
}
