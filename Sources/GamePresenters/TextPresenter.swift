import GameCore
import GameRules
import GameRuntime

/// The text face of a table, line by line, for people: the seat it shows is the one at the
/// keyboard (people taking turns at one keyboard are handed it between turns).
public final class TextPresenter: Presenter, HandingOver {
    let out: TextSink
    /// Where the host's notices go (stderr for the CLI), apart from the game.
    let notices: TextSink
    /// The seat whose view is shown.
    public var seat = 1
    /// The people at this keyboard, by seat (several take turns: hot-seat).
    public var people: [Int: String] = [:]
    public var seatsAtKeyboard: Int { people.count }
    /// What people not at the keyboard were told (every seat's messages and their own), kept
    /// until their turn: the hand-over scrolls it out of sight of the one who read it.
    private var waiting: [Int: [String]] = [:]

    /// How element views are drawn: the terminal's width now (nil: the protocol's 40
    /// columns, as a pipe gets them), `--ascii`, and colour for the marks of letters and keys.
    public var columns: () -> Int? = { nil }
    public var ascii = false
    public var colour = false
    /// The player's language, for what the host says.
    public var texts = HostTexts.english

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
        for other in people.keys where other != seat {
            waiting[other, default: []] += r.messages(for: other)
        }
        for notice in r.notices { notices.write("gamehost: " + notice + "\n", style: .plain) }
        if let start = r.start {
            // The replay command is cut only between flags (lines ending in " \"): a copy of it runs.
            if start.number == 1 {
                out.write(texts(.seedLine, ["seed": String(start.seed)]), style: .dim)
                // The closing bracket stays with the command, and "· /help for commands" is one
                // phrase: neither is cut at the end of a line (where a space would be lost).
                out.writeUnbroken(start.replay + texts(.replayClose), style: .dim)
                out.write(" ", style: .dim)
                out.writeUnbroken("· " + texts(.helpForCommands), style: .dim)
                out.write("\n\n", style: .dim)
            } else {
                out.write("\n" + texts(.gameSeedLine, ["number": String(start.number), "seed": String(start.seed)]), style: .dim)
                out.writeUnbroken(start.replay + texts(.replayClose), style: .dim)
                out.write("\n", style: .dim)
            }
        }
        for message in r.messages(for: seat) { out.write(message + "\n", style: .message) }
        for _ in 0..<r.bells { out.bell() }
        if let reason = r.reason {
            out.write((r.status == .error ? "error: " : r.applied ? "error: " : "✗ ") + reason + "\n", style: r.status == .error || r.applied ? .error : .refusal)
        }
        guard r.showsView else { return }
        let seen = r.view(of: seat)
        if r.status != .started { out.write("\n", style: .plain) }
        if let elements = seen.elements {
            let width = columns() ?? ElementText.protocolWidth
            for line in ElementText.lines(elements, width: width, ascii: ascii, colour: colour) { out.write(line.text + "\n", style: line.style) }
        } else {
            out.write(seen.view.hasSuffix("\n") || seen.view.isEmpty ? seen.view : seen.view + "\n", style: .plain)
        }
        if let result = r.result {
            out.write("\n" + result.summary + "\n", style: .title)
            // A session that ends with its game (`one_game`, a game left) asks nothing.
            if !r.endsSession { out.write(texts(.playAgain) + "\n", style: .dim) }
        }
    }

    /// Scrolls the last player's view out of sight (and off a terminal's scrollback) and says
    /// whose turn it is.
    public func hand(to seat: Int) {
        out.write(String(repeating: "\n", count: Self.handoverLines), style: .plain)
        out.clearScreen()
        out.write(texts.passKeyboard(seat, name: people[seat]) + "\n", style: .title)
    }

    /// Blank lines that take a view off a terminal's screen.
    static let handoverLines = 60

    public func handoverPrompt(_ seat: Int) -> String { texts(.pressEnter) }

    public func show(_ step: Step, as seat: Int) {
        self.seat = seat
        var again = step
        again.messages = []
        again.privateMessages = [:]
        let missed = waiting.removeValue(forKey: seat) ?? []
        if !missed.isEmpty {
            out.write(texts(.sinceLastTurn) + "\n", style: .dim)
            for message in missed { out.write(message + "\n", style: .message) }
        }
        again.notices = []
        again.bells = 0
        again.reason = nil
        again.start = nil
        again.showsView = true
        again.status = .command
        show(again)
    }

    public func summarise(session line: String) {
        out.write("\n" + line + "\n", style: .title)
    }

    public func end(reason: Table.EndReason) {
        if reason == .eof { out.write("\n", style: .plain) }
        // (A program that left its seat is named by play, on standard error, in every mode.)
    }
}
