import GameCore
import LuaKit

/// A rule file loaded into a sandboxed Lua state of its own and checked against the rule
/// contract (see docs/lua-api.md): what it says of itself (`info`) and its code (the hooks).
/// A loaded rule serves one engine: `GameEngine` takes it over, and the rule's Lua state then
/// holds that engine's game and nothing else's.
public final class LoadedRule {
    /// What the rule says of itself, readable without Lua.
    public internal(set) var info: RuleInfo
    package let lua: LuaState
    package let api: GameAPI
    package let hooks: Hooks
    /// Option `check` functions and command `run` functions, by name.
    let optionChecks: [String: LuaRef]
    package let commandRuns: [String: LuaRef]
    /// Set once an engine has taken the rule over.
    package var isBound = false
    /// The translations read so far (`readTranslations`), by language code.
    private var translationsRead: Set<String> = []
    private var readAllTranslations = false

    package struct Hooks {
        package let setup: LuaRef
        package let view: LuaRef
        package let moves: LuaRef
        package let play: LuaRef
        package let result: LuaRef
        /// `observe(state, game, seat)`: what a seat may know (optional; see `RuleInfo.secretFields`).
        package let observe: LuaRef?
        /// `bot(state, game, seat)`: the rule's own player (optional).
        package let bot: LuaRef?
        /// `turn(state, game)`: the seat or seats to move (optional; needed with several seats).
        package let turn: LuaRef?
        /// `leave(state, game, seat)`: a game the player leaves in the middle (optional).
        package let leave: LuaRef?
        /// `search.deal(state, game, seat)`: deals again, for the search player, what the host
        /// cannot deal itself (a secret word), from what the seat knows (optional).
        package let deal: LuaRef?
        /// `search.moves(state, game, seat)`: the inputs the search weighs where `moves` takes
        /// free text (optional).
        package let candidates: LuaRef?
    }

    static let hookNames = ["setup", "view", "moves", "play", "result"]
    static let knownFields: Set<String> = Set(hookNames + ["id", "title", "about", "rules", "options", "commands", "words", "secret",
                                                           "private", "observe", "plays_after_result", "bot", "keys", "players", "turn", "maps",
                                                           "share_words", "leave", "one_game", "refresh", "search", "undo", "texts"])
    static let searchFields: Set<String> = ["deal", "moves", "hints"]

    /// The path, as the rule's messages name it.
    public var path: String { info.path }

    /// Loads and validates `path`. Every problem is reported, each as `file:line: message`
    /// or `file: field 'x' ...`.
    /// `prelude` runs first, in the same state (see `RulePrelude`).
    public init(path: String, libraryDirectories: [String] = [], memoryCap: Int = 64 << 20, prelude: RulePrelude? = nil) throws {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw RuleError([String(describing: error)])
        }
        lua = LuaState(memoryCap: memoryCap)
        let libraries = [FileSystem.join(FileSystem.directory(of: path), "lib")] + libraryDirectories
        api = GameAPI(lua: lua, libraryDirectories: libraries)

        let table: LuaRef
        do {
            if let prelude {
                let install = try lua.load(prelude.source, chunkName: "=check")
                guard case .ref(let kept)? = try lua.call(install, prelude.arguments, results: 1, tablesByReference: true).first else {
                    throw RuleError(["the host's prelude to the rule did not start"])
                }
                preludeResult = kept
            }
            if let problem = lua.sourceProblem(bytes, chunkName: path) { throw RuleError([problem]) }
            let chunk = try lua.load(bytes, chunkName: path)
            let returned = try lua.call(chunk, tablesByReference: true)
            guard case .ref(let t)? = returned.first, t.typeName == "table" else {
                throw RuleError(["\(path): the file must return a table of the rule (it returned \(returned.first?.typeName ?? "nothing"))"])
            }
            table = t
        } catch let error as LuaError {
            // A memory error has no line to name: name the file at least.
            throw RuleError([error.message.hasPrefix(path) ? error.message : "\(path): \(error.message) (while loading)"])
        }
        let contentHash = FileSystem.fingerprint(bytes + api.loadedLibraries)
        sourceBytes = bytes + api.loadedLibraries

