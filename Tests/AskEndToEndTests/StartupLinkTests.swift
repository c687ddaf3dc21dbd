import Glibc
import Testing

/// What the static `ask` links, for its start-up (issue 27, BENCHMARKS.md):
/// code a program links can cost every start, before `main`, whether it
/// runs or not.
@Suite("What a static ask links")
struct StartupLinkTests {
  /// Texts only libdispatch's own code holds: its manager queue's label
  /// and its assertions' prefix (the queue code that holds them has the
  /// constructor).
  static let libdispatchMarks = ["com.apple.libdispatch-manager", "BUG IN CLIENT OF LIBDISPATCH"]

  /// AskKit's `async` presenting brings in the concurrency runtime and
  /// libdispatch with it; the command links AskCore alone, without it.
  @Test("No libdispatch in a static ask: its constructor would run at every start (eight system calls and its pages, before main)",
        .enabled(if: DebianPackageTests.isStatic(AskSession.executable),
                 "the debug build links the runtime's shared libraries (make test's release stage runs it)"))
  func noLibdispatch() throws {
    let file = try #require(fopen(AskSession.executable, "rb"), "cannot open \(AskSession.executable)")
    defer { fclose(file) }
    var info = stat()
    try #require(fstat(fileno(file), &info) == 0 && info.st_size > 1 << 20, "\(info.st_size) bytes")
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    try #require(fread(&bytes, 1, bytes.count, file) == bytes.count, "a short read")
    for mark in Self.libdispatchMarks {
      // A Bool: a failed expectation shows its operands, and the bytes are 15 MB.
      let holdsMark = Self.contains(bytes, Array(mark.utf8))
      #expect(!holdsMark, "ask holds libdispatch's \"\(mark)\"")
    }
  }

  /// Whether `pattern` (not empty) is somewhere in `bytes`: a loop over
  /// the buffers, as the standard library's `firstRange(of:)` took 4 s
  /// over the 15 MB binary in a debug build (this, 0.2 s).
  static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { bytes in
      pattern.withUnsafeBufferPointer { pattern in
        guard bytes.count >= pattern.count else { return false }
        var start = 0
        while start <= bytes.count - pattern.count {
          if bytes[start] == pattern[0] {
            var matched = 1
            while matched < pattern.count && bytes[start + matched] == pattern[matched] { matched += 1 }
            if matched == pattern.count { return true }
          }
          start += 1
        }
        return false
      }
    }
  }
}
