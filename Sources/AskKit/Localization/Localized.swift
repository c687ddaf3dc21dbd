import CEditLine

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
      return (plural.map { count == 1 ? msgid : $0 } ?? msgid).description
    }
    let forms = UInt(clamping: count)
    return msgid.description.withCString { id in
      guard let plural else { return String(cString: ask_message(id, nil, forms)) }
      return plural.description.withCString { String(cString: ask_message(id, $0, forms)) }
    }
  }

  /// `format` with its printf-style placeholders (`%s`, `%d`, `%N$s`,
  /// `%N$d`, `%%`) replaced by `arguments`; a placeholder with no argument
  /// is left as written.
  package static func formatted(_ format: String, _ arguments: [String]) -> String {
    guard format.utf8.contains(UInt8(ascii: "%")) else { return format }
    var out = ""
    var next = 0
    var rest = format.unicodeScalars[...]
    while let percent = rest.firstIndex(of: "%") {
      out.unicodeScalars.append(contentsOf: rest[..<percent])
      var cursor = rest.index(after: percent)
      var position: Int?
      var digits = 0
      while cursor < rest.endIndex, ("0"..."9").contains(rest[cursor]) {
        digits = min(digits * 10 + Int(rest[cursor].value - 48), 10_000)
        cursor = rest.index(after: cursor)
      }
      if cursor < rest.endIndex, rest[cursor] == "$", digits > 0 {
        position = digits - 1
        cursor = rest.index(after: cursor)
      } else if digits > 0 {
        cursor = rest.index(after: percent)  // not a position: no placeholder
      }
      guard cursor < rest.endIndex else {
        out.unicodeScalars.append(contentsOf: rest[percent...])
        return out
      }
      let conversion = rest[cursor]
      if conversion == "%" && position == nil {
        out += "%"
      } else if conversion == "s" || conversion == "d",
                let index = position ?? (next < arguments.count ? next : nil), index < arguments.count {
        out += arguments[index]
        if position == nil { next += 1 }
      } else {
        out.unicodeScalars.append(contentsOf: rest[percent...cursor])
      }
      rest = rest[rest.index(after: cursor)...]
    }
    out.unicodeScalars.append(contentsOf: rest)
    return out
  }
}