        var problems: [String] = []
        var warnings: [String] = []
        // Only the fields the contract names are read: a rule table that holds a cycle or a
        // huge structure elsewhere still loads, and the field names are checked for typos.
        var fields: [String: LuaValue] = [:]
        do {
            for name in try lua.keys(of: table) {
                fields[name] = Self.knownFields.contains(name) ? try lua.field(table, name) : .nil
            }
        } catch {
            throw RuleError(["\(path): the rule table: \(error)"])
        }
        for name in fields.keys.sorted().prefix(20) where !Self.knownFields.contains(name) {
            let shown = name.utf8.count > 64 ? String(decoding: name.utf8.prefix(64), as: UTF8.self) + "…" : name
            if let near = Spelling.nearest(to: name, among: Self.knownFields) {
                warnings.append("\(path): unknown field '\(shown)': did you mean '\(near)'?")
            } else {
                warnings.append("\(path): unknown field '\(shown)' (the rule contract has \(Self.knownFields.sorted().joined(separator: ", ")))")
            }
        }

        func text(_ name: String, required: Bool) -> String {
            switch fields[name] ?? .nil {
            case .string(let s) where s.utf8.count > Self.textLimits[name, default: Self.helpLimit]:
                problems.append("\(path): field '\(name)' is longer than \(Self.textLimits[name, default: Self.helpLimit]) bytes")
            case .string(let s): return s
            case .nil where !required: return ""
            case .nil: problems.append("\(path): field '\(name)' is missing (it must be a string)")
            case let other: problems.append("\(path): field '\(name)' must be a string, not a \(other.typeName)")
            }
            return ""
        }
        let id = text("id", required: true)
        if !id.isEmpty && !Self.isValidName(id) {
            problems.append("\(path): field 'id' is '\(id)': use lower-case letters, digits and hyphens")
        }
        let title = text("title", required: true)
        let about = text("about", required: false)
        let rules = text("rules", required: false)
        // `words = "NAME"` or `words = { list = "NAME", length = 5 }` (or min_length, max_length).
        var words = ""
        var wordFilter = WordList.Filter()
        if case .map(let spec) = fields["words"] ?? .nil {
            let known: Set<String> = ["list", "length", "min_length", "max_length"]
            for key in spec.keys.sorted() where !known.contains(key) {
                problems.append("\(path): field 'words' has '\(key)': it takes list, length, min_length and max_length")
            }
            if case .string(let name)? = spec["list"], !name.isEmpty { words = name } else {
                problems.append("\(path): field 'words' needs a list name, as { list = \"five-letter\", length = 5 }")
            }
            func letters(_ key: String) -> Int? {
                guard let value = spec[key], !value.isNil else { return nil }
                guard let n = value.integer, (1...Int64(WordList.lineLimit)).contains(n) else {
                    problems.append("\(path): field 'words': \(key) must be a whole number from 1 to \(WordList.lineLimit)")
                    return nil
                }
                return Int(n)
            }
            let length = letters("length")
            wordFilter = wordFilter.narrowed(minimumLetters: letters("min_length") ?? length, maximumLetters: letters("max_length") ?? length)
            if wordFilter.minimumLetters > wordFilter.maximumLetters {
                problems.append("\(path): field 'words': min_length is more than max_length")
            }
        } else if case .array? = fields["words"] {
            problems.append("\(path): field 'words' needs a list name, as { list = \"five-letter\", length = 5 }")
        } else if case .string(let name)? = fields["words"], name.isEmpty {
            problems.append("\(path): field 'words' is empty: name a word list, as words = \"animals\"")
        } else if case let other? = fields["words"], !other.isNil, other.string == nil {
            problems.append("\(path): field 'words' must be a list name or a table, as { list = \"five-letter\", length = 5 }, not a \(other.typeName)")
        } else {
            words = text("words", required: false)
        }
        // A rule names a list, never a path: paths are for the player's --words.
        if !words.isEmpty && !WordListCatalog.isListName(words) {
            problems.append("\(path): field 'words' is '\(words)': name a word list (letters, digits, '-' and '_'), not a path; players choose files with --words")
        }

