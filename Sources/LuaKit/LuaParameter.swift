import GameCore
import CLua

/// One parameter of a Swift function called from Lua. Every host function declares its
/// parameters where it is registered (`LuaState.function(_:_:_:)`), and they are checked
/// there before the function runs: types, integer ranges, string lengths and list lengths.
/// So no Swift arithmetic, allocation or loop ever sees a rule's value before it is known to
/// be in range, and every violation reads the same way:
/// `rules/x.lua:12: game.pad: argument #2 (width) must be a whole number from 0 to 1000, not 1e+300`.
public struct LuaParameter {
    public enum Kind {
        /// A string of at most this many bytes.
        case string(maxBytes: Int)
        /// One of these strings.
        case choice([String])
        /// A whole number (an integral float counts) in the range.
        case integer(ClosedRange<Int64>)
        /// A finite number in the range.
        case number(ClosedRange<Double>)
        /// A table, worked on in place (its contents are read with raw access only).
        case table
        /// A table whose list part (raw length, no `__len`) has at most this many elements.
        case list(maxCount: Int)
        /// Anything; the function reads it with bounded conversions.
        case any
    }

    public let name: String
    public let kind: Kind
    /// Whether nil or no value is accepted (the function then uses its default).
    public let optional: Bool

    public init(_ name: String, _ kind: Kind, optional: Bool = false) {
        self.name = name
        self.kind = kind
        self.optional = optional
    }

    public static func string(_ name: String, max: Int = LuaParameter.textLimit, optional: Bool = false) -> LuaParameter {
        LuaParameter(name, .string(maxBytes: max), optional: optional)
    }
    public static func choice(_ name: String, _ choices: [String], optional: Bool = false) -> LuaParameter {
        LuaParameter(name, .choice(choices), optional: optional)
    }
    public static func integer(_ name: String, _ range: ClosedRange<Int64>, optional: Bool = false) -> LuaParameter {
        LuaParameter(name, .integer(range), optional: optional)
    }
    public static func number(_ name: String, _ range: ClosedRange<Double> = -1e300...1e300, optional: Bool = false) -> LuaParameter {
        LuaParameter(name, .number(range), optional: optional)
    }
    public static func table(_ name: String, optional: Bool = false) -> LuaParameter {
        LuaParameter(name, .table, optional: optional)
    }
    public static func list(_ name: String, max: Int = LuaParameter.listLimit, optional: Bool = false) -> LuaParameter {
        LuaParameter(name, .list(maxCount: max), optional: optional)
    }
    public static func any(_ name: String, optional: Bool = true) -> LuaParameter {
        LuaParameter(name, .any, optional: optional)
    }

    /// The default longest string a host function takes (64 KB).
    public static let textLimit = 64 << 10
    /// The default longest list a host function takes.
    public static let listLimit = 100_000

    /// Checks argument `i` of `call`; nil when it is acceptable, else what is wrong with it.
    func problem(in call: LuaCall, at i: Int32) -> String? {
        let L = call.L
        let type = lua_type(L, i)
        if type == LUA_TNIL || type == LUA_TNONE {
            if optional { return nil }
            if case .any = kind { return nil }
        }
        switch kind {
        case .any:
            return nil
        case .string(let maxBytes):
            guard type == LUA_TSTRING else { return "must be a string, not \(Self.describe(call, i))" }
            var length = 0
            guard let p = gh_tolstring(L, i, &length) else { return "must be a string" }
            if length > maxBytes { return "must be a string of at most \(maxBytes) bytes, not one of \(length) bytes" }
            let tooManyMarks = p.withMemoryRebound(to: UInt8.self, capacity: length) {
                MarkRun.isTooLong(UnsafeBufferPointer(start: $0, count: length))
            }
            return tooManyMarks ? "must be a string that holds at most \(MarkRun.limit) combining marks in a row" : nil
        case .choice(let choices):
            guard type == LUA_TSTRING, Self.isOne(of: choices, L, i) else {
                let list = choices.map { "\"\($0)\"" }.joined(separator: ", ")
                return "must be one of \(list), not \(Self.describe(call, i))"
            }
            return nil
        case .integer(let range):
            var ok: Int32 = 0
            let n = gh_tointeger(L, i, &ok)
            guard type == LUA_TNUMBER, ok != 0, range.contains(Int64(n)) else {
                return "must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(Self.describe(call, i))"
            }
            return nil
        case .number(let range):
            let d = gh_tonumber(L, i, nil)
            guard type == LUA_TNUMBER, d.isFinite, range.contains(d) else {
                return "must be a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), not \(Self.describe(call, i))"
            }
            return nil
        case .table:
            return type == LUA_TTABLE ? nil : "must be a table, not \(Self.describe(call, i))"
        case .list(let maxCount):
            guard type == LUA_TTABLE else { return "must be a list (a table), not \(Self.describe(call, i))" }
            let count = Int(lua_rawlen(L, i))
            return count > maxCount ? "must be a list of at most \(maxCount) items, not \(count)" : nil
        }
    }

    /// Whether the string at `i` is one of `choices`, compared as bytes (no Swift String is
    /// made: a game calls such functions every move).
    static func isOne(of choices: [String], _ L: OpaquePointer?, _ i: Int32) -> Bool { position(in: choices, L, i) != nil }

    /// Where the string at `i` is among `choices` (compared as bytes), or nil.
    static func position(in choices: [String], _ L: OpaquePointer?, _ i: Int32) -> Int? {
        var length = 0
        guard lua_type(L, i) == LUA_TSTRING, let p = gh_tolstring(L, i, &length) else { return nil }
        let bytes = UnsafeRawBufferPointer(start: p, count: length)
        return choices.firstIndex { choice in
            choice.utf8.count == length
                && (choice.utf8.withContiguousStorageIfAvailable { length == 0 || memcmp($0.baseAddress!, p, length) == 0 }
                    ?? choice.utf8.elementsEqual(bytes))
        }
    }

    /// A value as a message shows it: numbers and short strings as they are, others by type.
    static func describe(_ call: LuaCall, _ i: Int32) -> String {
        let L = call.L
        switch lua_type(L, i) {
        case LUA_TNONE: return "no value"
        case LUA_TNIL: return "nil"
        case LUA_TNUMBER:
            if lua_isinteger(L, i) != 0 { return String(Int64(gh_tointeger(L, i, nil))) }
            return format(gh_tonumber(L, i, nil))
        case LUA_TSTRING:
            let length = Int(lua_rawlen(L, i))
            guard length <= 40, let s = call.state.string(at: i, on: L) else { return "a string of \(length) bytes" }
            return "\"" + s + "\""
        case LUA_TBOOLEAN: return lua_toboolean(L, i) != 0 ? "true" : "false"
        default: return "a " + String(cString: lua_typename(L, lua_type(L, i)))
        }
    }

    static func format(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return String(d)
    }
}

/// What a Swift function is called, and the parameters it takes.
public struct LuaSignature {
    public let name: String
    public let parameters: [LuaParameter]
    public init(_ name: String, _ parameters: [LuaParameter]) {
        self.name = name
        self.parameters = parameters
    }
}

/// An error a host function raises into Lua; Lua adds the rule's file and line.
public struct LuaHostError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Thrown by host code when the call's step budget or time ran out during its work: the
/// trampoline raises the budget error from C.
public struct LuaBudgetSpent: Error {}
