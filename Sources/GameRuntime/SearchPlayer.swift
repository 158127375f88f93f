import GameCore
import GameRules
#if canImport(Glibc)
import Glibc
#endif

/// `search`: a player for any rule file, unchanged, that looks ahead by playing. For each move
/// it plays many scratch games from the current state (see `Exploration`), each in a world
/// dealt afresh from what its seat cannot see (see `Dealer`), and keeps a tree of the moves
/// tried across those worlds: information-set Monte Carlo tree search with one tree for the
/// searching seat's view (single-observer ISMCTS). A move down the tree is chosen among those
/// offered in the world at hand by UCB1 over how often each was available; below the tree,
/// moves are random; a scratch game's end is scored for every seat from the rule's result.
/// The move played is the one tried most often.
///
/// It reads nothing its seat may not see: the worlds it searches are dealt from its seat's
/// knowledge alone, so two states that differ only in what is hidden from it give the same
/// move for the same seed. Its chance is its own (from the game's seed and its seat), so a
/// seed replays its moves, whatever the machine's load, when its budget is in scratch games.
public final class SearchPlayer {
    /// How long it thinks about a move.
    public struct Budget: Sendable, Equatable {
        /// Scratch games a move.
        public var iterations: Int
        /// Processor seconds a move, at most (nil: the scratch games alone bound it). A bound in
        /// time makes the moves depend on the machine's speed.
        public var processorSeconds: Double?
        /// Processor seconds after which a move's search stops whatever its budget: each call
        /// into the rule is bounded, but a slow rule's scratch games could add up to hours.
        public var ceiling = Budget.timeLimit
        /// Steps of the rule (Lua instructions, and C work charged as steps) after which a
        /// move's search stops, or nil. Unlike time, the same on every run: a served table
        /// rebuilt from its inputs cuts each search at the same scratch game.
        public var stepCeiling: Int64?

        public init(iterations: Int, processorSeconds: Double? = nil) {
            self.iterations = iterations
            self.processorSeconds = processorSeconds
        }

        public static let standard = Budget(iterations: 1000)
        /// The most scratch games a move may be given.
        public static let iterationLimit = 1_000_000
        /// The longest a move may be given to think, in processor seconds.
        public static let timeLimit = 60.0

        /// Reads `--think`: a number of scratch games (`1000`), or processor time (`200ms`,
        /// `1.5s`) with as many scratch games as fit in it. Nil for anything else.
        public init?(parsing text: String) {
            let t = text.lowercased()
            func seconds(_ number: Substring, scale: Double) -> Double? {
                guard let n = Double(number), n.isFinite, n > 0 else { return nil }
                let s = n * scale
                // Less than a millisecond is no time to think (a typo for an iteration count).
                return s >= 0.001 && s <= Self.timeLimit ? s : nil
            }
            if t.hasSuffix("ms"), let s = seconds(t.dropLast(2), scale: 0.001) {
                self.init(iterations: Self.iterationLimit, processorSeconds: s)
            } else if t.hasSuffix("s"), let s = seconds(t.dropLast(), scale: 1) {
                self.init(iterations: Self.iterationLimit, processorSeconds: s)
            } else if let n = Int(t), n >= 1, n <= Self.iterationLimit {
                self.init(iterations: n)
            } else {
                return nil
            }
        }

        /// As `--think` writes it.
        public var text: String {
            guard let s = processorSeconds else { return String(iterations) }
            return s < 1 ? "\(Int((s * 1000).rounded()))ms" : "\(s)s"
        }
    }

    /// What the search found for one move: each move it tried at the root, how often, and how
    /// well it did for the searching seat (0 worst, 1 best, in the range its games gave).
    public struct Thinking: Sendable, Equatable {
        public struct Option: Sendable, Equatable {
            public var move: String
            public var visits: Int
            public var value: Double
        }
        public var options: [Option]
        /// Scratch games played, and those the rule refused or failed (not counted).
        public var games: Int
        public var abandoned: Int
        /// Why the search did not play (it then plays as `fallback` says), or nil.
        public var declined: String?
    }

    /// The most moves a scratch game plays before it is scored as it stands.
    public static let depthLimit = 1000
    /// The exploration constant of UCB1, on values scaled to 0...1.
    static let exploration = 0.7

    let random: RandomSource
    /// The chance scratch moves draw on (`game.random` in a scratch game).
    private let scratchChance = RandomSource(seed: 1)
    public let budget: Budget
    /// What the last move's search found.
    public private(set) var lastThinking: Thinking?

