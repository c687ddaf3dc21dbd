import CEditLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the JSON scanner reads bytes from.
public protocol ByteSource: AnyObject {
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
/// 64 KiB blocks. Waiting goes through `ask_wait_input`, so Ctrl-C while a
/// spec is awaited ends `ask` as anywhere else.
public final class FileByteSource: ByteSource {
  private let fd: Int32
  private var buffer: [UInt8]
  private var position = 0
  private var count = 0

  /// Reads `fd`; see the type's discussion for `readsAhead`.
  public init(fd: Int32, readsAhead: Bool) {
    self.fd = fd
    buffer = [UInt8](repeating: 0, count: readsAhead ? 65536 : 1)
  }

  public func next() throws(AskError) -> UInt8? {
    if position < count {
      defer { position += 1 }
      return buffer[position]
    }
    while true {
      var signo: Int32 = 0
      let wait = ask_wait_input(fd, -1, &signo)
      if Int(wait) == ASK_WAIT_SIGNAL { throw .interrupted(signal: signo) }
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
public final class MemoryByteSource: ByteSource {
  private let bytes: [UInt8]
  private var position = 0

  /// Reads `bytes`.
  public init(_ bytes: [UInt8]) { self.bytes = bytes }
  /// Reads the UTF-8 of `text`.
  public convenience init(_ text: String) { self.init(Array(text.utf8)) }

  public func next() throws(AskError) -> UInt8? {
    guard position < bytes.count else { return nil }
    defer { position += 1 }
    return bytes[position]
  }
}
