import GameRules
import LuaKit

// What the engine last read of a game's state, each for the version of the state it was read
// at (`GameEngine.version`). Plain structs: as tuples of `Result`s these types were looked up
// by name by the Swift runtime at each start, with a scan of every conformance the program
// has (some 210,000 instructions of a game's first step).

extension GameEngine {
    struct Caches {
        var state: KeptState?
        var result: KeptResult?
        var turn: KeptTurn?
        /// Each seat's view and moves, when the engine memoises them (`memoizesQueries`).
        var memo: Memo?
    }

    /// Each seat's view and moves at one version.
    struct Memo {
        var version: Int
        var views: [Int: RuleView] = [:]
        var moves: [Int: Moves] = [:]
    }

    /// The state as the host read it.
    struct KeptState {
        let version: Int
        let value: LuaValue
    }

    /// `result()`'s answer: the outcome, or the rule's error.
    struct KeptResult {
        let version: Int
        let value: GameResult?
        let error: RuleError?

        func answer() throws -> GameResult? {
            if let error { throw error }
            return value
        }
    }

    /// `toMove()`'s answer: the seats, or the rule's error.
    struct KeptTurn {
        let version: Int
        let seats: [Int]
        let error: RuleError?

        func answer() throws -> [Int] {
            if let error { throw error }
            return seats
        }
    }
}
