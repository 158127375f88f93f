import GameCore
import GamePresenters
import GameRules
import GameStorage
import GameRuntime
import GameServer

func list(json: Bool = false) throws -> Int32 {
    let catalog = catalog()
    let files = catalog.files()
    if files.isEmpty { throw CLIError.failure("no games found (looked in \(catalog.searchedText))") }
    var failed = false
    // Each rule is loaded, read and closed in turn: a rule may hold its whole memory limit.
    var rules: [(name: String, rule: RuleInfo)] = []
    for (name, path) in files {
        do {
            let rule = try LoadedRule(path: path, libraryDirectories: catalog.libraryDirectories)
            if json { rule.readTranslations() }  // (the listing names the game in each language)
            rules.append((name, rule.info))
            rule.close()
        } catch {
            failed = true
            fail("\(name): cannot load:\n\(error)")
        }
    }
    if json {
        let games = rules.map { $0.rule.listing }
        stdout_.write(JSONValue.object(["protocol": .int(JSONLinesPresenter.protocolVersion), "games": .array(games)]).encoded + "\n", style: .plain)
    } else {
        // Two columns: names on the left, at one width for every game, help on the right.
        let rows = rules.map { ($0.name, optionRows($0.rule)) }
        let left = min(24, (rows.flatMap { [$0.0] + $0.1.map(\.0) } + sharedFlags.map(\.0)).map { TerminalWidth.columns($0) }.max() ?? 0)
        stdout_.write("Games (gamehost play GAME [--OPTION VALUE ...]):\n", style: .title)
        for (name, options) in rows {
            let rule = rules.first { $0.name == name }!.rule
            writeRow(name, rule.title + (rule.about.isEmpty ? "" : " — " + rule.about), left: left, style: .plain)
            for (flag, help) in options { writeRow(flag, help, left: left, style: .dim) }
        }
        stdout_.write("\nOptions for every game:\n", style: .title)
        for (flag, help) in sharedFlags { writeRow(flag, help, left: left, style: .dim) }
    }
    for clash in catalog.hidden() {
        for path in clash.hidden {
            fail("note: \(path) is hidden by \(clash.shown), which has the same name: play it as gamehost play \(shellQuoted(path)), or rename it")
        }
    }
    return failed ? 1 : 0
}

/// The flags every game takes, for `list` and a game's `--help`.
let sharedFlags: [(String, String)] = [
    ("  --seed N", "fix chance, to replay a game exactly (a game shows its seed: at the terminal when it starts, with --json once it is over)"),
    ("  --game K", "with --seed: start at game K of the session, as a replay line says"),
    ("  --seats N", "games for several players: the number of seats"),
    ("  --seat K=WHO", "games for several players: who fills seat K (a name, bot, random, program:CMD)"),
    ("  --words LIST", "word games: a list by name, a file's path, or system"),
    ("  --min-length N", "word games: only words of at least N letters"),
    ("  --max-length N", "word games: only words of at most N letters"),
    ("  --ascii", "draw with plain ASCII only"),
    ("  --plain", "line by line at a terminal, instead of full screen"),
    ("  --name NAME", "the name on the leaderboards (default: your login name)"),
    ("  --data DIR", "keep scores in DIR/scores.db"),
    ("  --record FILE", "write a transcript, to replay with gamehost replay FILE"),
    ("  --json", "the protocol for programs (docs/protocol.md)"),
]

/// A game's options as rows: the flag with its value's kind, and the help, the values unless
/// the help already is their description, and the default when there is one.
func optionRows(_ rule: RuleInfo) -> [(String, String)] {
    rule.options.map { option in
        let values = option.choicesDescription == option.help ? "" : option.choicesDescription
        let parts = [option.help, values].filter { !$0.isEmpty }.joined(separator: ": ")
        let fallback = option.defaultValue.isEmpty ? "" : " (default \(option.defaultValue))"
        let kind = if case .integer = option.kind { "N" } else { "V" }
        return ("  --\(option.name) \(kind)", parts + fallback)
    }
}

