import GameCore
import LuaKit
import GameRules

/// Games played in the head of a player that searches (`search`): from the current state, a
/// deal of what its seat cannot see, then moves played on that copy until the game ends, over
/// and over, and the real game put back exactly as it was afterwards.
///
/// Nothing of it reaches the game: the state is restored from a snapshot taken before the
/// first scratch move (in place, so every table keeps its identity), the game's chance and
/// word queue are put back, messages, rewards and scores of scratch moves are dropped, no
/// result is counted, and the scratch moves draw on chance of the searcher's own (the game's
/// next draws are hidden from every seat). Their time stands still at the game's start: a
/// scratch move reads no clock (a served table stores every reading, and a recording keeps
/// them), so thinking leaves no trace in what a game replays from.
extension GameEngine {
    /// Runs `body`, in which `resetExploration` and `explorePlay` may be called, and puts the
    /// game back afterwards. Each call the body makes into the rule has an allowance of its own
    /// (open none around this): a search is many small calls, each bounded as a query is.
    package func exploring<T>(chance: RandomSource, _ body: () throws -> T) throws -> T {
        guard let root else { throw RuleError(["\(info.path): no game has started"]) }
        try step { try lua.saveSnapshot(of: root) }
        let gameChance = random.snapshot
        let words = api.words?.checkpoint()
        let keepsMessages = api.keepsMessages
        let savedVersion = version
        let gameClock = api.clock
        // Scratch queries are not held to only looking (check holds the game's own): reading
        // the whole state around each of thousands would cost more than the search.
        let verifies = verifiesQueries
        verifiesQueries = false
        api.random = chance
        api.keepsMessages = false
        api.clock = ManualClock(at: api.startTime)
        // A table that lasts for this search only, which `search.deal`, `search.moves` and the
        // bot get as their last argument in scratch games: what a rule works out for the worlds
        // it is shown (Guess Five's words the marks allow) it keeps there, not in its state.
        searchMemo = lua.makeRef(.map([:]))
        defer {
            searchMemo = nil
            verifiesQueries = verifies
            api.clock = gameClock
            api.random = random
            api.keepsMessages = keepsMessages
            do { try putBack() } catch {
                state = nil
                self.root = nil
            }
            random.restore(gameChance)
            if let words { api.words?.rollBack(to: words) }
            api.scores.discard()
            api.dropOutput()
            api.refusal = nil
            // What was read of the scratch states is not the game's: a new version for what
            // follows, as the state is the one before the search.
            version = max(version, savedVersion) + 1
            forgetCaches()
        }
        return try body()
    }

    /// Puts the state back as it was when `exploring` began (between scratch games).
    package func resetExploration() throws {
        try putBack()
        version += 1
    }

    private func putBack() throws {
        guard let root else { return }
        let restored = try lua.restoreSnapshot(into: root)
        if restored != root { self.root = restored }
        guard let table = try lua.rawElement(self.root!, 1), table.typeName == "table" else {
            throw LuaHostError("the state could not be put back after a search")
        }
        state = table
        api.gameData = try lua.rawElement(self.root!, 2)
    }

    /// Plays `move` for `seat` on the scratch state, with no snapshot and nothing kept: the
    /// rewards it gave, or nil when the rule refused it or failed (the scratch game is then
    /// over: the caller resets).
    package func explorePlay(_ move: String, seat: Int) -> [Int: Double]? {
        guard let current = state, let root else { return nil }
        api.dropOutput()
        api.refusal = nil
        api.seat = seat
        api.input = move
        defer {
            api.input = ""
            api.scores.discard()
        }
        do {
            let returned = try step {
                try lua.call(rule.hooks.play, [.ref(current), .string(move), .ref(api.table), .integer(Int64(seat))],
                             results: 1, tablesByReference: true).first
            }
            version += 1
            if api.refusal != nil { return nil }
            if case .ref(let replacement)? = returned, replacement.typeName == "table", replacement != current {
                state = replacement
                lua.setRawElement(root, 1, .ref(replacement))
            }
            return api.takeOutput().rewards
        } catch {
            version += 1
            return nil
        }
    }

    /// The rule's bot's move for `seat` in the scratch state, drawing on the scratch chance;
    /// nil when it fails or gives no input.
    package func exploreBotMove(seat: Int) -> String? {
        guard rule.hooks.bot != nil, let value = try? step({ try query(.bot, seat: seat) }) else { return nil }
        version += 1
        return value.string
    }

    /// Deals again, in the scratch state, what `seat` cannot see (see `Dealer`), with chance
    /// from `seed`; then the rule's `search.deal`, if it has one, deals the secret fields (emptied
    /// first) with the scratch chance. Returns the values it could not deal: secret fields that
    /// hold other than cards (a word) where the rule deals none, which a fair search must not read.
    package func dealHidden(for seat: Int, seed: UInt64) throws -> [String] {
        let privates = LuaValue.array(info.privateFields.map { .string($0) })
        let secrets = LuaValue.array(info.secretFields.map { .string($0) })
        let answer = try step {
            try runStateTool(Dealer.source, [.integer(Int64(seat)), .integer(Int64(bitPattern: seed)), privates, secrets,
                                             .boolean(rule.hooks.deal != nil)], results: 1)
        }
        version += 1
        if let deal = rule.hooks.deal, let current = state {
            api.dropOutput()
            api.refusal = nil
            api.seat = seat
            defer { api.scores.discard() }
            do {
                var arguments: [LuaValue] = [.ref(current), .ref(api.table), .integer(Int64(seat))]
                if let memo = searchMemo { arguments.append(.ref(memo)) }
                _ = try step { try lua.call(deal, arguments, results: 0) }
            } catch let error as LuaError {
                version += 1
                throw RuleError([describe(error, hook: "search.deal")])
            }
            version += 1
            api.dropOutput()
        }
        return answer.first?.array?.compactMap(\.string) ?? []
    }

    /// The most inputs `search.moves` may give.
    package static let candidateLimit = 200

    /// The inputs the rule's `search.moves` gives `seat` to weigh in the scratch state (where
    /// `moves` takes free text), or nil when the rule has none.
    package func exploreCandidates(seat: Int) throws -> [String]? {
        guard rule.hooks.candidates != nil else { return nil }
        defer { version += 1 }
        let value = try step { try query(.searchMoves, seat: seat, maxLength: Self.candidateLimit, items: "inputs") }
        guard let items = value.array ?? (value.map?.isEmpty == true ? [] : nil), items.allSatisfy({ $0.string != nil }) else {
            throw RuleError(["\(info.path): search.moves must return a list of inputs (strings), not \(value.typeName)"])
        }
        var seen = Set<String>()
        return items.compactMap(\.string).filter { seen.insert($0).inserted }
    }
}