    public init(seed: UInt64, budget: Budget = .standard) {
        random = RandomSource(seed: seed)
        self.budget = budget
    }

    /// The seed of the search player in `seat` of a game played with `gameSeed`.
    public static func seed(game gameSeed: UInt64, seat: Int) -> UInt64 {
        EngineSettings.mix(gameSeed ^ 0x5EA2_C4B0_7D1C_E5ED, seat)
    }

    /// A node of the tree: the move that led to it, by whom, and what followed it.
    private final class Node {
        let move: String
        let mover: Int
        var visits = 0
        /// The sum of the mover's values of the games through this node.
        var total = 0.0
        /// The sum of the scores of the games through this node that gave one (one seat), and
        /// how many did.
        var scoreTotal = 0.0
        var scored = 0
        /// Times this node's move was offered when its parent was passed through.
        var available = 0
        var children: [Node] = []
        var index: [String: Int] = [:]

        init(move: String, mover: Int) {
            self.move = move
            self.mover = mover
        }

        static func key(_ move: String, _ mover: Int) -> String { "\(mover) \(move)" }

        func child(_ move: String, _ mover: Int) -> Node? { index[Self.key(move, mover)].map { children[$0] } }

        func add(_ move: String, _ mover: Int) -> Node {
            let node = Node(move: move, mover: mover)
            index[Self.key(move, mover)] = children.count
            children.append(node)
            return node
        }
    }

    /// The move for `seat`, which is to move in `engine`'s game.
    public func move(in engine: GameEngine, seat: Int) throws -> String {
        let offered = try engine.moves(for: seat)
        guard !offered.isEmpty else {
            throw RuleError(["\(engine.info.path): moves() offers nothing, but result() says the game goes on"])
        }
        // A rule that says with `observe` what a seat knows keeps its secrets in fields the host
        // cannot tell from the open ones (a throw not yet shown): the search could not deal
        // them, and would read them.
        guard !engine.info.hasObserve else {
            lastThinking = Thinking(options: [], games: 0, abandoned: 0, declined: "the rule says what a seat knows with observe, which search cannot deal")
            return try fallback(in: engine, seat: seat)
        }
        // Free text is weighed through the inputs the rule's `search.moves` gives, asked in each
        // dealt world (so they too come from what the seat knows).
        let weighsText = offered.listed.isEmpty
        guard !weighsText || engine.info.search.weighsText else {
            lastThinking = Thinking(options: [], games: 0, abandoned: 0,
                                    declined: "the game takes free text, and the rule gives no search.moves to weigh")
            return try fallback(in: engine, seat: seat)
        }
        guard weighsText || offered.listed.count > 1 else {
            lastThinking = Thinking(options: [.init(move: offered.listed[0], visits: 0, value: 1)], games: 0, abandoned: 0)
            return offered.listed[0]
        }
        let root = Node(move: "", mover: 0)
        usesBot = engine.info.hasBot
        low = .infinity
        high = -.infinity
        scoreLow = .infinity
        scoreHigh = -.infinity
        textError = nil
        var games = 0, abandoned = 0
        var declined: String?
        let start = ProcessorTime.thread()
        let startSteps = engine.lua.stepsSpent
        // A state the search cannot handle within a call's budget (a dealer's walk of a huge
        // state) is no fault of the rule's: the seat is then played as without a search.
        do { try engine.exploring(chance: scratchChance) {
            for i in 0..<budget.iterations {
                if i > 0, ProcessorTime.thread() - start >= min(budget.processorSeconds ?? budget.ceiling, budget.ceiling) { break }
                if i > 0, let cap = budget.stepCeiling, engine.lua.stepsSpent - startSteps >= cap { break }
                if i > 0 { try engine.resetExploration() }
                let dealSeed = random.next()
                scratchChance.reseed(random.next())
                let undealt = try engine.dealHidden(for: seat, seed: dealSeed)
                if !undealt.isEmpty {
                    declined = "it cannot deal what the secret field\(undealt.count == 1 ? "" : "s") "
                        + undealt.map { "'\($0)'" }.joined(separator: ", ") + (undealt.count == 1 ? " holds" : " hold")
                    return
                }
                guard let (path, outcome) = try scratchGame(engine, from: root, seat: seat, seats: engine.seatCount) else {
                    abandoned += 1
                    continue
                }
                games += 1
                for v in outcome.values {
                    low = min(low, v)
                    high = max(high, v)
                }
                if let score = outcome.score {
                    scoreLow = min(scoreLow, score)
                    scoreHigh = max(scoreHigh, score)
                }
                for node in path {
                    node.visits += 1
                    node.total += outcome.values[node.mover - 1]
                    if let score = outcome.score {
                        node.scoreTotal += score
                        node.scored += 1
                    }
                }
            }
        } } catch {
            declined = "its scratch games could not be played: \(error)"
        }
        guard engine.hasGame else { throw RuleError(["\(engine.info.path): the game could not be put back after a search"]) }
        if declined == nil, games == 0, let textError { declined = "search.moves failed: \(textError)" }
        let options = root.children.filter { $0.mover == seat && (weighsText || offered.listed.contains($0.move)) }
        // Rated on 0...1: the mean's own range is the value's (where values differ) and the score's weight.
        let range = (high > low ? 1 : 0) + scoreWeight
        lastThinking = Thinking(options: options.map { .init(move: $0.move, visits: $0.visits, value: range > 0 ? mean($0) / range : 0) },
                                games: games, abandoned: abandoned, declined: declined)
        guard declined == nil, let best = options.max(by: { ($0.visits, $0.total) < ($1.visits, $1.total) }) else {
            return try fallback(in: engine, seat: seat)
        }
        return best.move
    }

