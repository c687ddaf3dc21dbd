import Glibc
import Testing
@testable import AskCore

/// The decoder and the JSON Schema (checked by `schema/check.py`) agree on
/// the structural cases in `schema/tests/structural-cases.jsonl`.
@Suite("Decoder and schema agree")
struct SchemaAgreementTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let why: String
    let valid: Bool
    let spec: JSONNode
    var testDescription: String { why }
  }

  /// The cases file, found from this source file's path.
  static func cases() throws -> [Case] {
    let root = String(#filePath.split(separator: "/Tests/").dropLast().joined(separator: "/Tests/"))
    let path = root + "/schema/tests/structural-cases.jsonl"
    guard let file = fopen(path, "r") else { throw AskError.io(operation: "open \(path)", reason: SystemError(code: errno)) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while case let n = fread(&chunk, 1, chunk.count, file), n > 0 { bytes += chunk[..<n] }
    var scanner = JSONScanner(source: MemoryByteSource(bytes))
    var result: [Case] = []
    while let node = try scanner.nextObject() {
      guard case .object(let members) = node.value,
            case .string(let why)? = members.first(where: { $0.key == "why" })?.node.value,
            case .bool(let valid)? = members.first(where: { $0.key == "valid" })?.node.value,
            let spec = members.first(where: { $0.key == "spec" })?.node
      else { throw AskError.invalidAlert("bad case at line \(node.line)") }
      result.append(Case(why: why, valid: valid, spec: spec))
    }
    return result
  }

  @Test("The decoder accepts exactly the specs the schema accepts", arguments: try cases())
  func agreement(_ testCase: Case) {
    let accepted: Bool
    do {
      _ = try SpecDecoder.alert(from: testCase.spec)
      accepted = true
    } catch {
      accepted = false
    }
    #expect(accepted == testCase.valid)
  }

  @Test("The cases file has cases of both verdicts")
  func nonEmpty() throws {
    let all = try Self.cases()
    #expect(all.contains { $0.valid } && all.contains { !$0.valid })
  }
}
