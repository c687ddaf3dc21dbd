import Glibc
import Testing
@testable import AskCore

/// SPEC §10's case folding: NFC, then the C and F mappings of Unicode's
/// CaseFolding.txt, from a table that its generator wrote.
@Suite("Case folding")
struct CaseFoldingTests {
  /// The package root, found from this source file's path.
  static let root = String(#filePath.split(separator: "/Tests/").dropLast().joined(separator: "/Tests/"))
  /// Where Debian's `unicode-data` puts the file (`make test` installs it).
  static let caseFoldingFile = "/usr/share/unicode/CaseFolding.txt"

  @Test("The checked-in table is what the generator writes from CaseFolding.txt",
        .enabled(if: access(caseFoldingFile, R_OK) == 0,
                 "\(caseFoldingFile) is missing (make test installs unicode-data)"))
  func tableIsGenerated() throws {
    let command = "cd '\(Self.root)' && python3 scripts/generate-case-folding.py \(Self.caseFoldingFile)"
    let pipe = try #require(popen(command, "r"))
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while case let n = fread(&chunk, 1, chunk.count, pipe), n > 0 { output += chunk[..<n] }
    #expect(pclose(pipe) == 0, "the generator failed")
    let checkedIn = try Self.bytes("Sources/AskCore/Engine/Answering/CaseFoldingTable.swift")
    // Compared as lines, so a failure names the first that differs, not
    // 45 KB of bytes.
    let generated = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let file = String(decoding: checkedIn, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let differing = zip(generated, file).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(generated.count, file.count)
    let isSame = output == checkedIn
    #expect(isSame, """
      CaseFoldingTable.swift differs from the generator's output from line \(differing + 1) on \
      (run scripts/generate-case-folding.py again)
      """)
  }

  @Test("The table is sorted and every folding is 1 to 3 valid scalars")
  func tableShape() {
    #expect(zip(CaseFolding.keys, CaseFolding.keys.dropFirst()).allSatisfy { $0 < $1 })
    #expect(CaseFolding.keys.count == CaseFolding.foldings.count)
    for packed in CaseFolding.foldings {
      let scalars = (0..<3).map { UInt32(truncatingIfNeeded: packed >> (21 * $0)) & 0x1F_FFFF }
      #expect(packed >> 63 == 0 && scalars[0] != 0 && (scalars[1] != 0 || scalars[2] == 0))
      #expect(scalars.allSatisfy { $0 == 0 || Unicode.Scalar($0) != nil })
    }
  }

  @Test("ASCII, which never reaches the table, folds as the table says", arguments: 0..<128)
  func asciiAgreesWithTable(value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    let listed = CaseFolding.keys.firstIndex(of: value).map { CaseFolding.foldings[$0] }
    let expected = Unicode.Scalar(UInt32(listed ?? UInt64(value)))
    #expect(Self.scalars(CaseFolding.folded(String(scalar))) == [expected])
  }

  @Test("Texts fold to the expected scalars", arguments: [
    ("Hello, World 42", "hello, world 42"),
    ("ΈΞΟΔΟΣ", "έξοδοσ"), ("Έξοδος", "έξοδοσ"),          // final sigma folds to σ
    ("Straße", "strasse"), ("STRAẞE", "strasse"),        // ß and capital ẞ (status F)
    ("ﬁ", "fi"), ("ŉ", "ʼn"),
    ("İ", "i\u{307}"), ("I", "i"),                       // no Turkic locale: I is i
    ("e\u{301}", "\u{E9}"), ("\u{212B}", "\u{E5}"),      // NFC first: é, Å (Angstrom sign)
    ("\u{390}", "\u{3B9}\u{308}\u{301}"),                // ΐ folds to three scalars
    ("Да", "да"), ("हिन्दी", "हिन्दी"), ("你好", "你好"),
    ("𐐀", "𐐨"),                                          // beyond the BMP (Deseret)
  ])
  func folds(text: String, folded: String) {
    #expect(Self.scalars(CaseFolding.folded(text)) == Self.scalars(folded))
  }

  @Test("Prefixes and containment count by scalars, not by grapheme clusters")
  func scalarComparisons() {
    #expect(CaseFolding.hasPrefix("हिन्दी", "हिन"))
    #expect(!"हिन्दी".hasPrefix("हिन"))  // what a Character-wise prefix says
    #expect(CaseFolding.contains("हिन्दी", "न्द"))
    #expect(CaseFolding.contains("abc", ""))
    #expect(!CaseFolding.contains("abc", "abcd"))
  }

  @Test("A start of a title is taken in whole scalars of its NFC whose folding fits", arguments: [
    ("Straße", 5, "Stra", 4),                  // ß folds to two bytes: not half of it
    ("Straße", 6, "Straß", 6),
    ("Cafe\u{301}", 4, "Caf", 3),              // NFC: é is one scalar of two bytes
    ("Cafe\u{301}", 5, "Caf\u{E9}", 5),
    ("Hi", 10, "Hi", 2),
  ])
  func start(title: String, limit: Int, text: String, foldedLength: Int) {
    let start = CaseFolding.start(of: title, foldingToAtMost: limit)
    #expect(Self.scalars(start.text) == Self.scalars(text))
    #expect(start.foldedLength == foldedLength)
  }

  static func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

  static func bytes(_ path: String) throws -> [UInt8] {
    guard let file = fopen(root + "/" + path, "rb") else { throw AskError.io(operation: "open \(path)", reason: SystemError(code: errno)) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while case let n = fread(&chunk, 1, chunk.count, file), n > 0 { bytes += chunk[..<n] }
    return bytes
  }
}
