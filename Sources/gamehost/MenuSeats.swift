import GameCore
import GamePresenters
import GameRules
import GameRuntime

/// The menu's questions about seats, for a game that more than one may play: how many seats,
/// and who sits in each: a person at this keyboard, by the name the boards show (people take
/// turns, hot-seat), the rule's bot, or random moves. Enter keeps the default: the player at
/// seat 1 and the rule's bot (random moves for a rule without one) everywhere else, as
/// `gamehost play GAME --seats N` seats them. Nil when the player goes back (Ctrl-D or /quit).
func chooseSeats(_ info: RuleInfo, player: String, input: LineSource, texts: HostTexts = .english) -> Seating? {
    guard info.seats.max > 1 else { return defaultSeating(info, player: player, count: info.seats.min) }
    let range = info.seats
    stdout_.write(texts(.menuSeats, ["range": range.description]) + "\n", style: .dim)
    guard let countAnswer = ask(texts(.menuSeatsPrompt, ["n": String(range.min)]), offering: [], input: input, accept: { answer in
        guard let n = Int(answer), range.contains(n) else { return "seats: \(info.title) is played by \(range.description), not '\(TerminalText.plain(answer))'" }
        return nil
    }) else { return nil }
    let count = countAnswer.flatMap { Int($0) } ?? range.min
    var seating = defaultSeating(info, player: player, count: count)
    guard count > 1 else { return seating }
    let machine = info.hasBot ? "bot" : "random"
    stdout_.write(texts(info.hasBot ? .menuWhoSitsBot : .menuWhoSits) + "\n", style: .dim)
    for seat in 1...count {
        let shown = seat == 1 ? (player.isEmpty ? texts(.you) : player) : machine
        guard let answer = ask(texts(.menuSeatPrompt, ["seat": String(seat), "who": shown]), offering: (info.hasBot ? ["bot"] : []) + ["search", "random"], input: input, accept: { answer in
            let who: Seating.Who
            do { who = try Seating.who(answer) } catch {
                let message = String(describing: error)
                return message.hasPrefix("--seat: ") ? String(message.dropFirst("--seat: ".count)) : message
            }
            switch who {
            case .program: return "a program takes a seat with gamehost play --seat \(seat)=program:COMMAND"
            case .bot where !info.hasBot: return "\(info.title) has no bot of its own: random, or a person's name"
            case .person(let name):
                if let other = seating.people.first(where: { $0.key < seat && $0.value.lowercased() == name.lowercased() }) {
                    return "seat \(other.key) is \(other.value): each person gives a name of their own"
                }
            default: break
            }
            return nil
        }) else { return nil }
        if let answer, let who = try? Seating.who(answer) { seating.seats[seat - 1] = who }
    }
    return seating
}

/// Seat 1 the player, the others the rule's bot (or random moves).
private func defaultSeating(_ info: RuleInfo, player: String, count: Int) -> Seating {
    let machine: Seating.Who = info.hasBot ? .bot : .random
    return Seating(count: count, seats: (1...count).map { $0 == 1 ? .person(player) : machine })
}

extension Seating {
    /// Seats as the menu's answers give them (already checked one by one).
    init(count: Int, seats: [Who]) {
        self.count = count
        self.seats = seats
    }
}
