import GameCore
import GameRules

/// What one step of a table did: the answer to one input (a move, a command, y/n) or a game's
/// start. Presenters show a step and nothing else; they never reach back into the engine.
public struct Step: Sendable {
    public enum Status: String, Sendable {
        /// A game began.
        case started
        /// The move was played.
        case accepted
        /// Not accepted: nothing changed.
        case refused
        /// The rule failed (or used up its budget): nothing changed, unless `applied` says the
        /// move went through before a later part of the step failed.
        case error
        /// A host command ran (or a rule's command, when the rule answered it).
        case command
        /// The session ended at the player's word.
        case quit
    }

    /// The step's number within its game: 0 for the start, then one more per input.
    public var number: Int {
        get { storage.number }
        _modify { yield &writable.number }
    }
    /// The game it belongs to (1 for a session's first).
    public var game: Int {
        get { storage.game }
        _modify { yield &writable.game }
    }
    /// The seat whose input this is (nil for a game's start).
    public var seat: Int? {
        get { storage.seat }
        _modify { yield &writable.seat }
    }
    /// The input line as it was typed, cleaned (nil for a start, or a line over the limit).
    public var input: String? {
        get { storage.input }
        _modify { yield &writable.input }
    }
    /// The move the input played, when it differs from the line (a key: `r` plays `rock`).
    public var move: String? {
        get { storage.move }
        _modify { yield &writable.move }
    }
    /// Whether the table's own player for the seat (the rule's bot, random moves) gave it.
    public var automatic: Bool {
        get { storage.automatic }
        _modify { yield &writable.automatic }
    }
    public var status: Status {
        get { storage.status }
        _modify { yield &writable.status }
    }
    /// Whether the step changed the game: an accepted move, a new game, a rule command the
    /// rule accepted. Set even when a later part of the step failed.
    public var applied: Bool {
        get { storage.applied }
        _modify { yield &writable.applied }
    }
    /// A stable, machine-readable code beside the English reason (see `StepCode`).
    public var code: StepCode? {
        get { storage.code }
        _modify { yield &writable.code }
    }
    /// What the step said to every seat, and to one seat's eyes only.
    public var messages: [String] {
        get { storage.messages }
        _modify { yield &writable.messages }
    }
    public var privateMessages: [Int: [String]] {
        get { storage.privateMessages }
        _modify { yield &writable.privateMessages }
    }
    public var bells: Int {
        get { storage.bells }
        _modify { yield &writable.bells }
    }
    /// The host's own notices (scores that could not be saved).
    public var notices: [String] {
        get { storage.notices }
        _modify { yield &writable.notices }
    }
    /// Why the input was refused, or the error that stopped it.
    public var reason: String? {
        get { storage.reason }
        _modify { yield &writable.reason }
    }
    /// Whether the session ends with this step (the player quit, or the rule cannot go on).
    public var endsSession: Bool {
        get { storage.endsSession }
        _modify { yield &writable.endsSession }
    }
    /// Whether a presenter should show the game again after this step.
    public var showsView: Bool {
        get { storage.showsView }
        _modify { yield &writable.showsView }
    }
    /// The seats to move now (none once the game is over).
    public var toMove: [Int] {
        get { storage.toMove }
        _modify { yield &writable.toMove }
    }
    /// What each seat earned by this step, where the rule gives rewards (`game.reward`, and
    /// the result's `rewards` on the step that ended the game).
    public var rewards: [Int: Double] {
        get { storage.rewards }
        _modify { yield &writable.rewards }
    }
    /// Words of the list a program asked for (`/words FROM COUNT`, where the rule shares them).
    public var words: WordPage? {
        get { storage.words }
        _modify { yield &writable.words }
    }
    /// Whether the coach is on for the seat now, on the step that answers its `/coach`.
    public var coaching: Bool? {
        get { storage.coaching }
        _modify { yield &writable.coaching }
    }
    public var result: GameResult? {
        get { storage.result }
        _modify { yield &writable.result }
    }
    /// Set when this step started a game.
    public var start: GameStart? {
        get { storage.start }
        _modify { yield &writable.start }
    }
    /// What each viewing seat sees now (see `Table.viewers`).
    public var seats: [Int: SeatView] {
        get { storage.seats }
        _modify { yield &writable.seats }
    }

    /// The fields, behind one reference: a step is handed from the table to the driver to each
    /// observer, and a copy of twenty-odd fields retained each of them, a copy of this one
    /// reference retains it once. Written only through the accessors below, which copy the
    /// storage first when another step shares it.
    private var storage: Storage

    // Safe to send: a storage is written only while one step alone holds it (`writable`).
    private final class Storage: @unchecked Sendable {
        var number: Int
        var game: Int
        var seat: Int?
        var input: String?
        var move: String?
        var automatic: Bool = false
        var status: Status
        var applied: Bool = false
        var code: StepCode?
        var messages: [String] = []
        var privateMessages: [Int: [String]] = [:]
        var bells: Int = 0
        var notices: [String] = []
        var reason: String?
        var endsSession: Bool = false
        var showsView: Bool = true
        var toMove: [Int] = []
        var rewards: [Int: Double] = [:]
        var words: WordPage?
        var coaching: Bool?
        var result: GameResult?
        var start: GameStart?
        var seats: [Int: SeatView] = [:]

        init(number: Int, game: Int, seat: Int?, input: String?, status: Status) {
            self.number = number
            self.game = game
            self.seat = seat
            self.input = input
            self.status = status
        }

