import LuaKit

/// One option a rule declares in its `options` table; on the command line it is
/// `--NAME VALUE`, and the rule reads the checked value from `game.options[NAME]`.
public struct OptionSpec: Sendable {
    public enum Kind: Sendable {
        /// A string: one of `choices`, or any whole match of the Lua pattern `accept`.
        case text(choices: [String], accept: String?)
        /// A whole number in a range.
        case integer(ClosedRange<Int64>)
    }

    public let name: String
    /// What the option does, in the player's language where the rule's translation gives it.
    public internal(set) var help: String
    /// Its label in a form, where a translation gives one (else its name serves).
    public internal(set) var label: String?
    public let kind: Kind
    public let defaultValue: String
    /// Advanced options are not asked for in the menu (they stay command-line options).
    public let advanced: Bool
    /// The values of other options under which this one matters (`when = { mode = "timed" }`):
    /// the menu asks for it only then. Empty: always.
    public let when: [String: [String]]

    /// Whether the option matters given the other options' values (`values`, by name).
    public func applies(given values: [String: String]) -> Bool {
        when.allSatisfy { name, wanted in values[name].map { value in wanted.contains { $0.lowercased() == value.lowercased() } } ?? false }
    }
    /// Whether the rule gives `check(value, game)`, which returns nil (or true) to accept, or
    /// the reason to refuse (the function itself stays in the rule's Lua state).
    public let hasCheck: Bool
    /// The choices in lower case, for looking a value up whatever its case (a set: a rule may
    /// list many).
    let lowercasedChoices: [String: String]

    /// The choice `text` names, in any case.
    public func choice(named text: String) -> String? {
        guard case .text(let choices, _) = kind else { return nil }
        if choices.isEmpty { return nil }
        return lowercasedChoices[text.lowercased()]
    }

