import CCache
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
    public let entries: Entries

    /// The entries, stored as columns: a word and its line for every entry, and the hints of
    /// those that have one (a million-word list keeps 20 MB less than a list of structs).
    public struct Entries: RandomAccessCollection {
        let words: [String]
        let lines: [Int32]
        let hints: [Int32: String]
        public var startIndex: Int { 0 }
        public var endIndex: Int { words.count }
        public subscript(i: Int) -> Entry { Entry(word: words[i], hint: hints[Int32(i)], line: Int(lines[i])) }
    }
    /// `file:line: ...` notes that do not stop the game (repeated words).
    public let warnings: [String]
    /// The letters a to z the ASCII words use (bit 0 is a), found while reading, and the words
    /// with other characters (only those are read again for `letters`).
    private let asciiLetters: UInt32
    private let otherScripts: [Int32]

    /// The entries by the hash of their lower-cased word: repeats while reading, `contains` after.
    private let index: KeySet

    /// Whether the list has `word`, compared as players type: in NFC and ignoring case.
    public func contains(_ word: String) -> Bool { entry(matching: word) != nil }

    /// The list's entry for `word`, compared in NFC and ignoring case ("CAFÉ" finds "café").
    public func entry(matching word: String) -> Entry? {
        let key = AccentFolding.nfc(word).lowercased()
        return index.find(Self.fnv(key.utf8, lowercasingASCII: false), among: entries.words, word: key).map { entries[$0] }
    }

    /// The letters the list's words are made of, each once, as comparison keys (lower case;
    /// with `fold`, an accented letter is its base letter), in code point order: what a word
    /// game offers as moves, whatever the script (a kana list offers kana, not a to z).
    public func letters(fold: Bool) -> [String] {
        var keys: Set<String> = []
        for k in otherScripts {
            for c in entries.words[Int(k)] where c.isLetter { keys.insert(AccentFolding.key(c, fold: fold)) }
        }
        for b in 0..<26 where asciiLetters & (1 << UInt32(b)) != 0 { keys.insert(String(UnicodeScalar(UInt8(97 + b)))) }
        return keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    }

    /// The longest line a list may have (a word and its hint), and how many problems are
    /// listed before the rest are counted.
    public static let lineLimit = 1000
    static let problemLimit = 20
    /// The most words a list may have, and its largest file.
    public static let entryLimit = 1_000_000
    public static let fileLimit = 32 << 20

    /// Reads a list file.
    public init(path: String, filter: Filter = Filter()) throws {
        try self.init(bytes: try FileSystem.read(path, limit: Self.fileLimit), name: path, filter: filter)
    }

    /// Parses list text; `name` is used in messages.
    public init(bytes: [UInt8], name: String, filter: Filter = Filter()) throws {
        self.name = name
        var problems: [String] = []
        var filteredOut = 0
        var kept = Builder(name: name, expected: min(bytes.count / 8, Self.entryLimit))
        bytes.withUnsafeBufferPointer { all in
            var lineNumber = 0
            var start = 0
            reading: while start < all.count {
                lineNumber += 1
                // One pass over the line finds its end and, for the ASCII path, its first
                // control character (not a tab), its first '#' and its first tab before that.
                var end = start, ascii = true, control = -1, hashAt = -1, tabAt = -1
                while end < all.count {
                    let b = all[end]
                    if b == 10 { break }
                    if b >= 0x80 {
                        ascii = false
                    } else if b == 35 {
                        if hashAt < 0 { hashAt = end }
                    } else if b == 9 {
                        if tabAt < 0 && hashAt < 0 { tabAt = end }
                    } else if (b < 0x20 || b == 0x7F) && control < 0 {
                        control = end
                    }
                    end += 1
                }
                var lineEnd = end
                if lineEnd > start && all[lineEnd - 1] == 13 {  // CRLF files
                    lineEnd -= 1
                    if control == lineEnd { control = -1 }
                }
                let lineStart = start
                start = end + 1
                let parsed: Line
                if lineEnd - lineStart > Self.lineLimit {
                    parsed = .problem("the line is \(lineEnd - lineStart) bytes, longer than the limit of \(Self.lineLimit)")
                } else if ascii {
                    parsed = Self.parse(ascii: all, lineStart, lineEnd, control: control, hashAt: hashAt, tabAt: tabAt)
                } else if let text = String(validating: all[lineStart..<lineEnd], as: UTF8.self) {
                    parsed = Self.parse(line: text)
                } else {
                    parsed = .problem("the line is not valid UTF-8")
                }
                switch parsed {
                case .skip:
                    continue
                case .problem(let reason):
                    problems.append("\(name):\(lineNumber): \(reason)")
                case .entry(let word, let hint, let key, let letters):
                    if !filter.accepts(word) {
                        filteredOut += 1
                        continue
                    }
                    // The entry's slot is fetched now and the entry taken a few lines later,
                    // when the slot is in the cache: the fetches of several lines overlap
                    // instead of each waiting for memory in turn.
                    if !kept.add(Waiting(word: word, hint: hint, key: key, letters: letters, line: lineNumber)) { break reading }
                }
            }
            kept.finish()
        }
        problems += kept.problems
        let (words, lines, hints, repeats) = (kept.words, kept.lines, kept.hints, kept.repeats)
        var warnings = kept.warnings

        if repeats > warnings.count { warnings.append("\(name): \(repeats - warnings.count) more repeated words, each played once") }
        if problems.count > Self.problemLimit {
            let more = problems.count - Self.problemLimit
            problems = Array(problems.prefix(Self.problemLimit)) + ["\(name): \(more) more lines with problems"]
        }
        if !problems.isEmpty { throw WordListError(problems: problems) }
        if words.isEmpty && filteredOut > 0 {
            // The list is sound: the lengths asked for are what left nothing.
            var error = WordListError(problems: ["no word has \(filter.describedLength): \(name) has \(filteredOut) words, none of that length"])
            error.emptiedByLengths = true
            throw error
        }
        if words.isEmpty { throw WordListError(problems: ["\(name): the list has no playable word"]) }
        self.entries = Entries(words: words, lines: lines, hints: hints)
        self.asciiLetters = kept.asciiLetters
        self.otherScripts = kept.otherScripts
        self.warnings = warnings
        self.index = kept.seen
    }

    /// The entries kept while a list is read: each one unless it repeats an earlier word, up
    /// to `entryLimit`. An entry waits `lookahead` lines before it is looked up: its slot of
    /// the duplicate check is fetched when it arrives, and is in the cache by the time it is
    /// read, so the fetches of several lines overlap instead of each waiting for memory.
    struct Builder {
        let name: String
        var words: [String] = [], lines: [Int32] = [], hints: [Int32: String] = [:]
        var asciiLetters: UInt32 = 0, otherScripts: [Int32] = []
        var warnings: [String] = [], problems: [String] = []
        var repeats = 0
        var seen: KeySet
        /// A ring of the entries waiting, and where the oldest is.
        private var waiting: [Waiting] = []
        private var oldest = 0
        private var full = false

        init(name: String, expected: Int) {
            self.name = name
            seen = KeySet(expected: expected)
            words.reserveCapacity(expected)
            lines.reserveCapacity(expected)
            waiting.reserveCapacity(WordList.lookahead)
        }

        /// Takes an entry in its turn; false once the list is full.
        mutating func add(_ entry: Waiting) -> Bool {
            seen.prefetch(entry.key)
            if waiting.count < WordList.lookahead {
                waiting.append(entry)
                return true
            }
            let due = waiting[oldest]
            waiting[oldest] = entry
            oldest = (oldest + 1) % WordList.lookahead
            return take(due)
        }

        /// Takes the entries still waiting, oldest first.
        mutating func finish() {
            let order = waiting.indices.map { (oldest + $0) % waiting.count }
            for k in order where !full {
                _ = take(waiting[k])
            }
            waiting = []
        }

        private mutating func take(_ e: Waiting) -> Bool {
            if let first = seen.find(e.key, among: words, word: e.word) {
                repeats += 1
                if warnings.count < WordList.problemLimit {
                    warnings.append("\(name):\(e.line): '\(e.word)' repeats line \(lines[first]); it is played once")
                }
                return true
            }
            guard words.count < WordList.entryLimit else {
                problems.append("\(name):\(e.line): more than \(WordList.entryLimit) words, the limit of a list")
                full = true
                return false
            }
            seen.insert(e.key, index: words.count)
            if let hint = e.hint { hints[Int32(words.count)] = hint }
            if e.letters == WordList.otherLetters { otherScripts.append(Int32(words.count)) } else { asciiLetters |= e.letters }
            words.append(e.word)
            lines.append(Int32(e.line))
            return true
        }
    }

    /// FNV-1a over bytes, the hash used to find repeated words.
    static func fnv(_ bytes: some Sequence<UInt8>, lowercasingASCII: Bool) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for var b in bytes {
            if lowercasingASCII && b >= 0x41 && b <= 0x5A { b |= 0x20 }
            hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// Entry indices by the hash of the lower-cased word, in an open-addressing table: for a
    /// 100,000-word list this is several times cheaper than a Dictionary of String keys.
    /// A parsed entry waiting for its slot to reach the cache (see `lookahead`).
    struct Waiting {
        var word: String
        var hint: String?
        var key: UInt64
        var letters: UInt32
        var line: Int
    }

    /// How many lines ahead an entry's slot is read.
    static let lookahead = 16

    struct KeySet {
        /// A slot holds an entry's index + 1 in its low 20 bits (0 is empty; `entryLimit` fits)
        /// and 12 bits of its hash above, so a probe rarely reads anything but the slot: with a
        /// million words every other memory read is a cache miss.
        private var slots: [UInt32]
        private var hashes: [UInt64] = []
        private var count = 0
        static let indexBits: UInt32 = 20

        init(expected: Int) {
            assert(WordList.entryLimit < 1 << Int(Self.indexBits), "an entry's index must fit its slot")
            var size = 16
            while size * 7 < expected * 10 { size <<= 1 }
            slots = [UInt32](repeating: 0, count: size)
            hashes.reserveCapacity(expected)  // grown by doubling, a million hashes would be copied twenty times
        }

        /// Where a hash starts probing: Fibonacci hashing takes the product's high bits, which
        /// every bit of the hash reaches (FNV-1a's low bits depend only on the bytes' low bits).
        private func start(_ hash: UInt64) -> Int {
            Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - slots.count.trailingZeroBitCount))
        }

        private static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 52) << indexBits }

        /// The index of an earlier entry with the same lower-cased word.
        func find(_ hash: UInt64, among words: [String], word: String) -> Int? {
            let mask = slots.count - 1
            let tag = Self.tag(hash)
            var i = start(hash)
            while slots[i] != 0 {
                let slot = slots[i]
                if slot & ~((1 << Self.indexBits) - 1) == tag {
                    let e = Int(slot & ((1 << Self.indexBits) - 1)) - 1
                    if hashes[e] == hash && words[e].lowercased() == word.lowercased() { return e }
                }
                i = (i + 1) & mask
            }
            return nil
        }

        /// Asks for the slot a hash starts at, so that it is in the cache when `find` reads it.
        func prefetch(_ hash: UInt64) {
            let i = start(hash)
            slots.withUnsafeBufferPointer { gh_prefetch($0.baseAddress! + i) }
        }

        mutating func insert(_ hash: UInt64, index: Int) {
            if (count + 1) * 10 > slots.count * 7 { grow() }
            hashes.append(hash)
            place(hash, index)
            count += 1
        }

        private mutating func place(_ hash: UInt64, _ index: Int) {
            let mask = slots.count - 1
            var i = start(hash)
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = Self.tag(hash) | UInt32(index + 1)
        }

        private mutating func grow() {
            slots = [UInt32](repeating: 0, count: slots.count * 2)
            for (e, hash) in hashes.enumerated() { place(hash, e) }
        }
    }

    /// A parsed line; an entry carries the hash of its lower-cased word and its letters: the
    /// ASCII letters as bits 0-25 (a to z), or `Self.otherLetters` for a word with others.
    enum Line { case skip, problem(String), entry(String, String?, UInt64, UInt32) }
    static let otherLetters: UInt32 = 1 << 31

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
        let normalized = AccentFolding.nfc(trimmedWord)
        return .entry(normalized, trimmedHint.map(AccentFolding.nfc), fnv(normalized.lowercased().utf8, lowercasingASCII: false),
                      Self.otherLetters)
    }

    /// The same as `parse(line:)` for a line of ASCII bytes (`start..<end` of `all`), with the
    /// places of its first control character, '#' and tab found by the reading loop: no
    /// Characters are built, and a million-word list is read in a fraction of a second.
    static func parse(ascii all: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, control: Int, hashAt: Int, tabAt: Int) -> Line {
        if control >= 0 { return .problem("control character U+\(hex(UInt32(all[control]))) in the line") }
        let contentEnd = hashAt >= 0 ? hashAt : end
        var wordStart = start, wordEnd = tabAt >= 0 ? tabAt : contentEnd
        var hintStart = tabAt >= 0 ? tabAt + 1 : contentEnd, hintEnd = contentEnd
        func blank(_ b: UInt8) -> Bool { b == 32 || b == 9 }
        while wordStart < wordEnd && blank(all[wordStart]) { wordStart += 1 }
        while wordEnd > wordStart && blank(all[wordEnd - 1]) { wordEnd -= 1 }
        while hintStart < hintEnd && blank(all[hintStart]) { hintStart += 1 }
        while hintEnd > hintStart && blank(all[hintEnd - 1]) { hintEnd -= 1 }
        let hintText = hintStart < hintEnd ? String(decoding: UnsafeBufferPointer(rebasing: all[hintStart..<hintEnd]), as: UTF8.self) : nil
        if wordStart == wordEnd { return hintText == nil ? .skip : .problem("a hint with no word before the tab") }
        // The word's letters and its hash (FNV-1a over its lower-cased bytes) in one pass.
        var letters: UInt32 = 0
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for k in wordStart..<wordEnd {
            var b = all[k]
            if b >= 0x41 && b <= 0x5A { b |= 0x20 }
            if b >= 97 && b <= 122 { letters |= 1 << UInt32(b - 97) }
            hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01B3
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: all[wordStart..<wordEnd]), as: UTF8.self)
        guard letters != 0 else { return .problem("'\(text)' has no letter") }
        return .entry(text, hintText, hash, letters)
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
    /// "5 letters", "at least 6 letters", "from 4 to 8 letters": for messages.
    public var describedLength: String {
        switch (minimumLetters, maximumLetters) {
        case let (lo, hi) where lo == hi: "\(lo) letter\(lo == 1 ? "" : "s")"
        case let (lo, .max): "at least \(lo) letter\(lo == 1 ? "" : "s")"
        case let (lo, hi) where lo <= 1: "at most \(hi) letter\(hi == 1 ? "" : "s")"
        case let (lo, hi): "from \(lo) to \(hi) letters"
        }
    }

    /// The narrower of two filters: both must accept a word.
    public func narrowed(minimumLetters lo: Int?, maximumLetters hi: Int?) -> WordList.Filter {
        var f = self
        if let lo { f.minimumLetters = max(f.minimumLetters, lo) }
        if let hi { f.maximumLetters = min(f.maximumLetters, hi) }
        return f
    }

    func accepts(_ word: String) -> Bool {
        if lowercaseASCIIOnly && !word.utf8.allSatisfy({ $0 >= 97 && $0 <= 122 }) { return false }
        if minimumLetters <= 1 && maximumLetters == .max { return true }  // every entry has a letter
        let letters = word.utf8.allSatisfy({ $0 < 0x80 })
            ? word.utf8.reduce(0) { $0 + (($1 | 0x20) >= 97 && ($1 | 0x20) <= 122 ? 1 : 0) }
            : word.reduce(0) { $0 + ($1.isLetter ? 1 : 0) }
        return letters >= minimumLetters && letters <= maximumLetters
    }
}

/// A word list that cannot be played; one `file:line: reason` per problem.
public struct WordListError: Error, CustomStringConvertible, Equatable {
    public var problems: [String]
    /// The list is sound, but the word lengths asked for keep none of its words.
    public var emptiedByLengths = false
    public var description: String { problems.joined(separator: "\n") }
}
