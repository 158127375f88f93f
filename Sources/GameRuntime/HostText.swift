import GameCore
import GameRules

/// What the host itself says to players (its prompts, its answers to commands, the seats'
/// names, the menu), by key: the English text here, German and Japanese in
/// `HostText+German.swift` and `HostText+Japanese.swift`, chosen by the player's language as a
/// rule's texts are (`--lang`, `LANG`). A key is a case, so a text the host asks for exists in
/// English by construction, and a test holds every translation to every case and to the same
/// `{names}`. What the host says to rule authors (check, sim, a rule's errors) and the command
/// line's own help stay in English, as a compiler's do.
public enum HostText: String, CaseIterable, Sendable {
    // The seats' names.
    case seat, bot, random, search, sharedName, you
    // The table's answers.
    case sessionEnded, gameOverInput, lineTooLong, lineMarks, unknownCommand
    case helpHeading, helpHelp, helpMoves, helpRules, helpNew, helpUndo, helpQuit, helpHint, helpCoach
    case helpUndoAsk, helpAgree, helpRefuse
    case movesKeys, noMoves, movesListed, typeText, movesOrType
    case noCoach, coachOn, coachOff, coachNothing, coachHeading, coachNote
    case wordsPage, noMoreWords, noWords
    case newDaily, newShared, undoHere, quitShared
    case noHintNotYourMove, noHintUsedUp, hintOwn, hintSearch, hintRated, noHint
    case winner, gameOver, seatList, seatListLast, orLast
    // The terminal's lines.
    case seedLine, replayClose, helpForCommands, gameSeedLine, playAgain, passKeyboard, pressEnter, onlyEnter, sinceLastTurn
    case screenHeader, screenHeaderShort, screenReplay, screenGameSeed, morePages, spaceWord, enterPlays, enterShort
    case sessionGames, sessionWon, sessionNoWinner
    case undoRecorded, undoDaily, undoRanked, undoOver, undoClockSearch, undoNotKept, undoNoMove
    case tookBack, undoFailed, newConfirm, mayTakeBack, didNotAgree, programCannotAgree
    // Taking a move back at a served table.
    case undoNotStored, undoTooOften, undoServerBusy, undoRankedTable, undoWaiting, undoNoRequest, undoNotAsked, undoAsked, undoAgreed, undoWithdrawn, undoLapsed
    // The menu.
    case menuTitle, menuContinue, menuMoreKept, menuToday, menuTodayAbout, menuTodayWhich, menuPrompt, menuPromptContinue, menuReturn
    case menuAmbiguous, menuNoGame, menuWords, menuSeats, menuSeatsPrompt, menuSeatPrompt, menuWhoSits, menuWhoSitsBot
    // The game of the day.
    case dailyWon, dailyLost, dailyDraw, dailyPlayed, dailyScore, dailyRank, dailyDone, dailyToShare, dailyLeftKept, dailyLeft, dailyHad
    // Kept games.
    case keptMoves, keptLeft, keptInUse, agoNow, agoMinutes, agoHours, agoDays, takingUp, keptSaid, keptNot, keptNone
    // What the host accepts as yes and no besides y/yes and n/no (space-separated).
    case yesAnswers, noAnswers

