import GameCore
import GameRuntime
import GameHostTesting
import TestSupport
import XCTest

/// What the built-in games draw fits a 40-column terminal, in emoji and in ASCII, through
/// every kind of step a random player reaches; every game draws its view as elements, which
/// fit every width from 20 to 200 columns without breaking a button, a card or a picture.
final class ViewWidthTests: XCTestCase {
    static let games = ["rps", "rpsls", "applepie", "hangman", "memory", "memory-triples", "blackjack", "guess-five", "crazy-eights"]

    /// Window widths from a phone's terminal to a wide screen.
    static let widths = [20, 23, 30, 40, 52, 80, 132, 200]

    /// What must stay whole on a line wherever it fits: a button, a face-up card's face, a
    /// line of a picture.
    static func cells(_ elements: [ViewElement], ascii: Bool) -> [String] {
        let shown = { (text: String) in ascii ? ASCIIText.fold(text) : text }
        return elements.flatMap { element -> [String] in
            switch element.kind {
            case .buttons(let buttons): return buttons.map { "[" + shown($0.text) + ($0.key.map { " (\($0))" } ?? "") + "]" }
            case .cards(let cards, _, _): return cards.compactMap { $0.face.map(shown) }
            case .picture(let lines, _, _): return lines.map { String(shown($0).reversed().drop { $0 == " " }.reversed()) }.filter { !$0.isEmpty }
            default: return []
            }
        }
    }

    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        super.init(name: name, testClosure: testClosure)
        if name.hasSuffix("testEveryBuiltInGamesViewFitsFortyColumns") { Self.problems.start() }
    }

    func testEveryBuiltInGamesViewFitsFortyColumns() throws {
        XCTAssertEqual(try Self.problems.value(), [])
    }

    /// What does not fit, or breaks, in 80 steps of each game, in emoji and in ASCII: one line
    /// a problem (started early: it draws each view at every width).
    static let problems = EarlyStart { () -> [String] in
        var problems: [String] = []
        for game in games {
            for ascii in [false, true] {
                let t = try RuleTester(RuleTester.builtIn(game), seed: 7, ascii: ascii)
                let chance = RandomSource(seed: 11)
                var wide: Set<String> = []
                for _ in 0..<80 {
                    for line in t.view.split(separator: "\n") where TerminalWidth.columns(String(line)) > 40 {
                        wide.insert(String(line))
                    }
                    guard let elements = t.elements else {
                        problems.append("\(game) draws no elements")
                        break
                    }
                    for width in widths {
                        let lines = ElementText.lines(elements, width: width, ascii: ascii, colour: width % 2 == 0)
                        for line in lines {
                            if TerminalWidth.columns(line.text) > width { wide.insert("\(width): " + line.text) }
                            if ascii && !TerminalText.plain(line.text).unicodeScalars.allSatisfy(\.isASCII) {
                                problems.append("\(game) --ascii draws an element line that is not ASCII: \(line.text)")
                            }
                        }
                        // Nothing is broken where it fits: each button whole on a line, each face
                        // up card's face, each picture line as drawn.
                        let text = TerminalText.plain(lines.map(\.text).joined(separator: "\n"))
                        for whole in cells(elements, ascii: ascii) where TerminalWidth.columns(whole) <= width - 4 && !text.contains(whole) {
                            problems.append("\(game) at \(width) columns breaks '\(whole)':\n\(text)")
                        }
                    }
                    if ascii {
                        let shown = t.view + t.last.messages.joined() + (t.last.result?.summary ?? "")
                        if !shown.unicodeScalars.allSatisfy(\.isASCII) { problems.append("\(game) --ascii draws more than ASCII:\n\(shown)") }
                    }
                    let moves = t.last.view(of: 1).moves
                    let input = t.last.result != nil ? "y" : moves.isEmpty ? "crane" : moves[try chance.int(in: 0...(moves.count - 1))]
                    t.send(input)
                }
                if !wide.isEmpty { problems.append("\(game) (ascii \(ascii)) draws lines wider than 40 columns: \(wide.sorted())") }
            }
        }
        return problems
    }
}
