/// The buttons' titles as answers compare them (``Button/foldedTitle``),
/// hashed: the duplicate check and the exact-title rule of an answer in
/// one look-up each, not a pass over a million titles.
///
/// Compact on purpose — a million buttons take 12 bytes each: an open
/// table of 32-bit button indices (at most half full, probed linearly) and
/// each button's 32-bit hash. The folded titles themselves are not kept: a
/// candidate whose hash agrees is folded again to compare (once, in
/// practice), so no second copy of every title lives through the prompt.
/// A printable-ASCII title with nothing to trim is hashed as it is folded
/// (`A`–`Z` as `a`–`z`), without making its folded text.
package struct TitleIndex: Sendable {
  /// Button indices, or ``empty``; a power of two long. Unsigned: the
  /// standard library has `[UInt32]`'s metadata ready-made, an `[Int32]`'s
  /// is made at run time (13 k instructions, 4 % of a prompt's).
  private var slots: [UInt32]
  /// A slot with no index.
  private static let empty = UInt32.max
  /// Each key's hash, by button index.
  private var hashes: [UInt32]
  /// Keys are titles, compared folded; else texts compared as they are.
  private let folds: Bool

  /// The first index (in order) whose key equals an earlier one's, with the
  /// index of that earlier one, found while building; `nil` when all
  /// differ.
  package private(set) var firstDuplicate: (duplicate: Int, first: Int)?

  /// Indexes the titles 0..<count, compared as ``Button/foldedTitle``s
  /// (`folds`), or as they are. `title(i)` is called once for each, and
  /// again for a candidate whose hash agrees. Stops at the first duplicate
  /// (``firstDuplicate``).
  /// - Throws: ``AskError/interrupted(by:)`` when a terminating signal
  ///   is pending (``Interruption``).
  package init(count: Int, folds: Bool = true, title: (Int) -> String) throws(AskError) {
    self.folds = folds
    var capacity = 8
    while capacity < 2 * count { capacity <<= 1 }
    var slots = [UInt32](repeating: Self.empty, count: capacity)
    var hashes = [UInt32](repeating: 0, count: count)
    var duplicate: (Int, Int)?
    let mask = capacity - 1
    // Through buffers: no check of uniqueness or bounds a title.
    try slots.withUnsafeMutableBufferPointer { slots throws(AskError) in
      try hashes.withUnsafeMutableBufferPointer { hashes throws(AskError) in
        _ = try Interruption.forEach(0..<count) { index in
          let text = title(index)
          let hash = folds ? Self.foldedHash(of: text) : Self.hash(text)
          hashes[index] = hash
          var slot = Int(hash) & mask
          while true {
            guard slots[slot] != Self.empty else {
              slots[slot] = UInt32(truncatingIfNeeded: index)
              return true
            }
            let other = Int(slots[slot])
            if hashes[other] == hash && Self.key(title(other), folds: folds) == Self.key(text, folds: folds) {
              duplicate = (index, other)
              return false
            }
            slot = (slot + 1) & mask
          }
        }
      }
    }
    self.slots = slots
    self.hashes = hashes
    firstDuplicate = duplicate
  }

  /// The index of the title whose key is `key` (folded, when titles are);
  /// `title` as given to ``init(count:folds:title:)``. `nil` when none is
  /// (or the index stopped at a duplicate before reaching it).
  package func index(ofKey key: String, title: (Int) -> String) -> Int? {
    let hash = Self.hash(key)
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    while true {
      guard slots[slot] != Self.empty else { return nil }
      let other = Int(slots[slot])
      if hashes[other] == hash && Self.key(title(other), folds: folds) == key { return other }
      slot = (slot + 1) & mask
    }
  }

  /// What a title is compared as.
  private static func key(_ title: String, folds: Bool) -> String { folds ? Button.fold(title) : title }

  /// FNV-1a's start and step.
  private static let basis: UInt64 = 0xCBF2_9CE4_8422_2325
  private static let prime: UInt64 = 0x0000_0100_0000_01B3

  /// ``hash(_:)`` of `title`'s ``Button/foldedTitle``: made from the
  /// title's own bytes when it is printable ASCII with nothing to trim
  /// (its folding is its bytes with `A`–`Z` made `a`–`z`).
  static func foldedHash(of title: String) -> UInt32 {
    let ascii: UInt64? = title.utf8Span.span.withUnsafeBufferPointer { bytes in
      guard let first = bytes.first, let last = bytes.last, first &- 0x21 < 0x5E, last &- 0x21 < 0x5E else {
        return nil  // empty, or white space or more than ASCII at an end
      }
      var hash = basis
      for byte in bytes {
        guard byte &- 0x20 < 0x5F else { return nil }
        hash = (hash ^ UInt64(byte &- 0x41 < 26 ? byte | 0x20 : byte)) &* prime
      }
      return hash
    }
    if let ascii { return UInt32(truncatingIfNeeded: ascii ^ (ascii >> 32)) }
    return hash(Button.fold(title))
  }

  /// FNV-1a of the text's UTF-8 in NFC, folded to 32 bits: texts that are
  /// equal as Swift compares them (canonical equivalence) hash alike.
  /// ASCII text is its own NFC: hashed as it is.
  static func hash(_ text: String) -> UInt32 {
    var text = text
    var hash = basis
    let ascii = text.withUTF8 { bytes in
      var high: UInt8 = 0
      for byte in bytes {
        high |= byte
        hash = (hash ^ UInt64(byte)) &* prime
      }
      return high < 0x80
    }
    if !ascii {
      hash = basis
      text._withNFCCodeUnits { byte in hash = (hash ^ UInt64(byte)) &* prime }
    }
    return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
  }
}
