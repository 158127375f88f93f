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
}
