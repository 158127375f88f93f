import GameCore
import LuaKit

/// `game.words`: the session's word list (`--words`), each word played at most once, and word
/// puzzles kept as plain tables (so they copy and serialise with the state); the letter
/// mechanics are GameCore's `WordPuzzle`.
extension GameAPI {
    func installWords() {
        let words = lua.makeRef(.map([:]))
        lua.setField(table, "words", .ref(words))
        func set(_ name: String, _ body: @escaping LuaFunction) { lua.setField(words, name, .ref(lua.function(body))) }

        set("next") { [unowned self] call in
            guard var queue = self.words else { throw GameAPIError("words.next: this game has no word list (declare words = \"NAME\" in the rule)") }
            let entry = try queue.next()
            self.words = queue
            call.push(entry.map(Self.table(of:)) ?? .nil)
            return 1
        }
        set("draw") { [unowned self] call in
            guard var queue = self.words else { throw GameAPIError("words.draw: this game has no word list (declare words = \"NAME\" in the rule)") }
            let entry = try queue.draw(random)
            self.words = queue
            call.push(entry.map(Self.table(of:)) ?? .nil)
            return 1
        }
        set("left") { [unowned self] call in
            call.push(Int64(self.words?.left ?? 0))
            return 1
        }
        set("count") { [unowned self] call in
            call.push(Int64(self.words?.count ?? 0))
            return 1
        }
        set("puzzle") { call in
            let word = try call.string(1, "word")
            guard word.contains(where: \.isLetter) else { throw GameAPIError("words.puzzle: '\(word)' has no letter to guess") }
            let accents = call.count >= 2 ? try call.string(2, "accents") : "fold"
            guard accents == "fold" || accents == "strict" else {
                throw GameAPIError("words.puzzle: accents must be \"fold\" or \"strict\", not \"\(accents)\"")
            }
            call.push(Self.table(of: WordPuzzle(word: word, foldsAccents: accents == "fold"), accents: accents))
            return 1
        }
        set("guess") { call in
            try call.checkTable(1, "puzzle")
            let fields = call.value(1)
            var puzzle = try Self.puzzle(from: fields)
            let outcome = puzzle.guess(try call.string(2, "input"))
            for (key, value) in Self.table(of: puzzle, accents: fields["accents"].string ?? "fold").map ?? [:] {
                call.setField(1, key, value)
            }
            switch outcome {
            case .hit(let n): call.push("hit"); call.push(Int64(n)); return 2
            case .miss: call.push("miss")
            case .repeated: call.push("repeat")
            case .invalid: call.push("invalid")
            case .solved: call.push("solved")
            case .wrong: call.push("wrong")
            case .over: call.push("over")
            }
            return 1
        }
    }

    func setWordListName(_ name: String?) {
        guard case .ref(let words) = lua.field(table, "words") else { return }
        lua.setField(words, "name", name.map { .string($0) } ?? .nil)
    }

    static func table(of entry: WordList.Entry) -> LuaValue {
        var fields: [String: LuaValue] = ["word": .string(entry.word), "line": .integer(Int64(entry.line))]
        if let hint = entry.hint { fields["hint"] = .string(hint) }
        return .map(fields)
    }

    static func table(of p: WordPuzzle, accents: String) -> LuaValue {
        .map([
            "word": .string(p.word), "accents": .string(accents), "masked": .string(p.masked()),
            "guessed": .array(p.guessed.map { .string($0) }), "wrong_words": .array(p.wrongWords.map { .string($0) }),
            "correct": .array(p.correctLetters.map { .string($0) }), "misses": .integer(Int64(p.misses)),
            "solved": .boolean(p.isSolved), "solved_by_word": .boolean(p.solvedByWord),
        ])
    }

    static func puzzle(from fields: LuaValue) throws -> WordPuzzle {
        guard let word = fields["word"].string else { throw GameAPIError("words.guess: the puzzle table has no 'word'") }
        func strings(_ key: String) -> [String] { fields[key].array?.compactMap(\.string) ?? [] }
        return WordPuzzle(word: word, foldsAccents: fields["accents"].string != "strict", guesses: strings("guessed"),
                          wrongWords: strings("wrong_words"), solvedByWord: fields["solved_by_word"].boolean ?? false)
    }
}
