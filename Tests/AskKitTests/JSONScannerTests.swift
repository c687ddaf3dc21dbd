import AskTestSupport
import Glibc
import Testing
@testable import AskCore

@Suite("The strict JSON scanner")
struct JSONScannerTests {
  func objects(_ text: String) throws -> [JSONNode] {
    var scanner = JSONScanner(source: MemoryByteSource(text))
    var result: [JSONNode] = []
    while let object = try scanner.nextObject() { result.append(object) }
    return result
  }

  @Test("Values of every kind are read, with escapes, surrogate pairs and UTF-8")
  func values() throws {
    let object = try #require(try objects(#"{"s":"a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00é","n":-1.5e2,"z":0,"t":true,"f":false,"x":null,"a":[1,[]],"o":{}}"#).first)
    guard case .object(let members) = object.value else { Issue.record("not an object"); return }
    #expect(members.map(\.key) == ["s", "n", "z", "t", "f", "x", "a", "o"])
    #expect(members[0].node.value == .string("a\"\\/\u{8}\u{C}\n\r\té😀é"))
    #expect(members[1].node.value == .number(-150, text: "-1.5e2"))
    #expect(members[3].node.value == .bool(true))
    #expect(members[5].node.value == .null)
    #expect(members[6].node.value == .array([JSONNode(.number(1, text: "1"), line: 1, column: 0),
                                             JSONNode(.array([]), line: 1, column: 0)]))
  }

  @Test("A stream of JSON Lines or concatenated objects is read object by object")
  func streams() throws {
    #expect(try objects("{\"a\":1}\n{\"a\":2}\r\n  {\"a\":3}{\"a\":4}\n\n").count == 4)
    #expect(try objects("").isEmpty)
    #expect(try objects(" \n\t\r\n").isEmpty)
  }

  @Test("Positions count lines and characters from 1, from the start of the stream")
  func positions() throws {
    let all = try objects("{\"a\":1}\n  {\"é\": \"x\",\n \"b\": [true]}")
    #expect((all[1].line, all[1].column) == (2, 3))
    guard case .object(let members) = all[1].value else { Issue.record("not an object"); return }
    #expect((members[0].node.line, members[0].node.column) == (2, 9))
    #expect((members[1].node.line, members[1].node.column) == (3, 7))
  }

  /// The strings of the array that `object`'s first member holds, with
  /// where each starts.
  func strings(_ object: JSONNode) -> [(String, Int, Int)] {
    guard case .object(let members) = object.value, case .array(let elements) = members.first?.node.value else {
      return []
    }
    return elements.map { node in
      guard case .string(let text) = node.value else { return ("", 0, 0) }
      return (text, node.line, node.column)
    }
  }

  @Test("Strings taken whole from memory and strings with escapes or UTF-8 count the same columns")
  func stringPositions() throws {
    let object = try #require(try objects("{\"b\":[\"ab\", \"c\\nd\",\"é\",\n \"\",\"x y\"], \"e\": 1}").first)
    let found = strings(object)
    #expect(found.map(\.0) == ["ab", "c\nd", "é", "", "x y"])
    #expect(found.map { [$0.1, $0.2] } == [[1, 7], [1, 13], [1, 20], [2, 2], [2, 5]])
    guard case .object(let members) = object.value else { return }
    #expect((members[1].node.line, members[1].node.column) == (2, 18))
  }

  @Test("Read from a file in blocks, strings that cross a block's end are read whole, and positions stay right")
  func blockBoundaries() throws {
    // Titles of 1 to 9 bytes, some escaped, past three 64 KiB blocks.
    let titles = (0..<30_000).map { n in String(repeating: "t", count: n % 9 + 1) + (n % 7 == 0 ? "\\\"" : "") }
    let text = "{\"b\":[" + titles.map { "\"\($0)\"" }.joined(separator: ",") + "]}\n{\"z\": x}"
    let file = try #require(tmpfile())  // removed when closed
    defer { fclose(file) }
    let fd = fileno(file)
    let bytes = Array(text.utf8)
    try #require(write(fd, bytes, bytes.count) == bytes.count)
    lseek(fd, 0, SEEK_SET)
    var scanner = JSONScanner(source: FileByteSource(fd: fd, readsAhead: true))
    let object = try #require(try scanner.nextObject())
    let found = strings(object)
    #expect(found.map(\.0) == titles.map { $0.replacing("\\\"", with: "\"") })
    var column = 7
    for (title, found) in zip(titles, found) {
      #expect([found.1, found.2] == [1, column])
      column += title.count + 3
    }
    #expect(throws: AskError.invalidAlert("Spec at line 2, column 7: expected a value, found 'x'")) { try scanner.nextObject() }
  }

  @Test("Bad JSON is one message with its line and column", arguments: [
    ("{\n \"title\": \"T\",\n \"buttons\": [\"a\",],\n}", "Spec at line 3, column 18: trailing comma before ']'"),
    ("{\"a\":1,\n}", "Spec at line 2, column 1: trailing comma before '}'"),
    ("{\"a\":1,\"a\":2}", "Spec at line 1, column 8: duplicate key 'a'"),
    ("[1]", "Spec at line 1, column 1: expected '{' to start a spec object"),
    ("{\"a\":1} x", "Spec at line 1, column 9: expected '{' to start a spec object"),
    ("{\"a\" 1}", "Spec at line 1, column 6: expected ':' after the key"),
    ("{\"a\":1 \"b\":2}", "Spec at line 1, column 8: expected ',' or '}' after a member"),
    ("{a:1}", "Spec at line 1, column 2: expected a key in double quotes, found 'a'"),
    ("{\"a\":01}", "Spec at line 1, column 6: leading zero in a number"),
    ("{\"a\":1.}", "Spec at line 1, column 8: expected a digit after '.'"),
    ("{\"a\":tru}", "Spec at line 1, column 6: expected 'true'"),
    ("{\"a\":\"x\ty\"}", "Spec at line 1, column 8: control character U+0009 in a string (escape it)"),
    ("{\"a\":\"\\x\"}", "Spec at line 1, column 7: invalid escape '\\x'"),
    ("{\"a\":\"\\ud800\"}", "Spec at line 1, column 7: lone high surrogate \\ud800"),
    ("{\"a\":\"é\u{FFFD}\"", "Spec at line 1, column 10: unexpected end of input in an object"),
    ("{\"a\":\"é", "Spec at line 1, column 8: unexpected end of input in a string"),
    ("{\"a\":", "Spec at line 1, column 6: unexpected end of input, expected a value"),
    ("{\"a\":[1,2", "Spec at line 1, column 10: unexpected end of input in an array"),
  ])
  func errors(text: LoggedText, message: String) {
    #expect(throws: AskError.invalidAlert(message)) { try objects(text.text) }
  }

  @Test("Invalid UTF-8 is rejected where it stands", arguments: [
    ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D], "Spec at line 1, column 7: invalid UTF-8"),
    ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC0, 0xAF, 0x22, 0x7D], "Spec at line 1, column 7: invalid UTF-8"),
    ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x7D], "Spec at line 1, column 7: invalid UTF-8"),
    ([0x7B, 0xC3, 0xA9, 0x7D], "Spec at line 1, column 2: expected a key in double quotes, found '\\xC3'"),
  ] as [([UInt8], String)])
  func invalidUTF8(bytes: [UInt8], message: String) {
    var scanner = JSONScanner(source: MemoryByteSource(bytes))
    #expect(throws: AskError.invalidAlert(message)) { try scanner.nextObject() }
  }

  @Test("A byte order mark at the start of the stream is skipped and not counted in positions (RFC 8259 §8.1)")
  func byteOrderMark() throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    var scanner = JSONScanner(source: MemoryByteSource(bom + Array("{\"a\":1}\n {\"b\":2}".utf8)))
    let first = try #require(try scanner.nextObject())
    #expect((first.line, first.column) == (1, 1))
    guard case .object(let members) = first.value else { Issue.record("not an object"); return }
    #expect((members[0].node.line, members[0].node.column) == (1, 6))
    let second = try #require(try scanner.nextObject())
    #expect((second.line, second.column) == (2, 2))
    var empty = JSONScanner(source: MemoryByteSource(bom + Array(" \n".utf8)))
    #expect(try empty.nextObject() == nil)
  }

  @Test("Errors after a byte order mark stand where they would without it; one anywhere else is an error",
        arguments: [
    ([0xEF, 0xBB, 0xBF] + Array("{\"title\":x}".utf8), "Spec at line 1, column 10: expected a value, found 'x'"),
    ([0xEF, 0xBB, 0xBF] + Array("{\"é\":\"\u{1}\"}".utf8), "Spec at line 1, column 7: control character U+0001 in a string (escape it)"),
    ([0xEF, 0xBB, 0xBF] + Array("{\"a\":1,}".utf8), "Spec at line 1, column 8: trailing comma before '}'"),
    ([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("{}".utf8), "Spec at line 1, column 1: expected '{' to start a spec object"),
    (Array(" ".utf8) + [0xEF, 0xBB, 0xBF] + Array("{}".utf8), "Spec at line 1, column 2: expected '{' to start a spec object"),
    (Array("{}\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("{}".utf8), "Spec at line 2, column 1: expected '{' to start a spec object"),
    ([0xEF, 0xBB] + Array("{}".utf8), "Spec at line 1, column 1: expected '{' to start a spec object"),
    ([0xEF], "Spec at line 1, column 1: expected '{' to start a spec object"),
  ] as [([UInt8], String)])
  func byteOrderMarkPositions(bytes: [UInt8], message: String) {
    var scanner = JSONScanner(source: MemoryByteSource(bytes))
    #expect(throws: AskError.invalidAlert(message)) { while try scanner.nextObject() != nil {} }
  }

  @Test("linesTaken counts the lines the scanner consumed itself, not those it was told to skip")
  func linesTaken() throws {
    var scanner = JSONScanner(source: MemoryByteSource("{\"a\":\n1}\n{\"b\":2}\n"))
    _ = try scanner.nextObject()
    try scanner.finishLine()
    #expect(scanner.linesTaken == 2)
    scanner.skipLines(3)
    _ = try scanner.nextObject()
    try scanner.finishLine()
    #expect(scanner.linesTaken == 3)
  }

  @Test("Nesting deeper than the limit is an error, not a crash")
  func depth() {
    let deep = "{\"a\":" + String(repeating: "[", count: 10_000)
    #expect(throws: AskError.invalidAlert("Spec at line 1, column 69: nested deeper than 64 levels")) {
      try objects(deep)
    }
  }

  @Test("After an object, finishLine takes the rest of its line and nothing more")
  func finishLine() throws {
    let source = MemoryByteSource("{\"a\":1} \r\n2\n")
    var scanner = JSONScanner(source: source)
    _ = try scanner.nextObject()
    try scanner.finishLine()
    #expect(try source.next() == UInt8(ascii: "2"))
    var crowded = JSONScanner(source: MemoryByteSource("{\"a\":1} 2\n"))
    _ = try crowded.nextObject()
    #expect(throws: AskError.self) { try crowded.finishLine() }
  }
}