    /// The text in English, the host's own language.
    public var english: RuleTexts.Text {
        switch self {
        case .seat: .plain("Seat {seat}")
        case .bot: .plain("Bot")
        case .random: .plain("Random")
        case .search: .plain("Search")
        case .sharedName: .plain("{name} (seat {seat})")
        case .you: .plain("you")
        case .sessionEnded: .plain("the session has ended")
        case .gameOverInput: .plain("the game is over: y for a new game, n to leave")
        case .lineTooLong: .plain("that line is longer than the limit of {limit} bytes")
        case .lineMarks: .plain("that line {problem}")
        case .unknownCommand: .plain("unknown command /{name} (type /help for the list)")
        case .helpHeading: .plain("Type a move, or a command:")
        case .helpHelp: .plain("this list")
        case .helpMoves: .plain("the inputs the game accepts now")
        case .helpRules: .plain("how to play")
        case .helpNew: .plain("start a new game")
        case .helpUndo: .plain("take back your last move (in practice)")
        case .helpQuit: .plain("end this game (Ctrl-D too)")
        case .helpHint: .plain("the move the search player would make in your place")
        case .helpCoach: .plain("at the game's end, where the search would have played otherwise")
        case .helpUndoAsk: .plain("ask to take back your last move (the others agree)")
        case .helpAgree: .plain("let the move another seat asked about be taken back")
        case .helpRefuse: .plain("keep that move (or withdraw your own request)")
        case .movesKeys: .plain(" (keys: {keys})")
        case .noMoves: .plain("No moves now.")
        case .movesListed: .plain("Moves: {moves}")
        case .typeText: .plain("Type {text}.")
        case .movesOrType: .plain("Moves: {moves}; or type {text}")
        case .noCoach: .plain("No coach: the coach is for people.")
        case .coachOn: .plain("Coach on: at the game's end you will be told, alone, where the search player would have played otherwise (/coach again: off).")
        case .coachOff: .plain("Coach off.")
        case .coachNothing: .plural(one: "Coach: of your {n} move with a choice, the search would have played it as you did.",
                                    other: "Coach: of your {n} moves with a choice, the search would have played each as you did.")
        case .coachHeading: .plain("Coach (the search player rates each move from 0, the worst end it foresaw, to 100, the best):")
        case .coachNote: .plain("your move {made}: {move}, where the search would play {best} ({theirs} against {mine})")
        case .wordsPage: .plain("Words {from} to {to} of {total}.")
        case .noMoreWords: .plain("No more words: the list has {total}, and /words {from} starts after its end.")
        case .noWords: .plain("No words: a count of 0 asks for none.")
        case .newDaily: .plain("the game of the day is played once: gamehost play {game} plays another game")
        case .newShared: .plain("the game is played to its end at a table of several people: /new once it is over (or y to play again)")
        case .undoHere: .plain("a move is taken back at a terminal, through gamehost play --json or at a served table; not here")
        case .quitShared: .plain("at a table of several people you leave by closing the connection: your seat waits for you")
        case .noHintNotYourMove: .plain("No hint: it is not your move.")
        case .noHintUsedUp: .plain("No hint: this game has had its {n} hints.")
        case .hintOwn: .plain("Hint: {move} (the rule's own player's move)")
        case .hintSearch: .plain("Hint: {move} (the search player's move, after {games} scratch games{rated})")
        case .hintRated: .plain(", rated {n} of 100")
        case .noHint: .plain("No hint: {error}")
        case .winner: .plain("Winner: {who}")
        case .gameOver: .plain("Game over")
        case .seatList: .plural(one: "seat {seats}", other: "seats {seats}")
        case .seatListLast: .plain("{list} and {last}")
        case .orLast: .plain("{list} or {last}")
        case .seedLine: .plain("Seed {seed} (replay: ")
        case .replayClose: .plain(")")
        case .helpForCommands: .plain("/help for commands")
        case .gameSeedLine: .plain("Game {number}, seed {seed} (replay: ")
        case .playAgain: .plain("Play again? (y/n)")
        case .passKeyboard: .plain("{seat} to play: pass the keyboard.")
        case .pressEnter: .plain("Press Enter when ready. ")
        case .onlyEnter: .plain("Only Enter confirms: press Enter when ready. ")
        case .sinceLastTurn: .plain("Since your last turn:")
        case .screenHeader: .plain("Seed {seed} (replay: {replay}) · /help · Ctrl-D: back")
        case .screenHeaderShort: .plain("Seed {seed} · /help · Ctrl-D: back")
        case .screenReplay: .plain("replay: {replay}")
        case .screenGameSeed: .plain("Game {number}, seed {seed}")
        case .morePages: .plain("-- more ({page}/{pages}): Space --")
        case .spaceWord: .plain("Space: a word ")
        case .enterPlays: .plain("(Enter plays {move}, or type more) ")
        case .enterShort: .plain("(Enter: {move}) ")
        case .sessionGames: .plural(one: "This session: {n} game", other: "This session: {n} games")
        case .sessionWon: .plain("{name} won {n}")
        case .sessionNoWinner: .plain("{n} with no winner")
        case .undoRecorded: .plain("a game recorded with --record is played without taking moves back")
        case .undoDaily: .plain("the game of the day is played without taking moves back")
        case .undoRanked: .plain("a ranked game is played without taking moves back: /undo is for practice (a seeded or piped game, or a rule that allows it)")
        case .undoOver: .plain("the game is over: y starts the next")
        case .undoClockSearch: .plain("a search seat that thinks by the clock plays otherwise each time, so its moves cannot be played again to take one back")
        case .undoNotKept: .plain("no move can be taken back: {why}")
        case .undoNoMove: .plain("you have made no move in this game to take back")
        case .tookBack: .plain("{name} took back a move: the game is as it was before it.")
        case .undoFailed: .plain("the move could not be taken back: {error}")
        case .newConfirm: .plain("Start a new game? This one will be lost. (y/n) ")
        case .mayTakeBack: .plain("{name}: may {asker} take back a move? (y/n) ")
        case .didNotAgree: .plain("{name} did not agree to take the move back")
        case .programCannotAgree: .plain("a program at the table cannot agree to take a move back")
        case .undoNotStored: .plain("this server keeps no tables, so no move can be taken back here")
        case .undoTooOften: .plain("moves have been taken back at this table too often just now: try again in a minute")
        case .undoServerBusy: .plain("the server is taking many moves back just now: try again in a minute")
        case .undoRankedTable: .plain("a ranked table is played without taking moves back: /undo is for practice tables (or a rule that allows it)")
        case .undoWaiting: .plain("{name} has asked to take back a move: that is answered first")
        case .undoNoRequest: .plain("nobody has asked to take back a move")
        case .undoNotAsked: .plain("you were not asked, or have answered already")
        case .undoAsked: .plain("{asker} asks to take back their last move: /agree or /refuse")
        case .undoAgreed: .plain("{name} agrees to take back {asker}'s move")
        case .undoWithdrawn: .plain("{asker} no longer asks to take back a move")
        case .undoLapsed: .plain("a move was played, so {asker}'s request to take back a move has lapsed")
        case .menuTitle: .plain("GameHost — choose a game")
        case .menuContinue: .plain("Continue")
        case .menuMoreKept: .plain(" ({n} more: gamehost resume --list)")
        case .menuToday: .plain("Today's game")
        case .menuTodayAbout: .plain("the day's deal of a game, the same for everyone, once a day")
        case .menuTodayWhich: .plain("Today's game of which game (number or name)? ")
        case .menuReturn: .plain("Press Enter for the menu. ")
        case .menuPrompt: .plain("Game (number or name, d for today's, /quit to leave): ")
        case .menuPromptContinue: .plain("Game (number or name, c to continue, d for today's, /quit to leave): ")
        case .menuAmbiguous: .plain("'{answer}' could be {games}: type more of it")
        case .menuNoGame: .plain("no game '{answer}': type 1 to {count}, a title or a name ({names})")
        case .menuWords: .plain("words: a word list ({lists}) or a file's path")
        case .menuSeats: .plain("seats: {range} — how many play")
        case .menuSeatsPrompt: .plain("seats [{n}]: ")
        case .menuSeatPrompt: .plain("seat {seat} [{who}]: ")
        case .menuWhoSits: .plain("who sits where: a person's name (people take turns at this keyboard), search (looks ahead), random (random moves)")
        case .menuWhoSitsBot: .plain("who sits where: a person's name (people take turns at this keyboard), bot (the game's own player), search (looks ahead), random (random moves)")
        case .dailyWon: .plain("won")
        case .dailyLost: .plain("lost")
        case .dailyDraw: .plain("a draw")
        case .dailyPlayed: .plain("played")
        case .dailyScore: .plain("score {score}")
        case .dailyRank: .plain("{rank} of {count}")
        case .dailyDone: .plain("That was the game of {date}, played once a day. To share (it gives nothing away):")
        case .dailyToShare: .plain("To share: {share}")
        case .dailyLeftKept: .plain("you began today's {title} and left it in the middle: gamehost resume takes it up")
        case .dailyLeft: .plain("you began today's {title} and left it: the game of the day is played once; the next one comes tomorrow")
        case .dailyHad: .plain("you played today's {title}: {share}. The next one comes tomorrow.")
        case .keptMoves: .plural(one: "{n} move", other: "{n} moves")
        case .keptLeft: .plain("left {ago}")
        case .keptInUse: .plain("being played in another window")
        case .agoNow: .plain("just now")
        case .agoMinutes: .plain("{n} min ago")
        case .agoHours: .plural(one: "an hour ago", other: "{n} hours ago")
        case .agoDays: .plain("{n} days ago")
        case .takingUp: .plain("Taking up where you left it: {game}.")
        case .keptSaid: .plain("This game is kept: gamehost resume (or Continue in the menu) takes it up where you left it.")
        case .keptNot: .plain("This game is not kept: {why}")
        case .keptNone: .plain("No game is kept. A game left in the middle at a terminal is kept here.")
        case .yesAnswers: .plain("")
        case .noAnswers: .plain("")
        }
    }
}

