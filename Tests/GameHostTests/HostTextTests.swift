import GameRules
@testable import GameRuntime
import XCTest

/// The host's own texts: each translation has every text, fills the same `{names}`, and
/// counts as its language does; a language the host does not speak is English.
final class HostTextTests: XCTestCase {
    func testEveryTranslationHasEveryTextWithTheSameNames() {
        for (language, catalog) in HostTexts.translations {
            for key in HostText.allCases {
                guard let text = catalog[key] else {
                    XCTFail("\(language) lacks \(key)")
                    continue
                }
                XCTAssertEqual(text.placeholders, key.english.placeholders, "\(language) \(key)")
                // Japanese has one form for every count; German, as English, two.
                if case .plural(let one, _) = text {
                    XCTAssertEqual(one == nil, language == "ja", "\(language) \(key)")
                }
                if case .plural = key.english {} else if case .plural = text { XCTFail("\(language) \(key) counts where English does not") }
            }
            XCTAssertEqual(catalog.count, HostText.allCases.count, language)
        }
        XCTAssertEqual(Set(HostTexts.translations.keys), ["de", "ja"])
    }

    func testATextIsFilledAndCountedInTheLanguageAsked() {
        let german = HostTexts(language: "de-at")
        XCTAssertTrue(german.isTranslated)
        XCTAssertEqual(german(.playAgain), "Noch einmal? (j/n)")
        XCTAssertEqual(german(.sessionGames, ["n": "1"]), "Diese Sitzung: 1 Spiel")
        XCTAssertEqual(german(.sessionGames, ["n": "3"]), "Diese Sitzung: 3 Spiele")
        XCTAssertEqual(german.seatList([2]), "Platz 2")
        XCTAssertEqual(german.seatList([1, 2, 3]), "Plätze 1, 2 und 3")
        XCTAssertEqual(german.passKeyboard(2, name: "Bo"), "Platz 2 · Bo ist dran: gib die Tastatur weiter.")
        let japanese = HostTexts(language: "ja")
        XCTAssertEqual(japanese(.sessionGames, ["n": "1"]), "このセッション：1ゲーム")
        XCTAssertEqual(japanese.seatList([1, 3]), "1・3番席")
        // English, and a language the host does not speak.
        for texts in [HostTexts.english, HostTexts(language: "fr"), HostTexts(language: "C")] {
            XCTAssertEqual(texts(.seat, ["seat": "2"]), "Seat 2")
            XCTAssertEqual(texts(.sessionGames, ["n": "1"]), "This session: 1 game")
            XCTAssertEqual(texts.seatList([1, 2, 3]), "seats 1, 2 and 3")
        }
        XCTAssertFalse(HostTexts(language: "fr").isTranslated)
        // A value is put in as it is: braces in a name are not read again.
        XCTAssertEqual(german(.tookBack, ["name": "{asker}"]), "{asker} hat einen Zug zurückgenommen: das Spiel ist wie vor dem Zug.")
    }

    func testYesAndNoInEachLanguage() {
        let german = HostTexts(language: "de"), japanese = HostTexts(language: "ja")
        for word in ["y", "YES", "j", "Ja "] { XCTAssertTrue(german.isYes(word), word) }
        for word in ["n", "nein", "No"] { XCTAssertTrue(german.isNo(word), word) }
        XCTAssertFalse(german.isYes("jein"))
        XCTAssertFalse(german.isYes(""))
        XCTAssertTrue(japanese.isYes("はい"))
        XCTAssertTrue(japanese.isNo("いいえ"))
        XCTAssertFalse(HostTexts.english.isYes("j"), "j is yes in German only")
        XCTAssertFalse(HostTexts.english.isYes(""))
    }
}
