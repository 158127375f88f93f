/// A word list: UTF-8 text, one entry per line. `#` starts a comment; blank lines are skipped;
/// a tab separates the word from an optional hint. A line with invalid UTF-8, a control
/// character or no letter is an error reported as `file:line: reason`; a repeated word is a
/// warning and is played once. Words are given in NFC.
///
/// The list keeps the file's bytes and, per entry, where its word lies in them: no String is
/// made for a word until it is asked for, so a million-word list is read in one pass over one
/// buffer (see `WordList.Reader`).
public struct WordList: Sendable {
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
    public struct Filter: Equatable, Sendable {
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
    /// `file:line: ...` notes that do not stop the game (repeated words).
    public let warnings: [String]
    /// The letters the words use, found while reading: a to z (bit 0 is a), the lower case of
    /// the other letters of words read as bytes (a bitmap of the BMP), and the letters of words
    /// read as Strings (those with combining marks, Hangul jamo and the like).
    private let asciiLetters: UInt32
    private let lettersMet: [UInt64]
    private let lettersAsText: [Character]
    /// The entries by the hash of their lower-cased word: repeats while reading, `contains` after.
    private let index: KeySet

    /// The entries: the file's bytes, a `Span` per entry for its word and one for its hint.
    /// A word or hint whose NFC differs from its bytes in the file is in `normalizedText`.
    public struct Entries: RandomAccessCollection, Sendable {
        let text: [UInt8], normalizedText: [UInt8]
        let spans: [Span]
        /// Each entry's hint, `Span.none` for none; only as far as the last entry with one.
        let hintSpans: [Span]
        public var startIndex: Int { 0 }
        public var endIndex: Int { spans.count }
        public subscript(i: Int) -> Entry { Entry(word: word(i), hint: hint(i), line: spans[i].line) }

        /// Entry `i`'s word.
        public func word(_ i: Int) -> String { string(of: spans[i]) }

        /// Entry `i`'s hint.
        public func hint(_ i: Int) -> String? {
            guard i < hintSpans.count, hintSpans[i].length > 0 else { return nil }
            return string(of: hintSpans[i])
        }

        func string(of span: Span) -> String {
            (span.isNormalized ? normalizedText : text).withUnsafeBufferPointer { span.string(in: $0) }
        }
    }

    /// A fingerprint of the words the list plays, in order, whatever its file is called:
    /// boards are kept per list content, and programs can tell two lists apart.
    /// Worked out once, as the list is read, from the words' bytes (each game's start names
    /// it, and a million words made into Strings cost more than reading the list did).
    public let fingerprint: String

    /// FNV-1a of each word's bytes followed by a newline.
    static func fingerprint(of entries: Entries) -> String {
        entries.text.withUnsafeBufferPointer { text in
            entries.normalizedText.withUnsafeBufferPointer { normalized in
                entries.spans.withUnsafeBufferPointer { fingerprint($0, text: text, normalized: normalized, continuing: FNV1a()) }
            }
        }.hex
    }

    /// `hash` with the words of `spans` added, each followed by a newline. A word that stands
    /// in the file followed by its newline is those bytes of the file, and a run of such lines
    /// is one stretch of it (in most lists, the whole file): hashed in one loop, not word by
    /// word.
    static func fingerprint(_ spans: UnsafeBufferPointer<Span>, text: UnsafeBufferPointer<UInt8>, normalized: UnsafeBufferPointer<UInt8>,
                            continuing hash: FNV1a) -> FNV1a {
        var hash = hash
        // The stretch of the file waiting to be hashed, `runStart..<runEnd`.
        var runStart = 0, runEnd = 0
        for span in spans {
            let start = span.offset, end = start + span.length
            if !span.isNormalized && end < text.count && text[end] == 10 {
                if start != runEnd {
                    hash.add(UnsafeBufferPointer(rebasing: text[runStart..<runEnd]))
                    runStart = start
                }
                runEnd = end + 1
                continue
            }
            hash.add(UnsafeBufferPointer(rebasing: text[runStart..<runEnd]))
            (runStart, runEnd) = (0, 0)
            hash.add(span.bytes(in: span.isNormalized ? normalized : text))
            hash.add(10)
        }
        hash.add(UnsafeBufferPointer(rebasing: text[runStart..<runEnd]))
        return hash
    }

