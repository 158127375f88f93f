import GameCore
import XCTest

final class WordListTests: XCTestCase {
    func list(_ text: String, filter: WordList.Filter = .init()) throws -> WordList {
        try WordList(bytes: Array(text.utf8), name: "words.txt", filter: filter)
    }

    func problems(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> [String] {
        XCTAssertThrowsError(try WordList(bytes: bytes, name: "bad.txt"), file: file, line: line)
        do { _ = try WordList(bytes: bytes, name: "bad.txt") } catch let e as WordListError { return e.problems } catch {}
        return []
    }

    func testCommentsHintsBlankLinesAndLineEndings() throws {
        let l = try list("# a comment\n\nbug\t a small insect \r\n  swift  # trailing comment\nice-cream\n")
        XCTAssertEqual(Array(l.entries), [
            .init(word: "bug", hint: "a small insect", line: 3),
            .init(word: "swift", hint: nil, line: 4),
            .init(word: "ice-cream", hint: nil, line: 5),
        ])
        XCTAssertEqual(l.warnings, [])
    }

    func testAByteOrderMarkIsNotPartOfTheFirstWord() throws {
        let l = try WordList(bytes: [0xEF, 0xBB, 0xBF] + Array("apple\npear\n".utf8), name: "bom.txt")
        XCTAssertEqual(l.entries.map(\.word), ["apple", "pear"])
        XCTAssertEqual(l.entries.first?.line, 1)
        XCTAssertThrowsError(try WordList(bytes: [0xEF, 0xBB, 0xBF], name: "bom.txt"))
    }

    func testWordsAreStoredInNFC() throws {
        let decomposed = "cafe\u{301}"
        let l = try list(decomposed + "\n")
        XCTAssertEqual(Array(l.entries[0].word.unicodeScalars), Array("caf\u{E9}".unicodeScalars))
    }

    func testTheFingerprintIsOfTheWordsPlayedNotOfTheFile() throws {
        // The words in NFC, each followed by a newline, hashed with FNV-1a: comments, hints,
        // spacing, repeats and the file's form of a word do not change it; the words do.
        let l = try list("# kept\ncafe\u{301}\tcoffee\n  bug  \nBug\nねこ\tcat\n")
        XCTAssertEqual(l.fingerprint, FileSystem.fingerprint(Array("caf\u{E9}\nbug\nねこ\n".utf8)))
        XCTAssertEqual(l.fingerprint, try list("caf\u{E9}\nbug\nねこ\n").fingerprint)
        XCTAssertNotEqual(l.fingerprint, try list("caf\u{E9}\nbug\nねこ\nant\n").fingerprint)
        XCTAssertNotEqual(l.fingerprint, try list("bug\ncaf\u{E9}\nねこ\n").fingerprint)
        // Lines that stand in the file with their newline are hashed a stretch at a time: a
        // repeat, a CRLF, a last line without a newline and a byte order mark each end a stretch.
        let words = "ant\nbee\ncat\ndog\neel\nfox\n"
        for text in ["ant\nbee\ncat\ndog\neel\nfox", "ant\nbee\nANT\ncat\ndog\r\neel\nfox\n", "\u{FEFF}ant\nbee\ncat\n\ndog\neel\nfox\n",
                     "ant\n# a comment\nbee\ncat\tmeow\ndog\n eel\nfox\n"] {
            XCTAssertEqual(try list(text).fingerprint, FileSystem.fingerprint(Array(words.utf8)), text.debugDescription)
        }
        // FNV-1a of nothing, and of "a" (the published test values).
        XCTAssertEqual(FileSystem.fingerprint([]), "cbf29ce484222325")
        XCTAssertEqual(FileSystem.fingerprint(Array("a".utf8)), "af63dc4c8601ec8c")
        XCTAssertEqual(FileSystem.fingerprint(Array("foobar".utf8)), "85944171f73967e8")
    }

    func testDuplicatesAreWarnedAndPlayedOnce() throws {
        let l = try list("bug\nswift\nBug\ncafe\u{301}\ncaf\u{E9}\n")
        XCTAssertEqual(l.entries.map(\.word), ["bug", "swift", "café"])
        XCTAssertEqual(l.warnings, ["words.txt:3: 'Bug' repeats line 1; it is played once",
                                    "words.txt:5: 'café' repeats line 4; it is played once"])
    }

    func testRepeatsAreFoundNearAndFarAndTheLimitHoldsWhileEntriesWait() throws {
        // Entries wait some lines before they are looked up (for the cache): repeats at any
        // distance, and at the very end, are still found, in line order.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let words: [String] = (0..<40).map { (k: Int) -> String in "word" + String(letters[k % 26]) + String(letters[k / 26]) }
        let text = (words + ["WORDAA", words[39], words[20]]).joined(separator: "\n")
        let l = try list(text)
        XCTAssertEqual(l.entries.map(\.word), words)
        XCTAssertEqual(l.warnings, ["words.txt:41: 'WORDAA' repeats line 1; it is played once",
                                    "words.txt:42: '\(words[39])' repeats line 40; it is played once",
                                    "words.txt:43: '\(words[20])' repeats line 21; it is played once"])
        XCTAssertTrue(l.contains("WORDBA"))
        XCTAssertFalse(l.contains("wordzz"))
        // One word past the limit is named by its line, with the words before it kept; bad
        // lines after it are reported too, in line order.
        let over = (0...WordList.entryLimit).map { "w\($0)x" }.joined(separator: "\n")
        XCTAssertThrowsError(try WordList(bytes: Array(over.utf8), name: "big.txt")) {
            XCTAssertEqual("\($0)", "big.txt:\(WordList.entryLimit + 1): more than \(WordList.entryLimit) words, the limit of a list")
        }
        XCTAssertThrowsError(try WordList(bytes: Array((over + "\n12\nw5x\n--\n").utf8), name: "big.txt")) {
            XCTAssertEqual(($0 as? WordListError)?.problems, [
                "big.txt:\(WordList.entryLimit + 1): more than \(WordList.entryLimit) words, the limit of a list",
                "big.txt:\(WordList.entryLimit + 2): '12' has no letter",
                "big.txt:\(WordList.entryLimit + 4): '--' has no letter",
            ])
        }
    }

    func testAWordReadsTheSameWhicheverWayItsLineIsRead() throws {
        // A line of letters alone is read eight bytes at a time; a line with a hint, a
        // comment, spaces or CRLF is read byte by byte. For every length around the eight-byte
        // steps, the same word read both ways is one word, and found in any case.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for length in 1...20 {
            let word = String((0..<length).map { letters[($0 * 7 + length) % 26] })
            let upper = word.uppercased()
            let variants = [word, upper + "\r", " " + word + " ", word + "\tits hint", upper + " # a comment", word.capitalized]
            let l = try list(variants.joined(separator: "\n") + "\n" + word)  // the last line has no newline
            XCTAssertEqual(l.entries.map(\.word), [word], "length \(length)")
            XCTAssertEqual(l.warnings.count, variants.count, "length \(length): \(l.warnings)")
            XCTAssertTrue(l.contains(upper) && l.contains(word.capitalized), "length \(length)")
            XCTAssertFalse(l.contains(word + "a") || l.contains(String(word.dropLast())), "length \(length)")
            // Each way on its own, as the only line of a list.
            for variant in variants {
                XCTAssertEqual(try list(variant).entries.first?.word.lowercased(), word, "'\(variant)'")
            }
        }
    }

