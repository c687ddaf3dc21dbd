/// "Did you mean …?" for option names, choice values and JSON keys.
package enum Suggestion {
  /// The word in `words` meant by `word`: one equal to it case-folded
  /// (``CaseFolding``), or one it starts, or one that contains it
  /// case-folded, or the closest by edit distance between the foldings (at
  /// most 2, or a third of its length); `nil` when none is close.
  package static func closest(to word: String, among words: [String]) -> String? {
    let folded = CaseFolding.folded(word)
    let foldedWords = words.map(CaseFolding.folded)
    if let same = foldedWords.firstIndex(of: folded) { return words[same] }
    if !word.isEmpty, let start = words.first(where: { $0.hasPrefix(word) }) { return start }
    if word.count >= 3, let containing = foldedWords.firstIndex(where: { CaseFolding.contains($0, folded) }) {
      return words[containing]
    }
    let limit = max(2, word.count / 3)
    let best = zip(words, foldedWords).map { ($0, editDistance(folded, $1)) }.min { $0.1 < $1.1 }
    return best.flatMap { $0.1 <= limit ? $0.0 : nil }
  }

  /// Levenshtein distance in characters.
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
      var previous = row[0]
      row[0] = i
      for j in 1...b.count {
        let current = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = current
      }
    }
    return row[b.count]
  }
}
