import GameCore
import GameRules

/// A game as it is played: an engine, the seats and who fills them, and the host's side of the
/// conversation. It takes input lines, tells host commands (which start with `/`, so they
/// never collide with a game's input) from moves, maps the rule's keys to their moves, answers
/// y/n once a game is over, plays the seats of bots, and reports each step for presenters (the
/// terminal, the protocol, the server, a transcript, a test) to show.
public final class Table {
    public let engine: GameEngine

    /// Who fills a seat.
    public enum Filler: Sendable, Equatable {
        /// A person (at this terminal, or over the network), by name.
        case person(String)
        /// The rule's own player (`bot`).
        case bot
        /// Random moves among those offered, from a seed of its own for each game, derived from
        /// that game's seed and the seat (never from the session's, which a finished game
        /// shows).
        case random
        /// An outside program speaking the protocol, which sees only its seat.
        case program(String)
        /// The host's search player (see `SearchPlayer`), which plays any rule by looking
        /// ahead in worlds dealt from what its seat sees, with the table's `thinking`.
        case search

        /// Whether the table plays this seat itself.
        public var isAutomatic: Bool {
            switch self {
            case .bot, .random, .search: true
            case .person, .program: false
            }
        }
    }

    /// What a seat's view carries for programs: nothing (text), the observation (`--json`), or
    /// the observation and the whole state (`--json --reveal`, a debugging aid).
    public enum MachineView: Sendable { case none, observation, revealed }

    /// How a session ended.
    public enum EndReason: String, Sendable {
        /// The player said n or /quit.
        case quit
        /// The input ended.
        case eof
        /// The rule could not start a game or go on.
        case error
        /// Ctrl-C, or a signal to stop.
        case interrupted
        /// A program in a seat ended, or closed its output, when its line was wanted.
        case seatLeft = "seat-left"
    }

    public private(set) var fillers: [Filler] {
        didSet {
            nameSeats()
            replayTail = nil
        }
    }
    /// The seats whose view, moves and observation each step carries.
    public var viewers: [Int]
    public var machineView = MachineView.none
    /// How the replay line names the game (its name, or a rule file's path), and the host
    /// options it repeats (`--words fruits`).
    public var replayGame: String
    public var replayArguments: [String] = [] {
        didSet { replayTail = nil }
    }
    /// The replay line's end, once made (see `replayTailMade`).
    private var replayTail: String?
    /// A table of one game (sim's, the arena's): the step that ends it ends the session
    /// (`endsSession`, with nobody asked to play again), so a program in a seat gets its
    /// `end` object next.
    public var playsOneGame = false
    /// Whether one seat's `/new` may end a game the others are still playing, and its `/quit`
    /// the session. At one keyboard the people agree before anyone types it; at a served table
    /// of several people, each at a device of their own, one of them cannot wipe the others'
    /// game: `/new` then waits for the game's end (where `y` starts the next), and a person
    /// leaves by closing the connection.
    public var anySeatMayRestart = true
    /// Whether a game left in the middle is kept to be taken up later (a saved game at a
    /// terminal, `gamehost resume`): leaving then pauses the game, and the rule's `leave`,
    /// which may finish it, is not called.
    public var keepsLeftGames = false
    /// The date of the day's game, when the table plays one (`DailyGame`): one game, no `/new`,
    /// and the replay line names the day rather than the seed.
    public var daily: String?

    public private(set) var finished = false
    public private(set) var endReason = EndReason.quit
    /// The number of the last step of the current game.
    private var number = 0
    /// Inputs in a row on which the rule used up its budget, and how many end the session.
    private var spentInARow = 0
    public static let spentStepLimit = 3
    /// The players of the `random` seats, made afresh for each game from its seed.
    private var randomPlayers: [Int: RandomPlayer] = [:]
    /// The players of the `search` seats, likewise, and how long they think.
    private var searchPlayers: [Int: SearchPlayer] = [:]
    public var thinking = SearchPlayer.Budget.standard
    /// Whether the search player looks at each move a person makes, and tells them at the
    /// game's end where it would have played otherwise (`play --coach`).
    public var coaching = false
    /// The coach's notes of the game in play, by seat (see `coach`).
    private var coachNotes: [Int: [(cost: Double, text: String)]] = [:]
    /// The moves each person made in the game in play, by seat.
    private var movesMade: [Int: Int] = [:]
    /// The hints asked this game (each hint's search has a seed of its own), and how many a
    /// game may have.
    private var hintsAsked = 0
    /// The hint `handle` thought of before the step, for the step's `/hint` to answer.
    private var thoughtHint: String?
    public static let hintLimit = 30
    /// The seats that turned the coach on with `/coach` (`coaching` has it for every person).
    private var coachedSeats: Set<Int> = []

    /// The inputs the host takes once a game is over.
    public static let playAgainMoves = ["y", "n"]

