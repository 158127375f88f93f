import GameCore
import GameRules

/// Taking a move back at a served table (`/undo`). A request, each answer to it and its lapse
/// are kept among the table's stored inputs, as events of seat 0, in the order they came: the
/// store is append-only and shared between servers, so every server that plays the inputs
/// (a restart, another server showing the table) comes to the same requests, the same answers
/// and the same moves taken back. A move is taken back by playing the table again from its
/// start without it and what followed it: the inputs played are the stored ones less those
/// taken back (`plan`).
struct TableUndo: Equatable {
    /// An event as stored (a line of seat 0, beside a seat's naming).
    enum Event: Equatable {
        /// `seat` asks to take back its move stored as input `from` (and all inputs after it);
        /// the people in `needs` must each agree first (none: taken back at once).
        case ask(seat: Int, from: Int, needs: [Int])
        case agree(seat: Int)
        /// A person asked refuses (or the asker takes the request back).
        case refuse(seat: Int)
        /// A move was played meanwhile: the request no longer stands.
        case lapse
    }

    /// A request waiting for its answers.
    struct Request: Equatable {
        var seat: Int
        var from: Int
        var needs: [Int]
        var agreed: [Int] = []
    }

    /// What an event did.
    enum Outcome: Equatable {
        case asked(Request)
        case agreed(Request, by: Int)
        case refused(Request, by: Int)
        case lapsed(Request)
        /// Every person asked agreed: the inputs from `from` on are taken back.
        case taken(Request)
        /// An event that does not fit the table as it stands (another program wrote it, or two
        /// servers stored answers at once): it changes nothing.
        case ignored
    }

    private(set) var pending: Request?
    /// Whether a move has been taken back at the table: its scores are practice from then on.
    private(set) var tookBack = false

    /// Applies an event stored as input `n` of a table of `seats` seats; `seatOf` says whose
    /// input a stored input was (a request takes back the asker's own move and what followed).
    mutating func apply(_ event: Event, n: Int, seats: Int, seatOf: (Int) -> Int?) -> Outcome {
        switch event {
        case .ask(let seat, let from, let needs):
            guard pending == nil, (1...seats).contains(seat), from >= 1, from < n, seatOf(from) == seat,
                  needs.allSatisfy({ (1...seats).contains($0) && $0 != seat }), Set(needs).count == needs.count else { return .ignored }
            let request = Request(seat: seat, from: from, needs: needs)
            if needs.isEmpty {
                tookBack = true
                return .taken(request)
            }
            pending = request
            return .asked(request)
        case .agree(let seat):
            guard var request = pending, request.needs.contains(seat), !request.agreed.contains(seat) else { return .ignored }
            request.agreed.append(seat)
            guard request.agreed.count == request.needs.count else {
                pending = request
                return .agreed(request, by: seat)
            }
            pending = nil
            tookBack = true
            return .taken(request)
        case .refuse(let seat):
            guard let request = pending, request.needs.contains(seat) || request.seat == seat else { return .ignored }
            pending = nil
            return .refused(request, by: seat)
        case .lapse:
            guard let request = pending else { return .ignored }
            pending = nil
            return .lapsed(request)
        }
    }

    /// The inputs a table plays of those stored (`seats` of each, in order; input n is
    /// `stored[n - 1]`): by index, every seat's input not taken back and every naming, with
    /// the state the events leave.
    static func plan(_ stored: [(seat: Int, line: String)], seats: Int) -> (played: [Int], undo: TableUndo) {
        var undo = TableUndo()
        var played: [Int] = []
        played.reserveCapacity(stored.count)
        for (k, input) in stored.enumerated() {
            guard input.seat == 0, let event = event(input.line) else {
                played.append(k)
                continue
            }
            let outcome = undo.apply(event, n: k + 1, seats: seats) { $0 >= 1 && $0 <= stored.count ? stored[$0 - 1].seat : nil }
            if case .taken(let request) = outcome {
                played.removeAll { stored[$0].seat != 0 && $0 + 1 >= request.from }
            }
        }
        return (played, undo)
    }

    // MARK: Stored form

    /// The event stored as `line`, or nil when the line is not one (a seat's naming).
    static func event(_ line: String) -> Event? {
        // (Events are short: a longer line, which another program may have stored, is not read.)
        guard line.utf8.count <= 512, line.utf8.first == UInt8(ascii: "{"),
              case .object(let fields)? = try? JSONValue(parsing: line), case .string(let kind)? = fields["undo"] else { return nil }
        func seat(_ key: String) -> Int? {
            guard case .int(let n)? = fields[key], n >= 1, n <= Int64(SeatRange.limit) else { return nil }
            return Int(n)
        }
        switch kind {
        case "ask":
            guard let asker = seat("seat"), case .int(let from)? = fields["from"], from >= 1, from <= Int64(Int32.max),
                  case .array(let list)? = fields["needs"], list.count <= SeatRange.limit else { return nil }
            var needs: [Int] = []
            for item in list {
                guard case .int(let n) = item, n >= 1, n <= Int64(SeatRange.limit) else { return nil }
                needs.append(Int(n))
            }
            return .ask(seat: asker, from: Int(from), needs: needs)
        case "agree": return seat("seat").map { .agree(seat: $0) }
        case "refuse": return seat("seat").map { .refuse(seat: $0) }
        case "lapse": return .lapse
        default: return nil
        }
    }

    /// The line an event is stored as.
    static func line(_ event: Event) -> String {
        let fields: [String: JSONValue]
        switch event {
        case .ask(let seat, let from, let needs):
            fields = ["undo": .string("ask"), "seat": .int(Int64(seat)), "from": .int(Int64(from)), "needs": .array(needs.map { .int(Int64($0)) })]
        case .agree(let seat): fields = ["undo": .string("agree"), "seat": .int(Int64(seat))]
        case .refuse(let seat): fields = ["undo": .string("refuse"), "seat": .int(Int64(seat))]
        case .lapse: fields = ["undo": .string("lapse")]
        }
        return JSONValue.object(fields).encoded
    }
}
