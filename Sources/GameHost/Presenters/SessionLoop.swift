import GameCore

/// A table played to its end: each step shown to every seat's presenter, a line read from the
/// seat to move, handed to the table, and again; the seats the table plays itself move in
/// between.
public enum SessionLoop {
    /// Where a seat's lines come from and how its steps are shown. Several seats may share one
    /// (people taking turns at one keyboard).
    public struct SeatIO {
        public var input: LineSource
        public var presenter: Presenter
        /// How the session ends when this seat's input ends where its line is wanted: the end
        /// of the input (`eof`) for the keyboard or standard input, `seatLeft` for a program
        /// in a seat, which has left the table.
        public var endOfInput: Table.EndReason
        public init(input: LineSource, presenter: Presenter, endOfInput: Table.EndReason = .eof) {
            self.input = input
            self.presenter = presenter
            self.endOfInput = endOfInput
        }
    }

    /// The longest word list whose words Tab offers for free text.
    static let completedListLimit = 5_000

    /// One person (or program) at seat 1, or at the table's first viewing seat.
    public static func run(_ table: Table, input: LineSource, presenter: Presenter, atTerminal: Bool = false) -> Int32 {
        let seats = Dictionary(uniqueKeysWithValues: table.viewers.map { ($0, SeatIO(input: input, presenter: presenter)) })
        return run(table, seats: seats, atTerminal: atTerminal)
    }

    /// Runs the session to its end; returns the exit code its end reason gives (0 unless the
    /// game could not start or go on, or a program left its seat). `atTerminal` (people at a
    /// terminal): `/new` in the middle of a game asks first, and people taking turns at the
    /// keyboard confirm each handover; the questions and their answers are the loop's, not
    /// steps of the table, so a recorded session replays the same.
    public static func run(_ table: Table, seats: [Int: SeatIO], atTerminal: Bool = false) -> Int32 {
        // Each presenter once, however many seats it shows.
        var presenters: [Presenter] = []
        for seat in seats.keys.sorted() where !presenters.contains(where: { $0 === seats[seat]!.presenter }) {
            presenters.append(seats[seat]!.presenter)
        }
        let views = presenters.map(\.machineView)
        table.machineView = views.contains(.revealed) ? .revealed : views.contains(.observation) ? .observation : .none
        table.viewers = seats.keys.sorted()
        for p in presenters { p.begin(table.info) }
        func show(_ step: Step) { for p in presenters { p.show(step) } }

        var last = table.start()
        show(last)
        if table.finished {
            for p in presenters { p.end(reason: table.endReason) }
            return table.endReason.exitCode
        }
        let commands = Table.hostCommandHelp.map(\.0) + table.info.commands.map { "/" + $0.name }
        // Where a game takes free text, Tab completes the words of a list short enough to offer
        // (gathered the first time a step takes free text).
        var listWords: [String]?
        func completions(_ view: SeatView) -> [String] {
            guard view.freeText != nil, let words = table.engine.words else { return [] }
            if listWords == nil { listWords = words.entries.count <= Self.completedListLimit ? words.entries.map(\.word) : [] }
            return listWords!
        }
        // Moves accepted in the game being played (a game just started has nothing to lose).
        var movesThisGame = 0
        // The person who last had the keyboard, for handing it over between turns.
        var atKeyboard: Int?
        while !table.finished {
            while let automatic = table.nextAutomaticStep() {
                last = automatic
                show(automatic)
            }
            if table.finished { break }
            // The seat to move; once the game is over, the seat the table asks to play again.
            let seat = last.toMove.first { seats[$0] != nil } ?? seats.keys.sorted().first!
            let io = seats[seat]!
            if let handing = io.presenter as? HandingOver, handing.seatsAtKeyboard > 1, atKeyboard != seat {
                handing.hand(to: seat)
                if atTerminal {
                    // Only an empty line confirms: a move typed by the next person too early is
                    // not taken as the confirmation and lost, and they are told.
                    var prompt = handing.handoverPrompt(seat)
                    var answer = io.input.readLine(prompt: prompt)
                    while let typed = answer, !InputLine.clean(typed).isEmpty {
                        prompt = "Only Enter confirms: " + handing.handoverPrompt(seat).prefix(1).lowercased() + handing.handoverPrompt(seat).dropFirst()
                        answer = io.input.readLine(prompt: prompt)
                    }
                    guard answer != nil else {
                        if let left = table.leave(io.endOfInput, seat: seat) { show(left) }
                        break
                    }
                }
                handing.show(last, as: seat)
            }
            atKeyboard = seat
            let view = last.view(of: seat)
            io.input.offer(view.moves + commands + completions(view))
            io.input.offer(moves: view.moves, keys: view.keys, takesText: view.freeText != nil)
            // A view with a clock (`refresh`) is drawn anew while the player thinks.
            io.input.offer(refresh: last.result == nil ? table.info.refresh : nil) { [table] in table.freshView(for: seat) }
            guard let (line, bytes) = io.input.readInput(prompt: io.presenter.prompt) else {
                // The player leaves: the rule may finish a game left in the middle (`leave`).
                if let left = table.leave(io.endOfInput, seat: seat) { show(left) }
                break
            }
            if atTerminal && movesThisGame > 0 && last.result == nil && InputLine.clean(line).lowercased() == "/new" {
                let answer = io.input.readLine(prompt: "Start a new game? This one will be lost. (y/n) ")
                // Anything but yes (Ctrl-D too) goes back to the game.
                guard let answer, ["y", "yes"].contains(InputLine.clean(answer).lowercased()) else { continue }
            }
            let step = table.handle(line, seat: seat, bytes: bytes)
            if step.start != nil {
                movesThisGame = 0
            } else if step.status == .accepted {
                movesThisGame += 1
            }
            // A refusal or a command keeps the last view, moves and turn: the next prompt is
            // for the same seat with the same moves.
            if step.showsView || step.start != nil { last = step } else { last.toMove = step.toMove.isEmpty ? last.toMove : step.toMove }
            show(step)
        }
        for p in presenters { p.end(reason: table.endReason) }
        return table.endReason.exitCode
    }
}

/// A presenter for several people taking turns at one keyboard: between their turns it hides
/// the last player's view until the next one is ready.
public protocol HandingOver: AnyObject {
    /// How many seats take turns at this keyboard.
    var seatsAtKeyboard: Int { get }
    /// Hides what the last player saw and says whose turn it is.
    func hand(to seat: Int)
    /// What the next player confirms with (Enter).
    func handoverPrompt(_ seat: Int) -> String
    /// Shows `step` as `seat` sees it, and shows that seat from now on.
    func show(_ step: Step, as seat: Int)
}
