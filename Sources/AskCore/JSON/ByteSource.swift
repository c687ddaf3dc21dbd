import CShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the JSON scanner reads bytes from.
package protocol ByteSource: AnyObject {
  /// The next byte, or `nil` at the end of input.
  /// - Throws: ``AskError/interrupted(by:)`` when a terminating signal
  ///   arrives while waiting; ``AskError/io(operation:reason:)`` when reading fails.
  func next() throws(AskError) -> UInt8?

  /// Appends to `bytes` the bytes already read into memory that a JSON
  /// string holds as they are — printable ASCII and DEL, but `"` and `\` —
  /// up to the first other byte, and takes them; never reads or waits.
  /// The JSON scanner's fast way through a long string (a 10 MB title).
  /// Returns how many bytes it took.
  func takeLiteralStringBytes(into bytes: inout [UInt8]) -> Int

  /// The rest of a JSON string when the bytes already read into memory
  /// hold all of it, each byte standing for itself (as
  /// ``takeLiteralStringBytes(into:)`` takes them): its text, with the
  /// closing `"` taken too; else `nil`, and nothing is taken. Never reads
  /// or waits. A short title's way: one `String`, no copy in between.
  func takeLiteralString() -> String?
}

/// The text of the literal bytes from `start` up to a `"` before `end` in
/// `base`, with where that quote is; `nil` when another byte comes first.
private func literalString(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> (String, quote: Int)? {
  var stop = start
  while stop < end && isLiteralStringByte(base[stop]) { stop += 1 }
  guard stop < end, base[stop] == UInt8(ascii: "\"") else { return nil }
  return (String(decoding: UnsafeBufferPointer(start: base + start, count: stop - start), as: UTF8.self), stop)
}

/// Whether `byte` stands for itself in a JSON string: printable ASCII and
/// DEL, but `"` and `\` (controls are errors, bytes from 0x80 are UTF-8).
@inline(__always)
private func isLiteralStringByte(_ byte: UInt8) -> Bool {
  byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
}

/// Takes the literal string bytes of `buffer` from `start` to `end` into
/// `bytes`; returns where they end.
private func takeLiteralStringBytes(_ buffer: [UInt8], from start: Int, to end: Int,
                                    into bytes: inout [UInt8]) -> Int {
  buffer.withUnsafeBufferPointer { buffer in
    var stop = start
    while stop < end && isLiteralStringByte(buffer[stop]) { stop += 1 }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<stop]))
    return stop
  }
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
  /// Memory of its own, not an array: each byte taken costs no check of
  /// exclusive access and no reference counting (a million titles).
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  private var position = 0
  private var count = 0
  /// When to give up waiting for the next byte (`ask_now_ms`
  /// milliseconds), with the number of seconds it stands for; `nil` for
  /// never.
  package var deadline: (milliseconds: Int64, limit: Duration)?
  /// True once the ``deadline`` passed with no byte to read: the error
  /// thrown then is the command line's to report as a timeout.
  package private(set) var timedOut = false

  /// Reads `fd`, waiting through `console` (or with no signal handling of
  /// its own when `nil`); see the type's discussion for `readsAhead`.
  package init(fd: Int32, readsAhead: Bool, console: TerminalConsole? = nil) {
    self.fd = fd
    self.console = console
    buffer = .allocate(capacity: readsAhead ? 65536 : 1)
    buffer.initialize(repeating: 0)
  }

  deinit { buffer.deallocate() }

  package func takeLiteralStringBytes(into bytes: inout [UInt8]) -> Int {
    // Locals, not the properties, in the loop: no access to the object's
    // fields a byte.
    let (start, end, base) = (position, count, UnsafePointer(buffer.baseAddress!))
    var stop = start
    while stop < end && isLiteralStringByte(base[stop]) { stop += 1 }
    if stop > start { bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: stop - start)) }
    position = stop
    return stop - start
  }

  package func takeLiteralString() -> String? {
    guard let (text, quote) = literalString(UnsafePointer(buffer.baseAddress!), from: position, to: count) else {
      return nil
    }
    position = quote + 1
    return text
  }

  package func next() throws(AskError) -> UInt8? {
    if position < count {
      defer { position += 1 }
      return buffer[position]
    }
    while true {
      let ready: Bool
      if let console {
        do {
          ready = try console.waitForInput(on: fd, deadline: deadline?.milliseconds)
        } catch .interrupted(let signal) {
          throw Interruption.stopped(by: signal.number)  // a partial tree of a million titles is not taken apart
        } catch {
          throw error
        }
      } else {
        var signo: Int32 = 0
        ready = ask_session_wait(nil, fd, deadline?.milliseconds ?? -1, &signo) != ASK_WAIT_TIMEOUT
      }
      if !ready {
        timedOut = true
        throw .io(operation: localized("read the spec"), reason: SystemError(code: ETIMEDOUT))
      }
      let n = read(fd, buffer.baseAddress, buffer.count)
      if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      if n < 0 {
        let error = errno
        // TRANSLATORS: what cannot be done, after "Cannot " and before ": "
        // and the system's reason.
        throw .io(operation: localized("read the spec"), reason: SystemError(code: error))
      }
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

  package func takeLiteralStringBytes(into taken: inout [UInt8]) -> Int {
    let start = position
    position = AskCore.takeLiteralStringBytes(bytes, from: start, to: bytes.count, into: &taken)
    return position - start
  }

  package func takeLiteralString() -> String? {
    let found = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.flatMap { literalString($0, from: position, to: buffer.count) }
    }
    guard let (text, quote) = found else { return nil }
    position = quote + 1
    return text
  }

  package func next() throws(AskError) -> UInt8? {
    guard position < bytes.count else { return nil }
    defer { position += 1 }
    return bytes[position]
  }
}