/// One row of a two-column listing: `label` padded to `left` columns (a longer one gets a
/// line of its own), the text after it wrapped under its own column.
func writeRow(_ label: String, _ text: String, left: Int, style: TextStyle) {
    let width = Terminal.width(of: 1)
    func fitted(_ text: String, indent: Int) -> String {
        let text = stdout_.ascii ? ASCIIText.fold(text) : text
        return width.map { TextWrap.wrap(text, width: $0, hangingIndent: indent) } ?? text
    }
    guard TerminalWidth.columns(label) > left else {
        return stdout_.write(fitted(TerminalWidth.pad(label, to: left + 2) + text, indent: left + 2) + "\n", style: style)
    }
    // A label too wide for its column has a row of its own, wrapped under its own first word
    // ("  8. Rock · Paper ..." continues under "Rock"), and the text goes below.
    let leading = label.prefix { $0 == " " }.count
    let firstWord = label.dropFirst(leading).prefix { $0 != " " }.count
    stdout_.write(fitted(label, indent: leading + firstWord + 1) + "\n", style: style)
    stdout_.write(fitted(String(repeating: " ", count: left + 2) + text, indent: left + 2) + "\n", style: style)
}

/// `gamehost play GAME --help`: the game's options, the flags it takes, and how to play it (the
/// game's title, line and rules in the player's language where its rule has them).
func gameHelp(_ game: String, language: String) throws -> Int32 {
    let loaded = try loadRule(game, from: catalog())
    loaded.readTranslations([language])
    let rule = loaded.info.localized(language)
    loaded.close()
    let rows = optionRows(rule)
    let shared = sharedFlags.filter {
        (rule.defaultWordList != nil || !["  --words LIST", "  --min-length N", "  --max-length N"].contains($0.0))
            && (rule.seats.max > 1 || !["  --seats N", "  --seat K=WHO"].contains($0.0))
    }
    let left = min(24, (rows + shared).map { TerminalWidth.columns($0.0) }.max() ?? 0)
    stdout_.write(rule.title + "\n", style: .title)
    if !rule.about.isEmpty { stdout_.write(rule.about + "\n", style: .plain) }
    stdout_.write("\nUsage: gamehost play \(shellQuoted(game)) [--OPTION VALUE ...]\n", style: .plain)
    if !rows.isEmpty { stdout_.write("\nOptions of this game:\n", style: .title) }
    for (flag, help) in rows { writeRow(flag, help, left: left, style: .plain) }
    stdout_.write("\nOptions for every game:\n", style: .title)
    for (flag, help) in shared { writeRow(flag, help, left: left, style: .plain) }
    stdout_.write("\nHow to play:\n", style: .title)
    stdout_.write(TextWrap.reflow(rule.howToPlay) + "\n", style: .plain)
    stdout_.write("\nIn a game: /help, /moves, /rules, /new, /quit. Ctrl-D goes back, Ctrl-C leaves.\n", style: .dim)
    return 0
}

