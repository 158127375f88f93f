import GameCore

/// Where the loop reads input lines: a terminal with line editing, a pipe, or a test script.
public protocol LineSource: AnyObject {
    /// The next line without its ending, or nil at the end of input.
    func readLine(prompt: String) -> String?
}

/// How a piece of output should look; a terminal sink may colour it, others ignore it.
public enum TextStyle { case plain, title, message, refusal, error, dim }

/// Where the loop writes: a terminal (with colour), a pipe, or a test buffer.
public protocol TextSink: AnyObject {
    func write(_ text: String, style: TextStyle)
    /// The terminal bell.
    func bell()
}

/// Shows the steps of a session: as text for people, or as JSON Lines for programs.
public protocol Presenter {
    func begin(_ session: GameSession)
    func show(_ report: SessionDriver.Report)
    func end(reason: String)
    var prompt: String { get }
}

/// view -> prompt -> read a line -> host command or move -> messages -> result -> next.
public enum TextLoop {
    /// Runs a session to its end; returns the exit code (0 unless the game could not start).
    public static func run(_ session: GameSession, input: LineSource, presenter: Presenter) -> Int32 {
        let driver = SessionDriver(session: session)
        presenter.begin(session)
        let first = driver.start()
        presenter.show(first)
        if driver.finished {
            presenter.end(reason: "error")
            return 1
        }
        while !driver.finished {
            guard let line = input.readLine(prompt: presenter.prompt) else {
                presenter.end(reason: "eof")
                return 0
            }
            presenter.show(driver.handle(line))
        }
        presenter.end(reason: "quit")
        return 0
    }
}

/// The text face of a session, for people.
public final class TextPresenter: Presenter {
    let out: TextSink
    public init(_ out: TextSink) { self.out = out }
    public var prompt: String { "> " }

    public func begin(_ session: GameSession) {
        let rule = session.rule
        out.write(rule.title + "\n", style: .title)
        if !rule.about.isEmpty { out.write(rule.about + "\n", style: .dim) }
        var replay = "gamehost play \(rule.id)"
        for option in rule.options {
            let value = session.options[option.name]
            let text = value?.string ?? value?.integer.map { String($0) } ?? ""
            if text != option.defaultValue { replay += " --\(option.name) \(text)" }
        }
        for argument in session.replayArguments { replay += " " + argument }
        out.write("Seed \(session.seed) (replay: \(replay) --seed \(session.seed)) · /help for commands\n\n", style: .dim)
    }

    public func show(_ r: SessionDriver.Report) {
        for message in r.messages { out.write(message + "\n", style: .message) }
        for _ in 0..<r.bells { out.bell() }
        if let reason = r.reason {
            out.write((r.status == .error ? "error: " : "✗ ") + reason + "\n", style: r.status == .error ? .error : .refusal)
        }
        guard r.showsView else { return }
        if r.status != .started { out.write("\n", style: .plain) }
        out.write(r.view.hasSuffix("\n") || r.view.isEmpty ? r.view : r.view + "\n", style: .plain)
        if let result = r.result {
            out.write("\n" + result.summary + "\n", style: .title)
            out.write("Play again? (y/n)\n", style: .dim)
        }
    }

    public func end(reason: String) {
        if reason == "eof" { out.write("\n", style: .plain) }
    }
}

/// The machine face of a session: one JSON object per line. A `start` object, then a `step`
/// object for the start and for every input line, then an `end` object.
public final class JSONLinesPresenter: Presenter {
    let out: TextSink
    public init(_ out: TextSink) { self.out = out }
    public var prompt: String { "" }

    public func begin(_ session: GameSession) {
        let options = session.options.mapValues { StateJSON.convert($0, lua: session.rule.lua) }
        emit(.object([
            "type": .string("start"), "game": .string(session.rule.id), "title": .string(session.rule.title),
            "seed": .int(Int64(bitPattern: session.seed)), "options": .object(options),
        ]))
    }

    public func show(_ r: SessionDriver.Report) {
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
