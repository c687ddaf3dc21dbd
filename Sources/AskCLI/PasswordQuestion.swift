import AskCore
import CShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One question of systemd's password agent protocol: the `[Ask]` section
/// of an `ask.XXXXXX` file in ``directory``, as `systemd-ask-password`,
/// `systemd-cryptsetup` and others write it (SPEC §7). Read with strict
/// checks (``read(path:)``): a file that fails one is skipped, never obeyed.
struct PasswordQuestion: Equatable {
  /// Where askers leave their questions.
  static let directory = "/run/systemd/ask-password"
  /// The largest question file read (64 KiB): a bigger one is skipped.
  static let maximumSize = 65_536
  /// The longest answer an asker takes: systemd 252 reads 2048 bytes
  /// after the `+`, and silently drops the rest.
  static let maximumAnswer = 2048

  /// The file's path.
  var path: String
  /// `PID`: the asking process.
  var pid: pid_t
  /// `Socket`: the asker's datagram socket, in ``directory``.
  var socket: String
  /// `Message`: the question; `nil` when the file has none.
  var message: String?
  /// `Id`: what is asked for (`cryptsetup:/dev/sda5`); `nil` for none.
  var id: String?
  /// `Echo=1`: the answer is not a secret and is shown as typed.
  var echo = false
  /// `Silent=1`: nothing is shown while the answer is typed.
  var silent = false
  /// `AcceptCached=1`: the asker would take a cached answer (never given:
  /// `ask` caches none).
  var acceptCached = false
  /// `NotAfter`: CLOCK_MONOTONIC microseconds after which the asker gives
  /// up; `nil` for none (0 in the file).
  var notAfter: UInt64?

  /// Why a file was skipped: one phrase, after "skipped FILE: ".
  struct Problem: Error, Equatable {
    let reason: String
  }

  /// The file name without its folder (`ask.Ab12Cd`).
  var name: String { path.unicodeScalars.split(separator: "/").last.map { String($0) } ?? path }

