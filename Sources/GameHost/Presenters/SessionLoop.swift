import GameCore

/// A table played through a line source: show the step, prompt, read a line, hand it to the
/// table, show what it did, let the table's own players move, and again, to the end.
public enum SessionLoop {
    /// The longest word list whose words Tab offers for free text.
    static let completedListLimit = 5_000

    /// Runs the session to its end; returns the exit code (0 unless the game could not start
    /// or go on). Lines are read for the seat to move that a person fills. With
    /// `confirmsNewGame` (a person at a terminal), `/new` in the middle of a game asks first:
    /// the question and its answer are the loop's, not steps of the table, so a recorded
    /// session replays the same.
    public static func run(_ table: Table, input: LineSource, presenter: Presenter, confirmsNewGame: Bool = false) -> Int32 {
        table.machineView = presenter.machineView
        presenter.begin(table.info)
        var last = table.start()
        presenter.show(last)
        if table.finished {
            presenter.end(reason: table.endReason)
            return 1
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
        while !table.finished {
            while let automatic = table.nextAutomaticStep() {
                last = automatic
                presenter.show(automatic)
            }
            if table.finished { break }
            let seat = last.toMove.first { table.viewers.contains($0) } ?? table.viewers.first ?? 1
            let view = last.view(of: seat)
            input.offer(view.moves + commands + completions(view))
            input.offer(moves: view.moves, keys: view.keys, takesText: view.freeText != nil)
            guard let line = input.readLine(prompt: presenter.prompt) else {
                table.end(.eof)
                break
            }
            if confirmsNewGame && movesThisGame > 0 && last.result == nil && InputLine.clean(line).lowercased() == "/new" {
                let answer = input.readLine(prompt: "Start a new game? This one will be lost. (y/n) ")
                // Anything but yes (Ctrl-D too) goes back to the game.
                guard let answer, ["y", "yes"].contains(InputLine.clean(answer).lowercased()) else { continue }
            }
            let step = table.handle(line, seat: seat)
            if step.start != nil {
                movesThisGame = 0
            } else if step.status == .accepted {
                movesThisGame += 1
            }
            // A refusal or a command keeps the last view, moves and turn: the next prompt is
            // for the same seat with the same moves.
            if step.showsView || step.start != nil { last = step } else { last.toMove = step.toMove.isEmpty ? last.toMove : step.toMove }
            presenter.show(step)
        }
        presenter.end(reason: table.endReason)
        return table.endReason == .error ? 1 : 0
    }
}
