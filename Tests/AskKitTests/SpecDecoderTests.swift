import Testing
@testable import AskCore

@Suite("JSON spec to alert")
struct SpecDecoderTests {
  func decode(_ text: String) throws -> Alert {
    var scanner = JSONScanner(source: MemoryByteSource(text))
    guard let node = try scanner.nextObject() else { throw AskError.invalidAlert("no object") }
    return try SpecDecoder.alert(from: node)
  }

  @Test("Titles, cancel and destructive keys give spec order destructive, buttons, cancel")
  func titlesForm() throws {
    let alert = try decode(#"{"title":"Available Actions","presentation":"sheet","buttons":["Negotiate","Compromise"],"cancel":"Cancel","destructive":"Destroy","id":"q1"}"#)
    #expect(alert.buttons == [Button("Destroy", role: .destructive), Button("Negotiate"), Button("Compromise"),
                              Button("Cancel", role: .cancel)])
    #expect(alert.presentation == .actionSheet)
    #expect(alert.id == "q1")
  }

  @Test("The titles-array form keeps the array's order, the cancel button moved last on screen")
  func titlesArrayForm() throws {
    let alert = try decode(#"{"buttons":["aaa","bbb","ccc","ddd"],"destructiveIndex":1,"cancelIndex":3,"defaultIndex":2}"#)
    #expect(alert.buttons.map(\.role) == [.other, .destructive, .other, .cancel])
    #expect(alert.defaultButtonIndex == 2)
    let moved = try decode(#"{"buttons":["Close","Open"],"cancelIndex":0}"#)
    #expect(Array(moved.screenOrder) == [1, 0])
    #expect(PromptResult.chose(0, in: moved) == PromptResult(.chosen, buttonIndex: 0, number: 2, title: "Close", role: .cancel))
  }

  @Test("default is a title, case-folded; defaultIndex counts in the buttons array")
  func defaults() throws {
    #expect(try decode(#"{"buttons":["Yes"],"cancel":"No","default":"no"}"#).defaultButtonIndex == 1)
    #expect(try decode(#"{"buttons":["Yes","Maybe"],"destructive":"Wipe","defaultIndex":1}"#).defaultButtonIndex == 2)
  }

  @Test("default takes a title, else a number on screen, and OK names the implied button")
  func defaultForms() throws {
    #expect(try decode(#"{"buttons":["A","B"],"default":"2"}"#).defaultButtonIndex == 1)
    #expect(try decode(#"{"default":"ok"}"#).defaultButtonIndex == 0)
  }

  @Test("Text-entry keys are read")
  func textEntry() throws {
    let alert = try decode(#"{"style":"login-password","fields":[{"label":"User","placeholder":"alice","text":"bob"},{"label":"Pass"}],"echo":"no","repeat":true,"required":true,"timeout":2.5}"#)
    #expect(alert.style.kind == .loginAndPasswordInput)
    #expect(alert.textFields == [TextField(label: "User", placeholder: "alice", text: "bob"), TextField(label: "Pass")])
    #expect(alert.secureEcho == .hidden)
    #expect(alert.repeatsSecureEntry && alert.requiresText)
    #expect(alert.timeout == .milliseconds(2500))
  }

  @Test("An empty spec is an alert with the implied OK")
  func empty() throws {
    #expect(try decode("{}").buttons == [Button("OK", isDefault: true)])
    #expect(try decode(#"{"title":"Nothing to choose","buttons":[]}"#).defaultButtonIndex == 0)
  }

  @Test("Wrong keys, types and rules name the key path and where it stands", arguments: [
    (#"{"titel":"T"}"#, "Spec at line 1, column 10: unknown key 'titel'. Did you mean 'title'?"),
    (#"{"title":1}"#, "Spec at line 1, column 10: 'title' must be a string, not a number"),
    (#"{"title":null}"#, "Spec at line 1, column 10: 'title' must be a string, not null"),
    (#"{"buttons":"A"}"#, "Spec at line 1, column 12: 'buttons' must be an array of titles, not a string"),
    (#"{"buttons":["A",2]}"#, "Spec at line 1, column 17: 'buttons[1]' must be a string, not a number"),
    (#"{"style":"plain","fields":[{"label":"A"},{"label":true}]}"#,
     "Spec at line 1, column 51: 'fields[1].label' must be a string, not a boolean"),
    (#"{"style":"plain","fields":[{"lable":"A"}]}"#,
     "Spec at line 1, column 37: unknown key 'fields[0].lable'. Did you mean 'label'?"),
    (#"{"style":"plain","fields":["A"]}"#, "Spec at line 1, column 28: 'fields[0]' must be an object, not a string"),
    (#"{"presentation":"popup"}"#, "Spec at line 1, column 17: 'presentation' must be one of: 'alert', 'sheet'"),
    (#"{"style":"password"}"#, "Spec at line 1, column 10: 'style' must be one of: 'default', 'plain', 'secure', 'login-password'"),
    (#"{"repeat":"yes"}"#, "Spec at line 1, column 11: 'repeat' must be true or false, not a string"),
    (#"{"timeout":-1}"#, "Spec at line 1, column 12: 'timeout' must be a number of seconds, 0 or more (0: no limit)"),
    (#"{"buttons":["a","b"],"cancelIndex":2}"#,
     "Spec at line 1, column 36: 'cancelIndex' must be a whole number from 0 to 1 (an index into 'buttons')"),
    (#"{"buttons":["a","b"],"cancelIndex":0.5}"#,
     "Spec at line 1, column 36: 'cancelIndex' must be a whole number from 0 to 1 (an index into 'buttons')"),
    (#"{"buttons":["a"],"cancel":"c","cancelIndex":0}"#,
     "Spec at line 1, column 45: 'cancel' and 'cancelIndex' cannot both be given"),
    (#"{"buttons":["a","b"],"destructiveIndex":0,"cancel":"c"}"#,
     "Spec at line 1, column 52: 'cancel' cannot be given with 'cancelIndex' or 'destructiveIndex': use one form"),
    (#"{"buttons":["a","b"],"destructiveIndex":0,"cancelIndex":0}"#,
     "Spec at line 1, column 41: 'cancelIndex' and 'destructiveIndex' name the same button"),
    (#"{"buttons":["a"],"default":"b"}"#, "Spec at line 1, column 28: 'default' is 'b', which is not a button title or number"),
    (#"{"cancelIndex":0}"#, "Spec at line 1, column 16: 'cancelIndex' needs 'buttons' to index into"),
    (#"{"title":"T","buttons":["a","a"]}"#, "Spec at line 1, column 1: Duplicate button title 'a'"),
    (#"{"buttons":["Close"],"cancel":"close"}"#, "Spec at line 1, column 1: Duplicate button title 'close' (same as 'Close')"),
    (#"{"buttons":["Keep"],"destructive":"Wipe","default":"Wipe"}"#,
     "Spec at line 1, column 1: The destructive button 'Wipe' cannot be the default"),
    (#"{"buttons":[""]}"#, "Spec at line 1, column 1: Button 1 has an empty title"),
    (#"{"style":"login-password","fields":[{}]}"#,
     "Spec at line 1, column 1: 'fields' must have 2 entries for style 'login-password', not 1"),
    (#"{"style":"secure","fields":[{"text":"x"}]}"#,
     "Spec at line 1, column 1: 'fields[0].text' is not allowed: a secure field has no initial text"),
    (#"{"echo":"no"}"#, "Spec at line 1, column 1: 'echo' applies only to a secure field (style 'secure' or 'login-password')"),
    (#"{"style":"plain","pattern":"(["}"#, "Spec at line 1, column 1: 'pattern' is not a valid regular expression: '(['"),
    (#"{"pattern":"a"}"#, "Spec at line 1, column 1: 'pattern' applies only to style 'plain'"),
  ])
  func errors(text: String, message: String) {
    #expect(throws: AskError.invalidAlert(message)) { try decode(text) }
  }
}