    /// `fillers` has one entry per seat of the engine (by default seat 1 is a person and any
    /// other seat the rule's bot).
    public init(engine: GameEngine, fillers: [Filler]? = nil) {
        self.engine = engine
        let seats = engine.seatCount
        let fillers = fillers ?? (1...seats).map { $0 == 1 ? .person("") : .bot }
        precondition(fillers.count == seats, "one filler per seat")
        self.fillers = fillers
        let watching = (1...seats).filter { !fillers[$0 - 1].isAutomatic }
        viewers = watching.isEmpty ? [1] : watching
        replayGame = engine.info.id
        nameSeats()
    }

    public var info: RuleInfo { engine.info }

    /// Who sits where, for programs and presenters.
    public var seatInfo: [SeatInfo] {
        fillers.enumerated().map { k, filler in
            switch filler {
            case .person(let name): SeatInfo(seat: k + 1, filler: "person", name: name)
            case .bot: SeatInfo(seat: k + 1, filler: "bot", name: "bot")
            case .random: SeatInfo(seat: k + 1, filler: "random", name: "random")
            case .search: SeatInfo(seat: k + 1, filler: "search", name: "search")
            case .program(let name): SeatInfo(seat: k + 1, filler: "program", name: name)
            }
        }
    }

    /// The command that plays game `game` again with `seed`: alone, whatever came before it.
    public func replayCommand(seed: UInt64, game: Int = 1) -> String {
        // The seed first: a line that wraps on the screen still replays the game when the
        // start is copied.
        // (Made in one buffer: sim makes one for every game.)
        let tail = replayTailMade()
        var replay = "gamehost play "
        replay.reserveCapacity(replay.utf8.count + replayGame.utf8.count + 48 + tail.utf8.count)
        replay += replayGame
        if let daily {
            replay += " --daily " + daily
        } else {
            replay += " --seed " + String(seed)
            if game != 1 { replay += " --game " + String(game) }
        }
        replay += tail
        return replay
    }

    /// What the replay line gives after the seed: the options that differ from their defaults,
    /// the host's arguments and the seats. Made once for the games of a table (sim plays
    /// thousands on one), and again when the seats or the arguments change.
    private func replayTailMade() -> String {
        if let replayTail { return replayTail }
        var tail = ""
        for option in info.options {
            let value = engine.options[option.name]
            let text = value?.string ?? value?.integer.map { String($0) } ?? ""
            if text != option.defaultValue { tail += " --\(option.name) \(text)" }
        }
        for argument in replayArguments { tail += " " + argument }
        tail += seatingArguments
        replayTail = tail
        return tail
    }

    /// Names the person in `seat` (one who took the seat after the table began: the replay
    /// line then names them as the start did not).
    /// What each seat is called in the rule's messages (`game.name`): a person's name, "Bot" or
    /// "Random" for the table's own players, "Seat N" for a person or program without a name.
    /// A name two seats share names the seat too ("Bot (seat 3)"), so no message is ambiguous.
    /// In the player's language ("Zufall"); the statistics keep the English names, so a seat's
    /// record does not depend on the language it was played in.
    static func names(of fillers: [Filler], texts: HostTexts = .english) -> [String] {
        let plain: [String] = fillers.enumerated().map { k, filler in
            switch filler {
            case .person(let name): name.isEmpty ? texts(.seat, ["seat": String(k + 1)]) : name
            case .bot: texts(.bot)
            case .random: texts(.random)
            case .search: texts(.search)
            case .program: texts(.seat, ["seat": String(k + 1)])
            }
        }
        var counts: [String: Int] = [:]
        for name in plain { counts[name.lowercased(), default: 0] += 1 }
        return plain.enumerated().map { k, name in counts[name.lowercased()]! > 1 ? texts(.sharedName, ["name": name, "seat": String(k + 1)]) : name }
    }

    private func nameSeats() {
        engine.seatNames = Self.names(of: fillers, texts: texts)
        engine.recordedNames = texts.isTranslated ? Self.names(of: fillers) : engine.seatNames
    }

    /// What the host says, in the player's language.
    public var texts: HostTexts { engine.hostTexts }

    public func rename(seat: Int, to name: String) {
        guard seat >= 1, seat <= fillers.count, case .person = fillers[seat - 1] else { return }
        fillers[seat - 1] = .person(name)
    }

    /// The seating, as `play` takes it, where it is not what `play` gives by itself (seat 1 a
    /// person, the others the rule's bot, or random without one, at the fewest seats): a
    /// replay line from a served table or the arena plays with the same seats.
    /// How a person's name is written after `--seat K=`: as it is, unless `--seat` would read it
    /// as a player of another kind (a person named "bot", or "program:rm -r ~", who must not
    /// become a bot or a command when the line is played again): then as `person:NAME`.
    public static func seatWord(person name: String) -> String {
        let word = name.lowercased()
        let other = ["bot", "random", "search"].contains(word) || word.hasPrefix("program:") || word.hasPrefix("person:")
        return other ? "person:" + name : name
    }

