import GameCore
import LuaKit

/// `game.words`: the session's word list (`--words`), each word played at most once, and word
/// puzzles kept as plain tables (so they copy and serialise with the state); the letter
/// mechanics are GameCore's `WordPuzzle`.
extension GameAPI {
    /// The longest word a puzzle takes, and the most guesses it keeps.
    static let puzzleWordLimit = WordList.wordLimit
    static let puzzleGuessLimit = 1000

    func installWords() {
        let set = library("words")

        set("next", []) { [unowned self] call in try take(call, "next") { queue, _ in try queue.next() } }
        set("draw", []) { [unowned self] call in try take(call, "draw") { queue, random in try queue.draw(random) } }
        set("left", []) { [unowned self] call in
            call.push(Int64(self.words?.left ?? 0))
            return 1
        }
        set("count", []) { [unowned self] call in
            call.push(Int64(self.words?.count ?? 0))
            return 1
        }
        // Reading the list never uses a word up.
        // Any whole number is read, so that one out of range is named against the list's own
        // size, not the largest list's.
        set("entry", [.integer("i", Int64.min...Int64.max)]) { [unowned self] call in
            let list = try list("entry")
            let i = call.int(1)
            guard i >= 1 && i <= list.entries.count else {
                throw GameAPIError("game.words.entry: argument #1 (i) must be a whole number from 1 to \(list.entries.count) (the list's size), not \(i)")
            }
            call.push(Self.table(of: list.entries[i - 1]))
            return 1
        }
        // A word is found as a player types it: in any case and, with accents folded (the
        // default), without its accents ("ecole" finds "école"); the list's own spelling first.
        let accents = LuaParameter.choice("accents", ["fold", "strict"], optional: true)
        set("contains", [.string("word", max: WordList.lineLimit), accents]) { [unowned self] call in
            let list = try list("contains")
            try call.charge(Double(call.length(1)) * 4)
            call.push(entry(in: list, matching: call.text(1), fold: call.text(2, default: "fold") == "fold") != nil)
            return 1
        }
        set("find", [.string("word", max: WordList.lineLimit), accents]) { [unowned self] call in
            let list = try list("find")
            try call.charge(Double(call.length(1)) * 4)
            call.push(entry(in: list, matching: call.text(1), fold: call.text(2, default: "fold") == "fold").map(Self.table(of:)) ?? .nil)
            return 1
        }
        // A letter's identity, the one rule every word game compares letters by: lower case,
        // NFC, and with accents folded its base letter; nil for what is not one letter. Second:
        // whether the list's words have it (true without a list).
        set("letter", [.string("text", max: 64), accents]) { [unowned self] call in
            let text = AccentFolding.nfc(call.text(1))
            guard text.count == 1, let c = text.first, c.isLetter else { call.pushNil(); return 1 }
            let fold = call.text(2, default: "fold") == "fold"
            let key = AccentFolding.key(c, fold: fold)
            call.push(key)
            call.push(wordList.map { _ in alphabet(fold: fold).contains(key) } ?? true)
            return 2
        }
        // The words that start with a prefix, in sorted order, a page at a time: a game such
        // as Ghost asks whether any word goes on, or a bot looks for one, without copying the
        // list into the rule. Each word returned is charged; a count alone costs a search.
        set("starting", [.string("prefix", max: WordList.lineLimit), .integer("limit", 0...Int64(Self.startingLimit), optional: true),
                         .string("after", max: WordList.lineLimit, optional: true)]) { [unowned self] call in
            let list = try list("starting")
            let index = sortedIndex(of: list)
            let prefix = Array(SortedWords.key(call.text(1)).utf8)
            let range = index.range(startingWith: prefix)
            var first = range.lowerBound
            if !call.isNil(3) { first = max(first, index.firstAfter(Array(SortedWords.key(call.text(3)).utf8))) }
            let limit = call.int(2, default: Self.startingDefault)
            let picked = first..<min(range.upperBound, max(first, first + limit))
            try call.charge(Double(call.length(1)) * 4 + Double(64 - index.count.leadingZeroBitCount) * 32)
            var words: [LuaValue] = []
            words.reserveCapacity(picked.count)
            for k in picked {
                let word = list.entries.word(index.order[k])
                try call.charge(Double(word.utf8.count) * 4 + 8)
                words.append(.string(word))
            }
            call.push(.array(words))
            call.push(Int64(range.count))
            return 2
        }
        set("letters", [.choice("accents", ["fold", "strict"], optional: true)]) { [unowned self] call in
            let list = try list("letters")
            let fold = call.text(1, default: "fold") == "fold"
            if letterCache[fold] == nil { letterCache[fold] = list.letters(fold: fold).map { .string($0) } }
            call.push(.array(letterCache[fold]!))
            return 1
        }
        set("puzzle", [.string("word", max: Self.puzzleWordLimit), .choice("accents", ["fold", "strict"], optional: true)]) { call in
            let word = call.text(1)
            guard word.contains(where: \.isLetter) else { throw GameAPIError("game.words.puzzle: '\(word)' has no letter to guess") }
            let accents = call.text(2, default: "fold")
            call.push(Self.table(of: WordPuzzle(word: word, foldsAccents: accents == "fold"), accents: accents))
            return 1
        }
        set("guess", [.table("puzzle"), .string("input", max: Self.puzzleWordLimit)]) { [unowned self] call in
            let accents = try call.field(1, "accents").string ?? "fold"
            var puzzle = try Self.puzzle(from: call)
            let input = AccentFolding.nfc(call.text(2))
            // A letter that is in none of the list's words (nor the puzzle's) is no guess: a
            // kana game takes kana, whatever else a keyboard types.
            if let foreign = foreignLetter(in: input, puzzle: puzzle) {
                call.push("invalid")
                call.push(foreign)
                return 2
            }
            let outcome = puzzle.guess(input)
            for (key, value) in Self.table(of: puzzle, accents: accents).map ?? [:] {
                call.setField(1, key, value)
            }
            switch outcome {
            // A letter guess also gives the letter as the game knows it (its identity), for
            // the game's messages: "No 'о'", never the "О" typed.
            case .hit(let n): call.push("hit"); call.push(Int64(n)); call.push(puzzle.guessed.last ?? ""); return 3
            case .miss: call.push("miss"); call.push(puzzle.guessed.last ?? ""); return 2
            case .repeated:
                // What was guessed before, as the game knows it: the letter's identity, or the word.
                call.push("repeat")
                if input.count == 1, let c = input.first {
                    call.push(AccentFolding.key(c, fold: puzzle.foldsAccents))
                } else {
                    call.push(input.lowercased())
                }
                return 2
            case .invalid: call.push("invalid")
            case .solved: call.push("solved")
            case .wrong: call.push("wrong")
            case .over: call.push("over")
            }
            return 1
        }
    }

