import GameCore

/// Where rule files are found: the built-in `rules/` folder next to the executable's package,
/// then the player's own `$XDG_DATA_HOME/gamehost/rules`. A game's name is its file name
/// without `.lua` (and the rule's `id`); a path to a `.lua` file works anywhere.
public struct RuleCatalog: Sendable {
    public let directories: [String]
    /// The built-in games' folder, whose rules keep their scores under their id alone.
    public let builtIn: String?
    /// Every folder asked for, found or not: what a "no games found" message names.
    public let searched: [String]
    /// Whether the built-in games were looked for beside the program (`standard`).
    private var looksBesideProgram = false

    /// `builtIn` (when given) is searched first.
    public init(directories: [String], builtIn: String? = nil) {
        var asked: [String] = []
        for dir in (builtIn.map { [$0] } ?? []) + directories where !asked.contains(dir) { asked.append(dir) }
        searched = asked
        self.directories = asked.filter { FileSystem.isDirectory($0) }
        self.builtIn = builtIn.flatMap { FileSystem.isDirectory($0) ? $0 : nil }
    }

    /// Where games were looked for, for a message that found none: the folders asked for, and
    /// that no built-in games were found (a program moved away from its `rules/` folder).
    public var searchedText: String {
        let folders = searched.isEmpty ? "no folder" : searched.joined(separator: ", ")
        return builtIn == nil && looksBesideProgram ? folders + "; no built-in rules folder beside or above the program, nor in PREFIX/share/gamehost/rules" : folders
    }

    /// The catalog the CLI uses: the package's rules (see `standardDirectories`) as the
    /// built-in folder, then the player's.
    public static func standard(executablePath: String, dataHome: String) -> RuleCatalog {
        let dirs = standardDirectories(executablePath: executablePath, dataHome: dataHome)
        let user = FileSystem.join(dataHome, "gamehost/rules")
        var catalog = RuleCatalog(directories: dirs, builtIn: dirs.first { $0 != user })
        catalog.looksBesideProgram = true
        return catalog
    }

    /// The folders to search, given the executable's path and the data home the CLI read
    /// from the environment. The package's `rules/` is found by walking up from the
    /// executable (a build folder inside the checkout, or `PREFIX/bin` beside
    /// `PREFIX/share/gamehost/rules`).
    public static func standardDirectories(executablePath: String, dataHome: String) -> [String] {
        var found: [String] = []
        var dir = FileSystem.directory(of: executablePath)
        for _ in 0..<8 {
            for candidate in [FileSystem.join(dir, "rules"), FileSystem.join(dir, "share/gamehost/rules")]
            where FileSystem.isDirectory(candidate) && !found.contains(candidate) {
                found.append(candidate)
            }
            if !found.isEmpty || dir == "/" { break }
            dir = FileSystem.directory(of: dir)
        }
        found.append(FileSystem.join(dataHome, "gamehost/rules"))
        return found
    }

    /// The built-in library folders (`rules/lib`) every rule may `require` from.
    public var libraryDirectories: [String] {
        directories.map { FileSystem.join($0, "lib") }.filter { FileSystem.isDirectory($0) }
    }

    /// Every rule file by game name; an earlier folder wins over a later one.
    public func files() -> [(name: String, path: String)] {
        var seen: Set<String> = []
        var result: [(String, String)] = []
        for dir in directories {
            for file in FileSystem.list(dir) where file.hasSuffix(".lua") {
                let name = FileSystem.stem(of: file)
                let path = FileSystem.join(dir, file)
                if FileSystem.isFile(path), seen.insert(name).inserted { result.append((name, path)) }
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// Rule files hidden by an earlier folder's file of the same name (a player's `memory.lua`
    /// behind the built-in Memory): by name, the file that wins and the hidden ones.
    public func hidden() -> [(name: String, shown: String, hidden: [String])] {
        var first: [String: String] = [:]
        var behind: [String: [String]] = [:]
        for dir in directories {
            for file in FileSystem.list(dir) where file.hasSuffix(".lua") {
                let name = FileSystem.stem(of: file), path = FileSystem.join(dir, file)
                guard FileSystem.isFile(path) else { continue }
                if first[name] == nil { first[name] = path } else { behind[name, default: []].append(path) }
            }
        }
        return behind.keys.sorted().map { ($0, first[$0]!, behind[$0]!) }
    }

    /// Whether `name` is a built-in game's name.
    public func isBuiltIn(_ name: String) -> Bool {
        guard let builtIn else { return false }
        return FileSystem.isFile(FileSystem.join(builtIn, name + ".lua"))
    }

    /// The file for a game name or a path to a rule file.
    public func locate(_ game: String) throws -> String {
        if game.contains("/") || game.hasSuffix(".lua") {
            guard FileSystem.isFile(game) else { throw UsageError("no rule file at \(game)") }
            return game
        }
        if let hit = files().first(where: { $0.name == game }) { return hit.path }
        let names = files().map(\.name)
        throw UsageError("unknown game '\(game)' (games: \(names.isEmpty ? "none found in \(searchedText)" : names.joined(separator: ", ")))")
    }

    /// Loads a game by name or path. A rule in the built-in folder keeps its scores under its
    /// id, whichever other folders exist; any other under its id and file (see
    /// `RuleInfo.scoreKey`).
    public func load(_ game: String) throws -> LoadedRule {
        let path = try locate(game)
        let rule = try LoadedRule(path: path, libraryDirectories: libraryDirectories)
        if let builtIn, FileSystem.isInside(path, builtIn) { rule.info.scoreKey = rule.info.id }
        return rule
    }
}