    /// The entries whose words are not all ASCII, made as they are asked for.
    public var entriesBeyondASCII: some Sequence<Entry> {
        entries.indices.lazy.filter { !entries.spans[$0].isASCII }.map { entries[$0] }
    }

    /// Whether the list has `word`, compared as players type: in NFC and ignoring case.
    public func contains(_ word: String) -> Bool { entry(matching: word) != nil }

    /// The list's entry for `word`, compared in NFC and ignoring case ("CAFÉ" finds "café").
    public func entry(matching word: String) -> Entry? {
        let key = Self.key(AccentFolding.nfc(word))
        let keyIsASCII = key.utf8.allSatisfy { $0 < 0x80 }
        let found = entries.text.withUnsafeBufferPointer { text in
            index.find(index.hash(key: key)) { e in
                let span = entries.spans[e]
                if span.isASCII && keyIsASCII { return span.equalsIgnoringASCIICase(key.utf8, in: text) }
                return Self.key(entries.word(e)).utf8.elementsEqual(key.utf8)
            }
        }
        return found.map { entries[$0] }
    }

    /// What two words that are the same but for case share: the lower case of `nfc` (a word in
    /// NFC), with final sigma as sigma (ΉΛΙΟΣ is ήλιος), in NFC again (the capital of ǰ
    /// has no precomposed form, so J̌ lower-cases to j and a separate caron).
    static func key(_ nfc: String) -> String {
        if nfc.utf8.allSatisfy({ $0 < 0x80 }) { return nfc.lowercased() }
        let lower = String(String.UnicodeScalarView(nfc.lowercased().unicodeScalars.map { $0 == "\u{3C2}" ? "\u{3C3}" : $0 }))
        // Only a letter followed by a combining mark can compose anew.
        return Reader.marksInARow(lower) > 0 ? AccentFolding.nfc(lower) : lower
    }

    /// The letters the list's words are made of, each once, as comparison keys (lower case;
    /// with `fold`, an accented letter is its base letter), in code point order: what a word
    /// game offers as moves, whatever the script (a kana list offers kana, not a to z).
    public func letters(fold: Bool) -> [String] {
        var keys: Set<String> = []
        for c in lettersAsText { keys.insert(AccentFolding.key(c, fold: fold)) }
        for (k, bits) in lettersMet.enumerated() where bits != 0 {
            for b in 0..<64 where bits & (1 << UInt64(b)) != 0 {
                keys.insert(AccentFolding.key(Character(Unicode.Scalar(UInt32(k * 64 + b))!), fold: fold))
            }
        }
        for b in 0..<26 where asciiLetters & (1 << UInt32(b)) != 0 { keys.insert(String(UnicodeScalar(UInt8(97 + b)))) }
        return keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    }

    /// The longest line a list may have (a word and its hint), and how many problems are
    /// listed before the rest are counted.
    public static let lineLimit = 1000
    /// The longest word (in NFC): what a word puzzle takes.
    public static let wordLimit = 256
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
        guard bytes.count <= Self.fileLimit else {
            throw WordListError(problems: ["\(name): the list is \(bytes.count) bytes, larger than the limit of \(Self.fileLimit >> 20) MB (\(Self.fileLimit) bytes)"])
        }
        let read = bytes.withUnsafeBufferPointer { Reader.read($0, name: name, filter: filter) }
        var problems = read.problems.map { "\(name):\($0.line): \($0.reason)" }
        var warnings = read.warnings
        if read.repeats > warnings.count { warnings.append("\(name): \(read.repeats - warnings.count) more repeated words, each played once") }
        if read.moreProblems > 0 { problems.append("\(name): \(read.moreProblems) more lines with problems") }
        if !problems.isEmpty { throw WordListError(problems: problems) }
        if read.spans.isEmpty && read.filteredOut > 0 {
            // The list is sound: the lengths asked for are what left nothing.
            let words = read.filteredOut == 1 ? "1 word" : "\(read.filteredOut) words"
            var error = WordListError(problems: ["no word has \(filter.describedLength): \(name) has \(words), none of that length"])
            error.emptiedByLengths = true
            throw error
        }
        if read.spans.isEmpty { throw WordListError(problems: ["\(name): the list has no playable word"]) }
        self.name = name
        self.entries = Entries(text: bytes, normalizedText: read.normalizedText, spans: read.spans, hintSpans: read.hintSpans)
        self.fingerprint = read.fingerprint ?? Self.fingerprint(of: entries)
        self.asciiLetters = read.asciiLetters
        self.lettersMet = read.lettersMet
        self.lettersAsText = read.lettersAsText.letters
        self.warnings = warnings
        self.index = read.seen!  // (a reader that does not collect always sets it)
    }

