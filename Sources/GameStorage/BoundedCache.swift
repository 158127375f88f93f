import GameCore

/// A cache by name that holds at most `maxEntries` values and about `maxBytes` (each value's
/// size is estimated by its owner), dropping the least recently used first. The score keeper
/// caches leaderboards and records in these: a rule that reads a million board names, or a
/// hundred records of 64 KB, cannot make the host hold them all.
struct BoundedCache<Value> {
    private struct Node {
        var key: String
        var value: Value?
        var bytes: Int
        var newer = -1, older = -1
    }

    let maxEntries: Int
    let maxBytes: Int
    private var nodes: [Node] = []
    private var unused: [Int] = []
    private var slots: [String: Int] = [:]
    /// The most and the least recently used node, or -1.
    private var newest = -1, oldest = -1
    private(set) var bytes = 0
    /// Whether it holds nothing.
    var isEmpty: Bool { slots.isEmpty }

    init(maxEntries: Int, maxBytes: Int) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    var count: Int { slots.count }

    /// The value, marked as just used.
    mutating func value(_ key: String) -> Value? {
        guard let slot = slots[key] else { return nil }
        unlink(slot)
        pushNewest(slot)
        return nodes[slot].value
    }

    /// The value, leaving the order as it is.
    func peek(_ key: String) -> Value? {
        slots[key].flatMap { nodes[$0].value }
    }

    /// Keeps `value` as the most recently used, then drops the least recently used ones while
    /// the cache is over its bounds (the value just set is kept, even when it alone is over).
    mutating func set(_ key: String, _ value: Value, bytes size: Int) {
        if let slot = slots[key] {
            bytes += size - nodes[slot].bytes
            nodes[slot].value = value
            nodes[slot].bytes = size
            unlink(slot)
            pushNewest(slot)
        } else {
            let node = Node(key: key, value: value, bytes: size)
            let slot: Int
            if let reused = unused.popLast() {
                nodes[reused] = node
                slot = reused
            } else {
                nodes.append(node)
                slot = nodes.count - 1
            }
            slots[key] = slot
            bytes += size
            pushNewest(slot)
        }
        while (slots.count > maxEntries || bytes > maxBytes) && oldest != newest {
            remove(nodes[oldest].key)
        }
    }

    mutating func remove(_ key: String) {
        guard let slot = slots.removeValue(forKey: key) else { return }
        unlink(slot)
        bytes -= nodes[slot].bytes
        nodes[slot].value = nil  // released now, not when the slot is reused
        nodes[slot].key = ""
        unused.append(slot)
    }

    mutating func removeAll() {
        nodes = []
        unused = []
        slots = [:]
        newest = -1
        oldest = -1
        bytes = 0
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (nodes[slot].newer, nodes[slot].older)
        if newer >= 0 { nodes[newer].older = older } else { newest = older }
        if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
        nodes[slot].newer = -1
        nodes[slot].older = -1
    }

    private mutating func pushNewest(_ slot: Int) {
        nodes[slot].older = newest
        nodes[slot].newer = -1
        if newest >= 0 { nodes[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}

/// Rough sizes in memory, for the caches' byte bounds: what a value costs the process, not
/// its JSON length (a 64 KB record of `[[0],[0],...]` is 16,000 arrays).
enum MemorySize {
    /// A Swift string: inline up to 15 bytes, else a heap block.
    static func of(_ s: String) -> Int { s.utf8.count <= 15 ? 16 : 48 + s.utf8.count }

    static func of(_ value: JSONValue) -> Int {
        switch value {
        case .null, .bool, .int, .double: return 24
        case .string(let s): return 24 + of(s)
        case .array(let items): return 64 + items.reduce(0) { $0 + of($1) }
        case .object(let fields): return 96 + fields.reduce(0) { $0 + of($1.key) + 32 + of($1.value) }
        }
    }

    static func of(_ board: Leaderboard) -> Int {
        board.entries.reduce(128) { $0 + 64 + of($1.label) + of($1.player) }
    }
}
