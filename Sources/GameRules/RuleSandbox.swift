import GameCore
import LuaKit
import GameStorage

/// The sandbox a rule file runs in, with no rule loaded: the safe standard libraries, `game`,
/// `require`, and the host's chance and clock behind `math.random` and `os`. For running Lua
/// that is not a rule exactly as a rule would run, such as Lua's own test suite.
public final class RuleSandbox {
    public let lua: LuaState
    let api: GameAPI
    /// The `game` table a rule's hooks receive.
    public var game: LuaRef { api.table }

    /// `texts`: what `game.t` finds, as a rule's `texts` field would give them.
    public init(seed: UInt64 = 1, libraryDirectories: [String] = [], memoryCap: Int = 64 << 20, ascii: Bool = false, texts: RuleTexts = RuleTexts()) {
        lua = LuaState(memoryCap: memoryCap)
        api = GameAPI(lua: lua, libraryDirectories: libraryDirectories)
        api.bind(options: [:], seed: seed, random: RandomSource(seed: seed), clock: ManualClock(), words: nil,
                 scores: ScoreKeeper(store: nil))
        api.ascii = ascii
        api.texts = texts
    }
}
