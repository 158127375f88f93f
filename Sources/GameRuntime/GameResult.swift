import LuaKit
import GameRules

/// How a game ended, from the rule's `result` hook: checked field by field, so a mistyped field
/// is the rule's error, never dropped in silence.
public struct GameResult: Equatable, Sendable {
    /// `winner` as the rule gave a name ("player", "computer", "draw"), or nil.
    public var winner: String? {
        get { storage.winner }
        _modify { yield &writable.winner }
    }
    /// The winning seats, when the rule named seats (`winner = 2`, or `{ 1, 3 }` for a shared win).
    public var winningSeats: [Int] {
        get { storage.winningSeats }
        _modify { yield &writable.winningSeats }
    }
    /// The seats from best to last, ties sharing a place (`ranking = { 1, { 2, 3 } }`).
    public var ranking: [[Int]] {
        get { storage.ranking }
        _modify { yield &writable.ranking }
    }
    /// One score for the game (`score = 13`), and a score per seat (`scores = { 63, 0 }`).
    public var score: Double? {
        get { storage.score }
        _modify { yield &writable.score }
    }
    public var seatScores: [Int: Double] {
        get { storage.seatScores }
        _modify { yield &writable.seatScores }
    }
    /// Whether a smaller score is the better one (`better = "lower"`: tries, seconds).
    public var lowerIsBetter: Bool {
        get { storage.lowerIsBetter }
        _modify { yield &writable.lowerIsBetter }
    }
    public var summary: String {
        get { storage.summary }
        _modify { yield &writable.summary }
    }
    /// The reward each seat earned by this step, when the rule gives one (`rewards = { 1, -1 }`).
    public var rewards: [Int: Double] {
        get { storage.rewards }
        _modify { yield &writable.rewards }
    }

    /// The fields, behind one reference: a result is kept by the engine, put on the step that
    /// ends a game and copied on from there; a copy retains this one reference, not each field.
    /// Written only through the accessors above, which copy it first when another result shares it.
    private var storage: Storage

    // Safe to send: a storage is written only while one result alone holds it (`writable`).
    private final class Storage: @unchecked Sendable {
        var winner: String?
        var winningSeats: [Int]
        var ranking: [[Int]]
        var score: Double?
        var seatScores: [Int: Double]
        var lowerIsBetter = false
        var summary: String
        var rewards: [Int: Double]

        init(winner: String?, winningSeats: [Int], ranking: [[Int]], score: Double?, seatScores: [Int: Double], summary: String,
             rewards: [Int: Double]) {
            self.winner = winner
            self.winningSeats = winningSeats
            self.ranking = ranking
            self.score = score
            self.seatScores = seatScores
            self.summary = summary
            self.rewards = rewards
        }

        func copy() -> Storage {
            let c = Storage(winner: winner, winningSeats: winningSeats, ranking: ranking, score: score, seatScores: seatScores,
                            summary: summary, rewards: rewards)
            c.lowerIsBetter = lowerIsBetter
            return c
        }
    }

    /// The storage, copied first when another result shares it.
    private var writable: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    public init(winner: String? = nil, winningSeats: [Int] = [], ranking: [[Int]] = [], score: Double? = nil,
                seatScores: [Int: Double] = [:], summary: String, rewards: [Int: Double] = [:]) {
        storage = Storage(winner: winner, winningSeats: winningSeats, ranking: ranking, score: score, seatScores: seatScores,
                          summary: summary, rewards: rewards)
    }

    public static func == (a: GameResult, b: GameResult) -> Bool {
        a.storage === b.storage
            || (a.winner == b.winner && a.winningSeats == b.winningSeats && a.ranking == b.ranking && a.score == b.score
                && a.seatScores == b.seatScores && a.lowerIsBetter == b.lowerIsBetter && a.summary == b.summary && a.rewards == b.rewards)
    }

    /// The fields `result` may return, and nothing else.
    static let fieldNames: [StaticString] = ["winner", "ranking", "score", "scores", "better", "summary", "rewards"]
    static let knownFields = Set(fieldNames.map { "\($0)" })

    /// Reads the table `result` returned; every field it has must be of its kind.
    init(_ value: LuaValue, seats: Int, path: String, texts: HostTexts = .english) throws {
        let fields = value.map ?? [:]
        if let stray = fields.keys.sorted().first(where: { !Self.knownFields.contains($0) }) {
            throw RuleError(["\(path): result has a field '\(stray)' the host does not know (it takes \(Self.knownFields.sorted().joined(separator: ", ")))"])
        }
        try self.init(seats: seats, path: path, texts: texts) { value["\($0)"] }
    }