  /// CLOCK_MONOTONIC now, in microseconds (NotAfter's clock).
  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1000
  }

  /// The time left before `notAfter`, at `now` (microseconds); `nil` for
  /// no limit, zero once it has passed.
  func timeLeft(now: UInt64 = PasswordQuestion.now()) -> Duration? {
    guard let notAfter else { return nil }
    return notAfter > now ? .microseconds(Int64(clamping: notAfter - now)) : .zero
  }

  /// Reads and checks the question file at `path`: a regular file (not a
  /// link) of at most ``maximumSize`` bytes of valid UTF-8, an ini file
  /// with an `[Ask]` section that has a `PID` and a `Socket` in
  /// ``directory``.
  /// - Throws: ``Problem`` naming the first check it fails.
  static func read(path: String) throws(Problem) -> PasswordQuestion {
    // Not followed, not waited on: a link, a FIFO or a device is not a question.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
    if fd < 0 {
      let error = errno
      // TRANSLATORS: why a question file was skipped, after "skipped FILE: ".
      if error == ELOOP { throw Problem(reason: localized("it is not a regular file")) }
      // TRANSLATORS: why a question file was skipped, after "skipped FILE: "; %s is the system's reason.
      throw Problem(reason: localized("it cannot be read: %s", String(cString: ask_message_error(error))))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      throw Problem(reason: localized("it is not a regular file"))
    }
    // TRANSLATORS: why a question file was skipped, after "skipped FILE: ".
    let tooLarge = localized("it is larger than 64 KiB")
    guard info.st_size <= maximumSize else { throw Problem(reason: tooLarge) }
    var bytes = [UInt8](repeating: 0, count: maximumSize + 1)
    var count = 0
    while count < bytes.count {
      let n = bytes.withUnsafeMutableBytes { buffer in
        buffer.baseAddress.map { Glibc.read(fd, $0 + count, buffer.count - count) } ?? 0
      }
      if n < 0 && errno == EINTR { continue }
      if n < 0 {
        let error = errno
        throw Problem(reason: localized("it cannot be read: %s", String(cString: ask_message_error(error))))
      }
      if n == 0 { break }
      count += n
    }
    guard count <= maximumSize else { throw Problem(reason: tooLarge) }
    guard let text = String(validating: bytes[..<count], as: UTF8.self) else {
      // TRANSLATORS: why a question file was skipped, after "skipped FILE: ".
      throw Problem(reason: localized("it is not valid UTF-8"))
    }
    return try parse(text, path: path)
  }

  /// The question that ini `text` (the file at `path`) asks.
  /// - Throws: ``Problem`` for text that is not ini (a NUL, a section line
  ///   without its `]`, a key outside a section or empty), for no `[Ask]`
  ///   section, no or a bad `PID` or `Socket`, or a bad value.
  static func parse(_ text: String, path: String) throws(Problem) -> PasswordQuestion {
    var values: [String: String] = [:]
    var section: String?
    var sawAsk = false
    // Cut by scalars (ScalarCut.swift): CR LF is one Character to Swift.
    let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)
    for (index, raw) in lines.enumerated() {
      let line = raw.ends(with: "\r") ? Substring(raw.unicodeScalars.dropLast()) : raw
      let trimmed = line.trimming(isBlank)
      // TRANSLATORS: why a question file was skipped, after "skipped FILE: "; %d is a line number.
      func notIni() -> Problem { Problem(reason: localized("it is not an ini file (line %d)", String(index + 1))) }
      if trimmed.unicodeScalars.contains("\0") { throw notIni() }
      if trimmed.isEmpty || trimmed.begins(with: "#") || trimmed.begins(with: ";") { continue }
      if trimmed.begins(with: "[") {
        guard trimmed.ends(with: "]"), trimmed.unicodeScalars.count >= 3 else { throw notIni() }
        section = String(trimmed.unicodeScalars.dropFirst().dropLast())
        if section == "Ask" { sawAsk = true }
        continue
      }
      let (head, value) = trimmed.cut(at: "=")
      guard let value else {
        // As systemd's parser does: a line without `=` is ignored — the
        // rest of a Message with a line break, which systemd-ask-password
        // writes as it is.
        if section == nil { throw notIni() }
        continue
      }
      let key = head.trimming(isBlank)
      guard section != nil, !key.isEmpty,
            key.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ("A"..."Z").contains($0) || ("a"..."z").contains($0) || $0 == "_" || $0 == "-" })
      else { throw notIni() }
      if section == "Ask" { values[String(key)] = String(value.trimming(isBlank)) }
    }
    // TRANSLATORS: why a question file was skipped, after "skipped FILE: ";
    // [Ask] is the section's name in the file: it stays as it is.
    guard sawAsk else { throw Problem(reason: localized("it has no [Ask] section")) }
    // TRANSLATORS: why a question file was skipped, after "skipped FILE: ";
    // %s is a key of the file (PID, Socket): it stays as it is.
    guard let pidText = values["PID"] else { throw Problem(reason: localized("it has no %s", "PID")) }
    guard let socket = values["Socket"], !socket.isEmpty else { throw Problem(reason: localized("it has no %s", "Socket")) }
    guard let pid = pid_t(pidText), pid > 0 else {
      // TRANSLATORS: why a question file was skipped, after "skipped FILE: ";
      // the first %s is a key of the file (PID, NotAfter, Echo), the second its value.
      throw Problem(reason: localized("its %s '%s' is not valid", "PID", TerminalText.visible(pidText)))
    }
    guard socket.hasPrefix(directory + "/"), !socket.dropFirst(directory.count + 1).contains("/"),
          socket.count > directory.count + 1 else {
      // TRANSLATORS: why a question file was skipped, after "skipped FILE: ";
      // the first %s is the socket's path, the second the folder it must be in.
      throw Problem(reason: localized("its socket '%s' is not in %s", TerminalText.visible(socket), directory + "/"))
    }
    var question = PasswordQuestion(path: path, pid: pid, socket: socket)
    question.message = values["Message"]
    question.id = values["Id"].flatMap { $0.isEmpty ? nil : $0 }
    func flag(_ key: String) throws(Problem) -> Bool {
      guard let text = values[key] else { return false }
      switch text.lowercased() {
      case "1", "yes", "y", "true", "t", "on": return true
      case "0", "no", "n", "false", "f", "off": return false
      default: throw Problem(reason: localized("its %s '%s' is not valid", key, TerminalText.visible(text)))
      }
    }
    question.echo = try flag("Echo")
    question.silent = try flag("Silent")
    question.acceptCached = try flag("AcceptCached")
    if let text = values["NotAfter"] {
      guard let value = UInt64(text) else {
        throw Problem(reason: localized("its %s '%s' is not valid", "NotAfter", TerminalText.visible(text)))
      }
      question.notAfter = value == 0 ? nil : value
    }
    return question
  }

  /// The questions waiting in ``directory`` (`ask.*`, regular or not: each
  /// is checked when read), oldest first (by the time the file was last
  /// changed, then by name).
  static func pending() -> [String] {
    guard let folder = opendir(directory) else { return [] }
    defer { closedir(folder) }
    var found: [(path: String, time: timespec)] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.hasPrefix("ask.") else { continue }
      let path = directory + "/" + name
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      found.append((path, info.st_mtim))
    }
    return found.sorted {
      ($0.time.tv_sec, $0.time.tv_nsec, $0.path) < ($1.time.tv_sec, $1.time.tv_nsec, $1.path)
    }.map(\.path)
  }
}