    /// One scratch game from the dealt state: down the tree, one new node, then the rule's bot
    /// or random moves to the end (or to the searching seat's next reward). The nodes passed and every seat's value, or nil when the rule refused or failed.
    private func scratchGame(_ engine: GameEngine, from root: Node, seat: Int, seats: Int) throws -> ([Node], Outcome)? {
        var node: Node? = root
        var path: [Node] = []
        var rewards: [Int: Double] = [:]
        var result: GameResult?
        for _ in 0..<Self.depthLimit {
            let ended: GameResult?
            do { ended = try engine.result() } catch { return nil }
            if let ended { result = ended; break }
            guard let turn = try? engine.toMove(), let mover = turn.first else { return nil }
            // A rule that rewards as it goes (Blackjack's chips a hand) is searched to the
            // searching seat's next reward, once it is asked to move again: its move is
            // weighed by what it earns, not by a whole sitting of random futures.
            if node == nil, rewards[seat] != nil, turn.contains(seat) { break }
            // Below the tree the rule's own bot plays every seat where there is one (it plays
            // far better than chance, and ends a game sooner), else moves are random.
            if node == nil, usesBot {
                guard let move = engine.exploreBotMove(seat: mover), let gained = engine.explorePlay(move, seat: mover) else { return nil }
                rewards.merge(gained, uniquingKeysWith: +)
                continue
            }
            guard var listed = try? engine.moves(for: mover).listed else { return nil }
            if listed.isEmpty {
                do { listed = try engine.exploreCandidates(seat: mover) ?? [] } catch {
                    textError = textError ?? error
                    return nil
                }
                if listed.isEmpty { return nil }
            }
            let move: String
            if let current = node {
                let untried = listed.filter { current.child($0, mover) == nil }
                if !untried.isEmpty {
                    move = untried[try random.int(in: 0...(untried.count - 1))]
                    for m in listed where m != move { current.child(m, mover)?.available += 1 }
                    let added = current.add(move, mover)
                    added.available += 1
                    path.append(added)
                    node = nil
                } else {
                    let children = listed.compactMap { current.child($0, mover) }
                    for child in children { child.available += 1 }
                    let chosen = children.max { ucb($0) < ucb($1) }!
                    move = chosen.move
                    path.append(chosen)
                    node = chosen
                }
            } else {
                move = listed[try random.int(in: 0...(listed.count - 1))]
            }
            guard let gained = engine.explorePlay(move, seat: mover) else { return nil }
            rewards.merge(gained, uniquingKeysWith: +)
        }
        return (path, Self.outcome(of: result, rewards: rewards, seats: seats))
    }

    /// What a scratch game's end is worth: a value for each seat, and in a game of one seat the
    /// score its result gives, turned so that more is better (`better = "lower"`), weighed after
    /// the value (see `mean`).
    package struct Outcome: Equatable {
        package var values: [Double]
        package var score: Double?

        package init(values: [Double], score: Double?) {
            self.values = values
            self.score = score
        }
    }

