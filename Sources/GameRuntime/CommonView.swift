import GameCore

extension SeatView {
    /// What every one of `views` shows alike, for a watcher, who sits in no seat: the view's
    /// text when it is the same for all, the elements that are the same at the same place, and
    /// the observation's common part (`JSONValue.common`). No moves: a watcher gives none.
    public static func common(_ views: [SeatView]) -> SeatView {
        var shared = SeatView()
        guard let first = views.first else { return shared }
        if views.allSatisfy({ $0.view == first.view }) { shared.view = first.view }
        if let elements = first.elements {
            let all = views.map { $0.elements ?? [] }
            let count = all.map(\.count).min() ?? 0
            shared.elements = (0..<count).compactMap { i in
                all.allSatisfy { $0[i] == elements[i] } ? elements[i] : nil
            }
        }
        let observations = views.compactMap(\.observation)
        if observations.count == views.count { shared.observation = JSONValue.common(observations) }
        return shared
    }
}

extension Step {
    /// What every viewing seat sees alike (`SeatView.common`), in the order of the seats.
    public var commonView: SeatView { SeatView.common(seats.keys.sorted().map { seats[$0]! }) }
}
