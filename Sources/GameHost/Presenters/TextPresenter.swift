import GameCore

/// The text face of a table, line by line, for people: the seat it shows is the one that
/// plays at this terminal.
public final class TextPresenter: Presenter {
    let out: TextSink
    /// Where the host's notices go (stderr for the CLI), apart from the game.
    let notices: TextSink
    /// The seat whose view is shown.
    public var seat = 1

    public init(_ out: TextSink, notices: TextSink? = nil) {
        self.out = out
        self.notices = notices ?? out
    }
    public var prompt: String { "> " }

    public func begin(_ info: RuleInfo) {
        out.write(info.title + "\n", style: .title)
        if !info.about.isEmpty { out.write(info.about + "\n", style: .dim) }
    }

    public func show(_ r: Step) {
        for notice in r.notices { notices.write("gamehost: " + notice + "\n", style: .plain) }
        if let start = r.start {
            if start.number == 1 {
                out.write("Seed \(start.seed) (replay: \(start.replay)) · /help for commands\n\n", style: .dim)
            } else {
                out.write("\nGame \(start.number), seed \(start.seed) (replay: \(start.replay))\n", style: .dim)
            }
        }
        for message in r.messages(for: seat) { out.write(message + "\n", style: .message) }
        for _ in 0..<r.bells { out.bell() }
        if let reason = r.reason {
            out.write((r.status == .error ? "error: " : r.applied ? "error: " : "✗ ") + reason + "\n", style: r.status == .error || r.applied ? .error : .refusal)
        }
        guard r.showsView else { return }
        let view = r.view(of: seat).view
        if r.status != .started { out.write("\n", style: .plain) }
        out.write(view.hasSuffix("\n") || view.isEmpty ? view : view + "\n", style: .plain)
        if let result = r.result {
            out.write("\n" + result.summary + "\n", style: .title)
            out.write("Play again? (y/n)\n", style: .dim)
        }
    }

    public func end(reason: Table.EndReason) {
        if reason == .eof { out.write("\n", style: .plain) }
    }
}