    var seatingArguments: String {
        var out = fillers.count == info.seats.min ? "" : " --seats \(fillers.count)"
        for (k, filler) in fillers.enumerated() {
            let seat = k + 1
            let who: String?
            switch filler {
            case .person(let name): who = seat == 1 ? nil : Self.seatWord(person: name.isEmpty ? "seat \(seat)" : name)
            case .bot: who = seat == 1 || !info.hasBot ? "bot" : nil
            case .random: who = seat == 1 || info.hasBot ? "random" : nil
            case .search: who = "search"
            case .program(let command): who = "program:" + command
            }
            if let who { out += " --seat " + shellQuoted("\(seat)=\(who)") }
        }
        return out
    }

    /// Starts the first game (or game `number` with `seed`: sim and check play games of a
    /// run this way).
    public func start(game number: Int? = nil, seed: UInt64? = nil) -> Step {
        finished = false
        endReason = .quit
        spentInARow = 0
        var spent = false
        var r = engine.step { () -> Step in
            let r = newGame(input: nil, seat: nil, number: number, seed: seed)
            spent = engine.budgetSpent
            return r
        }
        finish(&r, spent: spent)
        return r
    }

    /// Handles one input line from `seat` (by default the first seat to move that a person
    /// or program fills, else seat 1). `bytes` is the line's length as it was read, when the
    /// reader knows it: bytes that are not UTF-8 are read as U+FFFD, three bytes each, and the
    /// limit is on what was read.
    public func handle(_ rawLine: String, seat: Int? = nil, bytes: Int? = nil) -> Step {
        guard !finished else {
            var r = Step(number: number, game: engine.gameNumber, seat: seat, input: nil, status: .refused)
            r.reason = texts(.sessionEnded)
            r.showsView = false
            return r
        }
        number += 1
        engine.clock.inputArrives()
        let seat = seat ?? defaultSeat()
        if coaching || !coachedSeats.isEmpty { coach(rawLine, seat: seat) }
        // A hint is a search, which thinks before the step as a search seat does: its scratch
        // games are many small calls, each with an allowance of its own, not the step's (whose
        // 20 million steps a long word list's scratch games used up, and the hint with them).
        thoughtHint = info.search.allowsHints && Self.commandName(of: rawLine) == "hint" ? hint(seat: seat) : nil
        // The input itself (the move, the command, a new game) has one budget of steps and
        // time; what the game looks like after it is asked for in finish, each part with a
        // budget of its own, so an input that used up its budget still shows the same view
        // and moves.
        var spent = false
        var r = engine.step { () -> Step in
            let r = take(rawLine, bytes: bytes ?? rawLine.utf8.count, seat: seat)
            spent = engine.budgetSpent
            return r
        }
        finish(&r, spent: spent)
        return r
    }

    /// What `seat` sees now, asked again without an input: a view that changes with time
    /// (`refresh`), drawn anew while the player thinks. Nil when the view fails.
    public func freshView(for seat: Int) -> RuleView? {
        guard !finished, engine.hasGame else { return nil }
        return engine.step { try? engine.drawing(for: seat) }
    }

    /// Ends the session because `seat` broke the rules the driver holds seats to: the step
    /// that says why (`seat-stopped`), which every seat is shown.
    public func stop(_ reason: String, seat: Int, input: String?) -> Step {
        number += 1
        var r = Step(number: number, game: engine.gameNumber, seat: seat, input: input, status: .error)
        r.reason = reason
        r.code = .seatStopped
        r.showsView = false
        r.endsSession = true
        end(.error)
        return r
    }

    /// Ends the session from outside (the input ended, or the process was told to stop).
    public func end(_ reason: EndReason) {
        finished = true
        endReason = reason
    }

    /// Ends the session because the player at `seat` leaves (`/quit`, the end of the input),
    /// after giving the rule its `leave` hook for a game left in the middle: the step it
    /// makes (its messages, and the result it led to, which is counted as any game's), or nil
    /// when the rule has nothing to do. The session has ended either way.
    @discardableResult
    public func leave(_ reason: EndReason, seat: Int? = nil) -> Step? {
        guard !finished else { return nil }
        guard !keepsLeftGames else {
            end(reason)
            return nil
        }
        let seat = seat ?? playAgainSeat
        number += 1
        var spent = false
        let left = engine.step { () -> Step? in
            defer { spent = engine.budgetSpent }
            guard let outcome = engine.leave(seat: seat) else { return nil }
            return leftStep(outcome, input: nil, seat: seat)
        }
        end(reason)
        guard var r = left else {
            number -= 1
            return nil
        }
        finish(&r, spent: spent)
        r.showsView = r.applied
        // Leaving is no move: a quit step is never applied, whatever the rule did (the view
        // and the result show it).
        r.applied = false
        r.toMove = []
        for seat in viewers { r.seats[seat]?.moves = [] }
        return r
    }

    /// The seat a line without a seat is from: the first to move that a person or program
    /// fills; once the game is over, the seat asked to play again.
    private func defaultSeat() -> Int {
        let turn = (try? engine.toMove()) ?? []
        if turn.isEmpty, (try? engine.result()) != nil { return playAgainSeat }
        return turn.first { !fillers[$0 - 1].isAutomatic } ?? turn.first ?? 1
    }

