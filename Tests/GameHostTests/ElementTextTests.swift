import GameCore
import GameRuntime
import XCTest

/// View elements drawn as text for the terminal: each type as it looks, every line within the
/// width at 20, 40 and 80 columns, ASCII only with `ascii`, marks in colour only with `colour`.
final class ElementTextTests: XCTestCase {
    /// One of each, as a game might draw them.
    static let sample: [ViewElement] = [
        ViewElement(.heading("Memory · fruit")),
        ViewElement(.meter(name: "Apples", value: 5, max: 7, unit: nil)),
        ViewElement(.meter(name: "Chips", value: 102.5, max: nil, unit: "chips")),
        ViewElement(.cards((1...12).map { i in
            i == 1 ? .init(face: "🍇", label: "1") : i == 2 ? .init(up: false, matched: true, label: "2") : .init(up: false, label: String(i))
        }, columns: 4, colour: "red")),
        ViewElement(.cards([.init(face: "K♥"), .init(up: false), .init(face: "10♦")], columns: nil, colour: nil)),
        ViewElement(.word(letters: ["c", "", "t"], marks: nil)),
        ViewElement(.word(letters: ["c", "r", "a", "n", "e"], marks: [.miss, .present, nil, .miss, .hit])),
        ViewElement(.keyboard("abcdefghijklmnopqrstuvwxyz".map { c in
            .init(String(c), mark: c == "a" ? .hit : c == "e" ? .present : c == "z" ? .miss : nil)
        }, rows: ["qwertyuiop", "asdfghjkl", "zxcvbnm"])),
        ViewElement(.picture(lines: ["  ______", "  |    |", "  |    O", "       .-~~~~~~-.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~"], alt: "a gallows", drawing: nil)),
        ViewElement(.buttons([.init("Rock ✊", move: "rock", key: "r"), .init("Paper ✋", move: "paper", key: "p"),
                              .init("Scissors ✌️", move: "scissors", key: "s")])),
        ViewElement(.text("A line that is long enough to wrap at forty columns, and at twenty.", style: .dim)),
    ]

    func testEachTypeAtFortyColumns() {
        XCTAssertEqual(ElementText.text(Self.sample, width: 40), """
            Memory · fruit
            Apples: █████░░ 5/7
            Chips: 102.5 chips
             1 🍇   2      3 ▓▓   4 ▓▓
             5 ▓▓   6 ▓▓   7 ▓▓   8 ▓▓
             9 ▓▓  10 ▓▓  11 ▓▓  12 ▓▓
            K♥ ▓▓ 10♦
            c _ t
             c (r) a  n [e]
             q  w (e) r  t  y  u  i  o  p
            [a] s  d  f  g  h  j  k  l
             -  x  c  v  b  n  m
              ______
              |    |
              |    O
                   .-~~~~~~-.~~~~~~~~~~~~~~~~~~~~~~~
            [Rock ✊ (r)] [Paper ✋ (p)]
            [Scissors ✌️ (s)]
            A line that is long enough to wrap at
            forty columns, and at twenty.
            """)
        // Styles: a heading is a title, text its own style, the rest plain.
        let styles = ElementText.lines([ViewElement(.heading("H")), ViewElement(.text("m", style: .message)), ViewElement(.text("p", style: nil)),
                                        ViewElement(.word(letters: ["a"], marks: nil))], width: 40).map(\.style)
        XCTAssertEqual(styles, [.title, .message, .plain, .plain])
    }

    func testALetterTriedOffTheKeyboardShowsItsName() {
        // Hangman with a list of few letters: x and j were tried and missed, and are not keys of
        // the rows; they are shown by name after them, where a "-" would name nothing.
        let keys: [ViewElement.Key] = [.init("a", mark: .hit), .init("b", mark: .miss), .init("c"), .init("x", mark: .miss), .init("j", mark: .miss)]
        XCTAssertEqual(ElementText.text([ViewElement(.keyboard(keys, rows: ["abc"]))], width: 40), "[a] -  c\n x  j")
    }

    func testEveryLineFitsTheWidth() {
        for width in [20, 40, 80] {
            for ascii in [false, true] {
                let lines = ElementText.lines(Self.sample, width: width, ascii: ascii)
                for line in lines {
                    XCTAssertLessThanOrEqual(TerminalWidth.columns(line.text), width, "\(width) columns: '\(line.text)'")
                    XCTAssertFalse(line.text.hasSuffix(" "), "no trailing spaces: '\(line.text)'")
                    if ascii { XCTAssertTrue(line.text.unicodeScalars.allSatisfy(\.isASCII), line.text) }
                }
            }
        }
        // Wide: one row of the grid as asked, the buttons on one line.
        let wide = ElementText.text(Self.sample, width: 80)
        XCTAssertTrue(wide.contains("\n[Rock ✊ (r)] [Paper ✋ (p)] [Scissors ✌️ (s)]\n"), wide)
        XCTAssertTrue(wide.contains("\n 1 🍇   2      3 ▓▓   4 ▓▓\n"), "a grid keeps its columns where there is room:\n\(wide)")
        XCTAssertTrue(wide.contains("\n       .-~~~~~~-.~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"), wide)
    }