    /// The most words one `game.words.starting` call returns, and how many it returns when
    /// the rule gives no limit.
    static let startingLimit = 1000
    static let startingDefault = 100

    /// The list's letters as identities (`AccentFolding.key`), made once a session for each way
    /// of comparing.
    func alphabet(fold: Bool) -> Set<String> {
        if let known = alphabets[fold] { return known }
        let made = Set(wordList?.letters(fold: fold) ?? [])
        alphabets[fold] = made
        return made
    }

    /// The scripts the list's words are written in (`AccentFolding.script`).
    func scripts() -> Set<String> {
        if let listScripts { return listScripts }
        let made = Set(alphabet(fold: false).compactMap { $0.first.map(AccentFolding.script(of:)) })
        listScripts = made
        return made
    }

    /// Why a guess is none: it has a letter of a script that none of the list's words (nor the
    /// puzzle's word) is written in. Nil without a list, or when every letter's script is the
    /// list's (a letter in no word but of the list's script is a guess, and a miss).
    private func foreignLetter(in input: String, puzzle: WordPuzzle) -> String? {
        guard wordList != nil else { return nil }
        let known = scripts()
        for c in input where c.isLetter {
            let script = AccentFolding.script(of: c)
            if known.contains(script) || puzzle.word.contains(where: { $0.isLetter && AccentFolding.script(of: $0) == script }) { continue }
            let named = known.sorted().map { $0.hasPrefix("U+") ? "the letters of its block " + $0 : $0 }
            let list = named.count <= 1 ? named.joined() : named.dropLast().joined(separator: ", ") + " and " + named.last!
            return "'\(AccentFolding.key(c, fold: false))' is not a letter of this word list, which is written in \(list)"
        }
        return nil
    }