/// The host's texts in one language: `texts(.playAgain)`, `texts(.seat, ["seat": "2"])`.
public struct HostTexts: Sendable, Equatable {
    /// The language asked for, as the player gave it (`de-at`).
    public let language: String
    /// The catalogs it reads, most specific first (`de-at`, then `de`); English is the last word.
    private let catalogs: [String]

    public static let english = HostTexts(language: "en")

    /// The languages the host speaks besides English.
    static let translations: [String: [HostText: RuleTexts.Text]] = ["de": german, "ja": japanese]

    public init(language: String) {
        self.language = language
        // (English, the most common, builds no catalog.)
        catalogs = language == "en" ? [] : RuleTexts.fallbacks(language).filter { Self.translations[$0] != nil }
    }

    /// Whether the host has its own texts in the language (else it speaks English).
    public var isTranslated: Bool { !catalogs.isEmpty }

    /// The text of `key`, its `{name}`s filled from `values`, in the plural form `values["n"]`
    /// calls for.
    public func callAsFunction(_ key: HostText, _ values: [String: String] = [:]) -> String {
        var text = key.english
        var language = "en"
        for code in catalogs {
            if let found = Self.translations[code]?[key] {
                text = found
                language = code
                break
            }
        }
        let template: String
        switch text {
        case .plain(let s): template = s
        case .plural(let one, let other):
            let n = values["n"].flatMap(Double.init) ?? 0
            template = RuleTexts.pluralForm(n, language: language) == "one" ? one ?? other : other
        }
        return RuleTexts.fill(template, values)
    }

