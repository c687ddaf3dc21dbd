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
//   ask-host-probe actions   every signal's action, read with the raw
//                            rt_sigaction system call before and after a
//                            sheet, compared bit for bit
//   ask-host-probe blocking-thread handled|unhandled
//   ask-host-probe detached-task handled|unhandled
//                            a sheet presented from a thread that blocks
//                            every signal (as Swift's cooperative pool and
//                            Dispatch's workers do): a pthread, or a
//                            detached Task; the suite ends it with Ctrl-C
//                            or SIGTERM, which reaches the host's handler
//                            (`handled`) or the default action
//   ask-host-probe async, async-cancel, async-two, async-pattern, close, scoped-throw
//                            async presenting and scoped consoles
//                            (AsyncModes.swift); each then reports "after:"
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

/// Values of the named lines of /proc/self/status (or `path`), in order.
func status(_ names: [String], of path: String = "/proc/self/status") -> [String] {
  guard let file = fopen(path, "r") else { return names.map { _ in "?" } }
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

// The host's own handler (SIGTERM; SIGINT too in the `handled` modes): it
// records the terminal's modes when it runs (tcgetattr is
// async-signal-safe), so the suite can tell it ran after they were given
// back.
nonisolated(unsafe) var modesAtHandler = termios()
nonisolated(unsafe) var handlerRuns: sig_atomic_t = 0

func installHostHandler(_ sig: Int32) {
  var action = sigaction()
  action.__sigaction_handler.sa_handler = { _ in
    _ = tcgetattr(0, &modesAtHandler)
    handlerRuns += 1
  }
  sigemptyset(&action.sa_mask)
  sigaction(sig, &action, nil)
}

let mode = CommandLine.arguments.dropFirst().first
let handled = CommandLine.arguments.dropFirst(2).first == "handled"
if mode == "signal" || mode == "prompts" || handled { installHostHandler(SIGTERM) }
if handled { installHostHandler(SIGINT) }

// ---- Signal actions as the kernel holds them -------------------------------

/// One signal's action as the kernel's rt_sigaction gives it (x86_64 and
/// aarch64: handler, flags, restorer, 64-bit mask).
struct KernelAction: Equatable {
  var words: [UInt64] = [0, 0, 0, 0]
}

/// rt_sigaction(sig, put, old, 8), the raw system call: glibc's sigaction
/// adds SA_RESTORER to what it installs. (syscall is variadic, which Swift
/// does not import: called through its address, as prctl.)
@discardableResult
func rawSigaction(_ sig: Int32, put: KernelAction?, old: inout KernelAction) -> Bool {
  #if arch(x86_64)
  let number = 13
  #elseif arch(arm64)
  let number = 134
  #else
  return false
  #endif
  typealias Syscall = @convention(c) (Int, Int, UnsafeRawPointer?, UnsafeMutableRawPointer?, Int) -> Int
  guard let symbol = dlsym(nil, "syscall") else { return false }
  let call = unsafeBitCast(symbol, to: Syscall.self)
  var put = put
  return old.words.withUnsafeMutableBytes { oldBytes in
    if put == nil { return call(number, Int(sig), nil, oldBytes.baseAddress, 8) == 0 }
    return put!.words.withUnsafeMutableBytes { call(number, Int(sig), $0.baseAddress, oldBytes.baseAddress, 8) == 0 }
  }
}

/// Every signal's action that can be read (all but SIGKILL and SIGSTOP).
func kernelActions() -> [Int32: KernelAction] {
  var actions: [Int32: KernelAction] = [:]
  for sig in Int32(1)...64 {
    var old = KernelAction()
    if rawSigaction(sig, put: nil, old: &old) { actions[sig] = old }
  }
  return actions
}

// ---- Presenting from a thread that blocks every signal ---------------------

/// The body of the `blocking-thread` mode's thread (a function, not a
/// closure of this file's main-actor code: the thread is no actor's).
func presentingThread(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  presentBlockingSignals(blockingAll: true)
  return nil
}

/// What the presenting thread saw, for the main thread to print.
nonisolated(unsafe) var presented: [String] = []
nonisolated(unsafe) var presentedDone = sem_t()

/// Presents the sheet on the calling thread (which blocks every signal:
/// `blockingAll` blocks them first, as a pool thread does), then waits (at
/// most 2 s) for the host's handler to have run on another thread, and
/// notes what this thread still has pending.
func presentBlockingSignals(blockingAll: Bool) {
  var all = sigset_t()
  sigfillset(&all)
  if blockingAll { pthread_sigmask(SIG_BLOCK, &all, nil) }
  var mask = sigset_t()
  pthread_sigmask(SIG_BLOCK, nil, &mask)
  let terminating = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")]
  let blocked = terminating.filter { sigismember(&mask, $0.0) == 1 }.map(\.1)
  presented.append("presenting thread blocks: \(blocked.isEmpty ? "none" : blocked.joined(separator: " "))")
  let sheet = Alert(title: "Available Actions", buttons: [Button("Negotiate"), Button("Cancel", role: .cancel)],
                    presentation: .actionSheet)
  do throws(AskError) {
    _ = try sheet.present()
    presented.append("sheet: answered, no signal")
  } catch {
    presented.append("sheet: \(error)")
  }
  var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
  for _ in 0..<2000 where handlerRuns == 0 { nanosleep(&pause, nil) }
  var pending = sigset_t()
  sigpending(&pending)
  let names = terminating.filter { sigismember(&pending, $0.0) == 1 }.map(\.1)
  presented.append("pending there: \(names.isEmpty ? "none" : names.joined(separator: " "))")
  sem_post(&presentedDone)
}

let before = HostState.now()
say("before: \(before)")
let sheet = Alert(title: "Available Actions",
                  buttons: [Button("Destroy", role: .destructive), Button("Negotiate"), Button("Compromise"),
                            Button("Cancel", role: .cancel)],
                  presentation: .actionSheet)

switch mode {
case "actions":
  // Actions a host may have: an ignored signal with no flags (only read,
  // never changed), a default with flags, restorer and mask of its own
  // choosing, a handler with SA_RESTART; the rest as exec left them
  // (SIG_DFL, flags 0).
  var old = KernelAction()
  rawSigaction(SIGUSR2, put: KernelAction(words: [1 /* SIG_IGN */, 0, 0, 0]), old: &old)
  rawSigaction(SIGHUP, put: KernelAction(words: [0, UInt64(SA_RESTART), 0, 1 << UInt64(SIGUSR1 - 1)]), old: &old)
  var restarting = sigaction()
  restarting.__sigaction_handler.sa_handler = { _ in }
  restarting.sa_flags = SA_RESTART
  sigaction(SIGUSR1, &restarting, nil)
  let actionsBefore = kernelActions()
  say("actions read: \(actionsBefore.count)")
  do throws(AskError) {
    say("sheet: \(try sheet.present().chosenButton?.title ?? "none")")
  } catch {
    say("sheet: \(error)")
  }
  let actionsAfter = kernelActions()
  // How many changed, and the first one's changed fields (one short line).
  let changed = actionsBefore.keys.sorted().filter { actionsAfter[$0] != actionsBefore[$0] }
  if let first = changed.first {
    let was = actionsBefore[first]!.words, now = actionsAfter[first]?.words ?? []
    let fields = zip(["handler", "flags", "restorer", "mask"], zip(was, now)).filter { $1.0 != $1.1 }.map {
      "\($0) 0x\(String($1.0, radix: 16)) → 0x\(String($1.1, radix: 16))"
    }
    say("actions after: \(changed.count) changed; \(first): \(fields.joined(separator: ", "))")
  } else {
    say("actions after: as before")
  }

case "blocking-thread", "detached-task":
  sem_init(&presentedDone, 0, 0)
  if mode == "blocking-thread" {
    var thread = pthread_t()
    pthread_create(&thread, nil, presentingThread, nil)
    pthread_detach(thread)
  } else {
    Task.detached { presentBlockingSignals(blockingAll: false) }  // the pool's own mask
  }
  // This thread blocks nothing: a signal sent to the process reaches it.
  while sem_wait(&presentedDone) != 0 {}
  for line in presented { say(line) }
  say("handler runs: \(handlerRuns)")
  say("modes at handler: \(handlerRuns == 0 ? "none" : sttyG(modesAtHandler) == before.modes ? "the host's" : sttyG(modesAtHandler))")

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

case "async", "async-cancel", "async-two", "async-pattern", "close", "scoped-throw":
  // The host's state once it has threads: glibc catches its own signal 33
  // (SIGSETXID) from the first pthread_create, AskKit or not.
  runDetached {}
  let threaded = HostState.now()
  switch CommandLine.arguments[1] {
  case "async": presentFromDetachedTask(sheet)
  case "async-cancel": cancelPresentingTask(sheet, when: CommandLine.arguments.dropFirst(2).first ?? "/")
  case "async-two": presentTwiceAtOnce(sheet)
  case "async-pattern": patternWhilePoolBusy()
  case "close": closeConsole(sheet)
  default: scopedThrow(sheet)
  }
  say("after: \(HostState.now() == threaded ? "same" : "\(HostState.now())")")
  say("continues")

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