    package static func outcome(of result: GameResult?, rewards: [Int: Double], seats: Int) -> Outcome {
        var score: Double?
        if seats == 1, let given = result?.seatScores[1] ?? result?.score { score = result?.lowerIsBetter == true ? -given : given }
        return Outcome(values: values(of: result, rewards: rewards, seats: seats), score: score)
    }

    /// The range of the values the scratch games of this move gave so far: UCB1 reads means
    /// scaled to 0...1 by it (a game's chips are not a win's 1).
    private var low = 0.0, high = 0.0
    /// Whether scratch games are played out by the rule's bot.
    private var usesBot = false

    /// The range of the scores of the games of one seat (turned so that more is better).
    private var scoreLow = 0.0, scoreHigh = 0.0
    /// Why `search.moves` failed, the first time it did in a move's search.
    private var textError: Error?

    /// How much a one-seat game's score weighs beside its value: a quarter, where values differ
    /// (Guess Five: a win first, then fewer tries), all where they do not (Memory: always won).
    private var scoreWeight: Double { scoreHigh > scoreLow ? (high > low ? 0.25 : 1) : 0 }

    /// The mover's mean value through `node`, scaled to 0...1 by the range seen, plus the
    /// weighed mean score (a game that ended without a score counts as the worst score seen).
    private func mean(_ node: Node) -> Double {
        guard node.visits > 0 else { return 0 }
        let visits = Double(node.visits)
        var mean = high > low ? (node.total / visits - low) / (high - low) : 0
        if scoreHigh > scoreLow {
            let total = node.scoreTotal + Double(node.visits - node.scored) * scoreLow
            mean += scoreWeight * (total / visits - scoreLow) / (scoreHigh - scoreLow)
        }
        return mean
    }

    /// UCB1 over availability, on the mover's mean (0...1, or 1.25 with a score).
    private func ucb(_ node: Node) -> Double {
        guard node.visits > 0 else { return .infinity }
        return mean(node) + Self.exploration * (log(Double(max(node.available, 1))) / Double(node.visits)).squareRoot()
    }

    /// Each seat's value of a scratch game's end: 1 for a win (shared among the winners), places
    /// in between for a ranking, a half each when nobody wins; a game of one seat is worth its
    /// score where the result gives one. Rewards the moves gave are added.
    package static func values(of result: GameResult?, rewards: [Int: Double], seats: Int) -> [Double] {
        var v = Array(repeating: seats > 1 ? 0.5 : 0, count: seats)
        if let result {
            if !result.ranking.isEmpty {
                let places = result.ranking.count
                for (place, group) in result.ranking.enumerated() {
                    for s in group where s <= seats { v[s - 1] = places == 1 ? 0.5 : 1 - Double(place) / Double(places - 1) }
                }
            } else if !result.winningSeats.isEmpty {
                v = Array(repeating: 0, count: seats)
                for s in result.winningSeats where s <= seats { v[s - 1] = 1 / Double(result.winningSeats.count) }
            } else if seats == 1, let winner = result.winner?.lowercased() {
                // A score of one seat is weighed apart (see `outcome`).
                v[0] = ["player", "you", "seat 1"].contains(winner) ? 1 : winner == "draw" ? 0.5 : 0
            }
        }
        // Among games of several seats, a bigger win is better than a small one: a seat's score
        // adds up to a quarter, in proportion to the largest score of the game.
        if seats > 1, let scores = result?.seatScores, let largest = scores.values.map(abs).max(), largest > 0 {
            for (seat, score) in scores where seat >= 1 && seat <= seats { v[seat - 1] += 0.25 * score / largest }
        }
        for (seat, amount) in rewards where seat >= 1 && seat <= seats { v[seat - 1] += amount }
        return v
    }

    /// What the seat plays when the search cannot: the rule's bot, or a move offered at random.
    private func fallback(in engine: GameEngine, seat: Int) throws -> String {
        if engine.info.hasBot { return try engine.botMove(for: seat) }
        let offered = try engine.moves(for: seat)
        if offered.listed.isEmpty, let text = offered.text {
            return try RandomPlayer(seed: random.next()).candidate(text, in: engine)
        }
        guard !offered.listed.isEmpty else {
            throw RuleError(["\(engine.info.path): moves() offers nothing, but result() says the game goes on"])
        }
        return offered.listed[try random.int(in: 0...(offered.listed.count - 1))]
    }
}
