import Foundation
import GameCore
import GameRuntime
import GameHostTesting
import LuaKit
import XCTest

/// One rule of letter identity in every word game (docs/lua-api.md, "Letters"): case never
/// matters, with accents folded (the default) é is e both ways, and a letter that is in none of
/// the list's words is no guess at all, whatever its script.
final class LetterIdentityTests: XCTestCase {
    func keyboardMarks(_ t: RuleTester) -> [String: ViewElement.Mark] {
        let keys = t.last.view(of: 1).elements?.compactMap { element -> [ViewElement.Key]? in
            if case .keyboard(let keys, _) = element.kind { return keys }
            return nil
        }.first ?? []
        return Dictionary(keys.compactMap { key in key.mark.map { (key.key, $0) } }, uniquingKeysWith: { a, _ in a })
    }

    /// The marks of the latest guess in Guess Five, as the view draws them.
    func lastRow(_ t: RuleTester) -> String {
        let rows = t.last.view(of: 1).view.split(separator: "\n").dropFirst().prefix(6).filter { !$0.contains("_") }
        return String(rows.last ?? "")
    }

    func testAnAccentedLetterAfterItsBaseIsTheSameGuess() throws {
        for game in ["hangman", "applepie"] {
            let t = try RuleTester(RuleTester.builtIn(game), forceWords: ["école"], wordList: "accented")
            t.send("e")
            t.assertAccepted()
            t.send("é")
            t.assertRefused(containing: "already guessed 'e'")
            t.send("É")
            t.assertRefused(containing: "already guessed 'e'")
            XCTAssertEqual(t.state["puzzle"]["misses"], 0, game)
        }
        // Strict accents: é is a letter of its own.
        let strict = try RuleTester(RuleTester.builtIn("hangman"), options: ["accents": "strict"], forceWords: ["école"], wordList: "accented")
        strict.send(["e", "é"])
        XCTAssertEqual(strict.state["masked"], "é _ _ _ e")
    }

    func testAnAccentedLetterRevealsItsBaseToo() throws {
        let t = try RuleTester(RuleTester.builtIn("hangman"), forceWords: ["année"], wordList: "accented")
        t.send("é")
        XCTAssertEqual(t.state["masked"], "_ _ _ é e")
    }

    func testARefusalQuotesTheLetterInLowerCaseInAnyScript() throws {
        let t = try RuleTester(RuleTester.builtIn("hangman"), forceWords: ["кошка"], wordList: "russian")
        t.send("О")
        t.assertAccepted()
        t.send("О")
        t.assertRefused(containing: "already guessed 'о'")
    }

    func testApplePieSaysALetterInLowerCaseInAnyScript() throws {
        let t = try RuleTester(RuleTester.builtIn("applepie"), forceWords: ["кошка"], wordList: "russian")
        t.send("Ж")
        XCTAssertTrue(t.last.messages.contains { $0.contains("No 'ж'") }, "\(t.last.messages)")
        t.send("К")
        XCTAssertTrue(t.last.messages.contains { $0.contains("'к'") }, "\(t.last.messages)")
    }

    func testALetterInNoWordOfTheListIsNoGuess() throws {
        for game in ["hangman", "applepie"] {
            let t = try RuleTester(RuleTester.builtIn(game), forceWords: ["ねこ"], wordList: "japanese-kana")
            XCTAssertFalse(t.moves().listed.contains("a"), "/moves lists only kana")
            t.send("a")
            t.assertRefused(containing: "'a' is not a letter of this word list")
            t.send("Я")
            t.assertRefused(containing: "'я' is not a letter of this word list")
            XCTAssertEqual(t.state["puzzle"]["misses"], 0, "\(game): a refusal costs nothing")
        }
    }

    func testGuessFiveFoldsAccentsAsTheOtherWordGamesDo() throws {
        let t = try RuleTester(RuleTester.builtIn("guess-five"), forceWords: ["école"], wordList: "accented")
        t.send("ECOLE")
        t.assertAccepted()
        XCTAssertEqual(t.result?.winner, "player", t.transcriptText)
        // Marks compare letters as the other games do: ê in crêpe is e.
        let marks = try RuleTester(RuleTester.builtIn("guess-five"), forceWords: ["crêpe"], wordList: "accented")
        marks.send("ecole")
        XCTAssertEqual(lastRow(marks), "(é)(c) o  l [e]")
        XCTAssertEqual(keyboardMarks(marks)["e"], .hit, "one key for e and its accented forms")
        // Strict: the list's spelling only.
        let strict = try RuleTester(RuleTester.builtIn("guess-five"), options: ["accents": "strict"], forceWords: ["école"], wordList: "accented")
        strict.send("ecole")
        strict.assertRefused(containing: "not in the word list")
    }

    func testGuessFiveInASCIIWithAnAccentedListCanBePlayed() throws {
        let t = try RuleTester(RuleTester.builtIn("guess-five"), forceWords: ["forêt"], wordList: "accented", ascii: true)
        XCTAssertTrue(t.view.unicodeScalars.allSatisfy(\.isASCII), t.view)
        XCTAssertEqual(t.last.view(of: 1).freeText?.pattern, "%a%a%a%a%a", "what an ASCII keyboard types")
        t.send("foret")
        XCTAssertEqual(t.result?.winner, "player", t.transcriptText)
    }

    func testFinalSigmaIsSigma() {
        XCTAssertEqual(AccentFolding.key("ς", fold: false), "σ")
        XCTAssertEqual(AccentFolding.key("Σ", fold: true), "σ")
        XCTAssertEqual(AccentFolding.wordKey("École", fold: true), "ecole")
        XCTAssertEqual(AccentFolding.wordKey("ΉΛΙΟΣ", fold: false), "ήλιοσ")
    }
}

/// Guess Five on a list too short to be a puzzle, and in a script whose letters are wide.
final class GuessFiveListTests: XCTestCase {
    func testAListWithOneFiveLetterWordIsRefusedByName() throws {
        XCTAssertThrowsError(try RuleTester(RuleTester.builtIn("guess-five"), words: ["crane", "apple pie", "fig"])) { error in
            XCTAssertTrue("\(error)".contains("test-words has only one five-letter word"), "\(error)")
        }
    }

    func testAShortListIsPlayedWithAWarning() throws {
        let t = try RuleTester(RuleTester.builtIn("guess-five"), forceWords: ["crane"], words: ["crane", "react", "slate"])
        XCTAssertTrue(t.transcriptText.contains("test-words has only 3 five-letter words"), t.transcriptText)
    }

    func testWideLettersKeepTheColumns() throws {
        let kana = Array("あいうえおかきくけこ")
        let words = (0..<25).map { i in String((0..<5).map { kana[(i + $0 * 3) % kana.count] }) }
        let t = try RuleTester(RuleTester.builtIn("guess-five"), forceWords: [words[0]], words: words)
        XCTAssertTrue(t.view.contains("\n _   _   _   _   _\n"), "as wide before the first guess: \(t.view)")
        t.send(words[1])
        // A blank takes a letter's width: the columns of the rows line up.
        let rows = t.last.view(of: 1).view.split(separator: "\n").dropFirst().prefix(2).map { String($0) }
        XCTAssertEqual(rows.last, " _   _   _   _   _", "\(rows)")
        XCTAssertEqual(TerminalWidth.columns(rows.first!), 20, "\(rows)")
    }
}
