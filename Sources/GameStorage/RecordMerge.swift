import GameCore

/// How a session's change to a saved record (`game.scores.save`) is applied when the stored
/// record changed after the session read it: another session saved it meanwhile, or the
/// database was busy and the change waited. The session's change is what it made of the value
/// it read (`base` to `mine`); it is replayed onto what is stored now (`theirs`), field by
/// field, so two players counting games in one record both count:
///
/// - a value only one side changed takes that side's change;
/// - a number both changed gets both changes: `theirs + (mine - base)` (a number missing from
///   `base` counts from 0, so two sessions that each start a record both count);
/// - tables of named fields merge field by field, and lists of the same length item by item;
/// - anything else both changed (text, booleans, a removed field, lists of other lengths)
///   takes this session's value: the last writer wins.
///
/// Values are compared by their JSON text: bytes, never Unicode-normalised strings, so a
/// record's size bounds the work.
enum RecordMerge {
    static func merge(base: JSONValue?, mine: JSONValue?, theirs: JSONValue?) -> JSONValue? {
        if same(mine, base) { return theirs }
        // (Equal changes on both sides are still two changes: two games counted from the same
        // value are two games.)
        if same(theirs, base) { return mine }
        switch (base, mine, theirs) {
        case (_, .int(let m)?, .int(let t)?) where base == nil || base?.int != nil:
            let b = base?.int ?? 0
            // Whole numbers stay whole; a sum past the integers keeps this session's value.
            let (change, o1) = m.subtractingReportingOverflow(b)
            let (sum, o2) = t.addingReportingOverflow(change)
            return o1 || o2 ? mine : .int(sum)
        case (_, let m?, let t?) where m.double != nil && t.double != nil && (base == nil || base!.double != nil):
            let sum = t.double! + (m.double! - (base.flatMap(\.double) ?? 0))
            return sum.isFinite ? .double(sum) : mine
        case (_, .object(let m)?, .object(let t)?):
            let b: [String: JSONValue]
            switch base {
            case .object(let fields)?: b = fields
            case nil: b = [:]
            default: return mine
            }
            var out: [String: JSONValue] = [:]
            for key in Set(m.keys).union(t.keys).union(b.keys) {
                if let value = merge(base: b[key], mine: m[key], theirs: t[key]) { out[key] = value }
            }
            return .object(out)
        case (_, .array(let m)?, .array(let t)?) where m.count == t.count:
            let b: [JSONValue]
            switch base {
            case .array(let items)?: b = items
            case nil: b = []
            default: return mine
            }
            var out: [JSONValue] = []
            out.reserveCapacity(m.count)
            for i in m.indices {
                // An item cannot be missing from a list: a merge that would drop one keeps mine.
                out.append(merge(base: i < b.count ? b[i] : nil, mine: m[i], theirs: t[i]) ?? m[i])
            }
            return .array(out)
        default:
            return mine
        }
    }


    /// Equal as stored: the same JSON text (nil, no value, is only equal to nil).
    private static func same(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        sameText(a?.encoded, b?.encoded)
    }

    /// The same bytes, or both nil.
    static func sameText(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?): return a.utf8.elementsEqual(b.utf8)
        default: return false
        }
    }
}
