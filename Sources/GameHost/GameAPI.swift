import GameCore
import LuaKit

/// The host API a rule receives as `game` (documented in docs/lua-api.md and annotated in
/// docs/lua/gamehost.lua): options, chance, time, match scoring, output and refusal.
/// Chance and time also back the sandbox's `math.random`, `os.time` and `os.clock`, so a rule
/// cannot reach an unseeded source.
final class GameAPI {
    let lua: LuaState
    let table: LuaRef

    // The session's context, set before each game starts.
    var random = RandomSource(seed: 0)
    var clock: Clock = ManualClock()
    var startTime: Double = 0
    var words: WordQueue?
    /// Whether `game.colour` adds ANSI colour (a terminal that shows it, NO_COLOR unset).
    var usesColour = false
    var scores = ScoreKeeper(store: nil)

    // What the current hook call produced.
    /// Off in simulations, where nobody reads the messages: `say` then costs nothing.
    var keepsMessages = true
    var messages: [String] = []
    var bells = 0
    var refusal: String?

    /// The bytes of every library `require` has loaded, in order (part of the rule's hash).
    var loadedLibraries: [UInt8] = []

    /// The token `game.refuse` raises: a table only the host holds, so no rule can forge it.
    let refusalToken: LuaRef

    init(lua: LuaState, libraryDirectories: [String]) {
        self.lua = lua
        table = lua.makeRef(.map([:]))
        refusalToken = lua.makeRef(.map(["refusal": true]))
        install(libraryDirectories: libraryDirectories)
    }

    /// Points the API at a session's options, chance, clock, word list and score store.
    func bind(options: [String: LuaValue], seed: UInt64, random: RandomSource, clock: Clock,
              words: WordList?, scores: ScoreKeeper) {
        self.random = random
        self.clock = clock
        startTime = clock.now()
        self.words = words.map(WordQueue.init)
        self.scores = scores
        lua.setField(table, "options", .map(options))
        lua.setField(table, "seed", .integer(Int64(bitPattern: seed)))
        setWordListName(words?.name)
    }

    func takeOutput() -> (messages: [String], bells: Int) {
        defer { messages = []; bells = 0 }
        return (messages, bells)
    }

    private func set(_ name: String, _ body: @escaping LuaFunction) {
        lua.setField(table, name, .ref(lua.function(body)))
    }

    private func install(libraryDirectories: [String]) {
        lua.setField(table, "options", .map([:]))
        lua.setField(table, "seed", .integer(0))

        let say = lua.function { [unowned self] call in
            guard keepsMessages else { return 0 }
            messages.append((0..<call.count).map { call.describe($0 + 1) }.joined(separator: "\t"))
            return 0
        }
        lua.setField(table, "say", .ref(say))
        lua.setGlobal("print", .ref(say))

        set("bell") { [unowned self] _ in
            bells += 1
            return 0
        }

        set("refuse") { [unowned self] call in
            refusal = call.count >= 1 ? call.describe(1) : "not accepted"
            throw LuaRaise(.ref(refusalToken))
        }

        let random = lua.function { [unowned self] call in try self.random(call) }
        lua.setField(table, "random", .ref(random))

        set("pick") { [unowned self] call in
            try call.checkTable(1, "list")
            guard call.length(1) > 0 else { throw GameAPIError("pick: the list is empty") }
            call.pushElement(of: 1, at: try self.random.int(in: 1...call.length(1)))
            return 1
        }

        set("shuffle") { [unowned self] call in
            try call.checkTable(1, "list")
            var order = Array(1...max(call.length(1), 1))
            if call.length(1) == 0 { order = [] }
            try self.random.shuffle(&order)
            try call.permute(1, order)
            call.pushArgument(1)
            return 1
        }

        let now = lua.function { [unowned self] call in
            call.push(clock.now())
            return 1
        }
        lua.setField(table, "now", .ref(now))

        installMatch()
        installWords()
        installScores()
        installCards()
        installTerminal()

        // The sandbox's own sources of chance and time come from the host too.
        lua.setField(lua.globalRef("math")!, "random", .ref(random))
        lua.setField(lua.globalRef("math")!, "randomseed", .ref(lua.function { _ in
            throw GameAPIError("math.randomseed is not available: the host seeds all chance (gamehost play --seed N)")
        }))
        let os = lua.makeRef(.map([:]))
        lua.setField(os, "time", .ref(lua.function { [unowned self] call in
            call.push(Int64(clock.now().rounded(.down)))
            return 1
        }))
        lua.setField(os, "clock", .ref(lua.function { [unowned self] call in
            call.push(clock.now() - startTime)
            return 1
        }))
        lua.setGlobal("os", .ref(os))
        RuleLibrary.install(in: lua, directories: libraryDirectories) { [unowned self] in loadedLibraries += $0 }
    }

    /// `game.random()`: a float in [0, 1); `game.random(n)`: 1...n; `game.random(m, n)`: m...n.
    private func random(_ call: LuaCall) throws -> Int32 {
        switch call.count {
        case 0:
            call.push(random.unit())
        case 1:
            let n = try call.integer(1, "n")
            guard n >= 1 else { throw GameAPIError("random: the upper bound \(n) is less than 1") }
            call.push(Int64(try random.int(in: 1...Int(n))))
        default:
            let m = try call.integer(1, "m"), n = try call.integer(2, "n")
            guard m <= n else { throw GameAPIError("random: the interval \(m)..\(n) is empty") }
            call.push(Int64(try random.int(in: Int(m)...Int(n))))
        }
        return 1
    }
}

/// An error raised into Lua by the game API; Lua adds the rule's file and line.
struct GameAPIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