    func testKeysCompareWordsNotHashes() throws {
        // '[' and '{' differ in the bit that case does: they hash alike but are not alike.
        let l = try list("a[b\na{b\nA[B\n")
        XCTAssertEqual(l.entries.map(\.word), ["a[b", "a{b"])
        XCTAssertEqual(l.warnings, ["words.txt:3: 'A[B' repeats line 1; it is played once"])
        XCTAssertTrue(l.contains("A{B"))
        // A word beyond ASCII whose lower case is ASCII (KELVIN SIGN is k) is the same word.
        let kelvin = try list("king\n\u{212A}ING\n")
        XCTAssertEqual(kelvin.entries.count, 1)
        XCTAssertEqual(kelvin.warnings.count, 1)
        XCTAssertTrue(kelvin.contains("\u{212A}ing"))
        // Final sigma is a sigma; a capital whose accented small letter has no precomposed
        // capital (J̌ for ǰ, H̱ for ẖ) is the same letter once put in NFC again. Each word
        // alone (read as bytes) and with a hint (read as text), either first.
        for (small, capital) in [("ήλιος", "ΉΛΙΟΣ"), ("\u{1F48}δυσσεύς", "\u{1F48}ΔΥΣΣΕΎΣ"), ("\u{1F0}a", "J\u{30C}A"), ("\u{1E96}x", "H\u{331}X")] {
            for text in ["\(small)\n\(capital)\n", "\(capital)\thint\n\(small)\n", "\(small)\thint\n\(capital)\thint\n"] {
                let l = try list(text)
                XCTAssertEqual(l.entries.count, 1, text)
                XCTAssertEqual(l.warnings.count, 1, text)
                XCTAssertTrue(l.contains(small) && l.contains(capital), text)
            }
        }
    }

