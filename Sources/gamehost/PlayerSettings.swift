import GameCore
#if canImport(Glibc)
import Glibc
#endif
import GamePresenters

/// The flags every command shares, before or after the command: where scores live
/// (`--data`), who is playing (`--name`, else the login name), `--ascii`, and `--plain` (line
/// mode at a terminal).
struct PlayerSettings {
    var data: String?
    /// `--name`, if given; else the login name, looked up only when a score is kept.
    private let name: String?
    var player: String { name ?? Self.loginName().map(PlayerName.clean) ?? "" }

    /// `text` without the spaces at its ends, when that is a name as others will see it
    /// (`PlayerName`); nil for a name that would change on the way (a control or invisible
    /// character, a line break, too long) or none at all.
    static func acceptedName(_ text: String) -> String? {
        let trimmed = text.trimmed
        return !trimmed.isEmpty && PlayerName.clean(trimmed) == trimmed ? trimmed : nil
    }
    var ascii: Bool
    var plain: Bool

    init(_ args: inout Arguments) throws {
        data = try args.take("data")
        let name = try args.take("name")
        if let name, Self.acceptedName(name) == nil {
            throw CLIError.usage("--name needs a name of 1 to \(PlayerName.limit) bytes on one line, with no control or invisible characters, not '\(TerminalText.plain(name))'")
        }
        self.name = name.flatMap(Self.acceptedName)
        ascii = args.flags.contains("ascii")
        plain = args.flags.contains("plain")
    }

    /// `$USER`, else the account's name (a service or container may set no USER).
    static func loginName() -> String? {
        if let user = Terminal.environment("USER"), !user.isEmpty, TerminalText.plain(user) == user { return user }
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }

    /// A run is ranked only when a person plays it live: at a terminal with a fresh seed. A
    /// seeded run can be replayed and a piped one scripted, so they are practice.
    func ranked(seedGiven: Bool) -> Bool { !seedGiven && Terminal.inputIsTerminal }

    /// Full screen at a terminal, unless `--plain`; lines everywhere else.
    var fullScreen: Bool { !plain && Terminal.inputIsTerminal && Terminal.outputIsTerminal && Terminal.environment("TERM") != "dumb" }

    /// How a game is shown and read: full screen with single keys, or lines (`line`, with
    /// line editing at a terminal, which the menu shares).
    /// `people`: the people at this keyboard by seat, who take turns at it.
    func gameIO(line: StandardInput, people: [Int: String] = [:]) -> (Presenter, LineSource) {
        guard fullScreen else {
            let text = TextPresenter(stdout_, notices: stderr_)
            text.columns = { Terminal.width(of: 1) }
            text.ascii = ascii
            text.colour = stdout_.colour
            if people.count > 1 { text.people = people }
            if let first = people.keys.min() { text.seat = first }
            return (text, line)
        }
        let presenter = FullScreenPresenter(stdout_, notices: stderr_)
        if people.count > 1 { presenter.people = people }
        if let first = people.keys.min() { presenter.seat = first }
        let input = ScreenInput()
        input.presenter = presenter
        presenter.input = input
        return (presenter, input)
    }
}