    /// What a player may give, for help and error messages.
    public var choicesDescription: String {
        switch kind {
        case .integer(let r): return "a whole number from \(r.lowerBound) to \(r.upperBound)"
        case .text(let choices, let accept):
            // A pattern means more values than the list: say so, and let `help` explain.
            if choices.isEmpty { return help.isEmpty ? "text matching \(accept ?? "the rule's check")" : help }
            return choices.joined(separator: ", ") + (accept != nil ? ", …" : "")
        }
    }

    /// Options and flags the host itself takes, with any command; a rule cannot declare them
    /// (the host would take `--seats b` before the rule saw it). The command line refuses an
    /// option of its own that is not here (`Arguments`), so the two cannot drift apart.
    public static let hostOptions: Set<String> = hostFlags.union([
        // play, the menu, check, sim, arena, replay, new
        "seed", "seeds", "seat", "seats", "as", "name", "lang", "game", "daily", "words", "min-length", "max-length",
        "data", "record", "games", "jobs", "max-moves", "time-limit", "total-time", "think", "lint-time", "rule",
        "from", "dir", "forget",
        // serve
        "bind", "port", "store", "host-name", "reply-time", "max-tables", "max-tables-per-address",
        "max-connections-per-address", "max-messages-per-address", "max-rows",
    ])
    /// The host's options that take no value (`--json`).
    public static let hostFlags: Set<String> = ["json", "help", "version", "ascii", "reveal", "update", "bot", "plain", "coach", "save", "list"]

    /// The most options a rule may declare, choices an option may list, and bytes in a choice.
    package static let optionLimit = 100
    static let choiceLimit = 1000
    static let choiceBytes = 200

    /// Reads the `options` field of a rule table; problems are appended, bad entries dropped.
    /// Returns the options and their check functions by name.
    static func parse(_ value: LuaValue, path: String, problems: inout [String]) -> ([OptionSpec], [String: LuaRef]) {
        if value.isNil { return ([], [:]) }
        guard let entries = value.map else {
            problems.append("\(path): field 'options' must be a table of option tables, not a \(value.typeName)")
            return ([], [:])
        }
        guard entries.count <= Self.optionLimit else {
            problems.append("\(path): field 'options' declares \(entries.count) options; a rule may have \(Self.optionLimit)")
            return ([], [:])
        }
        var specs: [OptionSpec] = []
        var checks: [String: LuaRef] = [:]
        for name in entries.keys.sorted() {
            let where_ = "\(path): option '\(name)'"
            guard LoadedRule.isValidName(name), !Self.hostOptions.contains(name) else {
                problems.append("\(where_): the name must be lower-case letters, digits and hyphens, and not a host option")
                continue
            }
            guard let spec = entries[name]?.map else {
                problems.append("\(where_) must be a table such as { choices = {...}, default = ... }")
                continue
            }
            let help = spec["help"]?.string ?? ""
            guard help.utf8.count <= LoadedRule.helpLimit else {
                problems.append("\(where_): 'help' is longer than \(LoadedRule.helpLimit) bytes"); continue
            }
            var check: LuaRef?
            if let c = spec["check"], !c.isNil {
                guard case .ref(let r) = c, r.typeName == "function" else {
                    problems.append("\(where_): 'check' must be a function"); continue
                }
                check = r
            }
            let kind: Kind
            let defaultText: String
            switch spec["type"]?.string ?? "string" {
            case "integer":
                guard let lo = spec["min"]?.integer, let hi = spec["max"]?.integer, lo <= hi else {
                    problems.append("\(where_): an integer option needs whole numbers 'min' and 'max', min <= max"); continue
                }
                guard let d = spec["default"]?.integer else {
                    problems.append("\(where_): 'default' must be a whole number"); continue
                }
                kind = .integer(lo...hi)
                defaultText = String(d)
            case "string":
                let choiceValues = spec["choices"]?.array ?? []
                let choices = choiceValues.compactMap(\.string)
                guard choices.count == choiceValues.count else {
                    problems.append("\(where_): 'choices' must be a list of strings"); continue
                }
                guard choices.count <= Self.choiceLimit, choices.allSatisfy({ $0.utf8.count <= Self.choiceBytes && !$0.isEmpty }) else {
                    problems.append("\(where_): 'choices' may list \(Self.choiceLimit) values of 1 to \(Self.choiceBytes) bytes"); continue
                }
                let accept = spec["accept"]?.string
                guard !choices.isEmpty || accept != nil || check != nil else {
                    problems.append("\(where_): give 'choices', 'accept' or 'check' so values can be validated"); continue
                }
                guard let d = spec["default"]?.string else {
                    problems.append("\(where_): 'default' is missing (it must be a string)"); continue
                }
                kind = .text(choices: choices, accept: accept)
                defaultText = d
            case let other:
                problems.append("\(where_): unknown type '\(other)' (use \"string\" or \"integer\")"); continue
            }
            var when: [String: [String]] = [:]
            if let w = spec["when"], !w.isNil {
                guard let conditions = w.map, !conditions.isEmpty else {
                    problems.append("\(where_): 'when' must be a table such as { mode = \"timed\" }"); continue
                }
                for (other, value) in conditions {
                    let values = value.string.map { [$0] } ?? value.array?.compactMap(\.string) ?? []
                    guard !values.isEmpty, values.count == (value.array?.count ?? 1) else {
                        problems.append("\(where_): 'when' gives '\(other)' a value or a list of values (strings)"); continue
                    }
                    guard values.count <= Self.choiceLimit, values.allSatisfy({ $0.utf8.count <= Self.choiceBytes }) else {
                        problems.append("\(where_): 'when' may give '\(other)' \(Self.choiceLimit) values of \(Self.choiceBytes) bytes"); continue
                    }
                    when[other] = values
                }
                guard when.count == conditions.count else { continue }
            }
            var lowercased: [String: String] = [:]
            if case .text(let choices, _) = kind {
                for choice in choices.reversed() { lowercased[choice.lowercased()] = choice }
                for choice in choices { lowercased[choice] = choice }
            }
            specs.append(OptionSpec(name: name, help: help, kind: kind, defaultValue: defaultText,
                                    advanced: spec["advanced"]?.boolean ?? false, when: when, hasCheck: check != nil,
                                    lowercasedChoices: lowercased))
            if let check { checks[name] = check }
        }
        // A condition names another option, by a value it can take (looked up, not searched:
        // a rule may list thousands).
        let byName = Dictionary(specs.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for spec in specs {
            for (other, values) in spec.when.sorted(by: { $0.key < $1.key }) {
                let where_ = "\(path): option '\(spec.name)'"
                guard other != spec.name, let target = byName[other] else {
                    problems.append("\(where_): 'when' names '\(other)', which is not another option of the rule")
                    continue
                }
                if case .text(let choices, nil) = target.kind, !target.hasCheck,
                   let stray = values.first(where: { target.choice(named: $0) == nil }) {
                    problems.append("\(where_): 'when' gives '\(other)' the value '\(stray)', which is not one of its choices (\(choices.prefix(20).joined(separator: ", "))\(choices.count > 20 ? ", …" : ""))")
                }
            }
        }
        return (specs, checks)
    }
}

/// A host command a rule adds (`/hint`): `run(state, args, game, seat)` works like `play`.
public struct CommandSpec: Sendable {
    public let name: String
    public let help: String

    /// The host's own commands, at a terminal, through the protocol or at a served table
    /// (`/exit` is `/quit`; `/agree` and `/refuse` answer a served `/undo`).
    static let hostCommands: Set<String> = ["agree", "exit", "help", "moves", "new", "quit", "refuse", "rules", "undo"]

    /// Reads the `commands` field; returns the commands and their `run` functions by name.
    static func parse(_ value: LuaValue, path: String, problems: inout [String]) -> ([CommandSpec], [String: LuaRef]) {
        if value.isNil { return ([], [:]) }
        guard let entries = value.map else {
            problems.append("\(path): field 'commands' must be a table of command tables, not a \(value.typeName)")
            return ([], [:])
        }
        var specs: [CommandSpec] = []
        var runs: [String: LuaRef] = [:]
        for name in entries.keys.sorted() {
            guard LoadedRule.isValidName(name), !hostCommands.contains(name) else {
                problems.append("\(path): command '\(name)': use lower-case letters, digits and hyphens, and not a host command (\(hostCommands.sorted().joined(separator: ", ")))")
                continue
            }
            guard case .ref(let run)? = entries[name]?["run"], run.typeName == "function" else {
                problems.append("\(path): command '\(name)' needs a function 'run(state, args, game)'")
                continue
            }
            let help = entries[name]?["help"].string ?? ""
            guard help.utf8.count <= LoadedRule.helpLimit else {
                problems.append("\(path): command '\(name)': 'help' is longer than \(LoadedRule.helpLimit) bytes"); continue
            }
            specs.append(CommandSpec(name: name, help: help))
            runs[name] = run
        }
        return (specs, runs)
    }
}

/// The command a game's options are given to, for naming what else it takes when an option
/// is unknown: `play` takes --seed and --json, `check` --seeds and --seats.
public struct CommandOptions: Sendable {
    public var name: String
    public var flags: [String]

    public init(name: String, flags: [String]) {
        self.name = name
        self.flags = flags
    }

    public static let play = CommandOptions(name: "play", flags: ["--seed", "--json"])
    public static let check = CommandOptions(name: "check", flags: ["--seeds", "--seats", "--bot", "--time-limit", "--total-time"])
    public static let sim = CommandOptions(name: "sim", flags: ["--games", "--seed", "--jobs", "--seats", "--bot", "--json"])
    public static let arena = CommandOptions(name: "arena", flags: ["--games", "--seed", "--jobs", "--seats", "--json"])

    /// A table made by `gamehost serve`: its options come in the create message, with no flags
    /// of the command line beside them.
    public static let served = CommandOptions(name: "serve", flags: [])

    /// Where every flag is listed, after the options the game takes (nothing for a served table).
    func help(_ game: String) -> String {
        switch name {
        case "serve": ""
        case "play": "; every flag: gamehost play \(game) --help"
        default: "; every flag: gamehost \(name) --help"
        }
    }
}
