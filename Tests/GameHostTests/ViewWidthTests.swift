import GameCore
import GameHost
import GameHostTesting
import XCTest

/// What the built-in games draw fits a 40-column terminal, in emoji and in ASCII, through
/// every kind of step a random player reaches.
final class ViewWidthTests: XCTestCase {
    static let games = ["rps", "rpsls", "applepie", "hangman", "memory", "memory-triples", "blackjack", "guess-five"]

    func testEveryBuiltInGamesViewFitsFortyColumns() throws {
        for game in Self.games {
            for ascii in [false, true] {
                let t = try RuleTester(RuleTester.builtIn(game), seed: 7, ascii: ascii)
                let chance = RandomSource(seed: 11)
                var wide: Set<String> = []
                defer { XCTAssertEqual(wide, [], "\(game) (ascii \(ascii)) draws lines wider than 40 columns") }
                for _ in 0..<80 {
                    for line in t.view.split(separator: "\n") where TerminalWidth.columns(String(line)) > 40 {
                        wide.insert(String(line))
                    }
                    if ascii {
                        let shown = t.view + t.last.messages.joined() + (t.last.result?.summary ?? "")
                        XCTAssertTrue(shown.unicodeScalars.allSatisfy(\.isASCII), "\(game) --ascii draws ASCII:\n\(shown)")
                    }
                    let moves = t.last.view(of: 1).moves
                    let input = t.last.result != nil ? "y" : moves.isEmpty ? "crane" : moves[try chance.int(in: 0...(moves.count - 1))]
                    t.send(input)
                }
            }
        }
    }
}