/// `gamehost scores [GAME] [--max-rows N] [--store postgresql://...]`: every board of the
/// game's current rule file as a leaderboard (rank, score, player, date), its practice runs
/// apart, and its statistics; of the data folder's scores.db, or (`--store`) of the servers
/// that keep their tables in that database. The command reads at most N rows of the database
/// in all (`ScoreListing.defaultMaxRows` by default) and shows long keys and names cut; when
/// the bound stops it, it says so.
func scores(_ args: inout Arguments, settings: PlayerSettings) throws -> Int32 {
    let maxRows = try args.take("max-rows").map { text -> Int in
        guard let n = Int(text), n >= 1, n <= 1_000_000_000 else {
            throw CLIError.usage("--max-rows needs a number of rows from 1 to 1000000000, not '\(text.prefix(40))'")
        }
        return n
    } ?? ScoreListing.defaultMaxRows
    let database = try args.take("store")
    try args.refuseOtherOptions("scores takes --max-rows N and --store postgresql://...")
    guard args.positional.count <= 1 else {
        throw CLIError.usage("scores takes one game at most: gamehost scores [GAME] [--max-rows N] [--store postgresql://...]")
    }
    let listing: any ScoreLister
    if let database {
        do {
            listing = try PostgreSQLScoreListing(url: database, maxRows: maxRows)
        } catch {
            throw CLIError.failure("scores: \(error)")
        }
    } else {
        guard let store = scoreStore(settings.data) else {
            stdout_.write("No scores: --data none keeps none.\n", style: .plain)
            return 0
        }
        listing = ScoreListing(store: store, maxRows: maxRows)
    }
    let catalog = catalog()
    let games: [ScoreListing.Game]
    do {
        if let asked = args.positional.first {
            // A game by name, or a rule played by path: its keys are `id@file`.
            let keys = try listing.games().filter { $0.shown.hasPrefix(asked + "@") }
            games = (try? catalog.locate(asked)) != nil || keys.isEmpty ? [listing.game(named: asked)] : keys
        } else {
            games = try listing.games()
        }
    } catch {
        throw CLIError.failure(String(describing: error))
    }
    if games.isEmpty && !listing.stopped { stdout_.write("No scores yet.\n", style: .plain); return 0 }
    for (i, game) in games.enumerated() where !listing.stopped {
        // A key is a built-in game's id, or a rule's id and file (see RuleInfo.scoreKey). A
        // rule is loaded by a game's name only, never from a path the database names: a
        // crafted score file must not choose what code runs. Boards of a rule played by its
        // path are shown for every version of it.
        let key = game.key
        let file = game.shown.firstIndex(of: "@").map { String(game.shown[game.shown.index(after: $0)...]) }
        var rule: RuleInfo?
        if let key, file == nil, LoadedRule.isValidName(key), let loaded = try? catalog.load(key) {
            rule = loaded.info
            loaded.close()
        }
        if let asked = args.positional.first, rule == nil, file == nil { _ = try loadRule(asked, from: catalog) }
        let shown = rule.map { listing.game(named: $0.scoreKey) } ?? game
        do {
            if i > 0 { stdout_.write("\n", style: .plain) }
            // A rule played by its path is named by its id and file, as the key holds them; a
            // key longer than a line is cut (a stored key can be anything).
            var named = file.map { "\(game.shown.prefix { $0 != "@" }) (\($0)" } ?? game.shown
            if game.key == nil { named += "…" }
            if file != nil { named += ")" }
            stdout_.write((rule?.title ?? TerminalText.plain(named)) + "\n", style: .title)
            let boards = try listing.boards(of: shown, ruleHash: rule?.contentHash, top: boardRows)
            // Boards of one name on lists of other words (a list of the same name) are told
            // apart by the list's fingerprint.
            var names: [String: Int] = [:]
            for board in boards { names[board.name, default: 0] += 1 }
            for board in boards { showBoard(board, showsList: names[board.name]! > 1) }
            let records = try listing.records(of: shown)
            showRecords(records)
            let stats = try listing.statistics(of: shown)
            if stats.played > 0 {
                let winners = stats.winners.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
                stdout_.write("  Games played: \(stats.played)" + (winners.isEmpty ? "" : "; wins: " + winners) + "\n", style: .dim)
            }
            if boards.isEmpty && records.isEmpty && stats.played == 0 && !listing.stopped { stdout_.write("  no scores yet\n", style: .dim) }
        } catch {
            throw CLIError.failure(String(describing: error))
        }
    }
    if listing.stopped {
        stdout_.write("\nStopped after reading \(listing.rowsRead) rows of \(listing.path): the bound on rows read (--max-rows, \(maxRows)) "
                      + "was reached, so what is shown may be incomplete. gamehost scores --max-rows N reads more.\n", style: .plain)
    } else if games.count >= ScoreListing.gameLimit {
        stdout_.write("\nOnly the first \(ScoreListing.gameLimit) games are shown: name one (gamehost scores GAME) to see another.\n", style: .dim)
    }
    return 0
}

/// How many entries of a board `scores` shows, best first.
let boardRows = 10

