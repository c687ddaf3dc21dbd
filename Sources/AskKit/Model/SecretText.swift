import CShim

/// A secret typed at a secure field: bytes (UTF-8) in memory that `ask`
/// owns, overwritten when it is released or ``wipe()``d — never copied into
/// a Swift `String`, never shown by `description` (SPEC §6).
///
/// Write it with ``withUnsafeBytes(_:)`` straight to a file descriptor.
public final class SecretText: @unchecked Sendable {
  var storage = ask_secret_t()

  /// An empty secret, to read into.
  init() { ask_secret_init(&storage) }

  /// A secret holding a copy of `bytes` (for tests and library callers;
  /// the caller wipes its own copy).
  public convenience init(bytes: [UInt8]) {
    self.init()
    _ = bytes.withUnsafeBufferPointer { ask_secret_set(&storage, $0.baseAddress!, $0.count) }
  }

  deinit { ask_secret_wipe(&storage) }

  /// The number of characters (not bytes): the `*`s shown for it.
  public var characterCount: Int { ask_secret_characters(&storage) }

  /// True when nothing was typed.
  public var isEmpty: Bool { storage.length == 0 }

  /// Calls `body` with the secret's bytes; do not let them escape.
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(start: storage.bytes, count: storage.length))
  }

  /// Overwrites and frees the bytes now.
  public func wipe() { ask_secret_wipe(&storage) }
}

extension SecretText: Equatable {
  /// Equal when the bytes are (compared without early exit).
  public static func == (lhs: SecretText, rhs: SecretText) -> Bool {
    lhs.withUnsafeBytes { a in
      rhs.withUnsafeBytes { b in
        a.count == b.count && zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
      }
    }
  }
}

extension SecretText: CustomStringConvertible, CustomDebugStringConvertible {
  /// Never the secret.
  public var description: String { "<secret>" }
  /// Never the secret.
  public var debugDescription: String { "<secret>" }
}
