/// The one rule for comparing text without regard to case (SPEC §10): NFC,
/// then Unicode full case folding — the mappings of status C and F in the
/// Unicode Character Database's CaseFolding.txt (Unicode 15.0.0, see
/// ``unicodeVersion``) — on both sides; no locale (so no Turkic dotless i),
/// no ICU, no Foundation. `ΈΞΟΔΟΣ`, `Έξοδοσ` and `έξοδος` all fold to
/// `έξοδοσ`, `STRASSE` and `Straße` to `strasse`, `é` typed as `e` + U+0301
/// to the same U+00E9 as a precomposed `é`.
///
/// Folded texts are then compared by Unicode scalars, not by `Character`s:
/// a prefix that ends inside a grapheme cluster (`हिन` of `हिन्दी`, `👩` of
/// `👩‍👩‍👧`) still counts (``hasPrefix(_:_:)``, ``contains(_:_:)``).
///
/// The table (`CaseFoldingTable.swift`) is generated from CaseFolding.txt
/// by `scripts/generate-case-folding.py`: two sorted arrays, the scalars
/// that fold (about 1,500) and what each folds to, searched by halving
/// (11 steps) — 18 KB, each entry one line of CaseFolding.txt, where a
/// table of ranges would be smaller but no longer checkable against the
/// file entry by entry. Only scalars beyond ASCII are looked up. ASCII text never reaches
/// the table: `A`–`Z` become `a`–`z` eight bytes at a time, and text with
/// no capital letter is returned as it is, without a copy. Text in NFC
/// (nearly all) is not normalized again: the standard library's quick
/// check says so.
package enum CaseFolding {
  /// `text` in NFC, then fully case-folded; see the type. ASCII text with
  /// no capital letter is `text` itself.
  package static func folded(_ text: String) -> String {
    let ascii = text.utf8.withContiguousStorageIfAvailable { foldedASCII(text, bytes: $0) }
    if case let folded?? = ascii { return folded }
    var span = text.utf8Span
    return foldedUnicode(text, isNFC: span.checkForNFC(quickCheck: true))
  }

  /// Whether the folded `text` starts with the folded `prefix`, scalar by
  /// scalar (not `Character` by `Character`: see the type).
  package static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
    // In UTF-8 no scalar's bytes start another scalar's, so a byte prefix
    // that is whole scalars is a scalar prefix.
    text.utf8.starts(with: prefix.utf8)
  }

  /// Whether the folded `part` occurs in the folded `text`, scalar by
  /// scalar.
  package static func contains(_ text: String, _ part: String) -> Bool {
    // A byte match starts at a scalar: a lead byte is never a continuation
    // byte.
    part.isEmpty || text.utf8.firstRange(of: part.utf8) != nil
  }

  /// The folding of `value` (a scalar beyond ASCII), packed as in
  /// `foldings`: itself unless the table lists it. About 11 halvings of
  /// `keys`.
  static func packedFolding(of value: UInt32) -> UInt64 {
    keys.withUnsafeBufferPointer { keys in
      guard value <= keys[keys.count - 1] else { return UInt64(value) }
      var low = 0, high = keys.count
      while low < high {
        let middle = (low + high) / 2
        if keys[middle] < value { low = middle + 1 } else { high = middle }
      }
      return keys[low] == value ? foldings[low] : UInt64(value)
    }
  }

  /// `text`, whose UTF-8 is `bytes`, with `A`–`Z` made `a`–`z` — `text`
  /// itself when it has no capital — if it is all ASCII; else `nil`.
  ///
  /// Eight bytes at a time (SWAR), the last eight overlapping the ones
  /// before: titles are folded by the million, and most are short.
  private static func foldedASCII(_ text: String, bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard let source = UnsafeRawPointer(bytes.baseAddress) else { return text }
    let count = bytes.count
    var high: UInt64 = 0, capitals: UInt64 = 0
    if count < 8 {
      var word: UInt64 = 0
      for i in 0..<count { word |= UInt64(bytes[i]) << (8 * i) }  // little-endian, as the loads
      high = word
      capitals = capitalBits(word)
    } else {
      var i = 0
      while true {
        let word = source.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        high |= word
        capitals |= capitalBits(word)
        if i == count - 8 { break }
        i = min(i + 8, count - 8)
      }
    }
    // A byte of 0x80 or more makes `capitals` meaningless too: not ASCII.
    if high & 0x8080_8080_8080_8080 != 0 { return nil }
    if capitals == 0 { return text }
    return String(unsafeUninitializedCapacity: count) { out in
      guard count >= 8 else {
        for i in 0..<count { out[i] = bytes[i] &- 0x41 < 26 ? bytes[i] | 0x20 : bytes[i] }
        return count
      }
      let target = UnsafeMutableRawPointer(out.baseAddress.unsafelyUnwrapped)
      var i = 0
      while true {  // an overlapping word is lowered twice, to the same bytes
        let word = source.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        target.storeBytes(of: word | capitalBits(word) >> 2, toByteOffset: i, as: UInt64.self)
        if i == count - 8 { break }
        i = min(i + 8, count - 8)
      }
      return count
    }
  }

  /// The high bit of each of the eight ASCII bytes in `word` that is `A`–`Z`
  /// (`>> 2` of it is the 0x20 that makes it lower case). No byte carries
  /// into the next when each is below 0x80: adding at most 0x3F stays below
  /// 0x100.
  @inline(__always)
  private static func capitalBits(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let atLeastA = word &+ ones &* (0x80 - 0x41)      // high bit set from 0x41 "A" up
    let pastZ = word &+ ones &* (0x80 - 0x5B)         // from 0x5B, after "Z"
    return atLeastA & ~pastZ & (ones &* 0x80)
  }

  /// The longest start of `text`, in NFC and ending between two of its
  /// scalars, whose folding is at most `limit` UTF-8 bytes long: that start
  /// and the length of its folding. For Tab completion, which adds what all
  /// candidates share when folded, in a title's own letters.
  package static func start(of text: String, foldingToAtMost limit: Int)
    -> (text: String, foldedLength: Int) {
    var start = "", foldedLength = 0, isFull = false
    forEachScalar(inNFC: text) { scalar in
      guard !isFull else { return }
      var length = 0
      forEachScalar(inFoldingOf: scalar) { length += UTF8.width($0) }
      if foldedLength + length > limit {
        isFull = true
      } else {
        start.unicodeScalars.append(scalar)
        foldedLength += length
      }
    }
    return (start, foldedLength)
  }

  /// Text with scalars beyond ASCII: its NFC scalars (its own when
  /// `isNFC`, else the standard library's normalizer's), each folded
  /// through the table, encoded back to UTF-8.
  private static func foldedUnicode(_ text: String, isNFC: Bool) -> String {
    guard isNFC else {
      var out: [UInt8] = []
      out.reserveCapacity(text.utf8.count + 8)
      forEachScalar(inNFC: text) { scalar in
        forEachScalar(inFoldingOf: scalar) { out.append(contentsOf: $0.utf8) }
      }
      return String(decoding: out, as: UTF8.self)
    }
    // A scalar's folding takes at most 3 times its UTF-8 bytes (U+0390 ΐ:
    // 2 bytes, 3 scalars of 2), so the buffer cannot overflow; it is on
    // the stack for short titles.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * text.utf8.count) { out in
      var count = 0
      for scalar in text.unicodeScalars {
        forEachScalar(inFoldingOf: scalar) { folded in
          for byte in folded.utf8 {
            out[count] = byte
            count += 1
          }
        }
      }
      return String(decoding: UnsafeBufferPointer(rebasing: out[..<count]), as: UTF8.self)
    }
  }

  /// Calls `body` with each scalar of `text` in NFC, decoded from the
  /// standard library's normalizer, which gives UTF-8 byte by byte.
  private static func forEachScalar(inNFC text: String, _ body: (Unicode.Scalar) -> Void) {
    var scalar: UInt32 = 0
    var pending = 0  // continuation bytes still to come for `scalar`
    text._withNFCCodeUnits { byte in
      switch byte {
      case ..<0x80:
        scalar = UInt32(byte)
      case 0xC0...:  // a lead byte: 2, 3 or 4 bytes in all
        pending = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : 1
        scalar = UInt32(byte) & (0x7F >> (pending + 1))
        return
      default:
        scalar = scalar << 6 | UInt32(byte & 0x3F)
        pending -= 1
        guard pending == 0 else { return }
      }
      // The normalizer's bytes are valid UTF-8: `scalar` is whole and valid.
      body(Unicode.Scalar(scalar).unsafelyUnwrapped)
    }
  }

  /// Calls `body` with each scalar that `scalar` folds to (one to three).
  private static func forEachScalar(inFoldingOf scalar: Unicode.Scalar, _ body: (Unicode.Scalar) -> Void) {
    let value = scalar.value
    if value < 0x80 {
      body(value &- 0x41 < 26 ? Unicode.Scalar(UInt8(value | 0x20)) : scalar)
      return
    }
    var packed = packedFolding(of: value)
    repeat {  // the table holds valid scalars only
      body(Unicode.Scalar(UInt32(truncatingIfNeeded: packed) & 0x1F_FFFF).unsafelyUnwrapped)
      packed >>= 21
    } while packed != 0
  }
}
