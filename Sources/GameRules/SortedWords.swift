import GameCore

/// A word list's entries in sorted order, for `game.words.starting`: words compared as players
/// type them (in NFC, ignoring case), by their UTF-8 bytes, which is code point order; equal
/// keys keep the list's order. A prefix is then a range found by two binary searches, so a
/// rule asks "does any word start with this?" without walking the list.
struct SortedWords {
    /// Entry indices of the list, in sorted order, and each one's key (its bytes).
    let order: [Int]
    private let keys: [[UInt8]]

    init(_ list: WordList) {
        let keys = list.entries.indices.map { Array(Self.key(list.entries.word($0)).utf8) }
        order = keys.indices.sorted { a, b in
            keys[a] == keys[b] ? a < b : keys[a].lexicographicallyPrecedes(keys[b])
        }
        self.keys = order.map { keys[$0] }
    }

    var count: Int { order.count }

    /// How a word is compared: in NFC and lower case (final sigma as sigma, as the list's own
    /// look-up does), so "CAF" finds "café" and "ΉΛ" finds "ήλιος".
    static func key(_ text: String) -> String {
        let lower = AccentFolding.nfc(text).lowercased()
        guard lower.unicodeScalars.contains("\u{3C2}") else { return lower }
        return String(String.UnicodeScalarView(lower.unicodeScalars.map { $0 == "\u{3C2}" ? "\u{3C3}" : $0 }))
    }

    /// The positions (in `order`) of the words that start with `prefix`.
    func range(startingWith prefix: [UInt8]) -> Range<Int> {
        let low = firstIndex { !$0.lexicographicallyPrecedes(prefix) }
        let high = firstIndex { key in !key.starts(with: prefix) && !key.lexicographicallyPrecedes(prefix) }
        return low..<max(low, high)
    }

    /// The position of the first word that sorts after `word` (for paging on from it).
    func firstAfter(_ word: [UInt8]) -> Int {
        firstIndex { word.lexicographicallyPrecedes($0) }
    }

    /// The first position whose key satisfies `isAtOrPast` (false then true along the order).
    private func firstIndex(where isAtOrPast: ([UInt8]) -> Bool) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if isAtOrPast(keys[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