    /// The list's entry for `word` as a player types it: the list's own spelling in any case,
    /// else, with `fold`, the first entry of the same identity (`AccentFolding.wordKey`).
    private func entry(in list: WordList, matching word: String, fold: Bool) -> WordList.Entry? {
        if let exact = list.entry(matching: word) { return exact }
        guard fold else { return nil }
        let key = AccentFolding.wordKey(word, fold: true)
        if foldedWords == nil {
            var index: [String: Int] = [:]
            for i in list.entries.indices {
                let folded = AccentFolding.wordKey(list.entries.word(i), fold: true)
                if index[folded] == nil { index[folded] = i }
            }
            foldedWords = index
        }
        return foldedWords![key].map { list.entries[$0] }
    }

    /// The list's words in sorted order, made the first time a rule asks for them.
    private func sortedIndex(of list: WordList) -> SortedWords {
        if let sortedWords { return sortedWords }
        let made = SortedWords(list)
        sortedWords = made
        return made
    }

    /// The session's word list, or an error naming the function.
    private func list(_ function: String) throws -> WordList {
        guard let list = words?.list else {
            throw GameAPIError("game.words.\(function): this game has no word list (declare words = \"NAME\" in the rule)")
        }
        return list
    }

    /// `next` and `draw`: a word from the queue. When every word has been played, the queue
    /// starts a new pass, and the player is told.
    private func take(_ call: LuaCall, _ function: String,
                      _ from: (inout WordQueue, RandomSource) throws -> WordList.Entry?) throws -> Int32 {
        _ = try list(function)
        let passes = words!.passes
        let entry = try from(&words!, random)
        if words!.passes > passes && keepsMessages {
            messages.append("Every word of the list has been played: the words start again\(function == "draw" ? ", reshuffled" : " from the top").")
        }
        call.push(entry.map(Self.table(of:)) ?? .nil)
        return 1
    }

    /// `game.words.name`: the list's name ("animals"), not its path, cut to 48 bytes (a rule
    /// may build record and board names from it).
    func setWordListName(_ name: String?) {
        guard let words = libraries["words"] else { return }
        lua.setField(words, "name", name.map { .string(Self.cut($0, to: Self.listNameLimit)) } ?? .nil)
    }

    static let listNameLimit = 48

    /// `text` cut to at most `limit` bytes, at a character boundary.
    static func cut(_ text: String, to limit: Int) -> String {
        var out = ""
        for c in text {
            if out.utf8.count + c.utf8.count > limit { break }
            out.append(c)
        }
        return out
    }

    static func table(of entry: WordList.Entry) -> LuaValue {
        var fields: [String: LuaValue] = ["word": .string(entry.word), "line": .integer(Int64(entry.line))]
        if let hint = entry.hint { fields["hint"] = .string(hint) }
        return .map(fields)
    }

    static func table(of p: WordPuzzle, accents: String) -> LuaValue {
        .map([
            "word": .string(p.word), "accents": .string(accents), "masked": .string(p.masked()),
            // The same as a list, for programs: each character shown, or false for a blank.
            "slots": .array(p.slots.map { $0.map(LuaValue.string) ?? .boolean(false) }),
            "guessed": .array(p.guessed.map { .string($0) }), "wrong_words": .array(p.wrongWords.map { .string($0) }),
            "correct": .array(p.correctLetters.map { .string($0) }), "misses": .integer(Int64(p.misses)),
            "solved": .boolean(p.isSolved), "solved_by_word": .boolean(p.solvedByWord),
        ])
    }

    /// The puzzle table of argument 1, field by field (it may sit in a larger state).
    static func puzzle(from call: LuaCall) throws -> WordPuzzle {
        guard let word = try call.field(1, "word").string, word.utf8.count <= puzzleWordLimit else {
            throw GameAPIError("game.words.guess: the puzzle's 'word' must be a string of at most \(puzzleWordLimit) bytes")
        }
        func strings(_ key: String) throws -> [String] {
            let items = try call.field(1, key).array ?? []
            guard items.count <= puzzleGuessLimit else {
                throw GameAPIError("game.words.guess: the puzzle's '\(key)' holds more than \(puzzleGuessLimit) guesses")
            }
            return items.compactMap(\.string).filter { $0.utf8.count <= puzzleWordLimit }
        }
        return WordPuzzle(word: word, foldsAccents: try call.field(1, "accents").string != "strict", guesses: try strings("guessed"),
                          wrongWords: try strings("wrong_words"), solvedByWord: try call.field(1, "solved_by_word").boolean ?? false)
    }
}
