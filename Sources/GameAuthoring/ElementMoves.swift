import GameRuntime
/// check's proof that what a view offers to tap can be played: every `move` of a seat's view
/// elements (an element's, a card's, a key's, a button's) is a move offered to that seat at
/// that step: one of its listed moves (`y` and `n` once the game is over), a key the rule
/// names for one, free text the game takes (matching its pattern, when it gives one), or a
/// `/command`; and no button shows a key that the rule's keys give to another move. Play does
/// not check this (a tap on a move not offered is refused like a typed one); check does, so a
/// view cannot drift from the moves.
enum ElementMoves {
    /// The first move of `view`'s elements that `seat` is not offered, or nil.
    static func problem(_ view: SeatView, seat: Int, matches: (String, String) -> Bool) -> String? {
        guard let elements = view.elements else { return nil }
        let listed = Set(view.moves)
        for (k, element) in elements.enumerated() {
            for (move, path) in element.moves(at: "[\(k + 1)]") {
                if listed.contains(move) || move.hasPrefix("/") { continue }
                if let named = view.keys[move], listed.contains(named) { continue }
                if let text = view.freeText, text.pattern.map({ matches($0, move) }) ?? true { continue }
                let offered = view.moves.isEmpty ? "no moves" : "the moves offered"
                return "seat \(seat)'s view offers '\(move)' at \(path), which is not among \(offered) now"
            }
            // A button's key is shown beside it ("[Rock (r)]"): where the rule's keys give that
            // key to another move, the key shown would play that one. (A key the rule's keys do
            // not name reaches play as an input line, which may well take it: Crazy Eights' c.)
            guard case .buttons(let buttons) = element.kind else { continue }
            for (b, button) in buttons.enumerated() {
                guard let key = button.key, let move = button.move, let other = view.keys[key], other != move else { continue }
                return "seat \(seat)'s view shows the key '\(key)' for '\(move)' at [\(k + 1)].buttons[\(b + 1)], but the rule's keys play '\(other)' with \(key)"
            }
        }
        return nil
    }
}