        var hookRefs: [String: LuaRef] = [:]
        for name in Self.hookNames {
            switch fields[name] ?? .nil {
            case .ref(let r) where r.typeName == "function": hookRefs[name] = r
            case .nil: problems.append("\(path): field '\(name)' is missing (it must be a function)")
            case let other: problems.append("\(path): field '\(name)' must be a function, not a \(other.typeName)")
            }
        }

        // The optional hooks.
        func optionalHook(_ name: String) -> LuaRef? {
            switch fields[name] ?? .nil {
            case .nil: return nil
            case .ref(let r) where r.typeName == "function": return r
            case let other:
                problems.append("\(path): field '\(name)' must be a function, not a \(other.typeName)")
                return nil
            }
        }
        let observe = optionalHook("observe"), bot = optionalHook("bot"), turn = optionalHook("turn"), leave = optionalHook("leave")
        // Lists of state field names: `secret` (no seat sees them), `private` (one entry per
        // seat, which that seat alone sees).
        func fieldNames(_ name: String, example: String) -> [String] {
            switch fields[name] ?? .nil {
            case .nil: return []
            case let value:
                if let list = value.array, case let names = list.compactMap(\.string), names.count == list.count {
                    // A field of the state itself: a path into it (which `maps` takes) would
                    // hide nothing, silently.
                    if let dotted = names.first(where: { $0.isEmpty || $0.contains(".") }) {
                        problems.append("\(path): field '\(name)' names fields of the state itself, as \(example); '\(TerminalText.plain(dotted))' is not one (hide the whole field that holds it)")
                    }
                    return names
                }
                problems.append("\(path): field '\(name)' must be a list of state field names, as \(example)")
                return []
            }
        }
        let secrets = fieldNames("secret", example: "{ \"word\", \"hint\" }")
        let privates = fieldNames("private", example: "{ \"dice\" }")
        if let both = privates.first(where: secrets.contains) {
            problems.append("\(path): '\(both)' is in both 'secret' and 'private': a field is hidden from every seat, or seen by its own seat only")
        }
        var playsAfterResult = false
        switch fields["plays_after_result"] ?? .nil {
        case .nil: break
        case .boolean(let b): playsAfterResult = b
        case let other:
            problems.append("\(path): field 'plays_after_result' must be true or false, not a \(other.typeName)")
        }

