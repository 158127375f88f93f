#if canImport(Glibc)
import Glibc
#endif

extension WordList {
    /// Reads a list's bytes into entries in one pass. A line that is a word of ASCII letters
    /// (nearly every line of a big list) is found eight bytes at a time and becomes a `Span`
    /// and a hash: no String, no copy. Any other line that is a word alone is read a scalar at
    /// a time by `readWord`, with what it needs to know of each scalar kept in `Scalars`. What
    /// remains (hints, comments, spaces at the ends, combining marks, problems) is read by
    /// `readLine`, as Strings where it is beyond ASCII.
    ///
    /// An entry waits `lookahead` lines before it is looked up: its slot of the duplicate
    /// check is fetched when it arrives and is in the cache by the time it is read, so the
    /// fetches of several lines overlap instead of each waiting for memory in turn.
    struct Reader {
        /// What a list's reading found.
        struct Contents {
            var spans: [Span] = [], hintSpans: [Span] = []
            /// The NFC of the words and hints whose NFC is not their bytes in the list, one after
            /// another; their spans point here (`Span.isNormalized`).
            var normalizedText: [UInt8] = []
            /// The ASCII letters of the words; the lower case of the other letters met in words
            /// read as bytes, as a bitmap of the BMP; and the letters of words read as Strings.
            var asciiLetters: UInt32 = 0, lettersMet: [UInt64] = [], lettersAsText = TextLetters()
            /// The first `problemLimit` problems, and how many more there are.
            var warnings: [String] = [], problems: [Problem] = [], moreProblems = 0
            var repeats = 0, filteredOut = 0
            /// The list's fingerprint (`WordList.fingerprint`) where the reading worked it out
            /// (see `read`), else nil.
            var fingerprint: String?
            /// The kept entries by their keys' hash, for `WordList.entry(matching:)` (set when
            /// the reading ends; nil for a reader that collects).
            var seen: KeySet?
            /// A reader that only collects: the entries it read, for another to take (at most
            /// `entryLimit`; past that, `overflowed`). See `read`.
            var collected: Collected?, overflowed = false
        }

        /// The letters of words read as Strings, each once, told apart by their UTF-8 (in NFC
        /// a letter's bytes are the letter; hashing a Character would normalise it again):
        /// those of up to eight bytes packed in an integer (a letter holds no zero byte).
        struct TextLetters {
            private var short: Set<UInt64> = [], long: Set<[UInt8]> = []

            mutating func insert(_ letter: Character) {
                guard letter.utf8.count <= 8 else {
                    long.insert(Array(letter.utf8))
                    return
                }
                short.insert(letter.utf8.enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) })
            }

            mutating func formUnion(_ other: TextLetters) {
                short.formUnion(other.short)
                long.formUnion(other.long)
            }

