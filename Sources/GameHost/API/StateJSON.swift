import GameCore
import LuaKit

/// The machine view of a rule's state: plain Lua data as JSON, and nothing that cannot be
/// data (functions become null).
enum StateJSON {
    static func convert(_ value: LuaValue) -> JSONValue {
        switch value {
        case .nil: return .null
        case .boolean(let b): return .bool(b)
        case .integer(let i): return .int(i)
        case .number(let d): return .double(d)
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map { convert($0) })
        case .map(let fields): return .object(fields.mapValues { convert($0) })
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