        let keys = Self.parseKeys(fields["keys"] ?? .nil, path: path, problems: &problems)
        let (options, checks) = OptionSpec.parse(fields["options"] ?? .nil, path: path, problems: &problems)
        let (commands, runs) = CommandSpec.parse(fields["commands"] ?? .nil, path: path, problems: &problems)
        let seats = SeatRange.parse(fields["players"] ?? .nil, path: path, problems: &problems)
        // `maps = { "keys", "rows.*.marks" }`: places in the state whose tables are maps.
        var maps: [[String]] = []
        switch fields["maps"] ?? .nil {
        case .nil: break
        case let value:
            let names = value.array?.compactMap(\.string) ?? []
            if names.count == value.array?.count, names.count <= 100, names.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 200 }) {
                maps = names.map { $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
            } else {
                problems.append("\(path): field 'maps' must be a list of state field paths, as { \"keys\", \"rows.*.marks\" } (at most 100)")
            }
        }
        // The translations are read when asked for (`readTranslations`): a game reads its
        // player's language's alone.
        let texts = RuleTexts(base: RuleTexts.parse(fields["texts"] ?? .nil, place: "\(path): field 'texts'", problems: &problems))
        var allowsUndo = false
        switch fields["undo"] ?? .nil {
        case .nil: break
        case .boolean(let b): allowsUndo = b
        case let other: problems.append("\(path): field 'undo' must be true or false, not a \(other.typeName)")
        }
        var oneGame = false
        switch fields["one_game"] ?? .nil {
        case .nil: break
        case .boolean(let b): oneGame = b
        case let other: problems.append("\(path): field 'one_game' must be true or false, not a \(other.typeName)")
        }
        var refresh: Double?
        switch fields["refresh"] ?? .nil {
        case .nil: break
        case .integer(let n) where (1...60).contains(n): refresh = Double(n)
        case .number(let d) where d >= 0.1 && d <= 60: refresh = d
        case .integer, .number: problems.append("\(path): field 'refresh' must be from 0.1 to 60 seconds")
        case let other: problems.append("\(path): field 'refresh' must be a number of seconds (0.1 to 60), not a \(other.typeName)")
        }
        var shareWords = false
        switch fields["share_words"] ?? .nil {
        case .nil: break
        case .boolean(let b): shareWords = b
        case let other: problems.append("\(path): field 'share_words' must be true or false, not a \(other.typeName)")
        }
        // `search = { deal =, moves =, hints = }`: what the search player may use of the rule.
        var deal: LuaRef?, candidates: LuaRef?, allowsHints = false
        switch fields["search"] ?? .nil {
        case .nil: break
        case .map(let entries):
            if let stray = entries.keys.sorted().first(where: { !Self.searchFields.contains($0) }) {
                problems.append("\(path): field 'search' has '\(stray)', which the host does not know (it takes deal, moves and hints)")
            }
            func function(_ name: String) -> LuaRef? {
                switch entries[name] ?? .nil {
                case .nil: return nil
                case .ref(let r) where r.typeName == "function": return r
                case let other:
                    problems.append("\(path): field 'search.\(name)' must be a function, not a \(other.typeName)")
                    return nil
                }
            }
            deal = function("deal")
            candidates = function("moves")
            switch entries["hints"] ?? .nil {
            case .nil: break
            case .boolean(let b): allowsHints = b
            case let other: problems.append("\(path): field 'search.hints' must be true or false, not a \(other.typeName)")
            }
        case let other:
            problems.append("\(path): field 'search' must be a table, as { deal = function(state, game, seat) ... end }, not a \(other.typeName)")
        }
        if allowsHints, commands.contains(where: { $0.name == "hint" }) {
            problems.append("\(path): the rule has a command 'hint' and search.hints = true: /hint would be both (rename the command, or drop the hints)")
        }
        if seats.max > 1 && turn == nil {
            problems.append("\(path): a rule for several players needs turn = function(state, game) returning the seat (or seats) to move")
        }

        // A typo'd field is often why a field is missing: say both.
        guard problems.isEmpty else { throw RuleError(problems + warnings.filter { $0.contains("did you mean") }) }
        hooks = Hooks(setup: hookRefs["setup"]!, view: hookRefs["view"]!, moves: hookRefs["moves"]!,
                      play: hookRefs["play"]!, result: hookRefs["result"]!, observe: observe, bot: bot, turn: turn, leave: leave,
                      deal: deal, candidates: candidates)
        optionChecks = checks
        commandRuns = runs
        info = RuleInfo(path: path, id: id, title: title, about: about, howToPlay: rules.isEmpty ? about : rules,
                        options: options, commands: commands, defaultWordList: words.isEmpty ? nil : words,
                        wordFilter: wordFilter, contentHash: contentHash, warnings: warnings,
                        scoreKey: id + "@" + (FileSystem.realPath(path) ?? path), keys: keys,
                        playsAfterResult: playsAfterResult, secretFields: secrets, privateFields: privates, seats: seats, hasBot: bot != nil,
                        hasObserve: observe != nil, mapPaths: maps, sharesWords: shareWords, libraryDirectories: libraryDirectories,
                        oneGame: oneGame, hasLeave: leave != nil, refresh: refresh,
                        search: .init(deals: deal != nil, weighsText: candidates != nil, allowsHints: allowsHints), allowsUndo: allowsUndo, texts: texts)

        // A default that its own option refuses is a bug in the rule file.
        var defaultProblems: [String] = []
        for option in options {
            if case .failure(let reason) = validate(option, option.defaultValue) {
                defaultProblems.append("\(path): the default '\(option.defaultValue)' of option '\(option.name)' is refused: \(reason)")
            }
        }
        guard defaultProblems.isEmpty else { throw RuleError(defaultProblems) }
    }

    /// Keeps the rule's scores under its id alone, as a built-in game's are (see
    /// `RuleInfo.scoreKey`).
    public func useBuiltInScoreKey() { info.scoreKey = info.id }

    /// The same rule file loaded afresh, in a Lua state of its own (for another engine).
    public func reloaded() throws -> LoadedRule {
        let fresh = try LoadedRule(path: info.path, libraryDirectories: info.libraryDirectories, memoryCap: lua.memoryCap)
        fresh.info.scoreKey = info.scoreKey
        return fresh
    }

    /// Releases the rule's Lua state at once (it is also released when the rule is).
    public func close() { lua.close() }

    /// Seconds one call into the rule may take (see `LuaState.timeLimit`).
    public var timeLimit: Double {
        get { lua.timeLimit }
        set { lua.timeLimit = newValue }
    }

    /// The longest texts a rule may give: what is shown at every start or in every listing.
    static let textLimits = ["id": 64, "title": 200, "about": 1000, "rules": 64 << 10, "words": 64]
    static let helpLimit = 1000

    /// Names of games, options and commands: lower-case letters, digits and hyphens.
    public static func isValidName(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
    }

    // MARK: Options

    public enum Validation: Equatable {
        case success(LuaValue)
        case failure(String)
    }

    /// Checks a value given for an option (on the command line, or the default) and converts
    /// it to what the rule sees in `game.options`.
    public func validate(_ option: OptionSpec, _ given: String) -> Validation {
        var text = given
        var value: LuaValue = .string(text)
        switch option.kind {
        case .integer(let range):
            guard let n = Int64(text), range.contains(n) else {
                return .failure("'\(text)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            value = .integer(n)
        case .text(let choices, let accept):
            // Case does not matter to players: `SINGLE` is the choice `single`.
            if let choice = option.choice(named: text) {
                text = choice
                value = .string(text)
            } else {
                // With neither choices nor a pattern, the option's check function decides.
                var accepted = accept.map { matches(pattern: $0, text) } ?? (choices.isEmpty && option.hasCheck)
                if !accepted, let accept, text.lowercased() != text, matches(pattern: accept, text.lowercased()) {
                    text = text.lowercased()
                    value = .string(text)
                    accepted = true
                }
                guard accepted else {
                    let help = option.help.isEmpty || accept == nil ? "" : " (\(option.help))"
                    return .failure("'\(text)' is not one of: \(option.choicesDescription)\(help)")
                }
            }
        }
        if let check = optionChecks[option.name] {
            do {
                let answer = try lua.call(check, [value, .ref(api.table)], results: 1).first ?? .nil
                switch answer {
                case .nil, .boolean(true): break
                case .string(let reason): return .failure(reason)
                default: return .failure("'\(text)' is refused by the rule's check")
                }
            } catch {
                return .failure(String(describing: error))
            }
        }
        return .success(value)
    }

    private lazy var patternMatcher = try? lua.load(FreeText.matcherSource, chunkName: "=pattern")

    /// Whether a Lua pattern matches all of `text` (false for a malformed pattern).
    package func matches(pattern: String, _ text: String) -> Bool {
        guard let find = patternMatcher else { return false }
        return (try? lua.call(find, [.string(text), .string(pattern)], results: 1).first) == .boolean(true)
    }

    /// The rule file's text and the libraries it required as it loaded (check tells a face the
    /// rule writes as an example from one it reads from the state).
    public private(set) var sourceBytes: [UInt8] = []

    /// What the prelude returned (a table it keeps filling as the rule runs), or nil.
    package private(set) var preludeResult: LuaRef?

    /// The strings of the list `preludeResult` holds now, with the rule's chunk names.
    package func preludeStrings() -> [String] {
        let found = preludeResult.flatMap { try? lua.read($0, as: "prelude result") }?.array?.compactMap(\.string) ?? []
        return found.map(lua.restoringChunkNames)
    }

    /// The value of an option given with none (`--match` last on the command line): only the
    /// rule knows whether the name is one of its options, and so whether the value is missing
    /// or the option unknown. (A word of a command line cannot hold a NUL.)
    public static let optionWithoutValue = "\u{0}"

    /// Resolves the options given on the command line (name without dashes -> value) into
    /// the table the rule sees, filling in defaults. An unknown name is refused naming the
    /// game's options and `command`'s own (what the command running takes); a known one given
    /// without its value (`optionWithoutValue`) is refused as such.
    public func resolveOptions(_ given: [String: String], command: CommandOptions = .play) throws -> [String: LuaValue] {
        let options = info.options
        for name in given.keys.sorted() where !options.contains(where: { $0.name == name }) {
            let known = options.map { "--\($0.name)" } + command.flags + (info.defaultWordList == nil ? [] : ["--words", "--min-length", "--max-length"])
            throw UsageError("no option --\(name) (options: \(known.joined(separator: ", "))\(command.help(info.id)))")
        }
        var values: [String: LuaValue] = [:]
        for option in options {
            if given[option.name] == Self.optionWithoutValue { throw UsageError("--\(option.name) needs a value") }
            switch validate(option, given[option.name] ?? option.defaultValue) {
            case .success(let v): values[option.name] = v
            case .failure(let reason): throw UsageError("--\(option.name): \(reason)")
            }
        }
        return values
    }
}

/// A rule file broke the contract; one line per problem.
public struct RuleError: Error, CustomStringConvertible, Equatable {
    public var problems: [String]
    /// The rule ran out of its steps, time or memory (rather than failing in its own code):
    /// asked again, it may answer.
    public var usedUpLimits = false
    /// The limit used up was the rule's memory (not its steps or time).
    public var usedUpMemory = false
    public init(_ problems: [String], usedUpLimits: Bool = false, usedUpMemory: Bool = false) {
        self.problems = problems
        self.usedUpLimits = usedUpLimits || usedUpMemory
        self.usedUpMemory = usedUpMemory
    }
    public var description: String { problems.joined(separator: "\n") }
}

/// The command line asked for something that does not exist (exit code 2).
public struct UsageError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension LoadedRule {
    /// The `keys` field: one printable ASCII character (not `/`, which starts a command, nor a
    /// Space, which starts a typed word) for each move it names.
    static func parseKeys(_ value: LuaValue, path: String, problems: inout [String]) -> [String: String] {
        if value.isNil || value.array?.isEmpty == true { return [:] }
        guard let table = value.map else {
            problems.append("\(path): field 'keys' must be a table of one-character keys, as keys = { r = \"rock\" }")
            return [:]
        }
        var keys: [String: String] = [:]
        for (key, move) in table.sorted(by: { $0.key < $1.key }) {
            guard key.utf8.count == 1, let byte = key.utf8.first, byte > 32, byte < 127, byte != UInt8(ascii: "/") else {
                problems.append("\(path): key '\(TerminalText.plain(key))' must be one printable character other than / and Space")
                continue
            }
            guard let name = move.string, !name.isEmpty, name.utf8.count <= InputLine.limit else {
                problems.append("\(path): key '\(key)' must name a move (a string), not \(move.typeName)")
                continue
            }
            keys[key] = name
        }
        return keys
    }
}

// MARK: Translations

extension LoadedRule {
    /// Reads the rule's translations into `info.texts` (once each): those of `languages` and
    /// the codes they fall back to (`de-at`, `de`), or every one (nil: `check`, and a listing
    /// that names the game in each language). Their problems join `info.warnings`.
    public func readTranslations(_ languages: [String]? = nil) {
        guard !info.texts.base.isEmpty else { return }
        let codes = languages.map { Set($0.flatMap(RuleTexts.fallbacks)) }
        if let codes, codes.isSubset(of: translationsRead) { return }
        if codes == nil, readAllTranslations { return }
        var warnings: [String] = []
        let found = Self.translations(of: info.path, base: info.texts.base, lua: lua, warnings: &warnings) { code in
            !translationsRead.contains(code) && (codes?.contains(code) ?? true)
        }
        for (code, texts) in found { info.texts.translations[code] = texts }
        translationsRead.formUnion(codes ?? Set(found.keys))
        if codes == nil { readAllTranslations = true }
        info.warnings += warnings
    }

    /// The translations beside the rule file at `path` (`STEM.texts/LANG.lua`, each returning
    /// a table of texts) that `wanted` asks for, read in the rule's sandbox as its libraries
    /// are. What a translation gets wrong (a file that does not load, a key it lacks or the
    /// rule has not) is a warning, named with its file: the game is played all the same, in
    /// the rule's own texts there.
    static func translations(of path: String, base: [String: RuleTexts.Text], lua: LuaState, warnings: inout [String],
                             wanted: (String) -> Bool) -> [String: [String: RuleTexts.Text]] {
        let folder = FileSystem.join(FileSystem.directory(of: path), FileSystem.stem(of: path) + ".texts")
        guard FileSystem.isDirectory(folder) else { return [:] }
        guard !FileSystem.isSymbolicLink(folder) else {
            warnings.append("\(folder): a symbolic link, which is not followed: the rule's texts are not translated")
            return [:]
        }
        var found: [String: [String: RuleTexts.Text]] = [:]
        let names = FileSystem.list(folder).filter { $0.hasSuffix(".lua") }.sorted()
        if names.count > RuleTexts.languageLimit { warnings.append("\(folder): more than \(RuleTexts.languageLimit) languages; the first are read") }
        for name in names.prefix(RuleTexts.languageLimit) {
            let file = FileSystem.join(folder, name)
            let code = String(name.dropLast(4)).lowercased()
            guard RuleTexts.isLanguage(code) else {
                warnings.append("\(file): not named for a language (de.lua, ja.lua, pt-br.lua), so not read")
                continue
            }
            guard wanted(code) else { continue }
            guard !FileSystem.isSymbolicLink(file), FileSystem.isFile(file) else {
                warnings.append("\(file): a symbolic link or not a file, so not read")
                continue
            }
            do {
                let bytes = try FileSystem.read(file, limit: LuaState.sourceLimit)
                if let problem = lua.sourceProblem(bytes, chunkName: file) {
                    warnings.append(problem)
                    continue
                }
                let returned = try lua.call(try lua.load(bytes, chunkName: file), tablesByReference: true)
                guard case .ref(let table)? = returned.first, table.typeName == "table" else {
                    warnings.append("\(file): the file must return a table of texts by key (it returned \(returned.first?.typeName ?? "nothing"))")
                    continue
                }
                var entries: [String: LuaValue] = [:]
                for key in try lua.keys(of: table, limit: RuleTexts.keyLimit + 1) { entries[key] = try lua.field(table, key) }
                var problems: [String] = []
                let texts = RuleTexts.parse(.map(entries), place: file, problems: &problems)
                warnings += problems + RuleTexts.differences(texts, base: base, place: file)
                found[code] = texts
            } catch let error as LuaError {
                warnings.append(error.message.hasPrefix(file) ? error.message : "\(file): \(error.message)")
            } catch {
                warnings.append("\(error)")
            }
        }
        return found
    }
}
