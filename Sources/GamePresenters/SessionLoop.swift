import GameCore
import GameRuntime

/// A table played to its end by people and programs at a terminal or on standard input: each
/// step shown to every seat's presenter, and each seat's lines read from its input, through the
/// table's `Driver`.
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

    /// How a session takes a move back (`/undo`): the table played again from its start
    /// without the move, on a driver of its own, which the session goes on with.
    public struct Undoing {
        /// Why `seat` may not take its last move back now; nil when it may.
        public var refusal: (_ seat: Int, _ driver: Driver) -> String?
        /// The session without `seat`'s last move (and what followed it), played again to
        /// where it then stood; throws when it cannot be.
        public var rebuild: (_ seat: Int, _ driver: Driver) throws -> Driver
        public init(refusal: @escaping (Int, Driver) -> String?, rebuild: @escaping (Int, Driver) throws -> Driver) {
            self.refusal = refusal
            self.rebuild = rebuild
        }
    }

    /// The longest word list whose words Tab offers for free text.
    static let completedListLimit = 5_000

    /// One person (or program) at seat 1, or at the table's first viewing seat.
    public static func run(_ table: Table, input: LineSource, presenter: Presenter, atTerminal: Bool = false) -> Int32 {
        let seats = Dictionary(uniqueKeysWithValues: table.viewers.map { ($0, SeatIO(input: input, presenter: presenter)) })
        return run(table, seats: seats, atTerminal: atTerminal)
    }

    /// Runs the session to its end on the table's driver; returns the exit code its end
    /// reason gives (0 unless the game could not start or go on, or a program left its seat).
    /// `atTerminal` (people at a terminal): `/new` in the middle of a game asks first, and
    /// people taking turns at the keyboard confirm each handover; the questions and their
    /// answers are the seat's, not steps of the table, so a recorded session replays the same.
    public static func run(_ table: Table, seats: [Int: SeatIO], atTerminal: Bool = false) -> Int32 {
        run(driver(for: table, seats: seats), seats: seats, atTerminal: atTerminal)
    }

    /// The driver of a table whose seats are `seats`: the table shows the steps those seats'
    /// presenters show. A client may play steps on it before `run` (a kept game played again).
    public static func driver(for table: Table, seats: [Int: SeatIO], watchers: [Presenter] = []) -> Driver {
        let views = (presenters(seats) + watchers).map(\.machineView)
        table.machineView = views.contains(.revealed) ? .revealed : views.contains(.observation) ? .observation : .none
        table.viewers = seats.keys.sorted()
        return Driver(table: table)
    }

    /// Each presenter once, however many seats it shows.
    static func presenters(_ seats: [Int: SeatIO]) -> [Presenter] {
        var presenters: [Presenter] = []
        for seat in seats.keys.sorted() where !presenters.contains(where: { $0 === seats[seat]!.presenter }) {
            presenters.append(seats[seat]!.presenter)
        }
        return presenters
    }

    /// Runs the session of `driver` (from `driver(for:seats:)`) to its end. A driver that has
    /// played steps already (a game taken up again) shows its last step first, except to people
    /// taking turns at one keyboard, who see it when the keyboard is handed to them.
    /// `undoing`: how `/undo` takes a move back (nil: the table answers it, refusing).
    /// `watchers`: presenters shown every step that give no input (standard output when outside
    /// programs fill every seat).
    public static func run(_ driver: Driver, seats: [Int: SeatIO], watchers: [Presenter] = [], atTerminal: Bool = false,
                           undoing: Undoing? = nil) -> Int32 {
        var driver = driver
        let atSeats = presenters(seats)
        let presenters = atSeats + watchers.filter { w in !atSeats.contains { $0 === w } }
        for p in presenters { p.begin(driver.table.info) }
        if var last = driver.last {
            // Shown as the game's beginning too, so that a stream opens the game (a protocol's
            // start object, a terminal's seed and replay line) before its step.
            last.start = last.start ?? driver.gameStart
            for p in presenters where ((p as? HandingOver)?.seatsAtKeyboard ?? 1) <= 1 { p.show(last) }
        }
        var tally = SessionTally(texts: driver.table.texts)
        let keyboard = Keyboard(table: driver.table, atTerminal: atTerminal)
        keyboard.undoing = undoing
        var reason = Table.EndReason.quit
        var shown: Driver?
        while true {
            let table = driver.table
            // Each driver's steps are shown once (a move not taken back goes on on the same).
            if shown !== driver {
                driver.observers.append { step in for p in presenters { p.show(step) } }
                driver.observers.append { [table] step in tally.note(step, names: table.engine.seatNames) }
                shown = driver
            }
            reason = driver.run(input: { seat, driver in
                // A seat with no input of its own (a rule that names no seat to move) is asked at
                // the first one there is.
                keyboard.line(from: seats[seat] ?? seats[seats.keys.sorted().first!]!, seat: seat, driver: driver)
            }, endOfInput: { seat in (seats[seat] ?? seats[seats.keys.sorted().first!]!).endOfInput })
            guard driver.paused, let seat = keyboard.undoSeat, let undoing else { break }
            keyboard.undoSeat = nil
            do {
                let next = try undoing.rebuild(seat, driver)
                let taken = next.takenBackStep(seat: seat)
                for p in presenters { p.show(taken) }
                keyboard.table = next.table
                driver = next
            } catch {
                // The game cannot be played again without the move: it goes on as it was.
                let refused = driver.refusedTakeBack(seat: seat, reason: driver.table.texts(.undoFailed, ["error": "\(error)"]))
                for p in presenters { p.show(refused) }
                driver.proceed()
            }
        }
        if let line = tally.line { for p in presenters { p.summarise(session: line) } }
        for p in presenters { p.end(reason: reason) }
        return reason.exitCode
    }

    /// The lines of people and programs at their seats: what the line editor offers, the
    /// hand-over between people at one keyboard, and the question before `/new` throws a game
    /// away.
    final class Keyboard {
        var table: Table
        let atTerminal: Bool
        /// How `/undo` is answered, and the seat that asked (the session goes on without its move).
        var undoing: Undoing?
        var undoSeat: Int?
        /// The person who last had the keyboard, for handing it over between turns.
        var atKeyboard: Int?
        let commands: [String]
        /// Where a game takes free text, Tab completes the words of a list short enough to
        /// offer (gathered the first time a step takes free text).
        var listWords: [String]?

        init(table: Table, atTerminal: Bool) {
            self.table = table
            self.atTerminal = atTerminal
            commands = Table.hostCommandHelp.map(\.0) + table.info.commands.map { "/" + $0.name }
        }

        func completions(_ view: SeatView) -> [String] {
            guard view.freeText != nil, let words = table.engine.words else { return [] }
            if listWords == nil { listWords = words.entries.count <= SessionLoop.completedListLimit ? words.entries.map(\.word) : [] }
            return listWords!
        }

        /// The next line `seat` gives, nil when it leaves.
        func line(from io: SeatIO, seat: Int, driver: Driver) -> (line: String, bytes: Int)? {
            guard let last = driver.last else { return nil }
            if let handing = io.presenter as? HandingOver, handing.seatsAtKeyboard > 1, atKeyboard != seat {
                handing.hand(to: seat)
                if atTerminal {
                    // Only an empty line confirms: a move typed by the next person too early is
                    // not taken as the confirmation and lost, and they are told.
                    var prompt = handing.handoverPrompt(seat)
                    var answer = io.input.readLine(prompt: prompt)
                    while let typed = answer, !InputLine.clean(typed).isEmpty {
                        prompt = table.texts(.onlyEnter)
                        answer = io.input.readLine(prompt: prompt)
                    }
                    guard answer != nil else { return nil }
                }
                handing.show(last, as: seat)
            }
            atKeyboard = seat
            let view = last.view(of: seat)
            io.input.offer(view.moves + commands + completions(view))
            io.input.offer(moves: view.moves, keys: view.keys, takesText: view.freeText != nil)
            // A view with a clock (`refresh`) is drawn anew while the player thinks.
            io.input.offer(refresh: last.result == nil ? table.info.refresh : nil) { [table] in table.freshView(for: seat) }
            while true {
                guard let (line, bytes) = io.input.readInput(prompt: io.presenter.prompt) else { return nil }
                // (Only a short line is cleaned to compare: a pasted page of combining marks is
                // not worked over for a command.)
                if let undoing, line.utf8.count < 32, InputLine.clean(line).lowercased() == "/undo" {
                    if let why = undoing.refusal(seat, driver) ?? consent(to: seat, io: io, driver: driver) {
                        io.presenter.show(driver.refusedTakeBack(seat: seat, reason: why))
                        continue
                    }
                    undoSeat = seat
                    driver.pause()
                    return nil
                }
                if atTerminal && driver.movesThisGame > 0 && last.result == nil && line.utf8.count < 32 && InputLine.clean(line).lowercased() == "/new" {
                    let answer = io.input.readLine(prompt: table.texts(.newConfirm))
                    // Anything but yes (Ctrl-D too) goes back to the game.
                    guard let answer, table.texts.isYes(answer) else { continue }
                }
                return (line, bytes)
            }
        }

        /// Asks the other people at this keyboard whether `seat` may take its move back: nil
        /// when each says yes, else why not.
        func consent(to seat: Int, io: SeatIO, driver: Driver? = nil) -> String? {
            let names = table.engine.seatNames
            let texts = table.texts
            let asker = seat <= names.count ? names[seat - 1] : texts(.seat, ["seat": String(seat)])
            // The asker's view is hidden while another person at the keyboard answers.
            let handing = (io.presenter as? HandingOver).flatMap { $0.seatsAtKeyboard > 1 ? $0 : nil }
            defer { if let handing, let last = driver?.last { handing.show(last, as: seat) } }
            for (k, filler) in table.fillers.enumerated() where k + 1 != seat {
                switch filler {
                case .person:
                    handing?.hand(to: k + 1)
                    guard let answer = io.input.readLine(prompt: texts(.mayTakeBack, ["name": names[k], "asker": asker])), texts.isYes(answer) else {
                        return texts(.didNotAgree, ["name": names[k]])
                    }
                case .program:
                    return texts(.programCannotAgree)
                case .bot, .random, .search:
                    continue
                }
            }
            return nil
        }
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
