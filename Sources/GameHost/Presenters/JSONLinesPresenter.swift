import GameCore

/// The machine face of a table (docs/protocol.md): one JSON object per line. A `start` object
/// for every game (its seed replays it), a `step` object for the start and for every input
/// line, then an `end` object. Steps carry the observation (what a player may see), never the
/// secrets of the state, unless `reveal` is set.
public final class JSONLinesPresenter: Presenter {
    /// The protocol's version, in every start object; it changes when a field changes meaning.
    public static let protocolVersion: Int64 = 1

    let out: TextSink
    /// Where the host's notices go (stderr for the CLI): a program reads only protocol lines.
    let notices: TextSink?
    private var info: RuleInfo?
    /// The seat the program plays.
    public var seat = 1

    public init(_ out: TextSink, notices: TextSink? = nil) {
        self.out = out
        self.notices = notices
    }
    public var prompt: String { "" }
    /// Whether steps carry the whole state as well (`--reveal`, a debugging aid).
    public var reveal = false
    public var machineView: Table.MachineView { reveal ? .revealed : .observation }

    public func begin(_ info: RuleInfo) { self.info = info }

    private func emitStart(_ start: GameStart) {
        guard let info else { return }
        emit(.object([
            "type": .string("start"), "protocol": .int(Self.protocolVersion), "game": .string(info.id),
            "title": .string(info.title), "seed": .string(String(start.seed)), "game_number": .int(Int64(start.number)),
            "options": .object(start.options), "reveal": .bool(reveal),
        ]))
    }

    public func show(_ r: Step) {
        for notice in r.notices { notices?.write("gamehost: " + notice + "\n", style: .plain) }
        if let start = r.start { emitStart(start) }
        let v = r.view(of: seat)
        var fields: [String: JSONValue] = [
            "type": .string("step"), "step": .int(Int64(r.number)), "status": .string(r.status.rawValue),
            "input": r.input.map { .string($0) } ?? .null,
            "messages": .array(r.messages(for: seat).map { .string($0) }), "bells": .int(Int64(r.bells)),
            "reason": r.reason.map { .string($0) } ?? .null,
            "view": .string(v.view), "moves": .array(v.moves.map { .string($0) }),
            "text": v.freeText.map { .object(["description": .string($0.description), "pattern": $0.pattern.map { .string($0) } ?? .null]) } ?? .null,
            "observation": v.observation ?? .null, "over": .bool(r.result != nil),
        ]
        if reveal { fields["state"] = v.state ?? .null }
        if let result = r.result {
            var value: [String: JSONValue] = ["summary": .string(result.summary)]
            value["winner"] = result.winnerText.map { .string($0) } ?? .null
            value["score"] = result.score.map { .double($0) } ?? .null
            fields["result"] = .object(value)
        } else {
            fields["result"] = .null
        }
        emit(.object(fields))
    }

    public func end(reason: Table.EndReason) {
        emit(.object(["type": .string("end"), "reason": .string(reason.rawValue)]))
    }

    private func emit(_ value: JSONValue) { out.write(value.encoded + "\n", style: .plain) }
}
