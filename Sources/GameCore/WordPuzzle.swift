/// One word to guess, letter by letter or whole: the mechanics of Apple Pie and Hangman.
/// A letter is a Character that is a letter, in any script; characters of the word that are
/// not letters (space, hyphen, apostrophe) are shown from the start and never guessed.
public struct WordPuzzle {
    public let word: String
    public let foldsAccents: Bool
    /// Letter guesses in the order made, each as its identity (`AccentFolding.key`: lower
    /// case, NFC, and folded when the puzzle folds accents).
    public private(set) var guessed: [String] = []
    /// Wrong whole-word guesses, so the same one is refused next time.
    public private(set) var wrongWords: [String] = []
    /// Letter guesses that revealed nothing plus wrong whole-word guesses.
    public private(set) var misses = 0
    public private(set) var solvedByWord = false

    private let characters: [Character]
    /// Per character: its key in lower case, and its base letter's key; nil for non-letters.
    private let keys: [(exact: String, folded: String)?]

    public enum Outcome: Equatable {
        case hit(Int)       // a letter that revealed this many places
        case miss           // a letter not in the word
        case repeated       // a letter or a wrong word already tried: costs nothing
        case invalid        // neither a letter nor a word: costs nothing
        case solved         // a right whole-word guess
        case wrong          // a wrong whole-word guess
        case over           // the word is already solved
    }

    public init(word: String, foldsAccents: Bool = true) {
        self.word = AccentFolding.nfc(word)
        self.foldsAccents = foldsAccents
        characters = Array(self.word)
        keys = characters.map {
            $0.isLetter ? (AccentFolding.key($0, fold: false), AccentFolding.key($0, fold: true)) : nil
        }
    }

    /// Characters that may stand inside a whole-word guess besides letters.
    static let wordPunctuation: Set<Character> = [" ", "-", "'", "’"]

    /// Applies one guess: a single letter, or two or more letters as a whole-word guess.
    public mutating func guess(_ input: String) -> Outcome {
        if isSolved { return .over }
        let text = AccentFolding.nfc(input)
        let letters = text.filter(\.isLetter)
        if text.count == 1, let c = text.first, c.isLetter {
            let key = AccentFolding.key(c, fold: foldsAccents)
            if guessed.contains(key) { return .repeated }
            guessed.append(key)
            let revealed = keys.filter { $0.map { reveals(key, $0) } ?? false }.count
            if revealed == 0 { misses += 1; return .miss }
            return .hit(revealed)
        }
        guard letters.count >= 2, text.allSatisfy({ $0.isLetter || Self.wordPunctuation.contains($0) }) else {
            return .invalid
        }
        let attempt = letters.map { AccentFolding.key($0, fold: foldsAccents) }
        let target = keys.compactMap { $0.map { foldsAccents ? $0.folded : $0.exact } }
        if attempt == target {
            solvedByWord = true
            return .solved
        }
        let remembered = letters.lowercased()
        if wrongWords.contains(remembered) { return .repeated }
        wrongWords.append(remembered)
        misses += 1
        return .wrong
    }

    /// Whether a guessed letter (its identity) reveals a letter of the word: the same letter;
    /// with folding, the same base letter (guessing `e` or `é` reveals `e`, `é` and `è`).
    private func reveals(_ guess: String, _ letter: (exact: String, folded: String)) -> Bool {
        guess == (foldsAccents ? letter.folded : letter.exact)
    }

    private func isRevealed(_ i: Int) -> Bool {
        guard let key = keys[i] else { return true }
        return solvedByWord || guessed.contains { reveals($0, key) }
    }

    public var isSolved: Bool { solvedByWord || keys.indices.allSatisfy(isRevealed) }

    /// The word with a placeholder per hidden letter, separated by spaces: `b _ _ c _ _ _ e _`.
    /// Each character of the word: itself when shown, nil while it is a blank.
    public var slots: [String?] {
        characters.indices.map { isRevealed($0) ? String(characters[$0]) : nil }
    }

    public func masked(placeholder: String = "_") -> String {
        characters.indices.map { isRevealed($0) ? String(characters[$0]) : placeholder }.joined(separator: " ")
    }

    /// Letters guessed that are in the word, in the order guessed.
    public var correctLetters: [String] {
        guessed.filter { g in keys.contains { $0.map { reveals(g, $0) } ?? false } }
    }

    /// Rebuilds a puzzle from its guesses, as a saved state records them.
    public init(word: String, foldsAccents: Bool, guesses: [String], wrongWords: [String], solvedByWord: Bool) {
        self.init(word: word, foldsAccents: foldsAccents)
        for g in guesses { _ = guess(g) }
        for w in wrongWords where !self.wrongWords.contains(w) {
            self.wrongWords.append(w)
            misses += 1
        }
        self.solvedByWord = solvedByWord
    }
}
