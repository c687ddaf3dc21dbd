// A host that embeds AskKit and checks that presenting gives back what it
// borrowed (SPEC §8): the terminal's modes, signal dispositions and mask,
// core dumps and unlocked memory once a secret is wiped, its locale (in
// any language the prompts are drawn in). It never calls setlocale. The host suite (AskEndToEndTests/HostTests) runs it on a
// pseudo-terminal and answers its prompts.
//
//   ask-host-probe prompts   a sheet, a plain field, a secret, a second
//                            console; then waits for a line (Ctrl-C ends it)
//   ask-host-probe signal    a sheet, during which the suite sends SIGTERM
//                            to the host's own handler
import AskKit

#if canImport(Glibc)
import Glibc
#endif

/// What the host has that presenting may borrow.
struct HostState: Equatable, CustomStringConvertible {
  /// The terminal's modes as `stty -g` prints them.
  var modes: String
  /// Caught, ignored and blocked signals (/proc/self/status).
  var signals: String
  /// The process's locale (`setlocale(LC_ALL, nil)`) and whether this
  /// thread uses it (no `uselocale` left behind).
  var locale: String
  var description: String { "modes=\(modes) signals=\(signals) locale=\(locale)" }

  static func now() -> HostState {
    let global = setlocale(LC_ALL, nil).map { String(cString: $0) } ?? "none"
    let thread = Int(bitPattern: uselocale(nil)) == -1 ? "global" : "its own"  // LC_GLOBAL_LOCALE
    return HostState(modes: sttyG(), signals: status(["SigBlk", "SigIgn", "SigCgt"]).joined(separator: ","),
                     locale: global + ", thread " + thread)
  }
}

/// Terminal modes of fd 0 in `stty -g` form.
func sttyG() -> String {
  var modes = termios()
  guard tcgetattr(0, &modes) == 0 else { return "none" }
  return sttyG(modes)
}

func sttyG(_ modes: termios) -> String {
  var modes = modes
  let flags = [modes.c_iflag, modes.c_oflag, modes.c_cflag, modes.c_lflag].map { String($0, radix: 16) }
  let cc = withUnsafeBytes(of: &modes.c_cc) { $0.map { String($0, radix: 16) } }
  return (flags + cc).joined(separator: ":")
}

/// Values of the named lines of /proc/self/status, in order.
func status(_ names: [String]) -> [String] {
  guard let file = fopen("/proc/self/status", "r") else { return [] }
  defer { fclose(file) }
  var found: [String: String] = [:]
  var line: UnsafeMutablePointer<CChar>?
  var capacity = 0
  while getline(&line, &capacity, file) > 0, let line {
    let text = String(cString: line)
    guard let colon = text.firstIndex(of: ":") else { continue }
    found[String(text[..<colon])] = text[text.index(after: colon)...].filter { !$0.isWhitespace }
  }
  free(line)
  return names.map { found[$0] ?? "?" }
}

/// dumpable(): 1 when the process may dump core. (prctl is
/// variadic, which Swift does not import: called through its address.)
func dumpable() -> Int32 {
  typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
  guard let symbol = dlsym(nil, "prctl") else { return -1 }
  return unsafeBitCast(symbol, to: Prctl.self)(3 /* PR_GET_DUMPABLE */, 0, 0, 0, 0)
}

func say(_ text: String) {
  var line = text + "\n"
  line.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
}

// The host's own SIGTERM handler: it records the terminal's modes when it
// runs (tcgetattr is async-signal-safe), so the suite can tell it ran after
// they were given back.
nonisolated(unsafe) var modesAtHandler = termios()
nonisolated(unsafe) var handlerRuns: sig_atomic_t = 0
var action = sigaction()
action.__sigaction_handler.sa_handler = { _ in
  _ = tcgetattr(0, &modesAtHandler)
  handlerRuns += 1
}
sigemptyset(&action.sa_mask)
sigaction(SIGTERM, &action, nil)

let before = HostState.now()
say("before: \(before)")
let sheet = Alert(title: "Available Actions",
                  buttons: [Button("Destroy", role: .destructive), Button("Negotiate"), Button("Compromise"),
                            Button("Cancel", role: .cancel)],
                  presentation: .actionSheet)

switch CommandLine.arguments.dropFirst().first {
case "signal":
  do throws(AskError) {
    _ = try sheet.present()
    say("sheet: answered, no signal")
  } catch {
    say("sheet: \(error)")
  }
  say("handler runs: \(handlerRuns)")
  say("modes at handler: \(sttyG(modesAtHandler) == before.modes ? "the host's" : sttyG(modesAtHandler))")
  say("after: \(HostState.now() == before ? "same" : "\(HostState.now())")")

default:
  do throws(AskError) {
    say("sheet: \(try sheet.present().chosenButton?.title ?? "none")")

    let name = Alert(title: "Your name", style: .plainTextInput())
    guard case .text(let text, _) = try name.present() else { throw AskError.invalidAnswer("no text") }
    say("text: \(text)")

    let unlock = Alert(title: "Unlock", style: .secureTextInput())
    var secret: SecretText?
    if case .secret(let typed, _) = try unlock.present() { secret = typed }
    let held = status(["VmLck"])[0]
    say("secret: \(secret?.characterCount ?? -1) characters, dumpable \(dumpable()), locked \(held)")
    secret?.wipe()
    say("wiped: dumpable \(dumpable()), locked \(status(["VmLck"])[0])")

    let first = try TerminalConsole()
    do {
      _ = try TerminalConsole()
      say("second console: no error")
    } catch {
      say("second console: \(error)")
    }
    let again = try Alert(title: "Again?", buttons: [Button("Yes")]).present(on: first)
    say("first console still presents: \(again.chosenButton?.title ?? "none")")
  } catch {
    say("failed: \(error)")
  }
  let after = HostState.now()
  say("after: \(after == before ? "same" : "\(after)")")
  say("ready for Ctrl-C")
  _ = readLine()
  say("Ctrl-C did not end the host")
}
