import GameCore
import GameRuntime

/// A game as a sequence of steps, each with the state it left: what check, sim, play, the
/// protocol and replay are compared by (they must agree step by step).
public struct PlayTrace: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var seat: Int?
        public var input: String?
        public var status: Step.Status
        /// The state after the step, as JSON text.
        public var state: String
        /// The result's summary once the game is over.
        public var result: String?

        public init(seat: Int?, input: String?, status: Step.Status, state: String, result: String?) {
            self.seat = seat
            self.input = input
            self.status = status
            self.state = state
            self.result = result
        }
    }

    public var entries: [Entry] = []

    public init(entries: [Entry] = []) { self.entries = entries }

    /// Notes a step and the state it left in `engine`.
    mutating func note(_ step: Step, _ engine: GameEngine) {
        let state = (try? engine.stateJSON())?.encoded ?? ""
        entries.append(Entry(seat: step.seat, input: step.input, status: step.status, state: state, result: step.result?.summary))
    }

    /// The inputs of the steps a seat gave (not the game's start), in order, with their seats.
    public var inputs: [(seat: Int, input: String)] {
        entries.compactMap { e in e.input.map { (e.seat ?? 1, $0) } }
    }
}
