import Foundation
import XCTest

/// A game in the player's language: `--lang`, else `LC_ALL`, `LC_MESSAGES` or `LANG`. Memory
/// speaks German and Japanese (wide characters aligned as the terminal shows them); a rule
/// without a translation speaks its own language.
final class LanguageTests: XCTestCase {
    func testMemoryInGermanAndJapanese() throws {
        let german = try GamehostProcess.run(["play", "memory", "--seed", "3", "--lang", "de", "--data", "none"], input: "1\n2\n99\n")
        XCTAssertEqual(german.status, 0, german.stderr)
        for text in ["Decke Emoji-Karten paarweise auf", "Punkte: 0", "Wähle eine Karte (1–12).", "Kein Paar: kostet nichts, beide waren neu.",
                     "✗ „99“ ist keine Karte: gib eine Zahl von 1 bis 12 ein"] {
            XCTAssertTrue(german.stdout.contains(text), "\(text): \(german.stdout)")
        }
        XCTAssertTrue(german.stderr.isEmpty, "a complete translation warns of nothing: \(german.stderr)")
        let japanese = try GamehostProcess.run(["play", "memory", "--seed", "3", "--data", "none"], input: "1\n",
                                               environment: ["LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""])
        for text in ["神経衰弱 · ", "得点: 0", "カードを選んでください（1〜12）。"] {
            XCTAssertTrue(japanese.stdout.contains(text), "\(text): \(japanese.stdout)")
        }
        // The grid keeps its columns beside wide text.
        XCTAssertTrue(japanese.stdout.contains(" 1 ▓▓   2 ▓▓   3 ▓▓   4 ▓▓"), japanese.stdout)
        // LC_ALL comes first; a language without a translation, or C, is the rule's own.
        let first = try GamehostProcess.run(["play", "memory", "--seed", "3", "--data", "none"], input: "",
                                            environment: ["LANG": "ja_JP.UTF-8", "LC_ALL": "de_DE.UTF-8"])
        XCTAssertTrue(first.stdout.contains("Punkte: 0"), first.stdout)
        for language in ["fr", "C"] {
            let own = try GamehostProcess.run(["play", "memory", "--seed", "3", "--data", "none"], input: "",
                                              environment: ["LANG": language, "LC_ALL": "", "LC_MESSAGES": ""])
            XCTAssertTrue(own.stdout.contains("Score: 0"), "\(language): \(own.stdout)")
        }
        let bad = try GamehostProcess.run(["play", "memory", "--lang", "../../etc"], input: "")
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--lang needs a language's code"), bad.stderr)
    }

    /// The host's own words follow the player's language: the seed line, /help, a refusal,
    /// "Play again?" and its yes (j in German), the hand-over between people, the session's
    /// sum, the menu; the protocol's reasons too. A program's fields (codes, moves) do not change.
    func testTheHostSpeaksThePlayersLanguage() throws {
        let german = try GamehostProcess.run(["play", "rps", "--seed", "3", "--plain", "--lang", "de", "--data", "none"],
                                             input: "/help\n/nope\n" + String(repeating: "r\n", count: 8) + "j\n" + String(repeating: "r\n", count: 8) + "n\n")
        XCTAssertEqual(german.status, 0, german.stderr)
        for text in ["Startwert 3 (noch einmal: gamehost play rps --seed 3) · /help für Befehle", "Gib einen Zug oder einen Befehl ein:",
                     "  /undo   deinen letzten Zug zurücknehmen (beim Üben)", "✗ unbekannter Befehl /nope (/help zeigt die Liste)",
                     "Noch einmal? (j/n)", "✗ das Spiel ist aus: j für ein neues Spiel, n zum Aufhören", "Spiel 2, Startwert ", "Diese Sitzung: 2 Spiele"] {
            XCTAssertTrue(german.stdout.contains(text), "\(text): \(german.stdout)")
        }
        XCTAssertFalse(german.stdout.contains("Play again"), german.stdout)
        let japanese = try GamehostProcess.run(["play", "rps", "--seed", "3", "--plain", "--lang", "ja", "--data", "none"], input: "/moves\n")
        for text in ["シード 3（再現：gamehost play rps --seed 3） · /help でコマンド", "手：rock, paper, scissors（キー：r rock, p paper, s scissors）"] {
            XCTAssertTrue(japanese.stdout.contains(text), "\(text): \(japanese.stdout)")
        }
        // People at one keyboard: whose turn, and what happened since.
        let seats = try GamehostProcess.run(["play", "rps", "--seats", "2", "--seat", "1=Ann", "--seat", "2=Bo", "--plain", "--lang", "de", "--data", "none"],
                                            input: "r\n\n")
        for text in ["Platz 1 · Ann ist dran: gib die Tastatur weiter.", "Platz 2 · Bo ist dran: gib die Tastatur weiter.", "Seit deinem letzten Zug:"] {
            XCTAssertTrue(seats.stdout.contains(text), "\(text): \(seats.stdout)")
        }
        // The protocol: a reason in the player's language, its code as ever.
        let json = try GamehostProcess.run(["play", "rps", "--json", "--seed", "3", "--lang", "de", "--data", "none"], input: "/nope\n")
        XCTAssertTrue(json.stdout.contains("\"reason\":\"unbekannter Befehl /nope (/help zeigt die Liste)\""), json.stdout)
        XCTAssertTrue(json.stdout.contains("\"code\":\"unknown-command\""), json.stdout)
        // The menu, with the games' own titles in the language where they have them.
        let menu = try GamehostProcess.run(["--lang", "ja", "--data", "none"], input: "")
        for text in ["GameHost — ゲームを選んでください", "神経衰弱", "d. 今日のゲーム", "その日の配り、誰にでも同じ、一日一回"] {
            XCTAssertTrue(menu.stdout.contains(text), "\(text): \(menu.stdout)")
        }
        // A game's options, by their labels and help in the language (the values stay as typed).
        let options = try GamehostProcess.run(["--lang", "de", "--data", "none"], input: "rps\n\n")
        XCTAssertTrue(options.stdout.contains("Gegner: random, frequency, pattern — wie der Computer wählt"), options.stdout)
        // English stays English.
        let english = try GamehostProcess.run(["play", "rps", "--seed", "3", "--plain", "--lang", "en", "--data", "none"], input: "/nope\n")
        XCTAssertTrue(english.stdout.contains("✗ unknown command /nope (type /help for the list)"), english.stdout)
    }

    /// The listing a lobby reads names each game in the languages its rule has (the browser
    /// shows the title in the page's language without loading the rule).
    func testTheListingCarriesEachGamesTranslatedTitle() throws {
        let listed = try GamehostProcess.run(["list", "--json"])
        let top = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
        guard let games = top?["games"] as? [[String: Any]], let memory = games.first(where: { $0["game"] as? String == "memory" }),
              let translations = memory["translations"] as? [String: [String: Any]] else { return XCTFail(listed.stdout) }
        XCTAssertEqual(translations["ja"]?["title"] as? String, "神経衰弱")
        XCTAssertEqual(translations["de"]?["about"] as? String, "Decke Emoji-Karten paarweise auf und finde jedes Paar.")
        // Its options' labels and help, as the browser's form shows them.
        let options = translations["de"]?["options"] as? [String: [String: String]]
        XCTAssertEqual(options?["theme"]?["label"], "Thema")
        XCTAssertEqual(options?["theme"]?["help"]?.isEmpty, false)
        XCTAssertEqual(memory["title"] as? String, "Memory", "the game's own title stays")
        // A game's help gives its title and rules in the language too.
        let help = try GamehostProcess.run(["play", "memory", "--help", "--lang", "ja"])
        XCTAssertTrue(help.stdout.hasPrefix("神経衰弱\n"), help.stdout)
        XCTAssertTrue(help.stdout.contains("How to play:\n"), "the command line's own words stay English: \(help.stdout)")
    }

    /// The game of the day in German: its end, its line to share, and the refusal of a second go.
    func testTheGameOfTheDaySpeaksThePlayersLanguage() throws {
        let data = NSTemporaryDirectory() + "daily-de-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: data) }
        let first = try GamehostProcess.run(["play", "rps", "--daily", "--lang", "de", "--data", data], input: String(repeating: "r\n", count: 12))
        XCTAssertTrue(first.stdout.contains("Das war das Spiel des "), first.stdout)
        let share = try XCTUnwrap(first.stdout.split(separator: "\n").first { $0.hasPrefix("GameHost · Schere · Stein · Papier · ") }, first.stdout)
        XCTAssertTrue(share.contains(" · gewonnen") || share.contains(" · verloren") || share.contains(" · unentschieden"), String(share))
        let again = try GamehostProcess.run(["play", "rps", "--daily", "--lang", "de", "--data", data], input: "r\n")
        XCTAssertTrue(again.stderr.contains("du hast das heutige Schere · Stein · Papier gespielt: GameHost"), again.stderr)
    }
}
