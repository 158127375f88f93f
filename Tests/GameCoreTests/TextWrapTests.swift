import GameCore
import XCTest

final class TextWrapTests: XCTestCase {
    func testLinesBreakAtSpacesAndNeverExceedTheWidth() {
        let text = "Guess the hidden word one letter at a time. Each miss adds a part to the hanged man."
        for width in [10, 20, 40, 41, 80] {
            let wrapped = TextWrap.wrap(text, width: width)
            for line in wrapped.split(separator: "\n") {
                XCTAssertLessThanOrEqual(TerminalWidth.columns(String(line)), width, "\(width): \(line)")
                XCTAssertFalse(line.hasPrefix(" ") || line.hasSuffix(" "), "\(width): '\(line)'")
            }
            XCTAssertEqual(wrapped.split(whereSeparator: { $0 == " " || $0 == "\n" }), text.split(separator: " "), "no word is cut or lost at \(width)")
        }
        XCTAssertEqual(TextWrap.wrap("one two three", width: 9), "one two\nthree")
        XCTAssertEqual(TextWrap.wrap("short", width: 0), "short", "no width: no wrapping")
    }

    func testContinuationLinesKeepTheIndentOrTheSecondColumn() {
        XCTAssertEqual(TextWrap.wrap("    indented words here", width: 14), "    indented\n    words here")
        XCTAssertEqual(TextWrap.wrap("  /moves  the inputs the game accepts now", width: 30),
                       "  /moves  the inputs the game\n          accepts now")
        XCTAssertEqual(TextWrap.wrap("--flag help text goes on", width: 16, hangingIndent: 7), "--flag help text\n       goes on")
    }

    func testAWordWiderThanTheLineIsCutAndWideCharactersCountTwo() {
        XCTAssertEqual(TextWrap.wrap("abcdefghij", width: 4), "abcd\nefgh\nij")
        XCTAssertEqual(TextWrap.wrap("ねこねこ ねこ", width: 8), "ねこねこ\nねこ", "kana are two columns each")
        XCTAssertEqual(TextWrap.wrap("🍎🍎🍎", width: 4), "🍎🍎\n🍎")
    }

    func testTextWrittenInPiecesWrapsFromWhereTheLastPieceLeftOff() {
        XCTAssertEqual(TextWrap.wrap("two three", width: 10, startColumn: 6), "two\nthree")
        XCTAssertEqual(TextWrap.endColumn(of: "ab\ncde", startColumn: 5), 3)
        XCTAssertEqual(TextWrap.endColumn(of: "ab", startColumn: 5), 7)
    }

    func testASCIIFoldingLeavesOnlyASCII() {
        XCTAssertEqual(ASCIIText.fold("Rock · Paper — Scissors ✗ café “quoted” …"), "Rock - Paper -- Scissors x cafe \"quoted\" ...")
        XCTAssertEqual(ASCIIText.fold("Match: 🧙‍♀️! +2"), "Match: ?! +2", "an emoji sequence is one character")
        XCTAssertEqual(ASCIIText.fold("Ünïcödé e\u{301}"), "Unicode e", "precomposed and combining accents")
        XCTAssertEqual(ASCIIText.fold("plain"), "plain")
        let marked = TerminalText.coloured("red", "red")!
        XCTAssertEqual(ASCIIText.fold(marked), marked, "colour markers are kept for the renderer")
        for text in ["ねこ", "кошка", "▓▓ ♠♥", "\u{1F1EB}\u{1F1F7}", "a\u{0}b"] {
            XCTAssertTrue(ASCIIText.fold(text).utf8.allSatisfy { $0 < 0x80 }, text)
        }
    }

    func testProseIsReflowedButListsAndIndentedLinesKeepTheirBreaks() {
        let rules = "Guess the word one letter\nat a time. Each miss adds a part:\nhead, body.\n\nScoring:\n- a letter: 1\n- a word: 10\n  (indented)\n1. first\n2) second\nProse again\ngoes on"
        XCTAssertEqual(TextWrap.reflow(rules),
                       "Guess the word one letter at a time. Each miss adds a part: head, body.\n\nScoring:\n- a letter: 1\n- a word: 10\n  (indented)\n1. first\n2) second\nProse again goes on")
        XCTAssertEqual(TextWrap.reflow("one line"), "one line")
    }

    /// Japanese has no spaces: a line breaks between its characters, never before 。 or ー nor
    /// after 「, and a column's text after its label keeps its gap.
    func testJapaneseBreaksBetweenCharactersWhereItsTypesettingAllows() {
        let wrapped = TextWrap.wrap("コンピューターに勝とう。持ちチップは100枚から。", width: 12)
        for line in wrapped.split(separator: "\n") {
            XCTAssertLessThanOrEqual(TerminalWidth.columns(String(line)), 12, wrapped)
            XCTAssertFalse(["。", "ー", "、"].contains(line.first.map(String.init) ?? ""), "a line starts with a closing mark: \(wrapped)")
        }
        XCTAssertEqual(wrapped.replacing("\n", with: ""), "コンピューターに勝とう。持ちチップは100枚から。", "nothing added or lost")
        XCTAssertEqual(TextWrap.wrap("「はい」と言う", width: 4).split(separator: "\n").first, "「は")
        // A label, its padding, then text that does not fit: the gap stays, the text wraps under itself.
        let row = TextWrap.wrap("  1. アップルパイ   木の実がなくなる前に、単語を1文字ずつ当てよう。", width: 40, hangingIndent: 20)
        XCTAssertTrue(row.hasPrefix("  1. アップルパイ   木の実がなくなる前\n" + String(repeating: " ", count: 20) + "に、"), "、 goes with に: \(row)")
        XCTAssertTrue(row.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 20)) }, row)
        // Latin text wraps at spaces as before.
        XCTAssertEqual(TextWrap.wrap("one two three", width: 8), "one two\nthree")
    }

    func testJapaneseIsJoinedWithoutASpaceAndLatinBesideItWithOne() {
        XCTAssertEqual(TextWrap.reflow("カードを2枚めくって\n同じ絵ならペアです。"), "カードを2枚めくって同じ絵ならペアです。")
        XCTAssertEqual(TextWrap.reflow("番号で選ぶ\nEnter で確定"), "番号で選ぶ Enter で確定")
        XCTAssertEqual(TextWrap.reflow("Rock\nグー"), "Rock グー")
    }

    func testLinesSplitAsTheCharacterSplitDoes() {
        // Byte by byte, with the Character split's answer for every case: a carriage return
        // and newline are one Character, which that split keeps whole.
        for text in ["", "\n", "a", "a\n", "\na", "a\nb", "a\n\nb\n", "a\r\nb", "a\r\n", "\r\n\n", "a\rb\n",
                     "ねこ\n猫\r\nx", "cafe\u{301}\n\u{301}x", "👩‍💻\n🇫🇷\n"] {
            XCTAssertEqual(text.textLines(), text.split(separator: "\n", omittingEmptySubsequences: false), "\(Array(text.utf8))")
            let sub = ("<" + text + ">").dropFirst().dropLast()
            XCTAssertEqual(sub.textLines(), sub.split(separator: "\n", omittingEmptySubsequences: false), "a substring: \(Array(text.utf8))")
        }
    }
}
