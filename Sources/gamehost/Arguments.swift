import GameCore
import GameRules
/// A command line split into a command, its positional words and its `--name value` options.
/// Written here because the toolchain offers no argument parser and none can be fetched.
struct Arguments {
    var command: String?
    var positional: [String] = []
    /// `--name value` and `--name=value` pairs, in order (names without dashes).
    var options: [(name: String, value: String)] = []
    var flags: Set<String> = []

    /// Host options that take no value.
    static let flagNames = OptionSpec.hostFlags

    init(_ words: [String]) throws {
        // Every word is bounded before any is compared: Swift compares text in canonical
        // order, quadratically in a run of combining marks (see `MarkRun`).
        if let k = words.firstIndex(where: MarkRun.isTooLong) {
            throw CLIError.usage("argument \(k + 1) \(MarkRun.problem)")
        }
        var i = 0
        while i < words.count {
            let word = words[i]
            i += 1
            if word == "-h" { flags.insert("help"); continue }
            guard word.hasPrefix("--"), word.count > 2 else {
                if word.hasPrefix("-") && word.count > 1 && Int(word) == nil {
                    throw CLIError.usage("unknown option \(word) (options are written --name)")
                }
                if command == nil { command = word } else { positional.append(word) }
                continue
            }
            var name = String(word.dropFirst(2))
            var value: String?
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            // `--bot search` (check): the one flag that may say which player.
            if name == "bot", value == "search" || (value == nil && i < words.count && words[i] == "search") {
                if value == nil { i += 1 }
                options.append((name, "search"))
                continue
            }
            // `--daily` (today's game) or `--daily YYYY-MM-DD` (that day's, again).
            if name == "daily" {
                // A word shaped like a date is taken as one, to be checked (2023-02-29 is named).
                if value == nil, i < words.count, words[i].utf8.count == 10, words[i].split(separator: "-").count == 3,
                   words[i].allSatisfy({ $0 == "-" || ("0"..."9").contains($0) }) {
                    value = words[i]
                    i += 1
                }
                options.append((name, value ?? ""))
                continue
            }
            if Self.flagNames.contains(name) {
                guard value == nil else { throw CLIError.usage("--\(name) takes no value") }
                flags.insert(name)
                continue
            }
            if value == nil {
                // "--match --opponent pattern": the next word is an option, not this one's value.
                // Whether this one needed it is known when it is taken: an option no one takes
                // is named as unknown, not as one without its value.
                guard i < words.count, !(words[i].hasPrefix("--") && words[i].count > 2) else {
                    options.append((name, Self.noValue))
                    continue
                }
                value = words[i]
                i += 1
            }
            options.append((name, value!))
        }
    }

    /// What an option given last, or before another option, holds: no value.
    static let noValue = LoadedRule.optionWithoutValue

    /// Removes and returns a host option (`--seed`), refusing it twice, or without its value.
    mutating func take(_ name: String) throws -> String? {
        assert(OptionSpec.hostOptions.contains(name), "--\(name) is not in OptionSpec.hostOptions: a rule could declare it")
        let hits = options.filter { $0.name == name }
        guard hits.count <= 1 else { throw CLIError.usage("--\(name) is given more than once") }
        options.removeAll { $0.name == name }
        if hits.first?.value == Self.noValue { throw CLIError.usage("--\(name) needs a value") }
        return hits.first?.value
    }

    /// Removes and returns every value of a host option that may be given more than once
    /// (`--seat 2=bot --seat 3=Bob`).
    mutating func takeAll(_ name: String) throws -> [String] {
        assert(OptionSpec.hostOptions.contains(name), "--\(name) is not in OptionSpec.hostOptions: a rule could declare it")
        let hits = options.filter { $0.name == name }.map(\.value)
        options.removeAll { $0.name == name }
        if hits.contains(Self.noValue) { throw CLIError.usage("--\(name) needs a value") }
        return hits
    }

    /// Refuses an option left after the command took its own, naming it: `takes` says what the
    /// command does take.
    func refuseOtherOptions(_ takes: String) throws {
        if let other = options.first { throw CLIError.usage("no option --\(other.name) (\(takes))") }
    }

    /// The remaining options (a rule's) as a dictionary, refusing duplicates. One without its
    /// value keeps `noValue`: the rule names it as unknown, with the options it has, or as
    /// needing a value (`LoadedRule.resolveOptions`).
    func optionTable() throws -> [String: String] {
        var table: [String: String] = [:]
        for (name, value) in options {
            guard table[name] == nil else { throw CLIError.usage("--\(name) is given more than once") }
            table[name] = value
        }
        return table
    }
}

/// What ends the program early; exit codes: 1 a game or rule error, 2 a usage error.
enum CLIError: Error, CustomStringConvertible {
    case usage(String)
    case failure(String)

    var description: String {
        switch self {
        case .usage(let message), .failure(let message): message
        }
    }
}