    func testWordsThatDifferOnlyInTheCaseBitOfOtherBytesAreReadInLinearTime() throws {
        // '[' and '{', '@' and '`', 'ā' and 'ġ' (UTF-8 0xC4 0x81 and 0xC4 0xA1) differ only in
        // the bit that makes a capital small: 16,384 words made of them must not share a slot
        // chain (which made reading take seconds, growing with the square of the words).
        let pairs: [(String, String)] = [("[", "{"), ("@", "`"), ("ā", "ġ")]
        for (a, b) in pairs {
            let words = (0..<16_384).map { n in "a" + String((0..<14).map { (n >> $0) & 1 == 0 ? Character(a) : Character(b) }) }
            let start = ProcessorTime.thread()
            let l = try list(words.joined(separator: "\n"))
            XCTAssertEqual(l.entries.count, words.count)
            XCTAssertLessThan(ProcessorTime.thread() - start, 2, "processor seconds: \(a) and \(b)")
        }
    }

    func testEveryLineOfADenseListIsKept() throws {
        // 17,576 three-letter words, four bytes a line (the densest a list of different words
        // gets): the table is sized from the count of lines, so every one must be counted.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var words: [String] = []
        for a in letters { for b in letters { for c in letters { words.append(String([a, b, c])) } } }
        let l = try list(words.joined(separator: "\n"))
        XCTAssertEqual(l.entries.count, words.count)
        XCTAssertEqual(l.entries.last, .init(word: "zzz", hint: nil, line: words.count))
        XCTAssertTrue(words.allSatisfy { l.contains($0.uppercased()) })
        let crlf = try list(words.joined(separator: "\r\n") + "\r\n")
        XCTAssertEqual(crlf.entries.count, words.count)
    }

    func testWordsBeyondASCIIKeepTheirHintsAndNFC() throws {
        let l = try list("cafe\u{301}\tcoffee\u{301} shop\n  ねこ\u{A0}\tcat\nplain\tascii hint\n")
        XCTAssertEqual(Array(l.entries), [
            .init(word: "caf\u{E9}", hint: "coffe\u{E9} shop", line: 1),
            .init(word: "ねこ", hint: "cat", line: 2),
            .init(word: "plain", hint: "ascii hint", line: 3),
        ])
        XCTAssertEqual(l.entry(matching: "CAFE\u{301}")?.line, 1)
        XCTAssertEqual(l.entriesBeyondASCII.map(\.word), ["caf\u{E9}", "ねこ"])
        XCTAssertEqual(l.letters(fold: false), ["a", "c", "f", "i", "l", "n", "p", "é", "こ", "ね"], "the words' letters, not the hints'")
    }

    func testEachEntryKeepsItsOwnHintWhileEntriesWait() throws {
        // Hints and NFC words wait beside their entries: across many waiting entries, with
        // repeats and plain lines between, each entry keeps its own.
        var lines: [String] = []
        for k in 0..<200 {
            switch k % 4 {
            case 0: lines.append("w\(k)x\thint \(k)")
            case 1: lines.append("cafe\u{301}\(k)x\tcaf\u{E9} \(k)")
            case 2: lines.append("plain\(k)x")
            default: lines.append("W\(k - 3)X\ta repeat")
            }
        }
        let l = try list(lines.joined(separator: "\n"))
        XCTAssertEqual(l.entries.count, 150)
        XCTAssertEqual(l.warnings.count, 20 + 1)
        for entry in l.entries {
            let number = entry.word.filter(\.isNumber)
            switch entry.word.first {
            case "w": XCTAssertEqual(entry.hint, "hint \(number)")
            case "c": XCTAssertEqual(entry.hint, "caf\u{E9} \(number)")
                XCTAssertEqual(entry.word, "caf\u{E9}\(number)x")
            default: XCTAssertNil(entry.hint, entry.word)
            }
        }
    }

