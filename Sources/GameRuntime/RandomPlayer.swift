import GameCore
import GameRules

/// A player that picks among the moves offered, at random through a seeded source of its own:
/// check's playthroughs, sim's games and the arena's "random" seat all play with it, so they
/// try the same inputs for the same seed and hold a rule to the same limits.
///
/// Where a game also takes free text, half the time (always when nothing is listed) it types a
/// candidate: mostly words of the list (which a word game accepts), sometimes letters of the
/// list's alphabet in the shape of a word (which it should refuse), numbers for a pattern of
/// digits, and random letters without a list; up to 20 tries for one that matches the rule's
/// pattern, then a walk through the list (from where the last walk stopped, a bounded stretch
/// each time) for a word that matches a narrow pattern such as hard mode's known letters.
public final class RandomPlayer {
    let random: RandomSource
    private var cursor = 0
    /// The letters of the list's words, read once.
    private var letters: [String]?
    /// Free-text candidates the game refused in a row.
    public private(set) var refusedInARow = 0

    public init(seed: UInt64) { random = RandomSource(seed: seed) }

    /// The seed of the random player in `seat` of a game played with `gameSeed`: check and sim
    /// give a game's seats the same players, so they play the same moves.
    public static func seed(game gameSeed: UInt64, seat: Int) -> UInt64 {
        EngineSettings.mix(gameSeed ^ 0x5DEE_CE66_D1CE_5EED, seat)
    }

    /// How many free-text candidates in a row a rule may refuse before the refusals are a
    /// fault (with a word list, at least as many as the list has words, plus a margin).
    public static func refusalLimit(words: WordList?) -> Int { max(1000, (words?.entries.count ?? 0) + 40) }

    /// Random tries for a candidate that matches the pattern, then words of the list walked per
    /// candidate at most.
    static let randomTries = 20
    static let walkLength = 200

    /// The player's next input for `seat`, and whether it is free text.
    public func move(in engine: GameEngine, seat: Int) throws -> (input: String, freeText: Bool) {
        let moves = try engine.moves(for: seat)
        guard !moves.isEmpty else {
            throw RuleError(["\(engine.info.path): moves() offers nothing, but result() says the game goes on"])
        }
        let coin = try random.int(in: 1...2)
        if let text = moves.text, moves.listed.isEmpty || coin == 1 {
            return (try candidate(text, in: engine), true)
        }
        return (moves.listed[try random.int(in: 0...(moves.listed.count - 1))], false)
    }

    /// Tells the player how its last free-text candidate fared.
    public func noteFreeText(accepted: Bool) { refusedInARow = accepted ? 0 : refusedInARow + 1 }

    func candidate(_ text: FreeText, in engine: GameEngine) throws -> String {
        let words = engine.words
        let pattern = text.pattern
        func matches(_ s: String) -> Bool { pattern.map { engine.matches(pattern: $0, s) } ?? true }
        // A pattern of digits (a number game) gets numbers, not words.
        if let pattern, pattern.contains("%d"), !["%a", "%w", "%l", "%u", "."].contains(where: pattern.contains) {
            var number = ""
            for _ in 0..<Self.randomTries {
                number = String(try random.int(in: 0...(try random.int(in: 0...1) == 0 ? 99 : 9999)))
                if matches(number) { return number }
            }
            return number
        }
        if letters == nil { letters = words.map { $0.letters(fold: false) } ?? [] }
        let letters = self.letters!
        let alphabet = letters.isEmpty ? "abcdefghijklmnopqrstuvwxyz0123456789".map(String.init) : letters
        var candidate = ""
        // After 20 refusals in a row, random words have had their chance: walk the list.
        for _ in 0..<(refusedInARow < Self.randomTries ? Self.randomTries : 0) {
            if let words, !words.entries.isEmpty {
                let word = words.entries[try random.int(in: 0...(words.entries.count - 1))].word
                if try random.int(in: 1...4) > 1 {
                    candidate = word
                } else {
                    candidate = try word.map { _ in alphabet[try random.int(in: 0...(alphabet.count - 1))] }.joined()
                }
            } else {
                candidate = try (0..<(try random.int(in: 1...8))).map { _ in alphabet[try random.int(in: 0...(alphabet.count - 1))] }.joined()
            }
            if matches(candidate) { return candidate }
        }
        // Refused one after another, the words of a walk are different words: a walk finds
        // any word the rule takes within as many refusals as the list has words.
        if let words, !words.entries.isEmpty {
            let n = words.entries.count
            for _ in 0..<min(n, Self.walkLength) {
                cursor = (cursor + 1) % n
                let word = words.entries[cursor].word
                if matches(word) { return word }
            }
        }
        return candidate.isEmpty ? (try (0..<(try random.int(in: 1...8))).map { _ in alphabet[try random.int(in: 0...(alphabet.count - 1))] }.joined()) : candidate
    }
}
