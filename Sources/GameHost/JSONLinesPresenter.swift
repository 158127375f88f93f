import GameCore

/// The machine face of a session: one JSON object per line. A `start` object, then a `step`
/// object for the start and for every input line, then an `end` object.
public final class JSONLinesPresenter: Presenter {
    let out: TextSink
    /// Where the host's notices go (stderr for the CLI): a program reads only protocol lines.
    let notices: TextSink?
    public init(_ out: TextSink, notices: TextSink? = nil) {
        self.out = out
        self.notices = notices
    }
    public var prompt: String { "" }
    public var wantsState: Bool { true }

    public func begin(_ session: GameSession) {
        let options = session.options.mapValues { StateJSON.convert($0, lua: session.rule.lua) }
        emit(.object([
            "type": .string("start"), "game": .string(session.rule.id), "title": .string(session.rule.title),
            "seed": .int(Int64(bitPattern: session.seed)), "options": .object(options),
        ]))
    }

    public func show(_ r: SessionDriver.Report) {
        for notice in r.notices { notices?.write("gamehost: " + notice + "\n", style: .plain) }
        var fields: [String: JSONValue] = [
            "type": .string("step"), "step": .int(Int64(r.step)), "status": .string(r.status.rawValue),
            "input": r.input.map { .string($0) } ?? .null,
            "messages": .array(r.messages.map { .string($0) }), "bells": .int(Int64(r.bells)),
            "reason": r.reason.map { .string($0) } ?? .null,
            "view": .string(r.view), "moves": .array(r.moves.map { .string($0) }),
            "state": r.state, "over": .bool(r.result != nil),
        ]
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
