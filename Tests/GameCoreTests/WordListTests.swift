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
        XCTAssertEqual(l.entries, [
            .init(word: "bug", hint: "a small insect", line: 3),
            .init(word: "swift", hint: nil, line: 4),
            .init(word: "ice-cream", hint: nil, line: 5),
        ])
        XCTAssertEqual(l.warnings, [])
    }

    func testWordsAreStoredInNFC() throws {
        let decomposed = "cafe\u{301}"
        let l = try list(decomposed + "\n")
        XCTAssertEqual(Array(l.entries[0].word.unicodeScalars), Array("caf\u{E9}".unicodeScalars))
    }

    func testDuplicatesAreWarnedAndPlayedOnce() throws {
        let l = try list("bug\nswift\nBug\ncafe\u{301}\ncaf\u{E9}\n")
        XCTAssertEqual(l.entries.map(\.word), ["bug", "swift", "café"])
        XCTAssertEqual(l.warnings, ["words.txt:3: 'Bug' repeats line 1; it is played once",
                                    "words.txt:5: 'café' repeats line 4; it is played once"])
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
        XCTAssertNil(try q.next())
        XCTAssertNil(try q.draw(random))
    }
}