    /// Where an entry's word (or hint) lies in the list's bytes, and its line, in 64 bits (a
    /// million-word list keeps 8 MB of them): the offset (25 bits: a list is at most 32 MB),
    /// the length (10 bits: a line is at most 1,000 bytes), the line less one (25 bits: a
    /// 32 MB file has at most 2^25 lines), and two flags.
    struct Span {
        private let bits: UInt64
        private static let asciiFlag: UInt64 = 1 << 60, normalizedFlag: UInt64 = 1 << 61

        init(offset: Int, length: Int, line: Int, isASCII: Bool, isNormalized: Bool) {
            assert(offset < 1 << 25 && length < 1 << 10 && line >= 1 && line <= 1 << 25, "a span's fields fit their bits")
            bits = UInt64(offset) | UInt64(length) << 25 | UInt64(line - 1) << 35
                | (isASCII ? Self.asciiFlag : 0) | (isNormalized ? Self.normalizedFlag : 0)
        }

        /// No text: an entry's hint when it has none.
        static let none = Span(offset: 0, length: 0, line: 1, isASCII: true, isNormalized: false)

        var offset: Int { Int(bits & (1 << 25 - 1)) }

        var length: Int { Int(bits >> 25 & (1 << 10 - 1)) }
        var line: Int { Int(bits >> 35 & (1 << 25 - 1)) + 1 }
        /// Every byte of the word is ASCII.
        var isASCII: Bool { bits & Self.asciiFlag != 0 }
        /// The text's NFC is not its bytes in the file: a kept entry's span is in the NFC text
        /// kept aside (a waiting one's is still in the file; see `Reader.Waiting`).
        var isNormalized: Bool { bits & Self.normalizedFlag != 0 }

        func bytes(in text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: text[offset..<offset + length])
        }

        func string(in text: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes(in: text), as: UTF8.self) }

        /// Whether the word is `other` (ASCII bytes) but for the case of ASCII letters.
        func equalsIgnoringASCIICase(_ other: some Collection<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
            guard other.count == length else { return false }
            return zip(bytes(in: text), other).allSatisfy { a, b in a == b || (a | 0x20 == b | 0x20 && (a | 0x20) &- 97 < 26) }
        }
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

    /// Whether every word passes (every entry has a letter).
    var acceptsAll: Bool { !lowercaseASCIIOnly && minimumLetters <= 1 && maximumLetters == .max }

    /// Whether a word of ASCII bytes passes.
    func accepts(ascii word: UnsafeBufferPointer<UInt8>) -> Bool {
        if acceptsAll { return true }
        if lowercaseASCIIOnly && !word.allSatisfy({ $0 &- 97 < 26 }) { return false }
        let letters = word.reduce(0) { $0 + (($1 | 0x20) &- 97 < 26 ? 1 : 0) }
        return letters >= minimumLetters && letters <= maximumLetters
    }

    /// Whether a word with this many letters passes.
    func accepts(letters: Int, lowercaseASCII: Bool) -> Bool {
        (lowercaseASCII || !lowercaseASCIIOnly) && letters >= minimumLetters && letters <= maximumLetters
    }

    /// Whether a word passes.
    func accepts(_ word: String) -> Bool {
        if acceptsAll { return true }
        if lowercaseASCIIOnly && !word.utf8.allSatisfy({ $0 &- 97 < 26 }) { return false }
        let letters = word.reduce(0) { $0 + ($1.isLetter ? 1 : 0) }
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
