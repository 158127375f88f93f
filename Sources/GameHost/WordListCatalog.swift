import GameCore

/// Where word lists are found for `--words NAME|PATH`: `wordlists/NAME.txt` beside each rules
/// folder (the built-in lists, then the player's `$XDG_DATA_HOME/gamehost/wordlists`), a path
/// to any UTF-8 text file, or `system` for the system dictionary with BSD hangman's filter.
public struct WordListCatalog {
    public let directories: [String]
    public static let systemDictionary = "/usr/share/dict/words"

    public init(directories: [String]) {
        self.directories = directories.filter { FileSystem.isDirectory($0) }
    }

    /// The word-list folders that go with a rule catalog's folders.
    public init(beside rules: RuleCatalog, dataHome: String? = nil) {
        var dirs = rules.directories.map { FileSystem.join(FileSystem.directory(of: $0), "wordlists") }
        if let dataHome { dirs.append(FileSystem.join(dataHome, "gamehost/wordlists")) }
        self.init(directories: dirs)
    }

    /// The names of the lists found, for help and errors.
    public var names: [String] {
        var seen: [String] = []
        for dir in directories {
            for file in FileSystem.list(dir) where file.hasSuffix(".txt") && !seen.contains(FileSystem.stem(of: file)) {
                seen.append(FileSystem.stem(of: file))
            }
        }
        return seen + ["system"]
    }

    /// Loads a list by name or path. `minimumLetters` narrows it (the system list defaults to
    /// 6 and keeps lower-case a-z words only, like BSD hangman).
    public func load(_ name: String, minimumLetters: Int? = nil) throws -> WordList {
        if name == "system" {
            guard FileSystem.isFile(Self.systemDictionary) else {
                throw UsageError("--words system: there is no system dictionary at \(Self.systemDictionary) (on Debian: apt-get install wamerican)")
            }
            return try WordList(path: Self.systemDictionary,
                                filter: .init(minimumLetters: minimumLetters ?? 6, lowercaseASCIIOnly: true))
        }
        let filter = WordList.Filter(minimumLetters: minimumLetters ?? 1)
        if name.contains("/") || name.hasSuffix(".txt") {
            guard FileSystem.isFile(name) else { throw UsageError("--words: no word list at \(name)") }
            return try WordList(path: name, filter: filter)
        }
        for dir in directories {
            let path = FileSystem.join(dir, name + ".txt")
            if FileSystem.isFile(path) { return try WordList(path: path, filter: filter) }
        }
        throw UsageError("--words: no word list '\(name)' (lists: \(names.joined(separator: ", ")); or give a path)")
    }
}
