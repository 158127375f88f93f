import GameCore

/// The machine face of a session (docs/protocol.md): one JSON object per line. A `start` object
/// for every game (its seed replays it), a `step` object for the start and for every input
/// line, then an `end` object. Steps carry the observation (what a player may see), never the
/// secrets of the state, unless `reveal` is set.
public final class JSONLinesPresenter: Presenter {
    /// The protocol's version, in every start object; it changes when a field changes meaning.
    public static let protocolVersion: Int64 = 1

    let out: TextSink
    /// Where the host's notices go (stderr for the CLI): a program reads only protocol lines.
    let notices: TextSink?
    private var session: GameSession?

    public init(_ out: TextSink, notices: TextSink? = nil) {
        self.out = out
        self.notices = notices
    }
    public var prompt: String { "" }
    /// Whether steps carry the whole state as well (`--reveal`, a debugging aid).
    public var reveal = false
    public var machineView: SessionDriver.MachineView { reveal ? .revealed : .observation }

    public func begin(_ session: GameSession) {
        self.session = session
        emitStart(seed: session.seed, game: 1)
    }

    private func emitStart(seed: UInt64, game: Int) {
        guard let session else { return }
        let options = session.options.mapValues { StateJSON.convert($0, lua: session.rule.lua) }
        emit(.object([
            "type": .string("start"), "protocol": .int(Self.protocolVersion), "game": .string(session.rule.id),
            "title": .string(session.rule.title), "seed": .string(String(seed)), "game_number": .int(Int64(game)),
            "options": .object(options), "reveal": .bool(reveal),
        ]))
    }

    public func show(_ r: SessionDriver.Report) {
        for notice in r.notices { notices?.write("gamehost: " + notice + "\n", style: .plain) }
        if let seed = r.newGameSeed, r.step > 0, let session { emitStart(seed: seed, game: session.gamesStarted) }
        var fields: [String: JSONValue] = [
            "type": .string("step"), "step": .int(Int64(r.step)), "status": .string(r.status.rawValue),
            "input": r.input.map { .string($0) } ?? .null,
            "messages": .array(r.messages.map { .string($0) }), "bells": .int(Int64(r.bells)),
            "reason": r.reason.map { .string($0) } ?? .null,
            "view": .string(r.view), "moves": .array(r.moves.map { .string($0) }),
            "text": r.freeText.map { .object(["description": .string($0.description), "pattern": $0.pattern.map { .string($0) } ?? .null]) } ?? .null,
            "observation": r.observation, "over": .bool(r.result != nil),
        ]
        if reveal { fields["state"] = r.state ?? .null }
        if let result = r.result {
            var value: [String: JSONValue] = ["summary": .string(result.summary)]
            value["winner"] = result.winner.map { .string($0) } ?? .null
            value["score"] = result.score.map { .double($0) } ?? .null
            fields["result"] = .object(value)
        } else {
            fields["result"] = .null
        }
        emit(.object(fields))
    }

    public func end(reason: String) {
        emit(.object(["type": .string("end"), "reason": .string(reason)]))
    }

    private func emit(_ value: JSONValue) { out.write(value.encoded + "\n", style: .plain) }
}
