import GameCore
import GameHost
#if canImport(Glibc)
import Glibc
#endif

/// `gamehost play GAME|FILE.lua [--OPTION VALUE ...] [--seed N] [--words LIST] [--record FILE] [--json]`
func play(_ args: inout Arguments, settings: PlayerSettings) throws -> Int32 {
    guard let game = args.positional.first else { throw CLIError.usage("play needs a game: gamehost play GAME (see gamehost list)") }
    guard args.positional.count == 1 else { throw CLIError.usage("play takes one game, not \(args.positional.joined(separator: " "))") }
    let seedText = try args.take("seed")
    let seed = try parseSeed(seedText)
    let wordsName = try args.take("words")
    let lengths = WordLengths(min: try args.take("min-length"), max: try args.take("max-length"))
    let recordPath = try args.take("record")
    let options = try args.optionTable()
    let catalog = catalog()
    let rule = try loadRule(game, from: catalog)
    let words = try wordList(for: rule, name: wordsName, lengths: lengths, catalog: catalog, ascii: settings.ascii)
    let record = try recordPath.map(LineFile.init(creating:))
    let clock = RecordingClock(SystemClock())
    let ascii = settings.ascii, colour = Terminal.useColour && !args.flags.contains("json")
    let session: GameSession
    do {
        session = try GameSession(rule: rule, options: options, seed: seed, clock: clock,
                                  words: words, scores: scoreStore(settings.data), ascii: ascii, colour: colour,
                                  player: settings.player)
    } catch let error as UsageError {
        throw CLIError.usage("\(rule.id): \(error.message)")
    }
    // A rule file is named by its path in the replay hint: its id would play another game.
    let isFile = game.contains("/") || game.hasSuffix(".lua")
    session.replayGame = isFile ? shellQuoted(game) : game
    session.ranked = settings.ranked(seedGiven: seedText != nil) && !args.flags.contains("json")
    if let wordsName { session.replayArguments += ["--words", wordsName] }
    session.replayArguments += lengths.arguments
    if ascii { session.replayArguments.append("--ascii") }
    var presenter: Presenter
    var input: LineSource = StandardInput()
    if args.flags.contains("json") {
        let json = JSONLinesPresenter(stdout_, notices: stderr_)
        json.reveal = args.flags.contains("reveal")
        presenter = json
    } else {
        if args.flags.contains("reveal") { throw CLIError.usage("--reveal goes with --json") }
        (presenter, input) = settings.gameIO(line: StandardInput())
    }
    if let record, let recordPath {
        // A rule file is kept relative to the transcript, so the pair can move together.
        let recorded = isFile ? FileSystem.relativePath(of: game, from: FileSystem.directory(of: recordPath)) ?? game : game
        var header = Transcript.Header(game: recorded, ruleHash: rule.contentHash, seed: seed, options: options,
                                       words: wordsName, minLength: try lengths.minimum(), maxLength: try lengths.maximum(),
                                       ascii: ascii, colour: colour)
        header.practice = !session.ranked
        presenter = TranscriptRecorder(presenter, session: session, clock: clock, header: header, write: record.write)
    }
    return TextLoop.run(session, input: input, presenter: presenter,
                        confirmsNewGame: Terminal.inputIsTerminal && !args.flags.contains("json"))
}

/// A file written a line at a time and flushed, so an interrupted game leaves whole lines. It
/// must be a regular file (or a new one): a device such as /dev/full would take the game's
/// transcript and keep nothing. A write that fails is reported once.
final class LineFile {
    private let file: UnsafeMutablePointer<FILE>
    let path: String
    private(set) var failed = false

    init(creating path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
            throw CLIError.usage("cannot write \(path): it is not a regular file")
        }
        guard let f = fopen(path, "w") else {
            throw CLIError.usage("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        file = f
        self.path = path
    }

    deinit { fclose(file) }

    func write(_ line: String) {
        guard !failed else { return }
        if fputs(line, file) < 0 || fflush(file) != 0 {
            failed = true
            fail("cannot write \(path): \(String(cString: strerror(errno))); the transcript is incomplete")
        }
    }
}
