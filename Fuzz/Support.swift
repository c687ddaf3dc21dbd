// Shared by every fuzz target (compiled into each): the checks that make
// a run more than "it did not crash".

/// Stops the run (libFuzzer reports a crash and saves the input) when
/// `condition` is false.
func require(_ condition: Bool, _ what: @autoclosure () -> String) {
  if !condition { fatalError("fuzz check failed: \(what())") }
}

/// A message for the terminal: one line, and no control character, so no
/// escape sequence from the input reaches the screen raw (SPEC §6).
func isOneVisibleLine(_ text: String) -> Bool {
  !text.isEmpty && !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
}

/// The input cut into pieces at `separator` bytes (non-UTF-8 bytes become
/// U+FFFD, as in a Swift String from the command line they could not be).
func pieces(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8) -> [String] {
  bytes.split(separator: separator, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
}
