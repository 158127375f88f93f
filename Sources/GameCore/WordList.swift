/// A word list: UTF-8 text, one entry per line. `#` starts a comment; blank lines are skipped;
/// a tab separates the word from an optional hint. A line with invalid UTF-8, a control
/// character or no letter is an error reported as `file:line: reason`; a repeated word is a
/// warning and is played once. Words are stored in NFC.
public struct WordList {
    public struct Entry: Equatable {
        public var word: String
        public var hint: String?
        /// The line of the file the entry came from.
        public var line: Int
        public init(word: String, hint: String?, line: Int) {
            self.word = word
            self.hint = hint
            self.line = line
        }
    }

    /// How a list may be narrowed: the classic filter of BSD hangman is lower-case a-z only
    /// with at least 6 letters.
    public struct Filter: Equatable {
        public var minimumLetters = 1
        public var maximumLetters = Int.max
        public var lowercaseASCIIOnly = false
        public init(minimumLetters: Int = 1, maximumLetters: Int = .max, lowercaseASCIIOnly: Bool = false) {
            self.minimumLetters = minimumLetters
            self.maximumLetters = maximumLetters
            self.lowercaseASCIIOnly = lowercaseASCIIOnly
        }
    }

    /// How the list is named in messages (its path).
    public let name: String
    public let entries: [Entry]
    /// `file:line: ...` notes that do not stop the game (repeated words).
    public let warnings: [String]

    /// Reads a list file.
    public init(path: String, filter: Filter = Filter()) throws {
        try self.init(bytes: try FileSystem.read(path), name: path, filter: filter)
    }

    /// Parses list text; `name` is used in messages.
    public init(bytes: [UInt8], name: String, filter: Filter = Filter()) throws {
        self.name = name
        var entries: [Entry] = []
        var problems: [String] = []
        var warnings: [String] = []
        var firstLine: [String: Int] = [:]
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count && bytes[end] != 10 { end += 1 }
            var lineEnd = end
            if lineEnd > start && bytes[lineEnd - 1] == 13 { lineEnd -= 1 }  // CRLF files
            let lineBytes = bytes[start..<lineEnd]
            start = end + 1
            let location = "\(name):\(lineNumber)"
            guard let text = String(validating: lineBytes, as: UTF8.self) else {
                problems.append("\(location): the line is not valid UTF-8")
                continue
            }
            switch Self.parse(line: text) {
            case .skip:
                continue
            case .problem(let reason):
                problems.append("\(location): \(reason)")
            case .entry(let word, let hint):
                if !filter.accepts(word) { continue }
                let key = word.lowercased()
                if let first = firstLine[key] {
                    warnings.append("\(location): '\(word)' repeats line \(first); it is played once")
                    continue
                }
                firstLine[key] = lineNumber
                entries.append(Entry(word: word, hint: hint, line: lineNumber))
            }
        }
        if !problems.isEmpty { throw WordListError(problems: problems) }
        if entries.isEmpty { throw WordListError(problems: ["\(name): the list has no playable word"]) }
        self.entries = entries
        self.warnings = warnings
    }

    enum Line { case skip, problem(String), entry(String, String?) }

    static func parse(line: String) -> Line {
        for scalar in line.unicodeScalars where scalar != "\t" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) {
            return .problem("control character U+\(hex(scalar.value)) in the line")
        }
        var content = Substring(line)
        if let hash = content.firstIndex(of: "#") { content = content[..<hash] }
        var word = content
        var hint: Substring?
        if let tab = content.firstIndex(of: "\t") {
            word = content[..<tab]
            hint = content[content.index(after: tab)...]
        }
        let trimmedWord = trim(word)
        let trimmedHint = hint.map(trim).flatMap { $0.isEmpty ? nil : $0 }
        if trimmedWord.isEmpty {
            return trimmedHint == nil ? .skip : .problem("a hint with no word before the tab")
        }
        guard trimmedWord.contains(where: \.isLetter) else { return .problem("'\(trimmedWord)' has no letter") }
        return .entry(AccentFolding.nfc(trimmedWord), trimmedHint.map(AccentFolding.nfc))
    }

    static func trim(_ s: Substring) -> String {
        var s = s
        while let c = s.first, c == " " || c == "\t" || c == "\u{A0}" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\u{A0}" { s = s.dropLast() }
        return String(s)
    }

    static func hex(_ v: UInt32) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - h.count)) + h
    }
}

extension WordList.Filter {
    func accepts(_ word: String) -> Bool {
        if lowercaseASCIIOnly && !word.utf8.allSatisfy({ $0 >= 97 && $0 <= 122 }) { return false }
        let letters = word.reduce(0) { $0 + ($1.isLetter ? 1 : 0) }
        return letters >= minimumLetters && letters <= maximumLetters
    }
}

/// A word list that cannot be played; one `file:line: reason` per problem.
public struct WordListError: Error, CustomStringConvertible, Equatable {
    public var problems: [String]
    public var description: String { problems.joined(separator: "\n") }
}