    /// The seat asked whether to play again once a game is over: the lowest-numbered seat a
    /// person or program fills, or, when the table plays every seat, the first seat watched.
    public var playAgainSeat: Int {
        fillers.firstIndex { !$0.isAutomatic }.map { $0 + 1 } ?? viewers.min() ?? 1
    }

    /// Plays one move of a seat the table fills itself (the rule's bot, random moves), when
    /// one is to move; nil when none is (or the game is over, or the session has ended).
    ///
    /// The table's players hold a rule to its word: a listed move that play refuses, a bot's
    /// move that it refuses, more free-text candidates refused in a row than
    /// `RandomPlayer.refusalLimit`, or an error, ends the session with the reason (a person
    /// waiting for that seat could wait for ever).
    public func nextAutomaticStep() -> Step? {
        guard !finished, engine.hasGame, (try? engine.result()) == nil else { return nil }
        guard let turn = try? engine.toMove(), let seat = turn.first(where: { fillers[$0 - 1].isAutomatic }) else { return nil }
        number += 1
        engine.clock.inputArrives()
        // A search thinks before the step: its scratch games are many small calls, each with an
        // allowance of its own, not the step's.
        let searched = searchPlayers[seat].map { searcher in Result { try searcher.move(in: engine, seat: seat) } }
        var spent = false
        var r = engine.step { () -> Step in
            defer { spent = engine.budgetSpent }
            let player = randomPlayers[seat]
            let move: String, free: Bool
            do {
                if let searched {
                    (move, free) = (try searched.get(), false)
                } else if let player {
                    (move, free) = try player.move(in: engine, seat: seat)
                } else {
                    (move, free) = (try engine.botMove(for: seat), false)
                }
            } catch {
                var r = Step(number: number, game: engine.gameNumber, seat: seat, input: nil, status: .error)
                r.reason = String(describing: error)
                r.code = .ruleError
                r.showsView = false
                return r
            }
            // A listed move the table's player took is final: refused, the session ends.
            var r = play(move, typed: move, seat: seat, final: !free)
            guard r.status == .refused else { return r }
            if let player, free {
                player.noteFreeText(accepted: false)
                let limit = RandomPlayer.refusalLimit(words: engine.words)
                guard player.refusedInARow >= limit else { return r }
                let text = (try? engine.moves(for: seat).text?.description) ?? nil
                r.reason = "moves() takes \(text ?? "free text"), but play refused \(limit) candidates in a row (words of the list, or text matching its pattern)"
            } else {
                let who = searched != nil ? "the search chose '\(move)'" : player == nil ? "the bot chose '\(move)'" : "moves() offered '\(move)'"
                r.reason = who + ", but play refused it: \(r.reason ?? "")"
            }
            r.status = .error
            r.code = .ruleError
            return r
        }
        if r.status == .accepted { randomPlayers[seat]?.noteFreeText(accepted: true) }
        r.automatic = true
        // A seat the table plays that cannot move ends the session: the rule is at fault.
        if r.status == .error && !finished {
            end(.error)
            r.endsSession = true
        }
        finish(&r, spent: spent)
        return r
    }

    /// One input line, within its budget: everything but what the game looks like after it.
    private func take(_ rawLine: String, bytes: Int, seat: Int) -> Step {
        if bytes > InputLine.limit {
            var r = Step(number: number, game: engine.gameNumber, seat: seat, input: nil, status: .refused)
            r.reason = texts(.lineTooLong, ["limit": String(InputLine.limit)])
            r.code = .lineTooLong
            r.showsView = false
            return r
        }
        // Text Swift could not compare in linear time (see `MarkRun`) is no move of any game:
        // as typed, and as cleaned (a CR dropped from between two runs joins them).
        // (A run too long as typed is not cleaned at all.)
        let typedTooLong = MarkRun.isTooLong(rawLine)
        let line = typedTooLong ? "" : InputLine.clean(rawLine)
        if typedTooLong || MarkRun.isTooLong(line) {
            var r = Step(number: number, game: engine.gameNumber, seat: seat, input: nil, status: .refused)
            r.reason = texts(.lineMarks, ["problem": MarkRun.problem])
            r.code = .refused
            r.showsView = false
            return r
        }
        if line.hasPrefix("/") { return command(line, seat: seat) }
        if (try? engine.result()) != nil {
            if texts.isYes(line) { return newGame(input: line, seat: seat) }
            if texts.isNo(line) { return quit(input: line, seat: seat) }
            // The game is over: the host answers, and play is not called, unless the rule
            // says it takes inputs then (`plays_after_result = true`).
            guard info.playsAfterResult else {
                var r = Step(number: number, game: engine.gameNumber, seat: seat, input: line, status: .refused)
                r.reason = texts(.gameOverInput)
                r.code = .gameOver
                r.showsView = false
                return r
            }
        }
        return play(move(for: line, seat: seat), typed: line, seat: seat)
    }