    func testANarrowWindowReflowsWithoutBreakingCells() {
        let narrow = ElementText.text(Self.sample, width: 20)
        XCTAssertEqual(narrow, """
            Memory · fruit
            Apples: █████░░ 5/7
            Chips: 102.5 chips
             1 🍇   2      3 ▓▓
             4 ▓▓   5 ▓▓   6 ▓▓
             7 ▓▓   8 ▓▓   9 ▓▓
            10 ▓▓  11 ▓▓  12 ▓▓
            K♥ ▓▓ 10♦
            c _ t
             c (r) a  n [e]
             q  w (e) r  t  y
             u  i  o  p
            [a] s  d  f  g  h
             j  k  l
             -  x  c  v  b  n
             m
              ______
              |    |
              |    O
                   .-~~~~~~-.~~~
            [Rock ✊ (r)]
            [Paper ✋ (p)]
            [Scissors ✌️ (s)]
            A line that is long
            enough to wrap at
            forty columns, and
            at twenty.
            """)
    }

    /// The keys elements tie to moves, for the full-screen mode: a button's key, a keyboard's
    /// key of one printable character; the first to name a key has it.
    func testTheKeysElementsTieToMoves() {
        XCTAssertEqual(ViewElement.keys(of: [
            ViewElement(.buttons([.init("Clubs", move: "clubs", key: "c"), .init("Help", move: "/help"), .init("Hearts", move: "hearts", key: "c")])),
            ViewElement(.keyboard([.init("a", move: "a"), .init("b"), .init("é", move: "é"), .init("⏎", move: "enter"), .init(" ", move: "space")], rows: nil)),
        ]), ["c": "clubs", "a": "a"])
    }

    func testASCII() {
        XCTAssertEqual(ElementText.text(Array(Self.sample[0...4]) + [Self.sample[9]], width: 40, ascii: true), """
            Memory - fruit
            Apples: [#####--] 5/7
            Chips: 102.5 chips
             1 ?    2      3 ##   4 ##
             5 ##   6 ##   7 ##   8 ##
             9 ##  10 ##  11 ##  12 ##
            KH ## 10D
            [Rock ? (r)] [Paper ? (p)]
            [Scissors ? (s)]
            """)
    }

    /// Marks and backs are coloured only when asked, and then as colour markers the terminal
    /// turns into escapes (brackets stay, so marks read without colour).
    func testColourOnlyWhenAsked() {
        let plain = ElementText.text(Self.sample, width: 40)
        XCTAssertEqual(TerminalText.plain(plain), plain)
        let coloured = ElementText.text(Self.sample, width: 40, colour: true)
        XCTAssertNotEqual(coloured, plain)
        XCTAssertEqual(TerminalText.plain(coloured), plain, "the same text once the colour is taken off")
        let shown = TerminalText.render(coloured, colour: true)
        XCTAssertTrue(shown.contains("\u{1B}[32m[e]\u{1B}[0m"), shown)
        XCTAssertTrue(shown.contains("▓▓\u{1B}[0m"), "red backs: \(shown)")
    }

    /// A card, key or button wider than the whole window is cut over lines of its own; a
    /// picture is cut at the edge; a width too small for anything still gives lines.
    func testWhatCannotFit() {
        let long = ViewElement(.buttons([.init(String(repeating: "x", count: 30)), .init("ok")]))
        XCTAssertEqual(ElementText.text([long], width: 12), "[xxxxxxxxxxx\nxxxxxxxxxxxx\nxxxxxxx]\n[ok]")
        XCTAssertEqual(ElementText.text([ViewElement(.picture(lines: ["🍎🍎🍎"], alt: nil, drawing: nil))], width: 5), "🍎🍎")
        XCTAssertEqual(ElementText.lines(Self.sample, width: 1).isEmpty, false)
        // One long face in a grid pads the others to the width at most, and then to nothing.
        let grid = ViewElement(.cards([.init(face: String(repeating: "w", count: 5000)), .init(face: "a"), .init(face: "b")], columns: 3, colour: nil))
        XCTAssertEqual(ElementText.text([grid], width: 10).split(separator: "\n").suffix(2), ["a", "b"])
        XCTAssertLessThan(ElementText.text([grid], width: 10).utf8.count, 5600)
        // A meter with no room for its bar gives its numbers alone.
        XCTAssertEqual(ElementText.text([ViewElement(.meter(name: "Apples", value: 5, max: 7, unit: nil))], width: 13), "Apples: 5/7")
        XCTAssertEqual(ElementText.text([], width: 40), "")
    }
}
