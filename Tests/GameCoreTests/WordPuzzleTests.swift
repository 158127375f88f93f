import GameCore
import XCTest

final class WordPuzzleTests: XCTestCase {
    func testLettersRevealEveryOccurrenceInAnyCase() {
        var p = WordPuzzle(word: "buccaneer")
        XCTAssertEqual(p.masked(), "_ _ _ _ _ _ _ _ _")
        XCTAssertEqual(p.guess("C"), .hit(2))
        XCTAssertEqual(p.masked(), "_ _ c c _ _ _ _ _")
        XCTAssertEqual(p.guess("c"), .repeated)
        XCTAssertEqual(p.guess("x"), .miss)
        XCTAssertEqual(p.guess("X"), .repeated)
        XCTAssertEqual(p.misses, 1)
        for l in ["b", "u", "a", "n", "e"] { _ = p.guess(l) }
        XCTAssertFalse(p.isSolved)
        XCTAssertEqual(p.guess("r"), .hit(1))
        XCTAssertTrue(p.isSolved)
        XCTAssertEqual(p.guess("z"), .over)
    }

    func testNonLettersAreShownFromTheStart() {
        var p = WordPuzzle(word: "ice-cream")
        XCTAssertEqual(p.masked(), "_ _ _ - _ _ _ _ _")
        XCTAssertEqual(WordPuzzle(word: "don't stop").masked(), "_ _ _ ' _   _ _ _ _")
        XCTAssertEqual(p.guess("-"), .invalid)
        XCTAssertEqual(p.guess("1"), .invalid)
        XCTAssertEqual(p.guess(""), .invalid)
        XCTAssertEqual(p.misses, 0)
        XCTAssertEqual(p.guess("Ice-Cream"), .solved)
        XCTAssertEqual(p.masked(), "i c e - c r e a m")
    }

    func testWholeWordGuesses() {
        var p = WordPuzzle(word: "swift")
        XCTAssertEqual(p.guess("swirl"), .wrong)
        XCTAssertEqual(p.guess("SWIRL"), .repeated)
        XCTAssertEqual(p.misses, 1)
        XCTAssertEqual(p.guess("sw1ft"), .invalid)
        XCTAssertEqual(p.guess("Swift"), .solved)
        XCTAssertTrue(p.isSolved)
    }

    func testAccentsFoldByDefault() {
        var p = WordPuzzle(word: "crème brûlée")
        XCTAssertEqual(p.guess("e"), .hit(4))
        XCTAssertEqual(p.masked(), "_ _ è _ e   _ _ _ _ é e")
        XCTAssertEqual(p.guess("u"), .hit(1))
        XCTAssertEqual(p.masked(), "_ _ è _ e   _ _ û _ é e")
        var q = WordPuzzle(word: "café")
        XCTAssertEqual(q.guess("É"), .hit(1), "an accented guess reveals its own letter")
        XCTAssertEqual(q.guess("cafe"), .solved, "a whole word without accents counts when folding")
    }

    func testFoldingIsOneLetterBothWays() {
        var p = WordPuzzle(word: "née")
        XCTAssertEqual(p.guess("é"), .hit(2), "é reveals e as e reveals é")
        XCTAssertEqual(p.guess("e"), .repeated, "e after é is the same letter")
        XCTAssertEqual(p.guess("È"), .repeated)
        XCTAssertEqual(p.guessed, ["e"], "a guess is kept as its identity")
        var greek = WordPuzzle(word: "σοφός")
        XCTAssertEqual(greek.guess("Σ"), .hit(2), "final sigma is sigma")
    }

    func testStrictAccentsKeepLettersApart() {
        var p = WordPuzzle(word: "café", foldsAccents: false)
        XCTAssertEqual(p.guess("e"), .miss)
        XCTAssertEqual(p.guess("é"), .hit(1))
        XCTAssertEqual(p.guess("cafe"), .wrong)
        // Byte forms never matter: a decomposed é is the same letter.
        var q = WordPuzzle(word: "cafe\u{301}", foldsAccents: false)
        XCTAssertEqual(q.guess("\u{E9}"), .hit(1))
    }

    func testKanaGreekAndCyrillic() {
        var kana = WordPuzzle(word: "がっこう")
        XCTAssertEqual(kana.masked(), "_ _ _ _")
        XCTAssertEqual(kana.guess("か"), .miss, "a voiced kana is a letter of its own")
        XCTAssertEqual(kana.guess("が"), .hit(1))
        XCTAssertEqual(kana.guess("っ"), .hit(1))
        XCTAssertEqual(kana.masked(), "が っ _ _")
        var greek = WordPuzzle(word: "θάλασσα")
        XCTAssertEqual(greek.guess("α"), .hit(3), "ά folds to α")
        XCTAssertEqual(greek.guess("Σ"), .hit(2))
        var sigma = WordPuzzle(word: "φίλος")
        XCTAssertEqual(sigma.guess("σ"), .hit(1), "final sigma is a sigma")
        var russian = WordPuzzle(word: "Кошка")
        XCTAssertEqual(russian.guess("к"), .hit(2))
        XCTAssertEqual(russian.masked(), "К _ _ к _")
    }

    func testMarksStayWithLettersOutsideLatinGreekAndCyrillic() {
        // A Thai tone mark and a Devanagari vowel sign or virama are part of their letter:
        // folding does not take them away, and the letter with its mark is one guess.
        var thai = WordPuzzle(word: "ไม้")
        XCTAssertEqual(thai.guess("ม"), .miss, "the letter without its tone mark is another letter")
        XCTAssertEqual(thai.guess("ม้"), .hit(1))
        XCTAssertEqual(thai.guess("ไ"), .hit(1))
        XCTAssertTrue(thai.isSolved)
        XCTAssertEqual(AccentFolding.key("न्", fold: true), "न्")
        XCTAssertEqual(AccentFolding.key("हि", fold: true), "हि")
        XCTAssertEqual(AccentFolding.key("ñ", fold: true), "n", "Latin still folds")
        XCTAssertEqual(AccentFolding.key("n\u{300}", fold: true), "n", "a mark with no precomposed form too")
    }

    func testRebuildingFromGuessesGivesTheSamePuzzle() {
        var p = WordPuzzle(word: "program")
        for g in ["r", "x", "pram"] { _ = p.guess(g) }
        let q = WordPuzzle(word: "program", foldsAccents: true, guesses: p.guessed, wrongWords: p.wrongWords, solvedByWord: false)
        XCTAssertEqual(q.masked(), p.masked())
        XCTAssertEqual(q.misses, 2)
        XCTAssertEqual(q.correctLetters, ["r"])
    }
}