    /// The move a line stands for: a key the rule names (`r` for rock) when the line is not
    /// itself a move offered now, else the line.
    private func move(for line: String, seat: Int) -> String {
        guard !info.keys.isEmpty, line.utf8.count == 1, let moves = try? engine.moves(for: seat), !moves.listed.contains(line) else {
            return line
        }
        if let move = info.keys[line], moves.listed.contains(move) { return move }
        let lower = line.lowercased()
        if lower != line, !moves.listed.contains(lower), let move = info.keys[lower], moves.listed.contains(move) { return move }
        return line
    }

    private func play(_ move: String, typed: String, seat: Int, final: Bool = false) -> Step {
        var r = Step(number: number, game: engine.gameNumber, seat: seat, input: typed, status: .accepted)
        play(move, seat: seat, final: final, into: &r)
        return r
    }

    /// (A step made, changed and returned in one function is copied twice on its way out, at
    /// every move: the optimiser does not see through a struct of some twenty references. Made
    /// by one call and filled by another, it is not copied on its way out.)
    @inline(never)
    private func play(_ move: String, seat: Int, final: Bool, into r: inout Step) {
        r.move = move
        apply(engine.play(move, seat: seat, final: final), to: &r)
    }

    /// (Steps are filled in place, not copied: a step's record holds some twenty references.)
    private func apply(_ outcome: MoveOutcome, to r: inout Step) {
        switch outcome {
        case .accepted(let out):
            r.applied = true
            r.messages = out.messages
            r.privateMessages = out.privateMessages
            r.bells = out.bells
            r.notices = out.notices
            r.rewards = out.rewards
        case .refused(let reason, let code):
            r.status = .refused
            r.reason = reason
            r.code = code
            r.showsView = false
        case .failed(let message, let code):
            r.status = .error
            r.reason = message
            r.code = code
            r.showsView = false
        }
    }

    /// The most words one `/words` answers with.
    public static let wordPageLimit = 1000

    /// The host's commands as `/help` lists them here: a served table asks the others before
    /// a move is taken back, and lists how they answer (`servedCommandHelp`).
    public var commandHelp = Table.hostCommandHelp

    /// The host's commands at a served table.
    public static let servedCommandHelp: [(String, HostText)] = hostCommandHelp.map { $0.0 == "/undo" ? ("/undo", .helpUndoAsk) : $0 }
        + [("/agree", .helpAgree), ("/refuse", .helpRefuse)]

    public static let hostCommandHelp: [(String, HostText)] = [
        ("/help", .helpHelp),
        ("/moves", .helpMoves),
        ("/rules", .helpRules),
        ("/new", .helpNew),
        ("/undo", .helpUndo),
        ("/quit", .helpQuit),
    ]

    /// The command a raw input line names, read as `command` reads it: cleaned, the word after
    /// the slash, in lower case (`  /UNDO now` names "undo"); nil for a move. For the commands
    /// looked for before a line is played (`/hint`, a served table's `/undo`): most lines are
    /// moves, so a line without a slash, or longer than such a command, is not cleaned to be sure.
    public static func commandName(of rawLine: String) -> String? {
        guard rawLine.utf8.count < 64, rawLine.utf8.contains(UInt8(ascii: "/")) else { return nil }
        let line = InputLine.clean(rawLine)
        return line.hasPrefix("/") ? commandWord(line) : nil
    }

    /// The word after the slash of a cleaned command line, in lower case.
    private static func commandWord(_ line: String) -> String { String(line.dropFirst().prefix { $0 != " " }).lowercased() }

