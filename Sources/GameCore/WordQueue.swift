/// The words of a session, each played once a pass: taken in list order (`next`) or at random
/// among those left (`draw`, an incremental Fisher-Yates through the host's source). When
/// every word has been played, the next one starts a new pass over the whole list (in list
/// order again, or reshuffled), so a long session never runs dry. A move that is undone
/// rolls the queue back to a checkpoint by undoing its swaps, rather than keeping a copy: a
/// copy of a million-word queue is 8 MB for every move that takes a word.
public struct WordQueue {
    public let list: WordList
    /// Entry indices: the first `used` are played, in the order they were taken. (32 bits:
    /// a list has at most a million words, and a million-word list keeps 8 MB less.)
    private var pool: [Int32]
    /// Where each entry index stands in `pool`.
    private var position: [Int32]
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
            let a = Int(pool[u]), b = Int(pool[k])
            pool.swapAt(u, k)
            position[a] = Int32(k)
            position[b] = Int32(u)
        }
        (used, passes, lowest, forced) = (checkpoint.used, checkpoint.passes, checkpoint.lowest, checkpoint.forced)
    }

    /// The move stands: its swaps need no undoing.
    public mutating func commit() { journal.removeAll(keepingCapacity: true) }

    public init(_ list: WordList) {
        self.list = list
        pool = (0..<Int32(list.entries.count)).map { $0 }
        position = pool
    }

    /// Marks the entry at pool position `k` played.
    private mutating func take(at k: Int) -> WordList.Entry {
        let a = Int(pool[used]), b = Int(pool[k])
        journal.append(Int32(used))
        journal.append(Int32(k))
        pool.swapAt(used, k)
        position[a] = Int32(k)
        position[b] = Int32(used)
        used += 1
        return list.entries[b]
    }

    public var count: Int { pool.count }
    /// Words not yet played in this pass.
    public var left: Int { pool.count - used }

    /// Starts a new pass once every word has been played.
    private mutating func startPassWhenDone() {
        guard used == pool.count, !pool.isEmpty else { return }
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
        guard let k = pool[used...].firstIndex(where: { list.entries[Int($0)].word == word }) else {
            throw ScriptedWordError(word: word)
        }
        return take(at: k)
    }

    /// The next unused entry in list order.
    public mutating func next() throws -> WordList.Entry? {
        if let entry = try takeForced() { return entry }
        startPassWhenDone()
        guard used < pool.count else { return nil }
        // The lowest unplayed entry index: order among the unplayed is list order.
        while Int(position[lowest]) < used { lowest += 1 }
        return take(at: Int(position[lowest]))
    }

    /// A uniformly random unused entry.
    public mutating func draw(_ random: RandomSource) throws -> WordList.Entry? {
        if let entry = try takeForced() { return entry }
        startPassWhenDone()
        guard used < pool.count else { return nil }
        return take(at: try random.int(in: used...(pool.count - 1)))
    }
}

/// A test scripted a word that is not in the list, or was already played.
public struct ScriptedWordError: Error, CustomStringConvertible {
    public var word: String
    public var description: String { "the scripted word '\(word)' is not in the list, or was already played" }
}
