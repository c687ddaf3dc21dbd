import AskTestSupport
import Glibc
import Testing

/// The terminal's own reports never enter a secret (SPEC §6; issue 11's
/// second point, for the masked editor): OSC/DCS/APC/PM/SOS strings up to
/// BEL or ST and CSI reports are consumed whole.
@Suite("Terminal reports typed into a secret", .ownThread)
struct TerminalReportTests {
  @Test("A late report between keys of a secret is dropped whole", arguments: [
    "\u{1B}]11;rgb:1c1c/1e1e/2626\u{1B}\\", "\u{1B}]10;rgb:ffff/ffff/ffff\u{7}", "\u{1B}P1$r0m\u{1B}\\",
    "\u{1B}_Gi=1;OK\u{1B}\\", "\u{1B}[12;40R", "\u{1B}[?62;22c",
  ])
  func reportInSecret(report: LoggedText) throws {
    let pty = try AskSession.ask(["-s", "secure", "-t", "Unlock"])
    try pty.waitForPrompt("Password: ")
    pty.type("hun")
    try pty.waitFor("Password: ***")
    pty.type(report.text)
    pty.type("ter2")
    try pty.waitFor("Password: *******")
    pty.type("\r")
    #expect(try pty.waitForExit() == 0)
    #expect(pty.stdout == "hunter2\n")
    #expect(pty.termiosRestored)
  }
}