    func testWordsBeyondASCIIReadAsBytesAsTheyReadAsText() throws {
        // A line that is only a word is read as bytes where every scalar allows it; a line
        // with a hint is read as a String. Both ways give the same word, key and letters,
        // including the words that fall back to Strings (decomposed kana and Hangul, a
        // lower case of two scalars, letters that change under NFC, Thai SARA AM).
        let words = ["Кошка", "θάλασσα", "ΣΟΦΊΑ", "straße", "STRAẞE", "İstanbul", "が", "か\u{3099}", "한국어",
                     "\u{1112}\u{1161}\u{11AB}", "กำ", "漢字", "l’été", "ﬁn", "\u{212A}elvin", "\u{2126}mega",
                     "naïve café", "Ёлка-палка", "e\u{301}cole", "ｶﾞｷﾞｸ", "ഴൎമ", "ก\u{E33}"]
        func reference(_ l: WordList, fold: Bool) -> [String] {
            Set(l.entries.flatMap { $0.word.filter(\.isLetter).map { AccentFolding.key($0, fold: fold) } })
                .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        }
        for word in words {
            let alone = try list(word + "\n"), hinted = try list(word + "\ta hint\n")
            XCTAssertEqual(alone.entries.map(\.word), hinted.entries.map(\.word), word)
            XCTAssertEqual(alone.entries.first?.word, AccentFolding.nfc(word), word)
            for fold in [false, true] {
                XCTAssertEqual(alone.letters(fold: fold), reference(alone, fold: fold), "\(word), fold \(fold)")
                XCTAssertEqual(alone.letters(fold: fold), hinted.letters(fold: fold), "\(word), fold \(fold)")
            }
            // The word and its lower case are one word, whichever way each is read.
            for text in ["\(word)\n\(word.lowercased())\thint\n", "\(word.lowercased())\thint\n\(word)\n"] {
                let both = try list(text)
                XCTAssertEqual(both.entries.count, 1, text)
                XCTAssertEqual(both.warnings.count, 1, text)
                XCTAssertTrue(both.contains(word) && both.contains(word.lowercased()), text)
            }
        }
        // Keys are lower case scalar by scalar, as String's lowercased() makes them.
        XCTAssertEqual("ΣΑΣ".lowercased(), "σασ")
    }