            var letters: [Character] {
                short.map { packed in
                    Character(String(decoding: (0..<8).map { UInt8(truncatingIfNeeded: packed >> UInt64(8 * $0)) }.filter { $0 != 0 }, as: UTF8.self))
                } + long.map { Character(String(decoding: $0, as: UTF8.self)) }
            }
        }

        /// A line that cannot be played, and why.
        struct Problem {
            var line: Int
            var reason: String
        }

        /// An entry waiting for its slot to reach the cache. Its spans are in the list; where
        /// `isNormalized`, their NFC is not those bytes, and goes to `normalizedText` once the
        /// entry is kept.
        struct Waiting {
            var span: Span
            /// Its key's hash (of which the table reads only `KeySet.tableBits`).
            var hash: UInt64
            var hint = Span.none
        }

        static let lookahead = 16
        static let allLetters: UInt32 = 1 << 26 - 1

        /// The whole list (spans are offsets in it), and the part this reader reads: from
        /// `begin`, line `firstLine`, to `limit`.
        private let text: UnsafeBufferPointer<UInt8>
        private let begin: Int, limit: Int, firstLine: Int
        /// Whether entries are collected for another reader to take, rather than taken.
        private let collecting: Bool
        private let name: String
        private let filter: Filter
        private var contents: Contents
        /// How many entries wait (up to `lookahead`, in `scratch.ring`), and where the oldest is.
        private var waitingCount = 0
        /// What is known of the scalars met beyond ASCII, and a word's key being built.
        private let scalars: Scalars
        private let scratch: Scratch

        /// Room for one word's key and its letters beyond ASCII not met before, and the
        /// bitmap of the letters met (by their lower case; copied to `contents` at the end).
        struct Scratch {
            let key: UnsafeMutablePointer<UInt8>
            let letters: UnsafeMutablePointer<UInt32>
            let lettersMet: UnsafeMutablePointer<UInt64>
            /// The entries waiting, a ring of `lookahead` (an entry is plain bits: no
            /// reference to count, and no array to check at every line).
            let ring: UnsafeMutablePointer<Waiting>
            /// `readWord` reads at most `wordLimit` bytes (and one scalar more): as many letters at
            /// most, and a key of three bytes for each two (lower case can lengthen a scalar's UTF-8).
            static let keyBytes = (WordList.wordLimit + 3) * 3 / 2 + 3
        }
        private var oldest = 0
        private(set) var full = false
        /// The spans of the entries kept, in the memory of `Contents.spans` (see `reading`).
        private let kept: UnsafeMutableBufferPointer<Span>
        private var keptCount = 0
        /// The kept entries by their keys' hash, in the memory of `Contents.seen`.
        private var table: KeySet.Filling

        /// A reader of `range` with its scratch memory, run by `body`; what it found.
        static func reading(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, firstLine: Int, capacity: Int, seed: UInt64,
                            collecting: Bool = false, name: String, filter: Filter, _ body: (inout Reader) -> Void) -> Contents {
            // The kept entries' spans and the slots of the table that finds repeats are written
            // straight into their arrays' memory (an append, or a change in place, checked the
            // array for a second owner at every word); a reader that collects keeps neither.
            var contents: Contents?
            let slotCount = KeySet.slotCount(capacity: collecting ? 0 : capacity)
            var spans: [Span] = []
            let slots = [UInt32](unsafeUninitializedCapacity: slotCount) { slots, initialized in
                slots.initialize(repeating: 0)
                initialized = slotCount
                spans = [Span](unsafeUninitializedCapacity: collecting ? 0 : capacity) { spans, kept in
                    withScratch { scratch, scalars in
                        var reader = Reader(text: text, range, firstLine: firstLine, capacity: capacity, collecting: collecting,
                                            kept: spans, table: KeySet.Filling(slots: slots, seed: seed),
                                            name: name, filter: filter, scalars: scalars, scratch: scratch)
                        body(&reader)
                        let met = UnsafeBufferPointer(start: scratch.lettersMet, count: Scalars.count / 64)
                        if met.contains(where: { $0 != 0 }) { reader.contents.lettersMet = Array(met) }
                        kept = reader.keptCount
                        contents = reader.contents
                    }
                }
            }
            contents!.spans = spans
            if !collecting { contents!.seen = KeySet(slots: slots, seed: seed) }
            return contents!
        }

        /// Scratch memory and a scalar table for one reading, freed when `body` returns.
        private static func withScratch(_ body: (Scratch, Scalars) -> Void) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Scratch.keyBytes) { key in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: WordList.wordLimit + 3) { letters in
                    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: Scalars.count / 64) { met in
                        withUnsafeTemporaryAllocation(of: Waiting.self, capacity: lookahead) { ring in
                            // The scalar table (256 KB) from calloc: fresh zero pages, of which a
                            // list touches only its scripts' (no clearing at every list's start).
                            let table = calloc(Scalars.count, MemoryLayout<UInt32>.size)!.assumingMemoryBound(to: UInt32.self)
                            defer { free(table) }
                            met.initialize(repeating: 0)
                            body(Scratch(key: key.baseAddress!, letters: letters.baseAddress!, lettersMet: met.baseAddress!, ring: ring.baseAddress!),
                                 Scalars(table: table))
                        }
                    }
                }
            }
        }

        private init(text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, firstLine: Int, capacity: Int, collecting: Bool,
                     kept: UnsafeMutableBufferPointer<Span>, table: KeySet.Filling, name: String, filter: Filter, scalars: Scalars, scratch: Scratch) {
            self.text = text
            self.kept = kept
            self.table = table
            (begin, limit, self.firstLine, self.collecting) = (range.lowerBound, range.upperBound, firstLine, collecting)
            self.scalars = scalars
            self.scratch = scratch
            self.name = name
            self.filter = filter
            contents = Contents()
            if collecting { contents.collected = Collected(capacity: capacity) }
        }

        /// Reads the lines of its part; the last entries wait until `finishWaiting`.
        mutating func readLines() {
            var start = begin, line = firstLine - 1
            let everyWord = filter.acceptsAll
            let raw = UnsafeRawBufferPointer(text)
            let seed = table.seed
            // Past the entry limit, lines are still read: every bad line of the list is reported.
            // (A reader that collects for another stops where it overflows; see `read`.)
            while start < limit && !contents.overflowed {
                line += 1
                // A run of ASCII letters that ends the line is a word as it stands. The run is
                // found eight bytes at a time, and hashed as it is found.
                var end = start, hash = seed, stopped = false
                while end + 8 <= limit {
                    let eight = raw.loadUnaligned(fromByteOffset: end, as: UInt64.self)
                    let others = Self.nonLetters(eight)
                    if others == 0 {
                        hash = KeySet.mix(hash, letters: eight)
                        end += 8
                        continue
                    }
                    let letters = others.trailingZeroBitCount >> 3
                    if letters > 0 { hash = KeySet.mix(hash, letters: eight, count: letters) }
                    end += letters
                    stopped = true
                    break
                }
                if !stopped {  // the last few bytes of the text
                    var tail: UInt64 = 0, letters = 0
                    while end < limit && (text[end] | 0x20) &- 97 < 26 {
                        tail |= UInt64(text[end]) << UInt64(8 * letters)
                        letters += 1
                        end += 1
                    }
                    if letters > 0 { hash = KeySet.mix(hash, letters: tail, count: letters) }
                }
                var next = end + 1
                if end < limit && text[end] == 13 && (end + 1 == limit || text[end + 1] == 10) { next = end + 2 }
                guard end > start && end - start <= WordList.wordLimit && (end == limit || text[end] == 10 || next == end + 2) else {
                    // Any other word alone on its line, in any script, is read as bytes too;
                    // what remains (hints, comments, spaces at the ends, combining marks,
                    // problems) is read by `readLine`.
                    let stop = end < limit ? text[end] : 0
                    if stop >= 0x80 || (stop > 32 && stop < 0x7F && stop != 35), let after = readWord(from: start, lettersTo: end, line: line) {
                        start = after
                    } else {
                        start = readLine(from: start, number: line)
                    }
                    continue
                }
                let word = UnsafeBufferPointer(rebasing: text[start..<end])
                if everyWord || filter.accepts(ascii: word) {
                    wait(Waiting(span: Span(offset: start, length: end - start, line: line, isASCII: true, isNormalized: false),
                                 hash: KeySet.finish(hash, length: end - start)))
                } else {
                    contents.filteredOut += 1
                }
                start = next
            }
        }

        /// Reads any line, from its first byte; returns where the next line starts.
        private mutating func readLine(from lineStart: Int, number line: Int) -> Int {
            // One pass over the line finds its end and, for the ASCII path, its first control
            // character (not a tab), its first '#' and its first tab before that.
            var end = lineStart, ascii = true, control = -1, hashAt = -1, tabAt = -1
            while end < limit {
                let b = text[end]
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
            if lineEnd > lineStart && text[lineEnd - 1] == 13 {  // CRLF files
                lineEnd -= 1
                if control == lineEnd { control = -1 }
            }
            if lineEnd - lineStart > WordList.lineLimit {
                problem(line, "the line is \(lineEnd - lineStart) bytes, longer than the limit of \(WordList.lineLimit)")
            } else if ascii {
                readASCII(lineStart, lineEnd, line: line, control: control, hashAt: hashAt, tabAt: tabAt)
            } else if String(validating: text[lineStart..<lineEnd], as: UTF8.self) != nil {
                readText(lineStart, lineEnd, line: line, control: control, hashAt: hashAt, tabAt: tabAt)
            } else {
                problem(line, "the line is not valid UTF-8")
            }
            return end + 1
        }

        static func tooLong(_ bytes: Int) -> String { "the word is \(bytes) bytes, longer than the limit of \(WordList.wordLimit)" }

        /// Notes a problem, keeping the first `problemLimit` in line order (the entry limit is
        /// found a few lines after its line is read, see `lookahead`).
        private mutating func problem(_ line: Int, _ reason: String) {
            let at = contents.problems.lastIndex { $0.line < line }.map { $0 + 1 } ?? 0
            guard at < WordList.problemLimit else {
                contents.moreProblems += 1
                return
            }
            contents.problems.insert(Problem(line: line, reason: reason), at: at)
            if contents.problems.count > WordList.problemLimit {
                contents.problems.removeLast()
                contents.moreProblems += 1
            }
        }

        /// The word and the hint of a line that `readLine` reads (`start..<end`, with the places
        /// of its first control character, '#' and tab before it): cut there and trimmed, as
        /// bytes. Nil when the line holds a control character (a problem) or no word (a
        /// problem if it has a hint).
        private mutating func fields(_ start: Int, _ end: Int, line: Int, control: Int, hashAt: Int, tabAt: Int) -> (word: Range<Int>, hint: Range<Int>)? {
            if control >= 0 {
                problem(line, "control character U+\(WordList.hex(UInt32(text[control]))) in the line")
                return nil
            }
            // C1 controls (U+0080-009F, UTF-8 C2 80-9F).
            for k in start..<max(start, end - 1) where text[k] == 0xC2 && text[k + 1] & 0xE0 == 0x80 {
                problem(line, "control character U+\(WordList.hex(UInt32(text[k + 1]))) in the line")
                return nil
            }
            let contentEnd = hashAt >= 0 ? hashAt : end
            let word = trimmed(start, tabAt >= 0 ? tabAt : contentEnd)
            let hint = tabAt >= 0 ? trimmed(tabAt + 1, contentEnd) : contentEnd..<contentEnd
            guard !word.isEmpty else {
                if !hint.isEmpty { problem(line, "a hint with no word before the tab") }
                return nil
            }
            return (word, hint)
        }

        /// A line of ASCII bytes (`start..<end`), with the places of its first control
        /// character, '#' and tab found by `readLine`.
        private mutating func readASCII(_ start: Int, _ end: Int, line: Int, control: Int, hashAt: Int, tabAt: Int) {
            guard let (wordRange, hintRange) = fields(start, end, line: line, control: control, hashAt: hashAt, tabAt: tabAt) else { return }
            let word = UnsafeBufferPointer(rebasing: text[wordRange])
            guard word.count <= WordList.wordLimit else { return problem(line, Self.tooLong(word.count)) }
            guard word.contains(where: { ($0 | 0x20) &- 97 < 26 }) else {
                return problem(line, "'\(String(decoding: word, as: UTF8.self))' has no letter")
            }
            guard filter.accepts(ascii: word) else {
                contents.filteredOut += 1
                return
            }
            wait(Waiting(span: Span(offset: wordRange.lowerBound, length: word.count, line: line, isASCII: true, isNormalized: false),
                         hash: table.hash(word),
                         hint: hintRange.isEmpty
                            ? .none : Span(offset: hintRange.lowerBound, length: hintRange.count, line: line, isASCII: true, isNormalized: false)))
        }

        /// A line that is only a word (in any script, with any punctuation and spaces inside
        /// it), read as bytes from `prefixEnd` (the ASCII letters before it were found by the
        /// fast path): its key (lower case) is written to `scratch` scalar by scalar,
        /// and its letters beyond ASCII are marked in `lettersMet` (so that `letters` need not
        /// read it again). Returns where the next line starts; nil, having read nothing, when
        /// the line needs `readLine`: it has a tab, a '#', a control, a space at either end, a
        /// scalar `Scalars` cannot vouch for, no letter, or invalid UTF-8, or is too long.
        private mutating func readWord(from start: Int, lettersTo prefixEnd: Int, line: Int) -> Int? {
            // Locals, not fields: the loop writes through pointers, after which the compiler
            // would read every field again.
            let text = text, key = scratch.key, newLetters = scratch.letters, met = scratch.lettersMet, scalars = scalars
            guard text[start] != 32 && prefixEnd - start <= WordList.wordLimit else { return nil }
            // The line starts with the ASCII letters the fast path found: copied in lower case.
            var ascii: UInt32 = 0, lowercase: UInt8 = 0x20
            for k in start..<prefixEnd {
                key[k - start] = text[k] | 0x20
                lowercase &= text[k]
            }
            if contents.asciiLetters != Self.allLetters {
                for k in start..<prefixEnd { ascii |= 1 << UInt32((text[k] | 0x20) - 97) }
            }
            var out = prefixEnd - start, letters = out, beyond = 0, isASCII = true, lowercaseAZ = lowercase != 0
            var i = prefixEnd, next = limit
            while i < limit {
                guard i - start <= WordList.wordLimit else { return nil }
                let b = text[i]
                if b < 0x80 {
                    if b == 10 || (b == 13 && (i + 1 == limit || text[i + 1] == 10)) {  // LF or CRLF
                        next = i + (b == 10 ? 1 : 2)
                        break
                    }
                    guard b >= 32 && b != 0x7F && b != 35 else { return nil }
                    let lower = b &- 65 < 26 ? b | 0x20 : b
                    if lower &- 97 < 26 {
                        ascii |= 1 << UInt32(lower - 97)
                        letters += 1
                    }
                    if b &- 97 >= 26 { lowercaseAZ = false }
                    key[out] = lower
                    out += 1
                    i += 1
                    continue
                }
                guard let (scalar, length) = Scalars.decode(text, at: i, end: limit) else { return nil }
                let facts = scalars.facts(scalar)
                guard facts.isPlain else { return nil }
                let lower = facts.lower
                if facts.isLetter {
                    letters += 1
                    if met[Int(lower >> 6)] & 1 << UInt64(lower & 63) == 0 {  // a letter not met before
                        newLetters[beyond] = lower
                        beyond += 1
                    }
                }
                out = Scalars.encode(lower == 0x3C2 ? 0x3C3 : lower, into: key, at: out)  // final sigma is sigma (see `WordList.key`)
                isASCII = false
                lowercaseAZ = false
                i += length
            }
            // The last scalar may end past the limit when no newline follows it.
            guard letters > 0 && text[i - 1] != 32 && i - start <= WordList.wordLimit else { return nil }
            if filter.accepts(letters: letters, lowercaseASCII: lowercaseAZ) {
                for k in 0..<beyond { met[Int(newLetters[k] >> 6)] |= 1 << UInt64(newLetters[k] & 63) }
                contents.asciiLetters |= ascii
                let hash = table.hash(UnsafeBufferPointer(start: scratch.key, count: out))
                wait(Waiting(span: Span(offset: start, length: i - start, line: line, isASCII: isASCII, isNormalized: false),
                             hash: hash))
            } else {
                contents.filteredOut += 1
            }
            return next
        }

        /// A line with bytes beyond ASCII that `readWord` could not take (`start..<end`, valid
        /// UTF-8), with the places of its first ASCII control character, '#' and tab before it
        /// found by `readLine`: cut and trimmed as bytes (as an ASCII line is), then its word
        /// and hint are read as Strings (see `TextFacts`). An entry waits with spans into the
        /// list; the NFC of a word or hint that is not in NFC is placed in `normalizedText` only
        /// when the entry is kept (`take`), so repeats cost no memory.
        private mutating func readText(_ start: Int, _ end: Int, line: Int, control: Int, hashAt: Int, tabAt: Int) {
            guard let (wordRange, hintRange) = fields(start, end, line: line, control: control, hashAt: hashAt, tabAt: tabAt) else { return }
            let bytes = UnsafeBufferPointer(rebasing: text[wordRange])
            let word = facts(of: bytes)
            if let reason = word.problem(asWord: true) { return problem(line, reason) }
            guard word.accepted else {
                contents.filteredOut += 1
                return
            }
            if !word.lettersTaken {
                for c in word.nfc where c.isLetter { contents.lettersAsText.insert(c) }
                tookLetters(of: bytes)
            }
            var entry = Waiting(span: Span(offset: wordRange.lowerBound, length: bytes.count, line: line, isASCII: !bytes.contains { $0 >= 0x80 },
                                           isNormalized: word.changesInNFC),
                                hash: word.keyHash)
            if !hintRange.isEmpty {
                let hint = facts(of: UnsafeBufferPointer(rebasing: text[hintRange]))
                if let reason = hint.problem(asWord: false) { return problem(line, reason) }
                entry.hint = Span(offset: hintRange.lowerBound, length: hintRange.count, line: line, isASCII: false, isNormalized: hint.changesInNFC)
            }
            wait(entry)
        }

        /// What reading a word or hint as a String finds, kept for the last texts met (a list
        /// that repeats a line millions of times is read once).
        struct TextFacts {
            var marks = 0, nfcLength = 0, changesInNFC = false, hasLetter = false, accepted = false
            var word = "", nfc = "", key: [UInt8] = [], keyHash: UInt64 = 0
            /// Its letters are in `lettersAsText` (once it was read as an accepted word).
            var lettersTaken = false

            /// Why the text cannot be played, as a word or as a hint.
            func problem(asWord: Bool) -> String? {
                if marks > Reader.markLimit { return "more than \(Reader.markLimit) combining marks in a row" }
                if !asWord { return nfcLength > WordList.lineLimit ? "the hint is \(nfcLength) bytes in NFC, longer than the limit of \(WordList.lineLimit)" : nil }
                if !hasLetter { return "'\(word)' has no letter" }
                return nfcLength > WordList.wordLimit ? Reader.tooLong(nfcLength) : nil
            }
        }

        /// The facts of `bytes` (valid UTF-8), from the cache when it was met lately.
        private mutating func facts(of bytes: UnsafeBufferPointer<UInt8>) -> TextFacts {
            if let cached = cachedFacts(of: bytes) { return cached }
            var facts = TextFacts()
            facts.word = String(decoding: bytes, as: UTF8.self)
            // More marks on one letter than any script writes (Unicode's stream-safe limit) would
            // make putting them in order (NFC) cost the square of their number; a few letters
            // become marks in NFC, so the NFC is counted too.
            facts.marks = Self.marksInARow(facts.word)
            if facts.marks <= Self.markLimit {
                let nfc = AccentFolding.nfc(facts.word)
                facts.nfc = nfc
                facts.marks = max(facts.marks, Self.marksInARow(nfc))
                facts.nfcLength = nfc.utf8.count
                facts.changesInNFC = !nfc.utf8.elementsEqual(bytes)
                facts.hasLetter = nfc.contains(where: \.isLetter)
                facts.accepted = facts.hasLetter && filter.accepts(nfc)
                facts.key = Array(WordList.key(nfc).utf8)
                facts.keyHash = facts.key.withUnsafeBufferPointer { table.hash($0) }
            }
            factsCache[Self.factsSlot(bytes)] = (Array(bytes), facts)
            return facts
        }

        /// The facts of `bytes` if they are still in the cache.
        private func cachedFacts(of bytes: UnsafeBufferPointer<UInt8>) -> TextFacts? {
            factsCache[Self.factsSlot(bytes)].flatMap { $0.raw.elementsEqual(bytes) ? $0.facts : nil }
        }

        /// Marks the cached facts of `bytes` as having given their letters.
        private mutating func tookLetters(of bytes: UnsafeBufferPointer<UInt8>) {
            let slot = Self.factsSlot(bytes)
            factsCache[slot]?.facts.lettersTaken = true
        }

        /// Where `bytes` go in the cache: by a hash of the bytes as they are (the keys' hash
        /// would put every spelling of a word in one slot).
        private static func factsSlot(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return hasher.finalize() & (factsCacheSize - 1)
        }

        /// Texts read as Strings lately, by a hash of their bytes.
        private var factsCache = [(raw: [UInt8], facts: TextFacts)?](repeating: nil, count: factsCacheSize)
        static let factsCacheSize = 64

        /// Where the NFC of a waiting entry's word or hint not in NFC goes once the entry is
        /// kept: into `normalizedText`; nil (a problem) where that would take it past what a
        /// span reaches.
        private mutating func placed(_ span: Span) -> Span? {
            // Read 16 entries ago, its NFC is often still in the cache.
            let bytes = span.bytes(in: text)
            let nfc = cachedFacts(of: bytes)?.nfc ?? AccentFolding.nfc(String(decoding: bytes, as: UTF8.self))
            let length = nfc.utf8.count
            guard contents.normalizedText.count + length <= WordList.fileLimit else {
                problem(span.line, "the list's text that is not in NFC is more than \(WordList.fileLimit >> 20) MB in NFC")
                return nil
            }
            let at = contents.normalizedText.count
            contents.normalizedText += nfc.utf8
            return Span(offset: at, length: length, line: span.line, isASCII: span.isASCII, isNormalized: true)
        }

        /// The text of a kept entry's span, in the list or in `normalizedText`.
        private func keptString(_ span: Span) -> String {
            if span.isNormalized { return contents.normalizedText.withUnsafeBufferPointer { span.string(in: $0) } }
            return span.string(in: text)
        }

        /// The text of a waiting entry's span (always in the list), in NFC.
        private func waitingString(_ span: Span) -> String {
            span.isNormalized ? AccentFolding.nfc(span.string(in: text)) : span.string(in: text)
        }

        /// `start..<end` without spaces, tabs and no-break spaces (U+00A0) at either end.
        private func trimmed(_ start: Int, _ end: Int) -> Range<Int> {
            var (start, end) = (start, end)
            while start < end {
                if text[start] == 32 || text[start] == 9 { start += 1 } else if start + 1 < end && text[start] == 0xC2 && text[start + 1] == 0xA0 { start += 2 } else { break }
            }
            while end > start {
                if text[end - 1] == 32 || text[end - 1] == 9 { end -= 1 } else if end - 1 > start && text[end - 2] == 0xC2 && text[end - 1] == 0xA0 { end -= 2 } else { break }
            }
            return start..<end
        }

        /// The most combining marks (scalars that are not starters) in a row a line may hold.
        static let markLimit = 30

        /// The longest run of combining marks in `text`.
        static func marksInARow(_ text: String) -> Int {
            var run = 0, longest = 0
            for scalar in text.unicodeScalars {
                if scalar.value >= 0x300 && scalar.properties.canonicalCombiningClass != .notReordered {
                    run += 1
                    longest = max(longest, run)
                } else {
                    run = 0
                }
            }
            return longest
        }

        /// Takes an entry in its turn, `lookahead` entries later.
        private mutating func wait(_ entry: Waiting) {
            if full { return }
            if collecting {
                // (Its capacity is at most `entryLimit`, and at least the lines it reads.)
                if !contents.collected!.append(entry) {
                    contents.overflowed = true
                    full = true
                }
                return
            }
            table.prefetch(entry.hash)
            if waitingCount < Self.lookahead {
                (scratch.ring + waitingCount).initialize(to: entry)
                waitingCount += 1
                return
            }
            let due = scratch.ring[oldest]
            scratch.ring[oldest] = entry
            oldest = (oldest + 1) & (Self.lookahead - 1)
            take(due)
        }

        /// Takes the entries a reader of the rest of the list collected, in their turn: the
        /// entries still waiting first, then each collected entry at once, its slot asked for
        /// `lookahead` entries before (they need no ring: they are all there).
        mutating func take(collected later: Contents) {
            finishWaiting()
            guard let collected = later.collected else { return }
            for k in 0..<min(Self.lookahead, collected.count) { table.prefetch(tableBits: collected.tableBits(k)) }
            for k in 0..<collected.count where !full {
                if k + Self.lookahead < collected.count { table.prefetch(tableBits: collected.tableBits(k + Self.lookahead)) }
                take(collected[k])
            }
        }

        /// The entries kept so far, and the NFC text their spans may point into: for another
        /// thread to hash while this one goes on (it writes only past them, and its NFC text
        /// grows in an array of its own).
        var keptSoFar: (spans: UnsafeBufferPointer<Span>, normalized: [UInt8]) {
            (UnsafeBufferPointer(rebasing: kept[..<keptCount]), contents.normalizedText)
        }

        /// Sets the fingerprint: `hash` (of the entries kept before `start`) with the rest added.
        mutating func finishFingerprint(_ hash: FNV1a, from start: Int) {
            let rest = UnsafeBufferPointer(rebasing: kept[start..<keptCount])
            contents.fingerprint = contents.normalizedText.withUnsafeBufferPointer {
                WordList.fingerprint(rest, text: text, normalized: $0, continuing: hash)
            }.hex
        }

        /// Takes the entries still waiting, oldest first.
        mutating func finishWaiting() {
            for k in 0..<waitingCount where !full {
                take(scratch.ring[(oldest + k) % waitingCount])
            }
            waitingCount = 0
            oldest = 0
        }

        /// Keeps an entry unless it repeats an earlier word; past `entryLimit`, stops.
        private mutating func take(_ e: Waiting) {
            // The candidates one at a time, each compared before the next is asked for (a
            // comparison may change the reader: it caches the key it compared last).
            var probe = table.probe(e.hash), repeated: Int?
            while repeated == nil, let k = table.next(&probe) {
                if sameKey(k, e) { repeated = k }
            }
            if let first = repeated {
                contents.repeats += 1
                if contents.warnings.count < WordList.problemLimit {
                    contents.warnings.append("\(name):\(e.span.line): '\(waitingString(e.span))' repeats line \(kept[first].line); it is played once")
                }
                return
            }
            guard keptCount < WordList.entryLimit else {
                problem(e.span.line, "more than \(WordList.entryLimit) words, the limit of a list")
                full = true
                return
            }
            // The NFC of a word or hint not in NFC goes to `normalizedText` now that it is kept
            // (asked only of those: nearly every entry of a big list is its bytes in the file).
            guard let span = e.span.isNormalized ? placed(e.span) : e.span,
                  let hint = e.hint.isNormalized ? placed(e.hint) : e.hint else { return }
            let index = Int32(keptCount)
            table.insert(index: Int(index), endingProbe: probe)
            if hint.length > 0 {
                if contents.hintSpans.isEmpty { contents.hintSpans.reserveCapacity(kept.count) }
                contents.hintSpans.append(contentsOf: repeatElement(.none, count: Int(index) - contents.hintSpans.count))
                contents.hintSpans.append(hint)
            }
            if e.span.isASCII && contents.asciiLetters != Self.allLetters {
                for b in e.span.bytes(in: text) where (b | 0x20) &- 97 < 26 { contents.asciiLetters |= 1 << UInt32((b | 0x20) - 97) }
            }
            // (Its room is the lines read: a line is one entry at most.)
            precondition(keptCount < kept.count, "an entry for each line at most")
            (kept.baseAddress! + keptCount).initialize(to: span)
            keptCount += 1
        }

        /// Whether kept entry `k` and the waiting entry `e` have the same key: the same word
        /// but for case.
        private mutating func sameKey(_ k: Int, _ e: Waiting) -> Bool {
            let kept = self.kept[k]
            if kept.isASCII && e.span.isASCII {
                return kept.equalsIgnoringASCIICase(e.span.bytes(in: text), in: text)
            }
            // A repeated line: the same bytes in the list.
            if !kept.isNormalized && kept.bytes(in: text).elementsEqual(e.span.bytes(in: text)) { return true }
            // Otherwise their keys, compared as bytes, as they are hashed (String's == would put
            // both in NFC again).
            // (A list that repeats a word in many spellings compares them with one kept entry.)
            if keptKey?.entry != k {
                keptKey = (k, Array(WordList.key(keptString(kept)).utf8))
            }
            return keptKey!.key == facts(of: e.span.bytes(in: text)).key
        }

        /// The key of the kept entry compared last.
        private var keptKey: (entry: Int, key: [UInt8])?

        /// The bytes of `eight` that are not ASCII letters: the high bit of each is set.
        @inline(__always) static func nonLetters(_ eight: UInt64) -> UInt64 {
            // Each byte, in lower case and without its high bit, is at most 0x7F: adding to it
            // carries into its own high bit and never into the next byte.
            let lower = (eight | 0x2020_2020_2020_2020) & 0x7F7F_7F7F_7F7F_7F7F
            let fromA = lower &+ 0x1F1F_1F1F_1F1F_1F1F  // high bit set from 'a' (0x61)
            let pastZ = lower &+ 0x0505_0505_0505_0505  // high bit set from '{' (0x7B)
            return (~fromA | pastZ | eight) & 0x8080_8080_8080_8080
        }

        /// How many lines the text has at most (its newlines, plus a last line without one),
        /// counted sixteen bytes at a time: the size of the tables, so that they never grow.
        static func lineCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
            let raw = UnsafeRawBufferPointer(text)
            let newline = SIMD16<UInt8>(repeating: 10)
            var newlines = 0, i = 0
            while i + 16 <= raw.count {
                // Each lane of `counts` counts the newlines at its place, for up to 255 rounds:
                // a lane of the comparison is all ones (255, minus one) where the text has '\n'.
                var counts = SIMD16<UInt8>()
                var rounds = 0
                while rounds < 255 && i + 16 <= raw.count {
                    let bytes = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                    counts &-= unsafeBitCast(bytes .== newline, to: SIMD16<UInt8>.self)
                    rounds += 1
                    i += 16
                }
                newlines += Int(SIMD16<UInt16>(truncatingIfNeeded: counts).wrappedSum())
            }
            while i < raw.count {
                if raw[i] == 10 { newlines += 1 }
                i += 1
            }
            return newlines + 1
        }

    }

    static func hex(_ v: UInt32) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - h.count)) + h
    }
}
