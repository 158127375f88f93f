import GameCore
import LuaKit

/// The machine view of a rule's state: plain Lua data as JSON, and nothing that cannot be
/// data (functions become null). A Lua table is a list when its keys are 1 to n, else an
/// object; an empty table is a list, unless the rule declares its place a map (`maps`), so a
/// field keeps one JSON type whether it is empty or full.
package enum StateJSON {
    package static func convert(_ value: LuaValue) -> JSONValue { convert(value, maps: []) }

    /// `maps`: the places whose tables are maps, as paths of field names, `*` standing for any
    /// list item or field ("rows.*.marks").
    package static func convert(_ value: LuaValue, maps: [[String]]) -> JSONValue {
        switch value {
        case .nil: return .null
        case .boolean(let b): return .bool(b)
        case .integer(let i): return .int(i)
        case .number(let d): return .double(d)
        case .string(let s): return .string(s)
        case .array(let items):
            if items.isEmpty && maps.contains(where: \.isEmpty) { return .object([:]) }
            let inner = maps.isEmpty ? [] : maps.compactMap { $0.first == "*" ? Array($0.dropFirst()) : nil }
            return .array(items.map { convert($0, maps: inner) })
        case .map(let fields):
            if fields.isEmpty && maps.contains(where: \.isEmpty) { return .object([:]) }
            var out: [String: JSONValue] = [:]
            out.reserveCapacity(fields.count)
            for (key, item) in fields {
                // (Most rules declare no maps: no paths to narrow, field by field.)
                let inner = maps.isEmpty ? [] : maps.compactMap { $0.first == key || $0.first == "*" ? Array($0.dropFirst()) : nil }
                out[key] = convert(item, maps: inner)
            }
            return .object(out)
        case .ref: return .null
        }
    }

    /// JSON data back as Lua data (a saved record): objects become tables with string keys.
    static func lua(_ json: JSONValue) -> LuaValue {
        switch json {
        case .null: return .nil
        case .bool(let b): return .boolean(b)
        case .int(let i): return .integer(i)
        case .double(let d): return .number(d)
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(lua))
        case .object(let fields): return .map(fields.mapValues(lua))
        }
    }
}