    private func command(_ line: String, seat: Int) -> Step {
        let name = Self.commandWord(line)
        let args = String(line.dropFirst(1 + name.count).drop { $0 == " " })  // `clean` took the trailing ones
        var r = Step(number: number, game: engine.gameNumber, seat: seat, input: line, status: .command)
        r.showsView = false
        // The host's answers are for the seat that asked: what one seat may play (Crazy
        // Eights's playable cards) is not another's to read.
        func answer(_ lines: [String]) { r.privateMessages[seat] = lines }
        switch name {
        case "help":
            var lines = [texts(.helpHeading)]
            let hint: [(String, HostText)] = info.search.allowsHints ? [("/hint", .helpHint), ("/coach", .helpCoach)] : []
            let rows = (commandHelp + hint).map { ($0.0, texts($0.1)) } + info.commands.map { ("/\($0.name)", $0.help) }
            let width = rows.map(\.0.count).max() ?? 0
            lines += rows.map { "  " + TerminalWidth.pad($0.0, to: width) + "  " + $0.1 }
            answer(lines)
        case "moves":
            let over = (try? engine.result()) != nil
            let moves = over ? Moves(seat == playAgainSeat ? Self.playAgainMoves : []) : (try? engine.moves(for: seat)) ?? Moves([])
            // The rule's keys for the moves offered: " (keys: r rock, p paper)".
            let offered = info.keys(offered: moves.listed)
            let keys = moves.listed.flatMap { move in offered.filter { $0.value == move }.keys.sorted().map { "\($0) \(move)" } }
            answer([moves.summary(texts) + (keys.isEmpty ? "" : texts(.movesKeys, ["keys": keys.joined(separator: ", ")]))])
        case "rules":
            answer([info.title, TextWrap.reflow(info.howToPlay)])
        case "hint" where info.search.allowsHints:
            answer([thoughtHint.take() ?? hint(seat: seat)])
        case "coach" where info.search.allowsHints:
            guard seat >= 1, seat <= fillers.count, case .person = fillers[seat - 1] else {
                answer([texts(.noCoach)])
                break
            }
            if coachedSeats.remove(seat) == nil {
                coachedSeats.insert(seat)
                answer([texts(.coachOn)])
            } else {
                answer([texts(.coachOff)])
            }
            r.coaching = coachedSeats.contains(seat)
        case "words" where info.sharesWords && engine.words != nil:
            // The list's words, a page at a time, for programs that solve with them.
            let parts = args.split(separator: " ").compactMap { Int($0) }
            let list = engine.words!
            let from = max(1, parts.first ?? 1), count = min(max(0, parts.count > 1 ? parts[1] : Self.wordPageLimit), Self.wordPageLimit)
            let slice = from <= list.entries.count ? (from - 1)..<min(list.entries.count, from - 1 + count) : 0..<0
            let page = WordPage(from: from, total: list.entries.count, words: slice.map { list.entries[$0].word })
            r.words = page
            if !page.words.isEmpty {
                answer([texts(.wordsPage, ["from": String(from), "to": String(from + page.words.count - 1), "total": String(page.total)])])
            } else if from > page.total {
                answer([texts(.noMoreWords, ["total": String(page.total), "from": String(from)])])
            } else {
                answer([texts(.noWords)])
            }
        case "new":
            if daily != nil {
                r.status = .refused
                r.reason = texts(.newDaily, ["game": info.id])
                r.code = .refused
                return r
            }
            if !anySeatMayRestart, (try? engine.result()) == nil {
                r.status = .refused
                r.reason = texts(.newShared)
                r.code = .refused
                return r
            }
            return newGame(input: line, seat: seat)
        case "undo":
            // Taken back by the session that plays the table again without the move (a
            // terminal's, the protocol's): a table that reaches here has none.
            r.status = .refused
            r.reason = texts(.undoHere)
            r.code = .refused
            return r
        case "quit", "exit":
            if !anySeatMayRestart {
                r.status = .refused
                r.reason = texts(.quitShared)
                r.code = .refused
                return r
            }
            return quit(input: line, seat: seat)
        default:
            if info.commands.contains(where: { $0.name == name }) {
                apply(engine.command(name, args: args, seat: seat), to: &r)
                if r.status == .accepted { r.status = .command }
                return r
            }
            r.status = .refused
            r.reason = texts(.unknownCommand, ["name": name])
            r.code = .unknownCommand
        }
        return r
    }

    /// Starts a game. Its first step is `started` however it came (the first, y, /new), and
    /// carries the game's start even when setup fails: a program learns which game failed.
    private func newGame(input: String?, seat: Int?, number game: Int? = nil, seed: UInt64? = nil) -> Step {
        number = 0
        var r = Step(number: 0, game: game ?? engine.gameNumber + 1, seat: seat, input: input, status: .started)
        do {
            let out = try engine.newGame(number: game, seed: seed)
            r.applied = true
            r.messages = out.messages
            r.privateMessages = out.privateMessages
            r.bells = out.bells
            r.notices = out.notices
            r.rewards = out.rewards
        } catch {
            r.status = .error
            r.reason = String(describing: error)
            r.code = .setupFailed
            r.showsView = false
            r.endsSession = true
            end(.error)  // without a state there is nothing to play
        }
        r.game = engine.gameNumber
        r.start = GameStart(number: engine.gameNumber, seed: engine.gameSeed,
                            replay: replayCommand(seed: engine.gameSeed, game: engine.gameNumber),
                            options: engine.optionsJSON, seats: seatInfo,
                            words: engine.words.map { WordListInfo(name: engine.wordListName ?? "", size: $0.entries.count, fingerprint: $0.fingerprint) })
        // Each random seat plays this game from a seed of the game's own.
        randomPlayers = [:]
        for (k, filler) in fillers.enumerated() where filler == .random {
            randomPlayers[k + 1] = RandomPlayer(seed: RandomPlayer.seed(game: engine.gameSeed, seat: k + 1))
        }
        coachNotes = [:]
        movesMade = [:]
        hintsAsked = 0
        searchPlayers = [:]
        for (k, filler) in fillers.enumerated() where filler == .search {
            searchPlayers[k + 1] = SearchPlayer(seed: SearchPlayer.seed(game: engine.gameSeed, seat: k + 1), budget: thinking)
        }
        return r
    }

