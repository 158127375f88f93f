#if canImport(Glibc)
import Glibc
#endif

extension WordList.Reader {
    /// Reads a list. A list of a megabyte or more is read in two halves at once where
    /// there are two cores: the second half on a thread of its own, which collects its
    /// entries, and the first here, which then takes the second's entries in their turn,
    /// so that repeats, the entry limit and the order of problems are as one reading's.
    static func read(_ text: UnsafeBufferPointer<UInt8>, name: String, filter: WordList.Filter) -> Contents {
        // Both halves hash with one seed.
        let seed = UInt64.random(in: 0...UInt64.max)
        // A byte order mark (which some editors write at the start of UTF-8) is not text.
        let start = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func whole(lines: Int) -> Contents {
            reading(text, start..<text.count, firstLine: 1, capacity: min(lines, WordList.entryLimit), seed: seed, name: name, filter: filter) { reader in
                reader.readLines()
                reader.finishWaiting()
            }
        }
        guard let cut = halfway(text) else { return whole(lines: lineCount(text)) }
        // Each half's lines are counted once: the cut follows a newline, so the second half's
        // first line is the first half's count, and the whole has one line fewer than both.
        let firstLines = lineCount(UnsafeBufferPointer(rebasing: text[..<cut]))
        let secondLines = lineCount(UnsafeBufferPointer(rebasing: text[cut...]))
        let capacity = min(firstLines - 1 + secondLines, WordList.entryLimit)
        guard let second = ThreadJob({
            reading(text, cut..<text.count, firstLine: firstLines, capacity: min(secondLines, WordList.entryLimit), seed: seed,
                    collecting: true, name: name, filter: filter) { $0.readLines() }
        }) else { return whole(lines: firstLines - 1 + secondLines) }
        var later: Contents?, readWhole = false
        var contents = reading(text, start..<cut, firstLine: 1, capacity: capacity, seed: seed, name: name, filter: filter) { reader in
            reader.readLines()
            later = second.join()
            defer { later!.collected?.deallocate() }
            readWhole = later!.overflowed
            if readWhole { return }
            // The first half's entries are settled once the last of them have waited their turn:
            // they are hashed for the list's fingerprint on the other core while the second
            // half's are taken here (the fingerprint's loop is a chain of multiplies, a sixth
            // of a big list's reading).
            reader.finishWaiting()
            let first = reader.keptSoFar
            let hash = { first.normalized.withUnsafeBufferPointer { WordList.fingerprint(first.spans, text: text, normalized: $0, continuing: FNV1a()) } }
            let hashing = ThreadJob(hash)
            reader.take(collected: later!)
            reader.finishFingerprint(hashing?.join() ?? hash(), from: first.spans.count)
        }
        // A second half of more entries than a list may have is read again whole: which of them
        // are repeats, and so where the limit falls, is then known.
        if readWhole { return whole(lines: firstLines - 1 + secondLines) }
        contents.merge(later!)
        return contents
    }

    /// Where a list is cut in two to be read on two cores (after the newline nearest the
    /// middle), or nil to read it whole: a small list, one core, or no newline.
    private static func halfway(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard text.count >= 1 << 20, sysconf(Int32(_SC_NPROCESSORS_ONLN)) >= 2 else { return nil }
        guard let newline = text[(text.count / 2)...].firstIndex(of: 10), newline + 1 < text.count else { return nil }
        return newline + 1
    }

    /// The entries a reader of the second half collected, as columns (12 bytes an entry: its
    /// span and its hash's table bits; the hints of the few that have them aside), in memory taken once for as many entries as
    /// the half has lines: an entry is two stores (appending to arrays, or a class's reference
    /// counted at each entry, was a sixth of a word's reading), and pages no entry reaches are
    /// never touched. Plain pointers: `read` frees them once their entries are taken.
    struct Collected {
        private let spans: UnsafeMutablePointer<WordList.Span>, hashes: UnsafeMutablePointer<UInt32>
        /// The hints go only as far as the last entry with one.
        private var hints: [WordList.Span] = []
        /// The most entries it holds (a half's lines, at most `entryLimit`).
        let capacity: Int
        private(set) var count = 0

        init(capacity: Int) {
            self.capacity = capacity
            spans = .allocate(capacity: max(capacity, 1))
            hashes = .allocate(capacity: max(capacity, 1))
        }

        /// Frees the columns (once, by `read`, after the last look at them).
        func deallocate() {
            spans.deallocate()
            hashes.deallocate()
        }

        /// Keeps an entry; false, keeping nothing, when it holds `capacity` already.
        mutating func append(_ entry: Waiting) -> Bool {
            guard count < capacity else { return false }
            if entry.hint.length > 0 {
                hints.append(contentsOf: repeatElement(WordList.Span.none, count: count - hints.count))
                hints.append(entry.hint)
            }
            (spans + count).initialize(to: entry.span)
            (hashes + count).initialize(to: WordList.KeySet.tableBits(entry.hash))
            count += 1
            return true
        }

        /// The table bits of entry `k`'s hash (`KeySet.tableBits`).
        func tableBits(_ k: Int) -> UInt32 {
            precondition(k >= 0 && k < count, "a collected entry")
            return hashes[k]
        }

        subscript(k: Int) -> Waiting {
            precondition(k >= 0 && k < count, "a collected entry")
            return Waiting(span: spans[k], hash: UInt64(hashes[k]) << 32, hint: k < hints.count ? hints[k] : WordList.Span.none)
        }
    }
}

extension WordList.Reader.Contents {
    /// Adds what the reader of the rest of the list found, once its entries are taken.
    mutating func merge(_ later: Self) {
        // The first problems of both, in line order (the first half's reader may have found the
        // entry limit on a line of the second half).
        let all = (problems + later.problems).sorted { $0.line < $1.line }
        problems = Array(all.prefix(WordList.problemLimit))
        moreProblems += later.moreProblems + all.count - problems.count
        filteredOut += later.filteredOut
        asciiLetters |= later.asciiLetters
        lettersAsText.formUnion(later.lettersAsText)
        if lettersMet.isEmpty {
            lettersMet = later.lettersMet
        } else if !later.lettersMet.isEmpty {
            for k in lettersMet.indices { lettersMet[k] |= later.lettersMet[k] }
        }
    }
}