        func copy() -> Storage {
            let c = Storage(number: number, game: game, seat: seat, input: input, status: status)
            c.move = move
            c.automatic = automatic
            c.applied = applied
            c.code = code
            c.messages = messages
            c.privateMessages = privateMessages
            c.bells = bells
            c.notices = notices
            c.reason = reason
            c.endsSession = endsSession
            c.showsView = showsView
            c.toMove = toMove
            c.rewards = rewards
            c.words = words
            c.coaching = coaching
            c.result = result
            c.start = start
            c.seats = seats
            return c
        }
    }

    /// The storage, copied first when another step shares it.
    private var writable: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }


    public init(number: Int, game: Int, seat: Int?, input: String?, status: Status) {
        storage = Storage(number: number, game: game, seat: seat, input: input, status: status)
    }

    /// Whether the rule failed on this step: the input was not applied for an error, or a part
    /// of the step after an applied input failed (a view, the moves, an observation).
    public var ruleFailed: Bool {
        status == .error || (reason != nil && code != nil && code != .refused && code != .notYourTurn && code != .gameOver
                             && code != .lineTooLong && code != .unknownCommand)
    }

    /// Whether every seat may read the reason, not only the seat whose input it was: a rule
    /// error that ends the session ends it for everyone (a bot that failed, a game that could
    /// not start, a budget used up input after input).
    public var reasonIsPublic: Bool { endsSession && ruleFailed }

    /// The reason as a seat that did not make the step reads it. A rule error's own words can
    /// name what only the moving seat may see ("cannot roll with 6 and 2"), so the others are
    /// told where the rule failed (its file and line) and at whose move, not what it said.
    /// The host's own reasons (a budget used up, memory) are the same for every seat.
    public var reasonForOtherSeats: String? {
        guard let reason, code == .ruleError, let seat else { return reason }
        return Self.location(in: reason) + "the rule failed at seat \(seat)'s move (what it said is for that seat)"
    }

    /// "name.lua:12: " at the start of a rule error, or "".
    static func location(in reason: String) -> String {
        guard let lua = reason.firstRange(of: ".lua:"), !reason[..<lua.lowerBound].contains(" ") else { return "" }
        let digits = reason[lua.upperBound...].prefix { $0.isASCII && $0.isNumber }
        let end = reason.index(lua.upperBound, offsetBy: digits.count)
        guard !digits.isEmpty, reason[end...].hasPrefix(": ") else { return "" }
        return String(reason[..<reason.index(end, offsetBy: 2)])
    }

    /// What `seat` sees, or an empty view.
    public func view(of seat: Int) -> SeatView { seats[seat] ?? SeatView() }

    /// What the step said that `seat` may read: every seat's messages, then its own.
    public func messages(for seat: Int) -> [String] { messages + (privateMessages[seat] ?? []) }
}

/// A game's start, as the step that began it reports it.
public struct GameStart: Sendable, Equatable {
    public var number: Int
    public var seed: UInt64
    /// The command that plays this game again.
    public var replay: String
    /// The options as the rule sees them (strings and whole numbers).
    public var options: [String: JSONValue]
    /// Who sits where.
    public var seats: [SeatInfo] = []
    /// The word list played, for word games.
    public var words: WordListInfo?
}

/// A stretch of the word list, in list order: `words[k]` is word `from + k` (from 1).
public struct WordPage: Sendable, Equatable {
    public var from: Int
    public var total: Int
    public var words: [String]
}

/// A seat as the table fills it.
public struct SeatInfo: Sendable, Equatable {
    public var seat: Int
    /// "person", "bot", "random" or "program".
    public var filler: String
    public var name: String
}

/// The word list a game plays: its name (not its path), how many words, and a fingerprint of
/// its words.
public struct WordListInfo: Sendable, Equatable {
    public var name: String
    public var size: Int
    public var fingerprint: String
}

/// What one seat sees after a step.
public struct SeatView: Sendable {
    public var view = ""
    /// The view's elements, where the rule drew them as data (`view` is then their text).
    public var elements: [ViewElement]?
    /// The inputs this seat may give now (`y`/`n` once the game is over).
    public var moves: [String] = []
    /// The rule's keys for those moves.
    public var keys: [String: String] = [:]
    /// Free text the seat may also give now.
    public var freeText: FreeText?
    /// What the seat may know of the game, for programs (when the table is asked for it).
    public var observation: JSONValue?
    /// The whole state, with `--reveal` only (a debugging aid).
    public var state: JSONValue?

    public init() {}
}

/// Why a step was refused or failed, for programs: stable where the English may change.
public enum StepCode: String, Sendable {
    /// The rule refused the input (`game.refuse`).
    case refused
    /// The line is longer than an input may be.
    case lineTooLong = "line-too-long"
    /// The game is over: only y, n and commands are taken.
    case gameOver = "game-over"
    case unknownCommand = "unknown-command"
    /// The seat is not among those to move.
    case notYourTurn = "not-your-turn"
    /// The rule failed on the input (an error in its code, or a value the host cannot read).
    case ruleError = "rule-error"
    /// The rule used up its steps or time on the input.
    case budget
    /// The rule used up its memory.
    case memory
    /// A new game could not start.
    case setupFailed = "setup-failed"
    /// The rule used up its budget on several inputs in a row: the session ends.
    case budgetRepeated = "budget-repeated"
    /// A seat broke the table's rules (a program that gave only inputs the game did not take,
    /// a seat that left a game played to its end): the session ends.
    case seatStopped = "seat-stopped"
}
