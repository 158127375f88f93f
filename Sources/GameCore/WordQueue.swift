/// The words of a session, each played once a pass: taken in list order (`next`) or at random
/// among those left (`draw`, an incremental Fisher-Yates through the host's source). When
/// every word has been played, the next one starts a new pass over the whole list (in list
/// order again, or reshuffled), so a long session never runs dry. A move that is undone
/// rolls the queue back to a checkpoint by undoing its swaps, rather than keeping a copy: a
/// copy of a million-word queue is 8 MB for every move that takes a word.
public struct WordQueue {
    public let list: WordList
    /// The entries in the order they are taken: the first `used` are played. Kept as the
    /// places where it differs from list order (each word taken moves at most two entries),
    /// so a million-word list costs nothing until words are played.
    private var pool: [Int32: Int32] = [:]
    /// Where each entry stands in the pool, where that is not its own index.
    private var position: [Int32: Int32] = [:]
    private var used = 0
    /// Passes completed over the whole list (0 during the first).
    public private(set) var passes = 0
    /// No entry below this index is unplayed (so `next` finds the next one in O(1) amortised).
    private var lowest = 0
    /// Words a test scripted to come next, whichever way they are taken.
    private var forced: [String] = []
    /// The swaps since the oldest open checkpoint, as pairs (`used` then, the position taken).
    private var journal: [Int32] = []

    /// Where the queue stood before a move, to roll back to if the move is undone.
    public struct Checkpoint {
        let used: Int, passes: Int, lowest: Int, forced: [String], journalCount: Int
    }

    /// The queue as it stands, to roll back to; `commit` forgets the swaps recorded since.
    public func checkpoint() -> Checkpoint {
        Checkpoint(used: used, passes: passes, lowest: lowest, forced: forced, journalCount: journal.count)
    }

    /// Undoes every word taken since `checkpoint`, last first.
    public mutating func rollBack(to checkpoint: Checkpoint) {
        while journal.count > checkpoint.journalCount {
            let k = Int(journal.removeLast()), u = Int(journal.removeLast())
            swap(u, k)
        }
        (used, passes, lowest, forced) = (checkpoint.used, checkpoint.passes, checkpoint.lowest, checkpoint.forced)
    }

    /// The move stands: its swaps need no undoing.
    public mutating func commit() { journal.removeAll(keepingCapacity: true) }

    public init(_ list: WordList) {
        self.list = list
    }

    /// Starts afresh, as a new queue over the same list (a new game), keeping the words a test
    /// scripted.
    public mutating func restart() {
        pool = [:]
        position = [:]
        used = 0
        passes = 0
        lowest = 0
        journal = []
    }

    /// The entry at pool position `k`, and the pool position of entry `e`.
    private func entry(at k: Int) -> Int { pool[Int32(k)].map(Int.init) ?? k }
    private func position(of e: Int) -> Int { position[Int32(e)].map(Int.init) ?? e }

    /// Swaps pool positions `u` and `k`.
    private mutating func swap(_ u: Int, _ k: Int) {
        let a = entry(at: u), b = entry(at: k)
        place(b, at: u)
        place(a, at: k)
    }

    private mutating func place(_ e: Int, at k: Int) {
        pool[Int32(k)] = e == k ? nil : Int32(e)
        position[Int32(e)] = e == k ? nil : Int32(k)
    }

    /// Marks the entry at pool position `k` played.
    private mutating func take(at k: Int) -> WordList.Entry {
        journal.append(Int32(used))
        journal.append(Int32(k))
        swap(used, k)
        used += 1
        return list.entries[entry(at: used - 1)]
    }

    public var count: Int { list.entries.count }
    /// Words not yet played in this pass.
    public var left: Int { count - used }

    /// Starts a new pass once every word has been played.
    private mutating func startPassWhenDone() {
        guard used == count, count > 0 else { return }
        used = 0
        lowest = 0
        passes += 1
    }

    /// Makes `word` the next word taken (tests only); it must be in the list and unplayed.
    public mutating func force(_ word: String) { forced.append(AccentFolding.nfc(word)) }

    /// Takes a scripted word, if one is queued.
    private mutating func takeForced() throws -> WordList.Entry? {
        guard !forced.isEmpty else { return nil }
        let word = forced.removeFirst()
        startPassWhenDone()
        guard let k = (used..<count).first(where: { list.entries.word(entry(at: $0)) == word }) else {
            throw ScriptedWordError(word: word)
        }
        return take(at: k)
    }

    /// The next unused entry in list order.
    public mutating func next() throws -> WordList.Entry? {
        if let entry = try takeForced() { return entry }
        startPassWhenDone()
        guard used < count else { return nil }
        // The lowest unplayed entry index: order among the unplayed is list order.
        while position(of: lowest) < used { lowest += 1 }
        return take(at: position(of: lowest))
    }

    /// A uniformly random unused entry.
    public mutating func draw(_ random: RandomSource) throws -> WordList.Entry? {
        if let entry = try takeForced() { return entry }
        startPassWhenDone()
        guard used < count else { return nil }
        return take(at: try random.int(in: used...(count - 1)))
    }
}

/// A test scripted a word that is not in the list, or was already played.
public struct ScriptedWordError: Error, CustomStringConvertible {
    public var word: String
    public var description: String { "the scripted word '\(word)' is not in the list, or was already played" }
}
