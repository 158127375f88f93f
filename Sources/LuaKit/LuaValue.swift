/// A Lua value carried into or out of Lua. Tables cross by value (`array` for a sequence
/// 1...n, `map` otherwise); what cannot be copied into Swift (functions, userdata, threads, or
/// a table to keep in Lua) crosses as a `ref` to the value inside the state.
public enum LuaValue: Equatable {
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([LuaValue])
    case map([String: LuaValue])
    case ref(LuaRef)

    public var string: String? { if case .string(let s) = self { return s }; return nil }
    public var boolean: Bool? { if case .boolean(let b) = self { return b }; return nil }
    public var isNil: Bool { if case .nil = self { return true }; return false }

    /// The value as an integer, when it is one (an integral float counts, as in Lua).
    public var integer: Int64? {
        switch self {
        case .integer(let i): return i
        case .number(let d) where d.rounded() == d && abs(d) < 9.0e18: return Int64(d)
        default: return nil
        }
    }

    public var array: [LuaValue]? {
        switch self {
        case .array(let a): return a
        case .map(let m) where m.isEmpty: return []
        default: return nil
        }
    }

    public var map: [String: LuaValue]? {
        switch self {
        case .map(let m): return m
        case .array(let a) where a.isEmpty: return [:]
        default: return nil
        }
    }

    /// Looks up a field of a map value (nil for anything else).
    public subscript(key: String) -> LuaValue {
        if case .map(let m) = self { return m[key] ?? .nil }
        return .nil
    }

    /// Lua's name for the value's type, as `type()` gives it.
    /// How a test names a value it scripts: strings and numbers as they are.
    public var describedForTests: String {
        switch self {
        case .string(let s): s
        case .integer(let i): String(i)
        case .number(let d): String(d)
        case .boolean(let b): b ? "true" : "false"
        default: typeName
        }
    }

    public var typeName: String {
        switch self {
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .integer, .number: return "number"
        case .string: return "string"
        case .array, .map: return "table"
        case .ref(let r): return r.typeName
        }
    }
}

extension LuaValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(arrayLiteral elements: LuaValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, LuaValue)...) {
        self = .map(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .nil }
}

extension LuaValue {
    /// The path of the first place where `a` and `b` differ ("state.cards[3].seen"), or nil
    /// when they are the same.
    public static func firstDifference(_ a: LuaValue, _ b: LuaValue, at path: String) -> String? {
        switch (a, b) {
        case (.array(let x), .array(let y)):
            for k in 0..<min(x.count, y.count) {
                if let found = firstDifference(x[k], y[k], at: "\(path)[\(k + 1)]") { return found }
            }
            return x.count == y.count ? nil : "\(path)[\(min(x.count, y.count) + 1)]"
        case (.map(let x), .map(let y)):
            for key in Set(x.keys).union(y.keys).sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
                let field = key.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95 })
                    && !(key.first?.isNumber ?? true) ? "\(path).\(key)" : "\(path)[\"\(key)\"]"
                if let found = firstDifference(x[key] ?? .nil, y[key] ?? .nil, at: field) { return found }
            }
            return nil
        case (.number(let x), .number(let y)):
            return x.bitPattern == y.bitPattern ? nil : path  // NaN is itself
        default:
            return a == b ? nil : path
        }
    }
}
