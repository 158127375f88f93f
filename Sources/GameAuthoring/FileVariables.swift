import LuaKit
import GameRuntime

/// The variables a rule keeps outside its state, as check compares them: the file-level
/// `local`s its hooks use (their upvalues, and those of the functions they call) and the
/// globals it sets. A rule that keeps game data there plays a session's second game
/// differently from a fresh one; the variables whose values differ between the two name
/// the cause ("file-level variable 'used'").
enum FileVariables {
    /// Each variable's name ("local 'deck'", "global 'score'") and a fingerprint of its value.
    static func fingerprints(_ engine: GameEngine) -> [String: String] {
        let rule = engine.rule
        let lua = rule.lua
        var hooks: [LuaRef] = [rule.hooks.setup, rule.hooks.play, rule.hooks.view, rule.hooks.moves, rule.hooks.result]
        hooks += [rule.hooks.turn, rule.hooks.bot, rule.hooks.observe].compactMap { $0 }
        hooks += rule.commandRuns.keys.sorted().compactMap { rule.commandRuns[$0] }
        var found: [String: String] = [:]
        // The sandbox's own Lua functions (check's `pairs` and `next`) keep notes of their own
        // in their upvalues: not the rule's variables, even under a rule's `local pairs = pairs`.
        var seen: [LuaRef] = standardGlobals.sorted().compactMap { lua.globalRef($0) }.filter { $0.typeName == "function" }
        let hostFunctions = seen.count
        var queue = hooks
        // A bound on the functions walked: a rule's helpers, not a generated forest of closures.
        while let function = queue.first, seen.count < hostFunctions + 500 {
            queue.removeFirst()
            if seen.contains(function) { continue }
            seen.append(function)
            for (name, value) in lua.upvalues(of: function) {
                switch value.typeName {
                case "function":
                    queue.append(value)
                case "table" where name == "_ENV":
                    for global in ((try? lua.keys(of: value)) ?? []).sorted() where !standardGlobals.contains(global) {
                        let key = "global '\(global)'"
                        guard found[key] == nil, let v = try? lua.field(value, global) else { continue }
                        if case .ref(let f) = v, f.typeName == "function" { queue.append(f); continue }
                        found[key] = fingerprint(v)
                    }
                default:
                    let key = "file-level variable '\(name)'"
                    guard found[key] == nil else { continue }
                    found[key] = (try? lua.read(value, as: name)).map(fingerprint) ?? "unreadable"
                }
            }
        }
        return found
    }

    /// The names of the variables whose values differ between two pictures, sorted.
    static func differing(_ a: [String: String], _ b: [String: String]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    /// The sandbox's own globals: the same in every state, and no rule's data.
    static let standardGlobals: Set<String> = [
        "_G", "_VERSION", "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "print", "rawequal",
        "rawget", "rawlen", "rawset", "select", "setmetatable", "tonumber", "tostring", "type", "xpcall", "require",
        "load", "string", "table", "math", "utf8", "coroutine", "os",
    ]

    /// A value as text in which only what the rule put there counts: a function, a coroutine
    /// or userdata is its type alone (its address differs from state to state), and a table's
    /// fields are in key order.
    static func fingerprint(_ value: LuaValue) -> String {
        var out = ""
        func write(_ v: LuaValue) {
            // A fingerprint past this size is cut: the difference shows long before.
            guard out.utf8.count < 1 << 20 else { return }
            switch v {
            case .nil: out += "nil"
            case .boolean(let b): out += b ? "true" : "false"
            case .integer(let i): out += String(i)
            case .number(let d): out += "\(d)"
            case .string(let s): out += "\"" + s + "\""
            case .array(let items):
                out += "["
                for item in items { write(item); out += "," }
                out += "]"
            case .map(let fields):
                out += "{"
                for key in fields.keys.sorted() { out += key + "="; write(fields[key]!); out += "," }
                out += "}"
            case .ref(let r): out += "<\(r.typeName)>"
            }
        }
        write(value)
        return out
    }
}
