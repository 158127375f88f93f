/// The steps of taking a move back (`/undo`), as every mode that offers it shows them: a
/// terminal's session, `play --json` and a served table.
extension Driver {
    /// The step every seat is shown when `seat` took its move back: the game as it stands
    /// now (played again without the move), and who took it back.
    public func takenBackStep(seat: Int) -> Step {
        var step = last ?? Step(number: 0, game: 1, seat: seat, input: nil, status: .command)
        let names = table.engine.seatNames
        let texts = table.texts
        let who = seat <= names.count && !names[seat - 1].isEmpty ? names[seat - 1] : texts(.seat, ["seat": String(seat)])
        step.seat = seat
        step.input = "/undo"
        step.move = nil
        step.automatic = false
        step.status = .command
        step.applied = true
        step.code = nil
        step.messages = [texts(.tookBack, ["name": who])]
        step.privateMessages = [:]
        step.bells = 0
        step.notices = []
        step.reason = nil
        step.endsSession = false
        step.showsView = true
        step.rewards = [:]
        step.words = nil
        step.start = nil
        return step
    }

    /// The step `seat` is shown when its `input` (`/undo`, or an answer to someone's) is
    /// refused, and why: the game is as it was.
    public func refusedTakeBack(seat: Int, input: String = "/undo", reason: String) -> Step {
        var step = takenBackStep(seat: seat)
        step.input = input
        step.status = .refused
        step.applied = false
        step.code = .refused
        step.reason = reason
        step.messages = []
        step.showsView = false
        return step
    }
}