    /// The quit step of a game the rule finished in its `leave`: a refusal there is no
    /// refusal (the player leaves all the same), and the view is shown when the rule changed
    /// the game. The caller marks it not applied (leaving is no move, whatever the rule did).
    private func leftStep(_ outcome: MoveOutcome, input: String?, seat: Int) -> Step {
        var r = Step(number: number, game: engine.gameNumber, seat: seat, input: input, status: .quit)
        apply(outcome, to: &r)
        if r.status == .refused {
            r.status = .quit
            r.reason = nil
            r.code = nil
        }
        r.showsView = r.applied
        r.endsSession = true
        return r
    }

    private func quit(input: String, seat: Int) -> Step {
        // A game left in the middle: the rule may finish it (its `leave`), unless it is kept.
        if !keepsLeftGames, let outcome = engine.leave(seat: seat) {
            end(.quit)
            var r = leftStep(outcome, input: input, seat: seat)
            r.applied = false
            return r
        }
        end(.quit)
        var r = Step(number: number, game: engine.gameNumber, seat: seat, input: input, status: .quit)
        r.showsView = false
        r.endsSession = true
        return r
    }

    /// Fills in what the game looks like after the step, and ends the session when the rule
    /// has used up its budget on too many inputs in a row. `spent`: whether the input used up
    /// its budget.
    ///
    /// Each part (the result, the turn, each seat's view, moves and observation) is asked for
    /// with a budget of its own, not what the input left: after an input that used up its
    /// budget, the view and moves are the same as before it. A failing part is reported, not
    /// fatal (the session goes on), and does not hide what the others say (a game that is over
    /// says so even when its view fails).
    private func finish(_ r: inout Step, spent: Bool) {
        if spent && r.code == .ruleError { r.code = .budget }
        var spentAny = spent
        guard r.code != .setupFailed else { return }
        func note(_ error: Error, spent: Bool) {
            let text = String(describing: error)
            if let reason = r.reason { if !reason.contains(text) { r.reason = reason + "\n" + text } } else { r.reason = text }
            if r.code == nil || r.code == .refused { r.code = spent ? .budget : .ruleError }
            // An error after the move was applied leaves the step's status as it is: the move
            // went through, and `reason` says what failed after it.
            if !r.applied { r.status = .error }
        }
        /// One part, with a budget of its own; nil when it failed.
        func ask<T>(_ part: () throws -> T) -> T? {
            var spentHere = false, failure: Error?
            let answer = engine.step { () -> T? in
                defer { spentHere = engine.budgetSpent }
                do { return try part() } catch { failure = error; return nil }
            }
            spentAny = spentAny || spentHere
            if let failure { note(failure, spent: spentHere) }
            return answer
        }
        r.result = ask { try engine.result() } ?? nil
        // A table that ends with its game asks no one to move after it (sim plays thousands).
        let endsWithGame = r.result != nil && !finished && (playsOneGame || info.oneGame || daily != nil)
        r.toMove = endsWithGame ? [] : ask { try engine.toMove() } ?? []
        if r.result != nil && r.applied && (coaching || !coachedSeats.isEmpty) { tellCoachNotes(&r) }
        // Once a game is over, one seat is asked to play again, and is told so; a table of one
        // game ends there instead.
        if r.result != nil && !finished {
            if endsWithGame {
                end(.quit)
                r.endsSession = true
                r.toMove = []
            } else if r.toMove.isEmpty {
                r.toMove = [playAgainSeat]
            }
        }
        for seat in viewers {
            var v = SeatView()
            if let drawn = ask({ try engine.drawing(for: seat) }) {
                v.view = drawn.text
                v.elements = drawn.elements
            }
            if r.result != nil {
                v.moves = r.toMove.contains(seat) ? Self.playAgainMoves : []
            } else if let moves = ask({ try engine.moves(for: seat) }) {
                v.moves = moves.listed
                v.freeText = moves.text
                v.keys = info.keys(offered: moves.listed)
            }
            if machineView != .none {
                v.observation = ask { try engine.observation(for: seat) }
                if machineView == .revealed { v.state = ask { try engine.stateJSON() } }
            }
            r.seats[seat] = v
        }
        // A rule that spends its whole budget input after input would make every line cost
        // the limit: after a few in a row the session ends, as it does when setup fails. A
        // move that was applied keeps its status; the code and reason say what followed.
        spentInARow = r.code == .budget || r.code == .memory || spentAny ? spentInARow + 1 : 0
        if spentInARow >= Self.spentStepLimit && !finished {
            end(.error)
            if !r.applied { r.status = .error }
            r.code = .budgetRepeated
            r.endsSession = true
            r.reason = (r.reason.map { $0 + "\n" } ?? "")
                + "the rule used up its steps, time or memory on \(Self.spentStepLimit) inputs in a row: the session ends"
            // Nobody is asked to play again.
            if r.result != nil {
                r.toMove = []
                for seat in viewers { r.seats[seat]?.moves = [] }
            }
        }
    }
}

extension Table.EndReason {
    /// The code the host exits with when a session ends so (docs/protocol.md).
    public var exitCode: Int32 {
        switch self {
        case .quit, .eof: 0
        case .error: 1
        case .seatLeft: 3
        case .interrupted: 130
        }
    }
}

