import CShim
import Synchronization

/// A secret typed at a secure field: UTF-8 bytes in memory that AskKit
/// owns, overwritten when it is released or ``wipe()``d — never copied into
/// a Swift `String`, never shown by `description`.
///
/// Write it with ``withUnsafeBytes(_:)`` straight to a file descriptor.
/// It may be passed between threads: its bytes are reached under a lock.
public final class SecretText: Sendable {
  /// The bytes (`ask_secret_t`: owned, locked in memory, wiped on
  /// release), reached only under ``lock``. (A pointer the compiler cannot
  /// see is guarded: the lock is what makes it safe to share.)
  nonisolated(unsafe) private let storage: UnsafeMutablePointer<ask_secret_t>
  /// Held while the bytes are read or changed.
  private let lock = Mutex(())

  /// An empty secret, to read into.
  package init() {
    storage = .allocate(capacity: 1)
    storage.initialize(to: ask_secret_t())
    ask_secret_init(storage)
  }

  /// A secret holding a copy of `bytes` (for tests and library callers;
  /// the caller wipes its own copy).
  public convenience init(bytes: [UInt8]) {
    self.init()
    _ = bytes.withUnsafeBufferPointer { ask_secret_set(storage, $0.baseAddress!, $0.count) }
  }

  deinit {
    ask_secret_wipe(storage)
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  /// Calls `body` with the secret's storage, under the lock: the C shim
  /// reads a secret into it.
  package func withStorage<R>(_ body: (UnsafeMutablePointer<ask_secret_t>) -> R) -> R {
    lock.withLock { _ in body(storage) }
  }

  /// The number of characters (not bytes): the `*`s shown for it.
  public var characterCount: Int { withStorage { ask_secret_characters($0) } }

  /// True when nothing was typed.
  public var isEmpty: Bool { withStorage { $0.pointee.length == 0 } }

  /// Calls `body` with the secret's bytes, under the secret's lock; do not
  /// let them escape.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws.
  public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
    let result: Result<R, E> = withStorage { secret in
      do throws(E) {
        return .success(try body(UnsafeRawBufferPointer(start: secret.pointee.bytes, count: secret.pointee.length)))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Overwrites and frees the bytes now.
  public func wipe() { withStorage { ask_secret_wipe($0) } }
}

extension SecretText: Equatable {
  /// Equal when the bytes are (compared without early exit).
  public static func == (lhs: SecretText, rhs: SecretText) -> Bool {
    if lhs === rhs { return true }
    // Locked in one order (by identity), so two threads comparing the same
    // two secrets cannot each hold one lock and wait for the other.
    let (first, second) = ObjectIdentifier(lhs) < ObjectIdentifier(rhs) ? (lhs, rhs) : (rhs, lhs)
    return first.withUnsafeBytes { a in
      second.withUnsafeBytes { b in
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
