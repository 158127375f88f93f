import GameCore
import GameHost

/// The menu: pick a game by number or name, set its options, play, and come back.
func menu() throws -> Int32 {
    let catalog = catalog()
    let input = StandardInput()
    while true {
        var rules: [Rule] = []
        for (name, path) in catalog.files() {
            do { rules.append(try Rule(path: path, libraryDirectories: catalog.libraryDirectories)) }
            catch { fail("\(name): cannot load:\n\(error)") }
        }
        if rules.isEmpty { throw CLIError.failure("no games found (looked in \(catalog.directories.joined(separator: ", ")))") }
        stdout_.write("GameHost — choose a game\n", style: .title)
        let width = rules.map { TerminalWidth.columns($0.title) }.max() ?? 0
        for (i, rule) in rules.enumerated() {
            let number = TerminalWidth.pad(String(i + 1), to: String(rules.count).count, alignRight: true)
            stdout_.write("  \(number). " + TerminalWidth.pad(rule.title, to: width + 2), style: .plain)
            stdout_.write(rule.about + "\n", style: .dim)
        }
        guard let rule = chooseGame(rules, input: input) else { return 0 }
        guard let options = chooseOptions(rule, input: input) else { return 0 }
        let words = try wordList(for: rule, name: nil, catalog: catalog)
        let session = try GameSession(rule: rule, options: options, seed: freshSeed(), clock: SystemClock(),
                                      words: words, scores: scoreStore(nil), colour: Terminal.useColour)
        stdout_.write("\n", style: .plain)
        _ = TextLoop.run(session, input: input, presenter: TextPresenter(stdout_, notices: stderr_))
        stdout_.write("\n", style: .plain)
    }
}

func chooseGame(_ rules: [Rule], input: LineSource) -> Rule? {
    input.offer(rules.map(\.id) + ["/quit"])
    while true {
        guard let raw = input.readLine(prompt: "Game (number or name, /quit to leave): ") else { return nil }
        let answer = raw.trimmed.lowercased()
        if answer == "/quit" || answer == "q" || answer == "quit" { return nil }
        if let n = Int(answer), n >= 1, n <= rules.count { return rules[n - 1] }
        if let rule = rules.first(where: { $0.id == answer }) { return rule }
        if !answer.isEmpty { stdout_.write("✗ no game '\(answer)': type 1 to \(rules.count) or a name\n", style: .refusal) }
    }
}

/// Asks for each option of the game; Enter keeps the default.
func chooseOptions(_ rule: Rule, input: LineSource) -> [String: String]? {
    var chosen: [String: String] = [:]
    for option in rule.options where !option.advanced {
        let help = option.help.isEmpty ? "" : " — " + option.help
        stdout_.write("\(option.name): \(option.choicesDescription)\(help)\n", style: .dim)
        while true {
            guard let raw = input.readLine(prompt: "\(option.name) [\(option.defaultValue)]: ") else { return nil }
            let answer = raw.trimmed
            if answer.isEmpty { break }
            if case .failure(let reason) = rule.validate(option, answer) {
                stdout_.write("✗ \(reason)\n", style: .refusal)
                continue
            }
            chosen[option.name] = answer
            break
        }
    }
    return chosen
}

