/// The words of a session, each played at most once: taken in list order (`next`) or at
/// random among those left (`draw`, an incremental Fisher-Yates through the host's source).
/// A value type, so a snapshot before a move is a plain copy.
public struct WordQueue {
    public let list: WordList
    private var pool: [Int]
    private var used = 0
    /// Words a test scripted to come next, whichever way they are taken.
    private var forced: [String] = []

    public init(_ list: WordList) {
        self.list = list
        pool = Array(list.entries.indices)
    }

    public var count: Int { pool.count }
    public var left: Int { pool.count - used }

    /// Makes `word` the next word taken (tests only); it must be in the list and unplayed.
    public mutating func force(_ word: String) { forced.append(AccentFolding.nfc(word)) }

    /// Takes a scripted word, if one is queued.
    private mutating func takeForced() throws -> WordList.Entry? {
        guard !forced.isEmpty else { return nil }
        let word = forced.removeFirst()
        guard let k = pool[used...].firstIndex(where: { list.entries[$0].word == word }) else {
            throw ScriptedWordError(word: word)
        }
        pool.swapAt(used, k)
        used += 1
        return list.entries[pool[used - 1]]
    }

    /// The next unused entry in list order.
    public mutating func next() throws -> WordList.Entry? {
        if let entry = try takeForced() { return entry }
        guard used < pool.count else { return nil }
        // Bring the lowest unused index forward: order among the unused is list order.
        let lowest = pool[used...].indices.min { pool[$0] < pool[$1] }!
        pool.swapAt(used, lowest)
        used += 1
        return list.entries[pool[used - 1]]
    }

    /// A uniformly random unused entry.
    public mutating func draw(_ random: RandomSource) throws -> WordList.Entry? {
        if let entry = try takeForced() { return entry }
        guard used < pool.count else { return nil }
        pool.swapAt(used, try random.int(in: used...(pool.count - 1)))
        used += 1
        return list.entries[pool[used - 1]]
    }
}

/// A test scripted a word that is not in the list, or was already played.
public struct ScriptedWordError: Error, CustomStringConvertible {
    public var word: String
    public var description: String { "the scripted word '\(word)' is not in the list, or was already played" }
}
