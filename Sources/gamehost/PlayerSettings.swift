import GameCore
#if canImport(Glibc)
import Glibc
#endif
import GamePresenters
import GameRuntime
import GameRules

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
    /// The player's language (`--lang`, else `LC_ALL`, `LC_MESSAGES` or `LANG`): the games'
    /// texts in it where a rule has them.
    var language: String

    init(_ args: inout Arguments) throws {
        data = try args.take("data")
        let name = try args.take("name")
        if let name, Self.acceptedName(name) == nil {
            throw CLIError.usage("--name needs a name of 1 to \(PlayerName.limit) bytes on one line, with no control or invisible characters, not '\(TerminalText.plain(name))'")
        }
        self.name = name.flatMap(Self.acceptedName)
        ascii = args.flags.contains("ascii")
        plain = args.flags.contains("plain")
        let lang = try args.take("lang")
        if let lang, !RuleTexts.isLanguage(lang.lowercased().replacing("_", with: "-")) {
            throw CLIError.usage("--lang needs a language's code, such as en, de or ja, not '\(TerminalText.plain(String(lang.prefix(40))))'")
        }
        language = lang.map { $0.lowercased().replacing("_", with: "-") } ?? Self.environmentLanguage()
    }

    /// The language the environment names (`de_DE.UTF-8` is `de-de`, which falls back to
    /// `de`); English for none, `C` or `POSIX`.
    static func environmentLanguage() -> String {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = Terminal.environment(name), !value.isEmpty else { continue }
            let code = value.prefix { $0 != "." && $0 != "@" }.lowercased().replacing("_", with: "-")
            return RuleTexts.isLanguage(code) ? code : "en"
        }
        return "en"
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
            text.texts = HostTexts(language: language)
            text.columns = { Terminal.width(of: 1) }
            text.ascii = ascii
            text.colour = stdout_.colour
            if people.count > 1 { text.people = people }
            if let first = people.keys.min() { text.seat = first }
            return (text, line)
        }
        let presenter = FullScreenPresenter(stdout_, notices: stderr_)
        presenter.texts = HostTexts(language: language)
        if people.count > 1 { presenter.people = people }
        if let first = people.keys.min() { presenter.seat = first }
        let input = ScreenInput()
        input.presenter = presenter
        presenter.input = input
        return (presenter, input)
    }
}
