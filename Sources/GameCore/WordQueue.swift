/// The words of a session, each played at most once: taken in list order (`next`) or at
/// random among those left (`draw`, an incremental Fisher-Yates through the host's source).
/// A value type, so a snapshot before a move is a plain copy.
public struct WordQueue {
    public let list: WordList
    private var pool: [Int]
    private var used = 0

    public init(_ list: WordList) {
        self.list = list
        pool = Array(list.entries.indices)
    }

    public var count: Int { pool.count }
    public var left: Int { pool.count - used }

    /// The next unused entry in list order.
    public mutating func next() -> WordList.Entry? {
        guard used < pool.count else { return nil }
        // Bring the lowest unused index forward: order among the unused is list order.
        let lowest = pool[used...].indices.min { pool[$0] < pool[$1] }!
        pool.swapAt(used, lowest)
        used += 1
        return list.entries[pool[used - 1]]
    }

    /// A uniformly random unused entry.
    public mutating func draw(_ random: RandomSource) throws -> WordList.Entry? {
        guard used < pool.count else { return nil }
        pool.swapAt(used, try random.int(in: used...(pool.count - 1)))
        used += 1
        return list.entries[pool[used - 1]]
    }
}
