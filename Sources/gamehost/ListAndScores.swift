import GameCore
import GameHost

func list(json: Bool = false) throws -> Int32 {
    let catalog = catalog()
    let files = catalog.files()
    if files.isEmpty { throw CLIError.failure("no games found (looked in \(catalog.directories.joined(separator: ", ")))") }
    var failed = false
    var games: [JSONValue] = []
    for (name, path) in files {
        do {
            let rule = try Rule(path: path, libraryDirectories: catalog.libraryDirectories)
            if json {
                games.append(listing(of: rule))
                continue
            }
            stdout_.write(TerminalWidth.pad(name, to: 11) + " " + rule.title + (rule.about.isEmpty ? "" : " — " + rule.about) + "\n", style: .plain)
            for option in rule.options {
                // The help, then the values unless the help already is their description, then
                // the default when there is one.
                let values = option.choicesDescription == option.help ? "" : option.choicesDescription
                let parts = [option.help, values].filter { !$0.isEmpty }.joined(separator: ": ")
                let fallback = option.defaultValue.isEmpty ? "" : " (default \(option.defaultValue))"
                stdout_.write("    --\(option.name) \(parts)\(fallback)\n", style: .dim)
            }
        } catch {
            failed = true
            fail("\(name): cannot load:\n\(error)")
        }
    }
    if json {
        stdout_.write(JSONValue.object(["protocol": .int(JSONLinesPresenter.protocolVersion), "games": .array(games)]).encoded + "\n", style: .plain)
    }
    for clash in catalog.hidden() {
        for path in clash.hidden {
            fail("note: \(path) is hidden by \(clash.shown), which has the same name: play it as gamehost play \(shellQuoted(path)), or rename it")
        }
    }
    return failed ? 1 : 0
}

/// A game as `gamehost list --json` describes it (docs/protocol.md).
func listing(of rule: Rule) -> JSONValue {
    let options: [JSONValue] = rule.options.map { option in
        var fields: [String: JSONValue] = ["name": .string(option.name), "help": .string(option.help), "default": .string(option.defaultValue)]
        switch option.kind {
        case .integer(let range):
            fields["min"] = .int(range.lowerBound)
            fields["max"] = .int(range.upperBound)
        case .text(let choices, let accept):
            fields["choices"] = .array(choices.map { .string($0) })
            if let accept { fields["accept"] = .string(accept) }
        }
        return .object(fields)
    }
    return .object([
        "game": .string(rule.id), "title": .string(rule.title), "about": .string(rule.about),
        "words": rule.defaultWordList.map { .string($0) } ?? .null, "options": .array(options),
    ])
}

/// `gamehost scores [GAME]`: every board of the game's current rule file, and its statistics.
func scores(_ args: inout Arguments) throws -> Int32 {
    let store = scoreStore(try args.take("data"))
    guard args.options.isEmpty, args.positional.count <= 1 else { throw CLIError.usage("scores takes one game at most: gamehost scores [GAME]") }
    let catalog = catalog()
    let games: [String]
    do {
        if let asked = args.positional.first {
            // A game by name, or a rule played by path: its keys are `id@file`.
            let keys = try store.games().filter { $0.hasPrefix(asked + "@") }
            games = (try? catalog.locate(asked)) != nil || keys.isEmpty ? [asked] : keys
        } else {
            games = try store.games()
        }
    } catch {
        throw CLIError.failure(String(describing: error))
    }
    if games.isEmpty { stdout_.write("No scores yet.\n", style: .plain); return 0 }
    for key in games {
        // A key is a built-in game's id, or a rule's id and file (see Rule.scoreKey).
        let file = key.firstIndex(of: "@").map { String(key[key.index(after: $0)...]) }
        let rule = try? catalog.load(file ?? key)
        if args.positional.first != nil && rule == nil && file == nil { _ = try loadRule(key, from: catalog) }
        let id = rule?.scoreKey ?? key
        do {
            stdout_.write((rule?.title ?? key) + (file.map { " (\($0))" } ?? "") + "\n", style: .title)
            let boards = try store.boards(game: id, ruleHash: rule?.contentHash)
            for (name, board) in boards { stdout_.write("  \(name): \(board.summary())\n", style: .plain) }
            let stats = try store.statistics(game: id)
            if stats.played > 0 {
                let winners = stats.winners.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
                stdout_.write("  played \(stats.played)" + (winners.isEmpty ? "" : ": won by " + winners) + "\n", style: .dim)
            }
            if boards.isEmpty && stats.played == 0 { stdout_.write("  no scores yet\n", style: .dim) }
        } catch {
            throw CLIError.failure(String(describing: error))
        }
    }
    return 0
}