    /// Reads a result whose fields are all known, each by `field` (nil when it is absent): the
    /// engine reads them where the table lies in Lua, without copying the table into Swift.
    init(seats: Int, path: String, texts: HostTexts = .english, field: (StaticString) throws -> LuaValue) throws {
        func problem(_ field: String, _ what: String, _ value: LuaValue) -> RuleError {
            RuleError(["\(path): result's '\(field)' must be \(what), not \(value.typeName)"])
        }
        func seat(_ v: LuaValue) -> Int? {
            guard let n = v.integer, (1...Int64(seats)).contains(n) else { return nil }
            return Int(n)
        }
        var winner: String?, winningSeats: [Int] = [], ranking: [[Int]] = []
        switch try field("winner") {
        case .nil: break
        case .string(let s): winner = s
        case let v where seat(v) != nil: winningSeats = [seat(v)!]
        case .array(let items) where !items.isEmpty && items.allSatisfy({ seat($0) != nil }) && Set(items.compactMap(seat)).count == items.count:
            winningSeats = items.compactMap(seat)
        case let v: throw problem("winner", "a name (\"player\"), a seat from 1 to \(seats) or a list of seats, each once", v)
        }
        switch try field("ranking") {
        case .nil: break
        case .array(let places):
            for place in places {
                if let s = seat(place) { ranking.append([s]) } else if let group = place.array, !group.isEmpty, group.allSatisfy({ seat($0) != nil }) {
                    ranking.append(group.compactMap(seat))
                } else {
                    throw problem("ranking", "a list of seats from best to last (a list of seats for a tie)", .array(places))
                }
            }
        case let v: throw problem("ranking", "a list of seats from best to last", v)
        }
        // Every seat has one place: a seat twice, or one left out, is no ranking.
        let ranked = ranking.flatMap { $0 }
        if !ranking.isEmpty && (Set(ranked).count != ranked.count || ranked.count != seats) {
            throw RuleError(["\(path): result's 'ranking' must place every seat from 1 to \(seats) once (a list of seats for a tie), not {" + ranking.map { $0.count == 1 ? String($0[0]) : "{" + $0.map(String.init).joined(separator: ", ") + "}" }.joined(separator: ", ") + "}"])
        }
        func number(_ v: LuaValue) -> Double? {
            switch v {
            case .integer(let i): return Double(i)
            case .number(let d) where d.isFinite: return d
            default: return nil
            }
        }
        let score: Double?
        switch try field("score") {
        case .nil: score = nil
        case let v where number(v) != nil: score = number(v)
        case let v: throw problem("score", "a finite number", v)
        }
        func perSeat(_ name: StaticString) throws -> [Int: Double] {
            switch try field(name) {
            case .nil: return [:]
            case .array(let items) where items.count <= seats && items.allSatisfy({ number($0) != nil }):
                return Dictionary(uniqueKeysWithValues: items.enumerated().map { ($0.offset + 1, number($0.element)!) })
            case let v: throw problem("\(name)", "a list of finite numbers, one per seat (\(seats))", v)
            }
        }
        let seatScores = try perSeat("scores")
        let rewards = try perSeat("rewards")
        let lowerIsBetter: Bool
        switch try field("better") {
        case .nil, .string("higher"): lowerIsBetter = false
        case .string("lower"): lowerIsBetter = true
        case let v: throw problem("better", "\"higher\" (the default) or \"lower\"", v)
        }
        let summary: String
        switch try field("summary") {
        case .nil: summary = winner.map { texts(.winner, ["who": $0]) } ?? (winningSeats.isEmpty ? texts(.gameOver) : texts(.winner, ["who": texts.seatList(winningSeats)]))
        case .string(let s): summary = s
        case let v: throw problem("summary", "a string", v)
        }
        self.init(winner: winner, winningSeats: winningSeats, ranking: ranking, score: score, seatScores: seatScores, summary: summary,
                  rewards: rewards)
        self.lowerIsBetter = lowerIsBetter
    }

    /// The winner as the statistics count it (in English, whoever played): the rule's name, or the seats.
    public var winnerText: String? {
        winner ?? (winningSeats.isEmpty ? nil : HostTexts.english.seatList(winningSeats))
    }
}
