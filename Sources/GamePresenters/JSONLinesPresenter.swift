import GameCore
import GameRules
import GameRuntime

/// The machine face of a table (docs/protocol.md): one JSON object per line, from one seat's
/// point of view. A `start` object for every game, a `step` object for each step of the table
/// (a game's start, every input of every seat), then an `end` object. A seat sees its own
/// inputs, every seat's public messages and its own, its observation and its rewards; never
/// another seat's input, view, rewards or private messages (the host's answers to its
/// commands included), and never the seed before the game is over (unless `reveal`, a local
/// debugging aid).
public final class JSONLinesPresenter: Presenter {
    /// The protocol's version, in every start object; it changes when a field changes meaning.
    public static let protocolVersion: Int64 = 2

    let out: TextSink
    /// Where the host's notices go (stderr for the CLI): a program reads only protocol lines.
    let notices: TextSink?
    /// The seat this stream plays (nil: a spectator, who sees what every seat may see).
    public var seat: Int? = 1
    /// Whether steps carry the whole state, and the start the seed (`--reveal`, a debugging
    /// aid that gives the game away).
    public var reveal = false

    public init(_ out: TextSink, notices: TextSink? = nil) {
        self.out = out
        self.notices = notices
    }
    public var prompt: String { "" }
    public var machineView: Table.MachineView { reveal ? .revealed : .observation }

    public func begin(_ info: RuleInfo) { self.info = info }
    private var info: RuleInfo?

    /// The exit code a session that ended so gives (docs/protocol.md).
    public static func exitCode(_ reason: Table.EndReason) -> Int64 { Int64(reason.exitCode) }

    private func emitStart(_ start: GameStart) {
        guard let info else { return }
        var fields: [String: JSONValue] = [
            "type": .string("start"), "protocol": .int(Self.protocolVersion), "game": .string(info.id),
            "title": .string(info.title), "game_number": .int(Int64(start.number)),
            "options": .object(start.options), "reveal": .bool(reveal), "hints": .bool(info.search.allowsHints),
            "seats": .array(start.seats.map { .object(["seat": .int(Int64($0.seat)), "filler": .string($0.filler), "name": .string($0.name)]) }),
            "you": seat.map { .int(Int64($0)) } ?? .null,
            "words": start.words.map {
                .object(["name": .string($0.name), "size": .int(Int64($0.size)), "fingerprint": .string($0.fingerprint),
                         "shared": .bool(info.sharesWords)])
            } ?? .null,
        ]
        fields["seed"] = reveal ? .string(String(start.seed)) : .null
        emit(.object(fields))
    }

    /// The game in play, for its seed and replay line once it is over.
    private var game: GameStart?

    /// The replay line of the game in play, changed since it started (a served table's seat
    /// taken by someone who joined later is named in it).
    public func replayChanged(to replay: String) { game?.replay = replay }

    public func show(_ r: Step) {
        for notice in r.notices { notices?.write("gamehost: " + notice + "\n", style: .plain) }
        // A rule error that ends the session is said where people look too.
        if r.reasonIsPublic, let reason = r.reason { notices?.write("gamehost: " + reason + "\n", style: .plain) }
        if let start = r.start {
            game = start
            emitStart(start)
        }
        // A step is a seat's own when it made it; a watcher owns none: it sees another seat's
        // input, move and refusal as a seat that did not make it does (not at all).
        let own = seat != nil && (r.seat == nil || r.seat == seat)
        let v = seat.map { r.view(of: $0) } ?? r.commonView
        // A seat's rewards are its own; a spectator sees every seat's.
        let rewards = seat.map { seat in r.rewards.filter { $0.key == seat } } ?? r.rewards
        var fields: [String: JSONValue] = [
            "type": .string("step"), "game_number": .int(Int64(r.game)), "step": .int(Int64(r.number)),
            "seat": r.seat.map { .int(Int64($0)) } ?? .null,
            // Another seat's input is its own: a program sees what the rule says of it.
            "input": own ? r.input.map { .string($0) } ?? .null : .null,
            "move": own ? r.move.map { .string($0) } ?? .null : .null,
            "status": .string(r.status.rawValue), "applied": .bool(r.applied),
            // (Why another seat's input was refused is its own, its code as its reason.)
            "code": (own || r.status != .refused ? r.code : nil).map { .string($0.rawValue) } ?? .null,
            "reason": (own ? r.reason : r.reasonIsPublic ? r.reasonForOtherSeats : nil).map { .string($0) } ?? .null,
            "ends_session": .bool(r.endsSession),
            "messages": .array((seat.map { r.messages(for: $0) } ?? r.messages).map { .string($0) }), "bells": .int(Int64(r.bells)),
            "to_move": .array(r.toMove.map { .int(Int64($0)) }),
            "your_turn": .bool(seat.map { r.toMove.contains($0) } ?? false),
            "view": .string(v.view), "elements": v.elements.map { .array($0.map(\.json)) } ?? .null, "moves": .array(v.moves.map { .string($0) }),
            "keys": .object(v.keys.mapValues { .string($0) }),
            "text": v.freeText.map { .object(["description": .string($0.description), "pattern": $0.pattern.map { .string($0) } ?? .null]) } ?? .null,
            "observation": v.observation ?? .null, "over": .bool(r.result != nil),
            "question": r.result != nil && !r.endsSession ? .string("play-again") : .null,
            "rewards": rewards.isEmpty ? .null : .object(Dictionary(uniqueKeysWithValues: rewards.map { (String($0.key), .double($0.value)) })),
        ]
        if reveal { fields["state"] = v.state ?? .null }
        if let coaching = r.coaching, own { fields["coaching"] = .bool(coaching) }
        if let page = r.words, own {
            fields["words"] = .object(["from": .int(Int64(page.from)), "total": .int(Int64(page.total)), "list": .array(page.words.map { .string($0) })])
        }
        if let result = r.result {
            var value: [String: JSONValue] = ["summary": .string(result.summary)]
            value["winner"] = result.winner.map { .string($0) } ?? .null
            value["winners"] = .array(result.winningSeats.map { .int(Int64($0)) })
            value["ranking"] = .array(result.ranking.map { .array($0.map { .int(Int64($0)) }) })
            value["score"] = result.score.map { .double($0) } ?? .null
            value["scores"] = .object(Dictionary(uniqueKeysWithValues: result.seatScores.map { (String($0.key), .double($0.value)) }))
            // The seed only now, with the game over: a program in a seat cannot learn the
            // hidden state from it while it plays.
            value["seed"] = game.map { .string(String($0.seed)) } ?? .null
            value["replay"] = game.map { .string($0.replay) } ?? .null
            fields["result"] = .object(value)
        } else {
            fields["result"] = .null
        }
        emit(.object(fields))
    }

    public func end(reason: Table.EndReason) {
        emit(.object(["type": .string("end"), "reason": .string(reason.rawValue), "exit_code": .int(Self.exitCode(reason))]))
    }

    private func emit(_ value: JSONValue) { out.write(value.encoded + "\n", style: .plain) }
}