/// One board as a table: rank, score, player and date, best first; then its practice runs.
/// `showsList`: another board has the same name, on a list of other words.
func showBoard(_ listed: ScoreListing.Board, showsList: Bool = false) {
    let board = listed.leaderboard
    let list = showsList ? " (list \(listed.list.isEmpty ? "unknown" : String(listed.list.prefix(8))))" : ""
    stdout_.write("  \(listed.name)\(list)\n", style: .plain)
    let rows = board.entries.prefix(boardRows).enumerated().map { i, entry in
        [Leaderboard.ordinal(board.rank(at: i)), board.value(entry.value), entry.player.isEmpty ? "-" : entry.player,
         entry.at.map(calendarDate) ?? ""]
    }
    if rows.isEmpty { stdout_.write("    no ranked runs yet\n", style: .dim) }
    let widths = (0..<4).map { column in rows.map { TerminalWidth.columns($0[column]) }.max() ?? 0 }
    for row in rows {
        let cells = [TerminalWidth.pad(row[0], to: widths[0], alignRight: true), TerminalWidth.pad(row[1], to: widths[1], alignRight: true),
                     TerminalWidth.pad(row[2], to: widths[2]), row[3]]
        stdout_.write("    " + cells.joined(separator: "  ") + "\n", style: .plain)
    }
    if let best = listed.practice.entries.first {
        let count = listed.practiceRuns
        stdout_.write("    practice (seeded or scripted, not ranked): \(count) run\(count == 1 ? "" : "s"), best \(listed.practice.value(best.value))\n", style: .dim)
    }
}

/// The records a game keeps (statistics such as streaks and the distribution of tries), one a
/// line, its fields by name: `stats five-letter: played 3, won 2, streak 1, tries 0 1 1 0 0 0`.
/// Records of one name on lists of other words are told apart by the list's fingerprint.
func showRecords(_ records: [ScoreListing.Record]) {
    guard !records.isEmpty else { return }
    stdout_.write("  Statistics\n", style: .plain)
    var names: [String: Int] = [:]
    for record in records { names[record.name, default: 0] += 1 }
    for record in records {
        let list = names[record.name]! > 1 ? " (list \(record.list.isEmpty ? "unknown" : String(record.list.prefix(8))))" : ""
        // A record of named fields is a small table, a field a row (Guess Five's statistics:
        // played, won, streak, tries); anything else is one line.
        guard case .object(let fields) = record.value, !fields.isEmpty else {
            let line = "    \(record.name)\(list): \(recordText(record.value))"
            stdout_.write((line.count > 400 ? String(line.prefix(399)) + "…" : line) + "\n", style: .plain)
            continue
        }
        stdout_.write("    \(record.name.count > 60 ? String(record.name.prefix(59)) + "…" : record.name)\(list)\n", style: .plain)
        let rows = recordFields(fields).prefix(50).map { (String($0.name.prefix(40)), fieldText($0.value)) }
        let left = min(18, 6 + (rows.map { TerminalWidth.columns($0.0) }.max() ?? 0))
        for (name, text) in rows {
            writeRow("      " + name, text.count > 200 ? String(text.prefix(199)) + "…" : text, left: left, style: .plain)
        }
    }
}

/// A record's named fields, plain values first, each group by name (as shown: `_` a space).
func recordFields(_ fields: [String: JSONValue]) -> [(name: String, value: JSONValue)] {
    func plain(_ v: JSONValue) -> Bool {
        switch v {
        case .array, .object: return false
        default: return true
        }
    }
    let keys = fields.keys.sorted { a, b in
        let (pa, pb) = (plain(fields[a]!), plain(fields[b]!))
        return pa != pb ? pa : Array(a.utf8).lexicographicallyPrecedes(b.utf8)
    }
    return keys.map { key in (String(key.map { $0 == "_" ? " " : $0 }), fields[key]!) }
}

/// A field's value as a table's row shows it (a nested record in brackets).
func fieldText(_ value: JSONValue) -> String {
    if case .object = value { return "(\(recordText(value)))" }
    return recordText(value)
}

func recordText(_ value: JSONValue) -> String {
    switch value {
    case .null: return "-"
    case .bool(let b): return b ? "yes" : "no"
    case .int(let i): return String(i)
    case .double(let d): return Leaderboard.number(d)
    case .string(let s): return s
    case .array(let items): return items.map(recordText).joined(separator: " ")
    case .object(let fields):
        return recordFields(fields).map { "\($0.name) \(fieldText($0.value))" }.joined(separator: ", ")
    }
}
