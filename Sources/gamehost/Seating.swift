import GameCore
import GameRules
import GameRuntime

/// Who sits where, from the command line: `--seats N` for the number of seats, and
/// `--seat K=WHO` for who fills seat K: a person's name (taking turns at this keyboard; `person:NAME`
/// for any name, even one such as `bot`), `bot`
/// (the rule's own player), `random`, `search` (the host's search player), or `program:COMMAND` (an outside program that speaks the
/// protocol for its seat). Seat 1 is the player at this terminal unless told otherwise, and the
/// other seats are the rule's bot (random moves for a rule without one).
struct Seating {
    enum Who: Equatable {
        case person(String)
        case bot
        case random
        case search
        case program(String)
    }

    var count: Int
    var seats: [Who]

    /// The seats the arguments give for `rule`; `player` names the person at seat 1.
    init(seats: String?, assignments: [String], rule: RuleInfo, player: String, json: Bool, jsonSeat: Int) throws {
        var count = rule.seats.min
        if let seats {
            guard let n = Int(seats), rule.seats.contains(n) else {
                throw CLIError.usage("--seats: \(rule.id) is played by \(rule.seats.description) players, not '\(seats)'")
            }
            count = n
        }
        var given: [Int: Who] = [:]
        for text in assignments {
            guard let eq = text.firstIndex(of: "="), let k = Int(text[..<eq]) else {
                throw CLIError.usage("--seat needs SEAT=WHO, as --seat 2=bot, --seat 2=Bob or --seat 2=program:'python3 bot.py'")
            }
            let who = String(text[text.index(after: eq)...])
            guard (1...SeatRange.limit).contains(k) else { throw CLIError.usage("--seat \(text): seats are numbered from 1 to \(SeatRange.limit)") }
            guard given[k] == nil else { throw CLIError.usage("--seat \(k) is given more than once") }
            if seats == nil { count = max(count, k) }
            given[k] = try Self.who(who)
        }
        guard rule.seats.contains(count) else {
            throw CLIError.usage("--seat: \(rule.id) is played by \(rule.seats.description) players, not \(count)")
        }
        if let extra = given.keys.first(where: { $0 > count }) {
            throw CLIError.usage("--seat \(extra): the table has \(count) seat\(count == 1 ? "" : "s") (--seats N)")
        }
        let machine: Who = rule.hasBot ? .bot : .random
        self.count = count
        self.seats = (1...count).map { k in given[k] ?? (k == (json ? jsonSeat : 1) ? .person(player) : machine) }
        if json {
            guard (1...count).contains(jsonSeat) else { throw CLIError.usage("--as: the table has seats 1 to \(count)") }
            if let person = self.seats.enumerated().first(where: { k, who in
                if case .person = who { return k + 1 != jsonSeat }
                return false
            }) {
                throw CLIError.usage("--seat \(person.offset + 1): with --json the program on standard input plays seat \(jsonSeat); other seats are bot, random, search or program:COMMAND")
            }
            if case .program = self.seats[jsonSeat - 1] { throw CLIError.usage("--seat \(jsonSeat): with --json that seat is the program on standard input") }
        }
        if self.seats.contains(.bot) && !rule.hasBot { throw CLIError.usage("--seat: \(rule.id) has no bot of its own (use random)") }
    }

    static func who(_ text: String) throws -> Who {
        switch text.lowercased() {
        case "bot": return .bot
        case "random": return .random
        case "search": return .search
        default:
            // person:NAME is always a person, whatever the name (a replay line writes a person
            // named "bot" or "program:..." so: Table.seatWord).
            if text.lowercased().hasPrefix("person:") {
                let name = String(text.dropFirst("person:".count))
                guard PlayerSettings.acceptedName(name) != nil else {
                    throw CLIError.usage("--seat: '\(TerminalText.plain(name))' is not a name (1 to \(PlayerName.limit) bytes on one line, no control or invisible characters)")
                }
                return .person(name.trimmed)
            }
            if text.hasPrefix("program:") {
                let command = String(text.dropFirst("program:".count))
                guard !command.trimmed.isEmpty else { throw CLIError.usage("--seat: program: needs a command") }
                return .program(command)
            }
            guard PlayerSettings.acceptedName(text) != nil else {
                throw CLIError.usage("--seat: '\(TerminalText.plain(text))' is not a name (1 to \(PlayerName.limit) bytes on one line, no control or invisible characters), bot, random, search or program:COMMAND")
            }
            return .person(text.trimmed)
        }
    }

    /// The people at this keyboard, by seat.
    var people: [Int: String] {
        var out: [Int: String] = [:]
        for (k, who) in seats.enumerated() { if case .person(let name) = who { out[k + 1] = name } }
        return out
    }

    /// The table's fillers (random seats play each game from a seed of that game's).
    var fillers: [Table.Filler] {
        seats.map { who in
            switch who {
            case .person(let name): .person(name)
            case .bot: .bot
            case .random: .random
            case .search: .search
            case .program(let command): .program(command)
            }
        }
    }
}
