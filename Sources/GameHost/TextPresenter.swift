import GameCore

/// The text face of a session, for people.
public final class TextPresenter: Presenter {
    let out: TextSink
    /// Where the host's notices go (stderr for the CLI), apart from the game.
    let notices: TextSink
    public init(_ out: TextSink, notices: TextSink? = nil) {
        self.out = out
        self.notices = notices ?? out
    }
    public var prompt: String { "> " }

    private var session: GameSession?

    public func begin(_ session: GameSession) {
        self.session = session
        let rule = session.rule
        out.write(rule.title + "\n", style: .title)
        if !rule.about.isEmpty { out.write(rule.about + "\n", style: .dim) }
        out.write("Seed \(session.seed) (replay: \(session.replayCommand(seed: session.seed))) · /help for commands\n\n", style: .dim)
    }

    public func show(_ r: SessionDriver.Report) {
        for notice in r.notices { notices.write("gamehost: " + notice + "\n", style: .plain) }
        if let seed = r.newGameSeed, r.step > 0 {
            out.write("\nGame \(session?.gamesStarted ?? 0), seed \(seed) (replay: \(session?.replayCommand(seed: seed) ?? ""))\n", style: .dim)
        }
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