    /// Whether `answer` says yes: y or yes in any language, and the language's own words (ja).
    public func isYes(_ answer: String) -> Bool { Self.says(answer, ["y", "yes"], self(.yesAnswers)) }

    /// Whether `answer` says no: n or no, and the language's own words (nein, いいえ).
    public func isNo(_ answer: String) -> Bool { Self.says(answer, ["n", "no"], self(.noAnswers)) }

    private static func says(_ answer: String, _ english: [String], _ own: String) -> Bool {
        let word = InputLine.clean(answer).lowercased()
        return english.contains(word) || own.split(separator: " ").contains { $0 == word }
    }

    /// "Seat 2 · Ann to play: pass the keyboard."
    public func passKeyboard(_ seat: Int, name: String?) -> String {
        let who = self(.seat, ["seat": String(seat)]) + (name.map { $0.isEmpty ? "" : " · " + $0 } ?? "")
        return self(.passKeyboard, ["seat": who])
    }

    /// "seat 2", "seats 1, 2 and 3".
    public func seatList(_ seats: [Int]) -> String {
        let shown = seats.count <= 1 ? seats.map(String.init).joined()
            : self(.seatListLast, ["list": seats.dropLast().map(String.init).joined(separator: ", "), "last": String(seats.last!)])
        return self(.seatList, ["seats": shown, "n": String(seats.count)])
    }
}
