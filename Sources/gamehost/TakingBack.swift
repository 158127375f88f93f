import GameCore
import GamePresenters
import GameRules
import GameRuntime

/// `/undo`: a seat takes back its last move. The session's steps are kept as they are played
/// (`SavedGameRecorder`), and the move is taken back by playing the table again from its start,
/// on a fresh engine, without it (and without what followed it): nothing the move did can be
/// left behind, in the state, the chance drawn, the words, the table's own players or any
/// seat's stream. Offered in practice (a seeded, piped or `--json` game), or where the rule
/// allows it (`undo = true`), and then the game goes on as practice. The other people at the
/// keyboard agree first; the game of the day and a recorded game (`--record`) take none back.
final class TakingBack {
    private(set) var engine: GameEngine
    private(set) var keeping: GameKeeping
    private(set) var driver: Driver
    let settings: PlayerSettings
    let json: Bool
    let seats: [Int: SessionLoop.SeatIO]
    /// A game written to a transcript (`--record`): its steps are not played again.
    var recording = false
    /// Whether the engine in play is this one's to close (the first may be its maker's).
    private var ownsEngine: Bool

    init(session: RebuiltSession, driver: Driver, settings: PlayerSettings, json: Bool, seats: [Int: SessionLoop.SeatIO], ownsEngine: Bool) {
        self.ownsEngine = ownsEngine
        engine = session.engine
        keeping = session.keeping
        self.driver = driver
        self.settings = settings
        self.json = json
        self.seats = seats
    }

    /// Closes the engine in play, when it is this one's.
    func close() {
        if ownsEngine { engine.close() }
    }

    var undoing: SessionLoop.Undoing {
        SessionLoop.Undoing(refusal: { [unowned self] seat, driver in refusal(seat, driver) },
                                   rebuild: { [unowned self] seat, _ in try rebuild(seat) })
    }

    func refusal(_ seat: Int, _ driver: Driver) -> String? {
        let header = keeping.recorder.header
        let texts = driver.table.texts
        if recording { return texts(.undoRecorded) }
        if header.daily != nil { return texts(.undoDaily) }
        if !header.practice && !driver.table.info.allowsUndo { return texts(.undoRanked) }
        if driver.last?.result != nil { return texts(.undoOver) }
        if driver.table.fillers.contains(.search) && driver.table.thinking.processorSeconds != nil { return texts(.undoClockSearch) }
        if let why = keeping.recorder.stopped { return texts(.undoNotKept, ["why": why]) }
        guard keeping.recorder.lastMove(of: seat) != nil else { return texts(.undoNoMove) }
        return nil
    }

    /// The session again without `seat`'s last move: a fresh engine and table, the steps before
    /// the move played on them, kept in the same file when the game is kept.
    func rebuild(_ seat: Int) throws -> Driver {
        guard let index = keeping.recorder.lastMove(of: seat) else { throw SavedGameError("no move to take back") }
        var game = keeping.recorder.game(before: index)
        // A ranked game a move was taken back in goes on as practice.
        game.header.practice = true
        let session = try rebuildSession(game, settings: settings, json: json, kept: keeping.keeps)
        let next = SessionLoop.driver(for: session.table, seats: seats)
        session.keeping.start(engine: session.engine, table: session.table, driver: next)
        do {
            try game.replay(on: next, recorder: session.keeping.recorder)
        } catch {
            session.engine.close()
            throw error
        }
        if keeping.keeps, let path = keeping.recorder.path {
            guard session.keeping.recorder.reopen(replacing: path) else {
                session.engine.close()
                throw SavedGameError(session.keeping.recorder.stopped ?? "the game cannot be kept")
            }
        }
        close()
        ownsEngine = true
        engine = session.engine
        keeping = session.keeping
        driver = next
        return next
    }
}
