import CEditLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the JSON scanner reads bytes from.
package protocol ByteSource: AnyObject {
  /// The next byte, or `nil` at the end of input.
  /// - Throws: ``AskError/interrupted(signal:)`` when a terminating signal
  ///   arrives while waiting; ``AskError/io(_:errno:)`` when reading fails.
  func next() throws(AskError) -> UInt8?
}

/// Bytes from a file descriptor.
///
/// When answer lines may follow the spec on the same descriptor
/// (`readsAhead` false) it reads one byte at a time, so not a byte of the
/// answers is consumed (as `read` in the shell); otherwise it reads in
/// 64 KiB blocks. Waiting goes through the console's terminal session
/// (``TerminalConsole/waitForInput(on:deadline:)``), so Ctrl-C while a spec
/// is awaited ends `ask` as anywhere else, and a resize or a stop does
/// not; `fd` may be non-blocking (a FIFO opened before it has a writer).
package final class FileByteSource: ByteSource {
  private let fd: Int32
  private let console: TerminalConsole?
  private var buffer: [UInt8]
  private var position = 0
  private var count = 0
  /// When to give up waiting for the next byte (`ask_now_ms`
  /// milliseconds), with the number of seconds it stands for; `nil` for
  /// never.
  package var deadline: (milliseconds: Int64, limit: Duration)?

  /// Reads `fd`, waiting through `console` (or with no signal handling of
  /// its own when `nil`); see the type's discussion for `readsAhead`.
  package init(fd: Int32, readsAhead: Bool, console: TerminalConsole? = nil) {
    self.fd = fd
    self.console = console
    buffer = [UInt8](repeating: 0, count: readsAhead ? 65536 : 1)
  }

  package func next() throws(AskError) -> UInt8? {
    if position < count {
      defer { position += 1 }
      return buffer[position]
    }
    while true {
      let ready: Bool
      if let console {
        ready = try console.waitForInput(on: fd, deadline: deadline?.milliseconds)
      } else {
        var signo: Int32 = 0
        ready = ask_session_wait(nil, fd, deadline?.milliseconds ?? -1, &signo) != ASK_WAIT_TIMEOUT
      }
      if !ready { throw .specTimedOut(after: deadline?.limit ?? .zero) }
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      if n < 0 { throw .io("read the spec", errno: errno) }
      if n == 0 { return nil }
      count = n
      position = 1
      return buffer[0]
    }
  }
}

/// Bytes from memory, for tests and for library users with a spec in hand.
package final class MemoryByteSource: ByteSource {
  private let bytes: [UInt8]
  private var position = 0

  /// Reads `bytes`.
  package init(_ bytes: [UInt8]) { self.bytes = bytes }
  /// Reads the UTF-8 of `text`.
  package convenience init(_ text: String) { self.init(Array(text.utf8)) }

  package func next() throws(AskError) -> UInt8? {
    guard position < bytes.count else { return nil }
    defer { position += 1 }
    return bytes[position]
  }
}
