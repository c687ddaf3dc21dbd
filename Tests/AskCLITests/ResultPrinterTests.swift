import AskCore
import AskTestSupport
import CShim
import Glibc
import Testing
@testable import AskCLI

@Suite("What goes to stdout")
struct ResultPrinterTests {
  static let alert = try! Alert(buttons: [Button("A"), Button("B"), Button("No", role: .cancel)])
    .validated()

  func output(_ response: PromptResult, _ mode: PrintMode, null: Bool = false, noNewline: Bool = false,
              id: String? = nil) -> String {
    var alert = Self.alert
    alert.id = id
    let options = OutputOptions(printMode: mode, nullTerminated: null, omitsLastTerminator: noNewline)
    return Self.text(ResultPrinter.output(for: response, alert: alert, options: options))
  }

  /// The pieces as text, secrets shown as `<secret:…>` so tests can see
  /// where they go (the printer itself never makes them a String).
  static func text(_ pieces: [OutputPiece]) -> String {
    pieces.map { piece in
      switch piece {
      case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
      case .secret(let secret, let json):
        "<secret:" + secret.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } + (json ? ":json>" : ">")
      }
    }.joined()
  }

  @Test("Title, index and JSON of a chosen button")
  func chosen() {
    let b = PromptResult.chose(1, in: Self.alert)
    #expect(output(b, .title) == "B\n")
    #expect(output(b, .index) == "2\n")
    #expect(output(b, .json) == #"{"button":"B","index":2,"buttonIndex":1,"role":"other"}"# + "\n")
    #expect(output(b, .none) == "")
    #expect(output(b, .title, null: true) == "B\0")
    #expect(output(b, .title, noNewline: true) == "B")
    #expect(output(b, .json, id: "q\"1") ==
      #"{"id":"q\"1","button":"B","index":2,"buttonIndex":1,"role":"other"}"# + "\n")
  }

  @Test("A cancel prints nothing as title or index, and a cancel object as JSON")
  func cancel() {
    let byButton = PromptResult.chose(2, in: Self.alert)
    let byEOF = PromptResult.endOfInput(in: Self.alert)
    for response in [byButton, byEOF] {
      #expect(output(response, .title).isEmpty)
      #expect(output(response, .index).isEmpty)
    }
    #expect(output(byEOF, .json) ==
      #"{"button":"No","index":3,"buttonIndex":2,"role":"cancel","eof":true}"# + "\n")
    let bare = PromptResult.endOfInput(in: try! Alert(buttons: [Button("A")]).validated())
    #expect(output(bare, .json) == #"{"role":"cancel","eof":true}"# + "\n")
  }

  @Test("JSON strings escape quotes, backslashes and control characters")
  func escaping() {
    #expect(ResultPrinter.jsonString("a\"b\\c\n\u{1B}Да") == #""a\"b\\c\n\u001bДа""#)
  }

  @Test("One JSON escaping rule: the Swift strings and the C writer of secrets write the same bytes", arguments: [
    "plain", "a\"b\\c", "line\nnext\r\t", "\u{1B}[31m\u{7}\u{0}\u{1F}", "Да 你好 👍🏽", "\u{7F}\u{85}\u{2028}",
  ])
  func oneEscapingRule(text: LoggedText) throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    var signo: Int32 = 0
    let bytes = Array(text.text.utf8)
    #expect(ask_write_json_string(nil, fds[1], bytes, bytes.count, &signo) == 0)
    close(fds[1])
    var written: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(fds[0], &buffer, buffer.count)
      if n <= 0 { break }
      written += buffer[..<n]
    }
    close(fds[0])
    #expect(String(decoding: written, as: UTF8.self) == ResultPrinter.jsonString(text.text))
  }

  @Test("Text styles print their values, secrets from their own memory, after an explicit button")
  func textStyles() throws {
    var login = Alert()
    login.style = .loginAndPasswordInput()
    var response = PromptResult(.chosen, title: "OK", role: .other)
    response.isImpliedButton = true
    response.login = "alice"
    response.secret = SecretText(bytes: Array("p\"w".utf8))
    func text(_ alert: Alert, _ response: PromptResult, _ options: OutputOptions) -> String {
      Self.text(ResultPrinter.output(for: response, alert: alert, options: options))
    }
    #expect(text(login, response, OutputOptions()) == "alice\n<secret:p\"w>\n")
    #expect(text(login, response, OutputOptions(nullTerminated: true, omitsLastTerminator: true)) == "alice\0<secret:p\"w>")
    #expect(text(login, response, OutputOptions(printMode: .json)) ==
      #"{"button":"OK","role":"other","login":"alice","password":<secret:p"w:json>}"# + "\n")
    var secure = Alert(buttons: [Button("Unlock")])
    secure.style = .secureTextInput()
    var chosen = PromptResult.chose(0, in: try secure.validated())
    chosen.secret = SecretText(bytes: Array("x".utf8))
    #expect(text(secure, chosen, OutputOptions()) == "Unlock\n<secret:x>\n")
    #expect(text(secure, chosen, OutputOptions(printMode: .json)) ==
      #"{"button":"Unlock","index":1,"buttonIndex":0,"role":"other","text":<secret:x:json>}"# + "\n")
  }

  @Test("A timeout with nothing chosen prints nothing, or only id and timedOut")
  func timeout() {
    let response = PromptResult.timedOutWithoutChoice
    #expect(output(response, .title).isEmpty)
    #expect(output(response, .index).isEmpty)
    #expect(output(response, .json, id: "q") == #"{"id":"q","timedOut":true}"# + "\n")
    #expect(ExitStatus(response) == .timedOut)
    let chosen = PromptResult.chose(1, in: Self.alert, outcome: .timedOut)
    #expect(output(chosen, .json) == #"{"button":"B","index":2,"buttonIndex":1,"role":"other","timedOut":true}"# + "\n")
    #expect(ExitStatus(chosen) == .chosen)
  }

  @Test("Only the cancel role exits 1")
  func exitStatus() {
    #expect(ExitStatus(PromptResult.chose(0, in: Self.alert)) == .chosen)
    #expect(ExitStatus(PromptResult.chose(2, in: Self.alert)) == .cancelled)
    #expect(ExitStatus(PromptResult.endOfInput(in: Self.alert)) == .cancelled)
  }
}
