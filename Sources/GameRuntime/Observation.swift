import LuaKit

/// What a seat may see of cards by default, decided by the host: a card is a table with a
/// face (`content`, `rank` or `label`) and a `faceUp` field. A seat sees a card that lies face
/// up, a Memory card (a `content`) that is matched (both players saw it), that it owns (`owner = seat`) or that is shown to
/// it (`visible_to = { seat, ... }`). Any other card shows `{ hidden = true }` and nothing
/// else: no face, no field the rule added, nothing that tells one hidden card from another,
/// so a hand or a stock of hidden cards shows only how many cards it holds.
enum Observation {
    static func hidingCards(_ value: LuaValue, from seat: Int) -> LuaValue {
        switch value {
        case .array(let items): return .array(items.map { hidingCards($0, from: seat) })
        case .map(let fields):
            if isCard(fields) && !visible(fields, to: seat) { return hidden }
            return .map(fields.mapValues { hidingCards($0, from: seat) })
        default: return value
        }
    }

    static var hidden: LuaValue { .map(["hidden": .boolean(true)]) }

    /// A private field (`private = { "dice" }`) as `seat` may see it: its own entry, and every
    /// other seat's entry as hidden. A field that is not a table of entries by seat is hidden
    /// whole: nobody's is shown by mistake.
    static func hidingOthers(_ value: LuaValue, from seat: Int) -> LuaValue {
        switch value {
        case .nil: return .nil
        case .array(let items):
            return .array(items.enumerated().map { k, item in k + 1 == seat || item == .nil ? item : hidden })
        case .map(let entries):
            return .map(Dictionary(uniqueKeysWithValues: entries.map { key, item in (key, key == String(seat) ? item : hidden) }))
        default: return hidden
        }
    }

    static func isCard(_ fields: [String: LuaValue]) -> Bool {
        fields["faceUp"] != nil && (fields["content"] != nil || fields["rank"] != nil || fields["label"] != nil)
    }

    static func visible(_ fields: [String: LuaValue], to seat: Int) -> Bool {
        if fields["faceUp"] == .boolean(true) { return true }
        if fields["content"] != nil && fields["matched"] == .boolean(true) { return true }
        if let owner = fields["owner"]?.integer, owner == Int64(seat) { return true }
        if let list = fields["visible_to"]?.array, list.contains(where: { $0.integer == Int64(seat) }) { return true }
        return false
    }
}
