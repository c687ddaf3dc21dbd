import Glibc

/// A directory of a test's own: made with mkdtemp under `$TMPDIR` (or
/// `/tmp`), so its name is unique, and removed with everything in it when
/// the object goes away. Every `PseudoTerminal` has one (its child's HOME);
/// a test that needs a directory beyond one session's life makes its own.
final class TemporaryDirectory {
  /// The absolute path of the directory (no trailing slash).
  let path: String

  /// Makes a new, empty directory, mode 0700, named `prefix.XXXXXX`.
  /// Throws if it cannot be made.
  init(prefix: String = "ask-test") throws {
    var base = getenv("TMPDIR").map { String(cString: $0) } ?? ""
    if !base.hasPrefix("/") { base = "/tmp" }
    while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
    var template = Array(((base == "/" ? "" : base) + "/" + prefix + ".XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      let error = errno
      throw PseudoTerminal.Failure(description: "cannot make a temporary directory under \(base): "
        + String(cString: strerror(error)))
    }
    path = String(cString: made)
  }

  deinit { Self.remove(path) }

  /// Removes `path` and, if it is a directory, everything below it. Symbolic
  /// links are removed, never followed. Best effort: what cannot be removed
  /// stays.
  static func remove(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
      for name in entries(of: path) { remove(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }

  /// The names in directory `path`, without `.` and `..`; empty if it cannot
  /// be read.
  static func entries(of path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
