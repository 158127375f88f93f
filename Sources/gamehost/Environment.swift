import GameCore
import GameHost
#if canImport(Glibc)
import Glibc
#endif

// Where the CLI finds rules, word lists and scores, and how it reads seeds: the only place
// that turns the process environment into GameHost values.

func executablePath() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    return n > 0 ? String(cString: buffer) : CommandLine.arguments[0]
}

/// `$XDG_DATA_HOME`, or `~/.local/share`.
var dataHome: String {
    let home = Terminal.environment("HOME") ?? "/"
    return Terminal.environment("XDG_DATA_HOME").flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
}

func catalog() -> RuleCatalog {
    RuleCatalog(directories: RuleCatalog.standardDirectories(executablePath: executablePath(), dataHome: dataHome))
}

/// Where scores live: `--data DIR`, else `$XDG_DATA_HOME/gamehost`.
func scoreStore(_ data: String?) -> ScoreStore {
    ScoreStore(directory: data ?? dataHome + "/gamehost")
}

/// The word list for a game that plays one: `--words` or the rule's default.
/// `playerChose` is false when the name comes from elsewhere (a transcript): then it must be a
/// list name, never a path.
func wordList(for rule: Rule, name: String?, minLength: String?, catalog: RuleCatalog, playerChose: Bool = true) throws -> WordList? {
    guard let defaultName = rule.defaultWordList else {
        if name != nil || minLength != nil { throw CLIError.usage("\(rule.id) does not use word lists (no --words or --min-length)") }
        return nil
    }
    var minimum: Int?
    if let minLength {
        guard let n = Int(minLength), n >= 1 else { throw CLIError.usage("--min-length needs a whole number from 1, not '\(minLength)'") }
        minimum = n
    }
    do {
        let list = try WordListCatalog(beside: catalog, dataHome: dataHome).load(name ?? defaultName, minimumLetters: minimum,
                                                                                   allowsPaths: playerChose && name != nil)
        for warning in list.warnings { fail("warning: " + warning) }
        return list
    } catch let error as UsageError {
        throw CLIError.usage(error.message)
    } catch {
        throw CLIError.failure(String(describing: error))
    }
}

/// A seed for a game that was not given one: from the system's entropy, short enough to type.
func freshSeed() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    return UInt64.random(in: 1...999_999_999, using: &generator)
}

func parseSeed(_ text: String?) throws -> UInt64 {
    guard let text else { return freshSeed() }
    guard let seed = UInt64(text) else { throw CLIError.usage("--seed needs a whole number from 0 to \(UInt64.max), not '\(text)'") }
    return seed
}

func loadRule(_ game: String, from catalog: RuleCatalog) throws -> Rule {
    do {
        let rule = try catalog.load(game)
        for warning in rule.warnings { fail("warning: " + warning) }
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