// MARK: The coach

extension Table {
    /// The most notes the coach gives a seat at a game's end: the costliest.
    static let coachNoteLimit = 5
    /// How much better (on the search's scale of 0 to 1) a move must look to be worth a note.
    static let coachMargin = 0.05

    /// Before a person's move is played: what the search player would play in their place, and
    /// how it rates both, kept for the game's end when they differ. The search puts the game
    /// back as it was, so the move is then played on the same game.
    func coach(_ rawLine: String, seat: Int) {
        guard coaching || coachedSeats.contains(seat), seat >= 1, seat <= fillers.count, case .person = fillers[seat - 1], !finished, engine.hasGame,
              (try? engine.result()) == nil, (try? engine.toMove())?.contains(seat) == true else { return }
        let line = InputLine.clean(rawLine)
        guard !line.hasPrefix("/"), rawLine.utf8.count <= InputLine.limit, let listed = try? engine.moves(for: seat).listed else { return }
        let move = self.move(for: line, seat: seat)
        guard listed.count > 1, listed.contains(move) else { return }
        movesMade[seat, default: 0] += 1
        let made = movesMade[seat]!
        let searcher = SearchPlayer(seed: EngineSettings.mix(SearchPlayer.seed(game: engine.gameSeed, seat: seat), made), budget: thinking)
        guard let best = try? searcher.move(in: engine, seat: seat), best != move, let thought = searcher.lastThinking,
              thought.declined == nil, let mine = thought.options.first(where: { $0.move == move }),
              let theirs = thought.options.first(where: { $0.move == best }), theirs.value - mine.value >= Self.coachMargin else { return }
        func rating(_ x: Double) -> String { String(Int((x * 100).rounded())) }
        coachNotes[seat, default: []].append((theirs.value - mine.value,
            texts(.coachNote, ["made": String(made), "move": shown(move, seat: seat), "best": shown(best, seat: seat),
                               "theirs": rating(theirs.value), "mine": rating(mine.value)])))
    }

    /// A move as `seat`'s view shows it now, where that is not the move itself: the card's
    /// face or the button's text, with the input after it ("A♠ (as)"), so a note or a hint
    /// names what the player sees. The move alone when the view offers it nowhere.
    func shown(_ move: String, seat: Int) -> String {
        guard let elements = try? engine.drawing(for: seat).elements,
              let name = elements.lazy.compactMap({ $0.shownName(of: move) }).first,
              !name.isEmpty, name != move else { return move }
        let plain = TerminalText.plain(name)
        return plain.utf8.count <= 40 ? "\(plain) (\(move))" : move
    }

    /// `/hint`: the move the search player would make for `seat` now (with the table's
    /// `thinking`, from a seed of the game, the seat and the hints asked: a seed replays it).
    /// The search puts the game back as it was, so a hint changes nothing.
    func hint(seat: Int) -> String {
        guard engine.hasGame, (try? engine.result()) == nil, (try? engine.toMove())?.contains(seat) == true else {
            return texts(.noHintNotYourMove)
        }
        // Each hint is a search (seconds at a served table, and again when the table is
        // rebuilt from its inputs): a game has so many.
        guard hintsAsked < Self.hintLimit else { return texts(.noHintUsedUp, ["n": String(Self.hintLimit)]) }
        hintsAsked += 1
        let searcher = SearchPlayer(seed: EngineSettings.mix(SearchPlayer.seed(game: engine.gameSeed, seat: seat) ^ 0x4849_4E54, hintsAsked),
                                    budget: thinking)
        do {
            let move = try searcher.move(in: engine, seat: seat)
            guard let thought = searcher.lastThinking, thought.declined == nil else { return texts(.hintOwn, ["move": shown(move, seat: seat)]) }
            let rated = thought.options.first { $0.move == move }.map { texts(.hintRated, ["n": String(Int(($0.value * 100).rounded()))]) } ?? ""
            return texts(.hintSearch, ["move": shown(move, seat: seat), "games": String(thought.games), "rated": rated])
        } catch {
            return texts(.noHint, ["error": "\(error)"])
        }
    }

    /// Tells each person at the game's end where the search would have played otherwise.
    func tellCoachNotes(_ r: inout Step) {
        for (k, filler) in fillers.enumerated() {
            guard case .person = filler, (movesMade[k + 1] ?? 0) > 0 else { continue }
            let notes = (coachNotes[k + 1] ?? []).enumerated().sorted { ($0.element.cost, -$0.offset) > ($1.element.cost, -$1.offset) }
                .prefix(Self.coachNoteLimit).sorted { $0.offset < $1.offset }.map(\.element.text)
            let lines = notes.isEmpty
                ? [texts(.coachNothing, ["n": String(movesMade[k + 1]!)])]
                : [texts(.coachHeading)] + notes.map { "  " + $0 }
            r.privateMessages[k + 1, default: []] += lines
        }
        coachNotes = [:]
        movesMade = [:]
    }
}