    func testAListBeyondASCIIKeepsEachWordOnceInAnyCase() throws {
        // 3,000 words of Cyrillic (and a few Latin) letters in random case: the kept words
        // are the first of each lower case, in order, and the letters are the words' letters.
        let alphabet = Array("абвгдеёжзийклмнопрстуфхцчшщъыьэюяabc")
        var random = SystemRandomNumberGenerator()
        var lines: [String] = []
        for _ in 0..<3000 {
            let word = String((0..<Int.random(in: 2...4, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            lines.append(Bool.random(using: &random) ? word.uppercased() : word)
        }
        let l = try list(lines.joined(separator: "\n"))
        var expected: [String] = [], keys: Set<String> = []
        for line in lines where keys.insert(line.lowercased()).inserted { expected.append(line) }
        XCTAssertEqual(l.entries.map(\.word), expected)
        XCTAssertTrue(lines.allSatisfy { l.contains($0.lowercased()) && l.contains($0.uppercased()) })
        let letters = Set(expected.joined().lowercased().map(String.init))
        XCTAssertEqual(Set(l.letters(fold: false)), letters)
    }

    /// 150,000 lines of `w<n>x` (1.3 MB, which is read in two halves at once where there are
    /// two cores), with `special` lines in place of some.
    func bigList(_ special: [Int: String]) -> [UInt8] {
        Array((1...150_000).map { special[$0] ?? "w\($0)x" }.joined(separator: "\n").utf8)
    }

    func testABigListReadsAsOneWhicheverHalfALineIsIn() throws {
        let l = try WordList(bytes: bigList([
            10: "café\tcoffee", 20: "Ёлка", 30: "W5X", 40: "nai\u{308}ve",
            100_000: "cafe\u{301}\tagain", 100_001: "ЁЛКА\thint", 100_002: "Жук", 100_003: "W7X",
            110_001: "e\u{301}cole", 110_002: "word\tý", 149_999: "W21X"]), name: "big.txt")
        XCTAssertEqual(l.warnings, [
            "big.txt:30: 'W5X' repeats line 5; it is played once",
            "big.txt:100000: 'café' repeats line 10; it is played once",
            "big.txt:100001: 'ЁЛКА' repeats line 20; it is played once",
            "big.txt:100003: 'W7X' repeats line 7; it is played once",
            "big.txt:149999: 'W21X' repeats line 21; it is played once",
        ])
        XCTAssertEqual(l.entries.count, 150_000 - 5)
        // The fingerprint is of the words kept, in line order and in NFC, across both halves
        // (the first half's hashed on another core while the second's are taken).
        XCTAssertEqual(l.entries[38].word, "na\u{EF}ve")  // line 40, after the repeat on line 30
        XCTAssertEqual(l.fingerprint, FileSystem.fingerprint(Array(l.entries.map { $0.word + "\n" }.joined().utf8)))
        XCTAssertEqual(l.entries.prefix(11).map(\.word), (1...11).map { [10: "café", 5: "w5x", 7: "w7x"][$0] ?? "w\($0)x" })
        XCTAssertEqual(l.entry(matching: "CAFÉ"), .init(word: "café", hint: "coffee", line: 10))
        XCTAssertEqual(l.entry(matching: "жук")?.line, 100_002)
        XCTAssertEqual(l.entry(matching: "école"), .init(word: "école", hint: nil, line: 110_001))
        XCTAssertEqual(l.entry(matching: "word"), .init(word: "word", hint: "ý", line: 110_002))
        XCTAssertEqual(l.entries.last, .init(word: "w150000x", hint: nil, line: 150_000))
        XCTAssertEqual(l.entry(matching: "w149998x")?.line, 149_998)
        let letters = l.letters(fold: false)
        for letter in ["é", "ё", "л", "к", "а", "ж", "у", "w", "x", "c", "o"] { XCTAssertTrue(letters.contains(letter), letter) }
        XCTAssertFalse(letters.contains("ý"), "a hint's letters are not the words'")
    }

    func testRepeatsAroundTheMiddleOfABigListAreFoundInLineOrder() throws {
        // Where a big list is cut in two to be read at once: the line after the first
        // newline past the middle byte. Repeats on either side of it, near and far.
        let plain = bigList([:])
        let cutLine = plain[..<(plain.count / 2)].filter { $0 == 10 }.count + 2
        var special: [Int: String] = [:]
        for (k, offset) in [-3, -1, 1, 2, 4, 6, 9, 17].enumerated() { special[cutLine + offset] = "near\(k % 4)" }
        special[cutLine + 30] = "NEAR0"
        let l = try WordList(bytes: bigList(special), name: "big.txt")
        XCTAssertEqual(l.warnings, [
            "big.txt:\(cutLine + 4): 'near0' repeats line \(cutLine - 3); it is played once",
            "big.txt:\(cutLine + 6): 'near1' repeats line \(cutLine - 1); it is played once",
            "big.txt:\(cutLine + 9): 'near2' repeats line \(cutLine + 1); it is played once",
            "big.txt:\(cutLine + 17): 'near3' repeats line \(cutLine + 2); it is played once",
            "big.txt:\(cutLine + 30): 'NEAR0' repeats line \(cutLine - 3); it is played once",
        ])
        XCTAssertEqual(l.entries.count, 150_000 - 5)
    }

    func testOddLinesReadAlikeInASmallListAndInEitherHalfOfABigOne() throws {
        // Lines of every kind, read alone, after a megabyte of other words (so in the second
        // half, read on another thread) and before it: the same entries, repeats and problems.
        var odd = ["", " ", "\t", "# c", "word # c", "  spaced  ", "ice cream", "ice  cream", "naïve", "NAÏVE", "e\u{301}",
                   "\u{FEFF}bom", "tab\there", "a\tb\tc", "crlf\r", "ß", "SS", "straße", "ẞ", "İstanbul", "i\u{307}", "ǅ",
                   "ﬀ", "Ωhm", "\u{2126}hm", "ά", "α\u{301}", "a😀", "日本", "ｶﾀｶﾅ", "가", "\u{1100}\u{1161}", "a\u{200D}b",
                   "—dash", "don’t", "rock'n'roll", "a1", " #x", String(repeating: "x", count: 1000), String(repeating: "é", count: 500),
                   "Кошка", "КОШКА\tcat", "θάλασσα", "ΘΆΛΑΣΣΑ"]
        let good = odd.joined(separator: "\n")
        odd += ["123", "#x\tno word", "\thint only", String(repeating: "x", count: 1001), String(repeating: "é", count: 501),
                "lone\rcr", "nul\u{0}x", "del\u{7F}", "c1\u{85}x", "😀", "\u{200D}"]
        let bad = odd.joined(separator: "\n")
        let filler = (1...120_000).map { "f\($0)q" }.joined(separator: "\n")
        /// The outcome of reading, with the lines of `text` counted from 1 and the filler's
        /// words and lines left out.
        func outcome(_ text: String, after: Bool) -> [String] {
            let bytes = Array((after ? filler + "\n" + text : text + "\n" + filler).utf8)
            let shift = after ? 120_000 : 0, last = after ? Int.max : text.utf8.split(separator: 10, omittingEmptySubsequences: false).count
            func renumbered(_ line: String) -> String? {
                let parts = line.split(separator: ":", maxSplits: 2)
                guard parts.count == 3, let n = Int(parts[1]) else { return line.contains("more") ? nil : line }
                guard n - shift >= 1 && n - shift <= last else { return nil }
                var rest = String(parts[2])
                if let range = rest.range(of: #"repeats line \d+"#, options: .regularExpression), let first = Int(rest[range].dropFirst(13)) {
                    rest.replaceSubrange(range, with: "repeats line \(first - shift)")
                }
                return "\(parts[0]):\(n - shift):\(rest)"
            }
            do {
                let l = try WordList(bytes: bytes, name: "odd.txt")
                let entries = l.entries.filter { $0.line - shift >= 1 && $0.line - shift <= last }
                return entries.map { "\($0.word)|\($0.hint ?? "-")|\($0.line - shift)" } + l.warnings.compactMap(renumbered)
                    + [l.letters(fold: false).joined(), l.letters(fold: true).joined()].map { $0.filter { !"fq0123456789".contains($0) } }
            } catch {
                return "\(error)".split(separator: "\n").map(String.init).compactMap(renumbered)
            }
        }
        for text in [good, bad] {
            let alone = try { () throws -> [String] in
                do {
                    let l = try WordList(bytes: Array(text.utf8), name: "odd.txt")
                    return l.entries.map { "\($0.word)|\($0.hint ?? "-")|\($0.line)" } + l.warnings
                        + [l.letters(fold: false).joined(), l.letters(fold: true).joined()].map { $0.filter { !"fq0123456789".contains($0) } }
                } catch {
                    return "\(error)".split(separator: "\n").map(String.init)
                }
            }()
            XCTAssertFalse(alone.isEmpty)
            for after in [true, false] {
                let big = outcome(text, after: after)
                XCTAssertEqual(big, alone, "in the \(after ? "second" : "first") half: \(Set(big).symmetricDifference(alone))")
            }
        }
    }

    func testABigListReportsItsFirstProblemsInLineOrder() {
        var special: [Int: String] = [:]
        for k in 0..<15 { special[1000 + k * 1000] = "-"; special[140_000 + k * 100] = "--" }
        XCTAssertThrowsError(try WordList(bytes: bigList(special), name: "big.txt")) {
            let problems = ($0 as? WordListError)?.problems ?? []
            XCTAssertEqual(problems.count, 21)
            XCTAssertEqual(problems.first, "big.txt:1000: '-' has no letter")
            XCTAssertEqual(problems[15], "big.txt:140000: '--' has no letter")
            XCTAssertEqual(problems[19], "big.txt:140400: '--' has no letter")
            XCTAssertEqual(problems.last, "big.txt: 10 more lines with problems")
        }
        XCTAssertThrowsError(try WordList(bytes: bigList([:]), name: "big.txt", filter: .init(minimumLetters: 50))) {
            XCTAssertEqual("\($0)", "no word has at least 50 letters: big.txt has 150000 words, none of that length")
        }
    }

    func testAWordLongerThanAPuzzleTakesIsAProblemWhereverItIs() {
        let long = String(repeating: "é", count: 129)  // 258 bytes
        for text in ["ok\n" + long, "ok\n" + long + "\n", long + "\thint\nok", String(repeating: "x", count: 257) + "\nok",
                     String(repeating: "x", count: 300) + "\tlong\nok", "ok\n" + String(repeating: "e\u{301}", count: 130)] {
            XCTAssertEqual(problems(Array(text.utf8)).first?.contains("longer than the limit of 256"), true, text)
        }
        // 256 bytes is a word, at the end of the text too.
        XCTAssertEqual(try list("ok\n" + String(repeating: "é", count: 128)).entries.count, 2)
        XCTAssertEqual(try list(String(repeating: "x", count: 256)).entries.count, 1)
        // A last line of 1,001 bytes with no newline after it is too long, as with one.
        XCTAssertEqual(problems(Array(String(repeating: "a", count: 999).utf8) + Array("é".utf8)),
                       ["bad.txt:1: the line is 1001 bytes, longer than the limit of 1000"])
    }

    func testMoreThanThirtyCombiningMarksInARowIsAProblem() {
        // In the text, or only once in NFC (U+0F73 is a starter that NFC makes two marks).
        XCTAssertEqual(problems(Array(("a" + String(repeating: "\u{301}", count: 31) + "\nok").utf8)),
                       ["bad.txt:1: more than 30 combining marks in a row"])
        XCTAssertEqual(problems(Array(("x" + String(repeating: "\u{F73}", count: 20) + "\nok").utf8)),
                       ["bad.txt:1: more than 30 combining marks in a row"])
        XCTAssertEqual(problems(Array(("ok\tx" + String(repeating: "\u{316}", count: 40) + "\nok").utf8)),
                       ["bad.txt:1: more than 30 combining marks in a row"], "in a hint too")
        XCTAssertNoThrow(try list("a" + String(repeating: "\u{301}", count: 30)))
    }

    func testAListFileLargerThanTheLimitIsRefusedBeforeItIsRead() throws {
        let path = NSTemporaryDirectory() + "big-\(UUID().uuidString).txt"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("a\n".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(WordList.fileLimit + 1))  // sparse: nothing is written
        try handle.close()
        XCTAssertThrowsError(try WordList(path: path)) {
            XCTAssertEqual("\($0)", "\(path): 33554433 bytes, larger than the limit of 32 MB (33554432 bytes)")
        }
    }

    func testAListLargerThanTheLimitIsRefused() {
        XCTAssertEqual(problems([UInt8](repeating: 97, count: WordList.fileLimit + 1)),
                       ["bad.txt: the list is 33554433 bytes, larger than the limit of 32 MB (33554432 bytes)"])
    }

    func testBadLinesAreAllReportedWithFileAndLine() {
        var bytes = Array("good\n".utf8)
        bytes += [0x62, 0xFF, 0x67, 0x0A]                 // line 2: invalid UTF-8
        bytes += Array("bell\u{7}\n---\n\tlonely hint\nok\n".utf8)
        XCTAssertEqual(problems(bytes), [
            "bad.txt:2: the line is not valid UTF-8",
            "bad.txt:3: control character U+0007 in the line",
            "bad.txt:4: '---' has no letter",
            "bad.txt:5: a hint with no word before the tab",
        ])
    }

    func testAListWithNoPlayableWordIsAnError() {
        XCTAssertEqual(problems(Array("# only comments\n\n".utf8)), ["bad.txt: the list has no playable word"])
        XCTAssertEqual(problems([]), ["bad.txt: the list has no playable word"])
    }

    func testTheClassicFilter() throws {
        let l = try list("apple\nbanana\nCherry\nzucchini\ndon't\ncafé\n", filter: .init(minimumLetters: 6, lowercaseASCIIOnly: true))
        XCTAssertEqual(l.entries.map(\.word), ["banana", "zucchini"])
        XCTAssertThrowsError(try list("a\nb\n", filter: .init(minimumLetters: 6)))
    }

    func testListsInAnyScript() throws {
        let l = try list("ねこ\tcat\nθάλασσα\tsea\nкошка\tcat\n")
        XCTAssertEqual(l.entries.map(\.word), ["ねこ", "θάλασσα", "кошка"])
    }

    func testAHundredThousandLineList() throws {
        var text = ""
        for i in 0..<100_000 { text += "word\(String(i, radix: 26).map { Character(UnicodeScalar(($0.asciiValue! % 26) + 97)) }.map(String.init).joined())x\(i)\n" }
        let l = try list(text)
        XCTAssertEqual(l.entries.count + l.warnings.count, 100_000)
        XCTAssertEqual(l.entries.last?.line, 100_000)
    }

    func testAnUndoneMoveRollsTheQueueBackWithoutACopy() throws {
        let l = try list("ax\nbx\ncx\ndx\nex\n")
        var q = WordQueue(l)
        let random = RandomSource(seed: 5)
        _ = try q.draw(random)
        q.commit()
        // What the queue gives from here, taken once and then again after a rollback.
        let mark = q.checkpoint(), chance = random.snapshot
        let first = try (0..<7).map { _ in try q.draw(random)!.word }  // across the end of a pass
        XCTAssertEqual(q.passes, 1)
        q.rollBack(to: mark)
        random.restore(chance)
        XCTAssertEqual(q.passes, 0)
        XCTAssertEqual(q.left, 4)
        XCTAssertEqual(try (0..<7).map { _ in try q.draw(random)!.word }, first, "the same words in the same order")
        // Committed swaps stay: a rollback to a later checkpoint keeps them.
        q.commit()
        XCTAssertEqual(q.left, 2, "8 words taken: a pass of 5, then 3")
        let later = q.checkpoint()
        let next = try q.next()?.word
        XCTAssertEqual(q.left, 1)
        q.rollBack(to: later)
        XCTAssertEqual(q.left, 2)
        XCTAssertEqual(try q.next()?.word, next)
    }

    func testTheQueuePlaysEachWordOnce() throws {
        let l = try list("a1\nb1\nc1\nd1\ne1\n".replacingOccurrences(of: "1", with: "x"))
        var q = WordQueue(l)
        XCTAssertEqual(try q.next()?.word, "ax")
        let random = RandomSource(seed: 3)
        var drawn = [try q.draw(random)!.word, try q.draw(random)!.word]
        drawn.append(try q.next()!.word)
        drawn.append(try q.draw(random)!.word)
        XCTAssertEqual(Set(drawn + ["ax"]), ["ax", "bx", "cx", "dx", "ex"])
        XCTAssertEqual(q.left, 0)
        XCTAssertEqual(q.passes, 0)
        // Every word played: the next one starts a new pass over the whole list.
        XCTAssertEqual(try q.next()?.word, "ax", "a new pass in list order starts at the top")
        XCTAssertEqual(q.passes, 1)
        XCTAssertEqual(q.left, 4)
        var second = ["ax"]
        for _ in 0..<4 { second.append(try q.draw(random)!.word) }
        XCTAssertEqual(Set(second).count, 5, "each word once again in the second pass")
        XCTAssertNotNil(try q.draw(random))
        XCTAssertEqual(q.passes, 2)
    }

    func testAQueueOfAThousandWordsPlaysEachOnceAndRollsBack() throws {
        let l = try list((0..<1000).map { "w\($0)x" }.joined(separator: "\n"))
        var q = WordQueue(l)
        let random = RandomSource(seed: 11)
        var seen: Set<String> = []
        for k in 0..<1000 {
            let mark = q.checkpoint()
            let word = try (k % 3 == 0 ? q.next() : q.draw(random))!.word
            if k % 5 == 0 {  // undone, then taken again
                q.rollBack(to: mark)
                XCTAssertEqual(q.left, 1000 - k)
                seen.insert(try q.next()!.word)
            } else {
                seen.insert(word)
            }
            q.commit()
        }
        XCTAssertEqual(seen.count, 1000)
        XCTAssertEqual(q.left, 0)
        XCTAssertEqual(try q.next()?.word, "w0x", "the next pass starts at the top")
    }

    func testContainsIgnoresCaseAndNormalisation() throws {
        let l = try list("Apple\ncafe\u{301}\nКошка\n")
        XCTAssertTrue(l.contains("apple"))
        XCTAssertTrue(l.contains("APPLE"))
        XCTAssertTrue(l.contains("CAFÉ"), "NFC and case folded")
        XCTAssertTrue(l.contains("café"))
        XCTAssertFalse(l.contains("cafe"), "accents count")
        XCTAssertTrue(l.contains("кошка"))
        XCTAssertFalse(l.contains("appl"))
        XCTAssertFalse(l.contains(""))
    }

    func testLengthFiltersNameThemselvesWhenNothingIsLeft() throws {
        let five = try WordList(bytes: Array("apple\nbanana\nkiwi\ngrape\n".utf8), name: "fruit.txt",
                                filter: .init(minimumLetters: 5, maximumLetters: 5))
        XCTAssertEqual(five.entries.map(\.word), ["apple", "grape"])
        XCTAssertThrowsError(try WordList(bytes: Array("apple\nkiwi\n".utf8), name: "fruit.txt", filter: .init(minimumLetters: 50))) {
            XCTAssertEqual("\($0)", "no word has at least 50 letters: fruit.txt has 2 words, none of that length")
        }
        XCTAssertThrowsError(try WordList(bytes: Array("apple\n".utf8), name: "fruit.txt", filter: .init(minimumLetters: 50))) {
            XCTAssertEqual("\($0)", "no word has at least 50 letters: fruit.txt has 1 word, none of that length")
        }
        XCTAssertEqual(WordList.Filter().narrowed(minimumLetters: 4, maximumLetters: 6).describedLength, "from 4 to 6 letters")
        XCTAssertEqual(WordList.Filter(minimumLetters: 5, maximumLetters: 5).narrowed(minimumLetters: 3, maximumLetters: nil).describedLength, "5 letters")
    }
}
