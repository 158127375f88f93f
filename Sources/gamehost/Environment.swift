import GameCore
import GameRules
import GameStorage
#if canImport(Glibc)
import Glibc
#endif

// Where the CLI finds rules, word lists and scores, and how it reads seeds: the only place
// that turns the process environment into GameHost values.

func executablePath() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    return n > 0 ? String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
}

/// `$XDG_DATA_HOME`, or `~/.local/share`.
var dataHome: String {
    let home = Terminal.environment("HOME") ?? "/"
    return Terminal.environment("XDG_DATA_HOME").flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
}

func catalog() -> RuleCatalog {
    RuleCatalog.standard(executablePath: executablePath(), dataHome: dataHome)
}

/// Where scores live: `--data DIR`, else `$XDG_DATA_HOME/gamehost`.
/// Where scores and records are kept: `--data DIR`, else the data home; `--data none` keeps
/// none (nothing is read or written, and statistics start empty).
func scoreStore(_ data: String?) -> ScoreStore? {
    if data == "none" { return nil }
    return ScoreStore(directory: data ?? dataHome + "/gamehost")
}

/// The word list for a game that plays one: `--words` or the rule's default, narrowed by the
/// rule's word lengths and the player's `--min-length` / `--max-length`.
/// `playerChose` is false when the name comes from elsewhere (a transcript): then it must be a
/// list name, never a path.
func wordList(for rule: RuleInfo, name: String?, lengths: WordLengths = WordLengths(), catalog: RuleCatalog,
              playerChose: Bool = true, ascii: Bool = false) throws -> WordList? {
    guard let defaultName = rule.defaultWordList else {
        if name != nil || lengths.given { throw CLIError.usage("\(rule.id) does not use word lists (no --words, --min-length or --max-length)") }
        return nil
    }
    let filter = rule.wordFilter.narrowed(minimumLetters: try lengths.minimum(), maximumLetters: try lengths.maximum())
    let list = try loadList(name ?? defaultName, rule: rule, filter: filter, playerChose: playerChose && name != nil,
                            lengths: lengths, catalog: catalog)
    // --ascii shows accented letters without their accents, but a word in another script
    // would be all question marks: such a list cannot be played in ASCII.
    // (The word is named by its line: under --ascii the message itself is folded.)
    if ascii, let entry = list.entriesBeyondASCII.first(where: { ASCIIText.fold($0.word).contains("?") && !$0.word.contains("?") }) {
        throw CLIError.usage("--ascii: the list \(name ?? defaultName) has words ASCII cannot show (the first on line \(entry.line)); play it without --ascii, or choose a list in Latin letters")
    }
    return list
}

/// A word list by name or path, its problems as the CLI reports them.
private func loadList(_ name: String, rule: RuleInfo, filter: WordList.Filter, playerChose: Bool, lengths: WordLengths,
                      catalog: RuleCatalog) throws -> WordList {
    let defaultName = rule.defaultWordList ?? name
    do {
        let list = try WordListCatalog(beside: catalog, dataHome: dataHome)
            .load(name, filter: filter, allowsPaths: playerChose, besideRule: rule.path)
        for warning in list.warnings { fail("warning: " + warning) }
        return list
    } catch let error as UsageError {
        // The rule's own list: the rule file is at fault, not a --words the player never gave.
        if !playerChose, name == defaultName, error.message.hasPrefix("--words: no word list") {
            let lists = WordListCatalog(beside: catalog, dataHome: dataHome).names
            let near = Spelling.nearest(to: defaultName, among: lists)
            throw CLIError.failure("\(rule.path): field 'words' names the list '\(defaultName)', which is not in the word-list folders "
                                   + "(lists: \(lists.joined(separator: ", ")))" + (near.map { "; did you mean '\($0)'?" } ?? ""))
        }
        throw CLIError.usage(error.message)
    } catch let error as WordListError where error.emptiedByLengths && lengths.given {
        // The player's --min-length / --max-length left nothing: the flags are at fault.
        throw CLIError.usage(lengths.arguments.joined(separator: " ") + ": " + error.description)
    } catch {
        throw CLIError.failure(String(describing: error))
    }
}

/// The player's `--min-length N` and `--max-length N`, as given.
struct WordLengths {
    var min: String?
    var max: String?

    var given: Bool { min != nil || max != nil }

    func minimum() throws -> Int? { try Self.parse(min, "--min-length") }
    func maximum() throws -> Int? { try Self.parse(max, "--max-length") }

    /// The flags again, for a replay command or a transcript.
    var arguments: [String] { (min.map { ["--min-length", $0] } ?? []) + (max.map { ["--max-length", $0] } ?? []) }

    static func parse(_ text: String?, _ flag: String) throws -> Int? {
        guard let text else { return nil }
        guard let n = Int(text), (1...WordList.lineLimit).contains(n) else {
            throw CLIError.usage("\(flag) needs a whole number from 1 to \(WordList.lineLimit), not '\(text)'")
        }
        return n
    }
}

/// A seed for a game that was not given one: from the system's entropy, anywhere in the range
/// `--seed` takes (a narrower range would be easier to guess from a game's moves).
func freshSeed() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    return UInt64.random(in: 0...UInt64.max, using: &generator)
}

func parseSeed(_ text: String?) throws -> UInt64 {
    guard let text else { return freshSeed() }
    guard let seed = UInt64(text) else { throw CLIError.usage("--seed needs a whole number from 0 to \(UInt64.max), not '\(text)'") }
    return seed
}


func loadRule(_ game: String, from catalog: RuleCatalog) throws -> LoadedRule {
    do {
        let rule = try catalog.load(game)
        // A game given by name may hide a player's rule of the same name: say so.
        if !game.contains("/"), !game.hasSuffix(".lua"), let clash = catalog.hidden().first(where: { $0.name == game }) {
            for path in clash.hidden {
                fail("note: this is \(clash.shown); \(path) has the same name: play it as gamehost play \(shellQuoted(path))")
            }
        }
        for warning in rule.info.warnings { fail("warning: " + warning) }
        return rule
    } catch let error as UsageError {
        throw CLIError.usage(error.message)
    } catch {
        throw CLIError.failure(String(describing: error))
    }
}

extension String {
    var trimmed: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s = s.dropFirst() }
        while let c = s.last, c.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}


/// A moment (seconds since 1970) as the local calendar date, 2026-11-30.
func calendarDate(_ seconds: Double) -> String {
    guard seconds.isFinite, abs(seconds) < 1e11 else { return "" }
    var time = time_t(seconds)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return "" }
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : String(n) }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
}
