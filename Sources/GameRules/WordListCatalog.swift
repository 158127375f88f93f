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

    /// Whether `--words` names a file (a path, or a name ending in .txt) rather than a list.
    public static func isPath(_ name: String) -> Bool { name.contains("/") || name.hasSuffix(".txt") }

    /// Whether `name` is a list name (not a path): what a rule file or a transcript may give.
    public static func isListName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy {
            ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95 || $0 == 45
        }
    }

    /// Loads a list by name or, when `allowsPaths` (the player's own --words), by path.
    /// `filter` narrows it (the system list keeps lower-case a-z words only, like BSD hangman,
    /// with at least 6 letters unless the filter says otherwise). A named list is looked for
    /// beside the rule file `rulePath` first (in its `wordlists/` folder, then next to it), then
    /// in the list folders, never in the current folder; it must lie inside its folder, symbolic links resolved.
    public func load(_ name: String, filter: WordList.Filter = .init(), allowsPaths: Bool = true,
                     besideRule rulePath: String? = nil) throws -> WordList {
        if name == "system" {
            guard FileSystem.isFile(Self.systemDictionary) else {
                throw UsageError("--words system: there is no system dictionary at \(Self.systemDictionary) (on Debian: apt-get install wamerican)")
            }
            var system = filter
            system.lowercaseASCIIOnly = true
            if system.minimumLetters <= 1 { system.minimumLetters = min(6, system.maximumLetters) }
            return try WordList(path: Self.systemDictionary, filter: system)
        }
        if Self.isPath(name) {
            guard allowsPaths else { throw UsageError("word list '\(name)': give a list name, not a path") }
            guard FileSystem.realPath(name) != nil else { throw UsageError("--words: no word list at \(name)") }
            return try WordList(path: name, filter: filter)
        }
        guard Self.isListName(name) else { throw UsageError("--words: '\(name)' is not a list name (letters, digits, '-' and '_')") }
        var folders = directories
        if let rulePath {
            // Beside the rule file: in its wordlists/ folder, or next to it.
            let ruleDirectory = FileSystem.directory(of: rulePath)
            for beside in [ruleDirectory, FileSystem.join(ruleDirectory, "wordlists")]
            where FileSystem.isDirectory(beside) && !folders.contains(beside) {
                folders.insert(beside, at: 0)
            }
        }
        for dir in folders {
            let path = FileSystem.join(dir, name + ".txt")
            guard FileSystem.realPath(path) != nil else { continue }
            guard FileSystem.isInside(path, dir) else {
                throw UsageError("word list '\(name)': \(path) leads outside \(dir) (a symbolic link)")
            }
            return try WordList(path: path, filter: filter)
        }
        throw UsageError("--words: no word list '\(name)' (lists: \(names.joined(separator: ", ")); or give a path)")
    }
}
