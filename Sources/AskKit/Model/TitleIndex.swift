/// The buttons' titles as answers compare them (``Button/foldedTitle``),
/// hashed: the duplicate check and the exact-title rule of an answer in
/// one look-up each, not a pass over a million titles.
///
/// Compact on purpose — a million buttons take 12 bytes each: an open
/// table of 32-bit button indices (at most half full, probed linearly) and
/// each button's 32-bit hash. The folded titles themselves are not kept: a
/// candidate whose hash agrees is folded again to compare (once, in
/// practice), so no second copy of every title lives through the prompt.
package struct TitleIndex: Sendable {
  /// Button indices, or -1 for an empty slot; a power of two long.
  private var slots: [Int32]
  /// Each key's hash, by button index.
  private var hashes: [UInt32]

  /// The first index (in order) whose key equals an earlier one's, with the
  /// index of that earlier one, found while building; `nil` when all
  /// differ.
  package private(set) var firstDuplicate: (duplicate: Int, first: Int)?

  /// Indexes keys 0..<count, `key(i)` being the folded text of key `i`
  /// (called once for each key, and again for a candidate whose hash
  /// agrees). Stops at the first duplicate (``firstDuplicate``).
  package init(count: Int, key: (Int) -> String) {
    var capacity = 8
    while capacity < 2 * count { capacity <<= 1 }
    slots = [Int32](repeating: -1, count: capacity)
    hashes = []
    hashes.reserveCapacity(count)
    let mask = capacity - 1
    for index in 0..<count {
      var folded = key(index)
      let hash = Self.hash(&folded)
      hashes.append(hash)
      var slot = Int(hash) & mask
      while true {
        let other = Int(slots[slot])
        if other < 0 {
          slots[slot] = Int32(truncatingIfNeeded: index)
          break
        }
        if hashes[other] == hash && key(other) == folded {
          firstDuplicate = (index, other)
          return
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// The index of the key whose folded text is `folded`; `key` as given
  /// to ``init(count:key:)``. `nil` when none is (or the index stopped at
  /// a duplicate before reaching it).
  package func index(ofFolded folded: String, key: (Int) -> String) -> Int? {
    var folded = folded
    let hash = Self.hash(&folded)
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    while true {
      let other = Int(slots[slot])
      if other < 0 { return nil }
      if hashes[other] == hash && key(other) == folded { return other }
      slot = (slot + 1) & mask
    }
  }

  /// FNV-1a of the text's UTF-8 in NFC, folded to 32 bits: texts that are
  /// equal as Swift compares them (canonical equivalence) hash alike.
  /// ASCII text is its own NFC: hashed as it is.
  static func hash(_ text: inout String) -> UInt32 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    let ascii = text.withUTF8 { bytes in
      var high: UInt8 = 0
      for byte in bytes {
        high |= byte
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      }
      return high < 0x80
    }
    if !ascii {
      hash = 0xCBF2_9CE4_8422_2325
      text._withNFCCodeUnits { byte in hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }
    return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
  }
}
