import GameCore
import XCTest

final class JSONValueTests: XCTestCase {
    func testEncodingIsCompactWithSortedKeys() {
        let v = JSONValue.object(["b": .int(1), "a": .array([.bool(true), .null, .double(2.5), .double(3)])])
        XCTAssertEqual(v.encoded, #"{"a":[true,null,2.5,3],"b":1}"#)
    }

    func testStringsAreEscaped() {
        XCTAssertEqual(JSONValue.string("a\"b\\c\nd\te\u{1}é☃").encoded, #""a\"b\\c\nd\te\u0001é☃""#)
    }

    func testControlsAreEscapedWhereverTheyAreAndOtherTextIsKept() throws {
        XCTAssertEqual(JSONValue.string("\u{9B}31m£\u{7F}").encoded, #""\u009b31m£\u007f""#, "C1, DEL; £ shares C1's lead byte")
        XCTAssertEqual(JSONValue.string("\r\"").encoded, #""\r\"""#)
        XCTAssertEqual(JSONValue.string("").encoded, #""""#)
        // Every mix of plain runs and escapes reads back as it was written.
        let pieces = ["a", "é", "ねこ", "\"", "\\", "\n", "\u{1}", "\u{7F}", "\u{85}", "£", "🧙‍♀️", " "]
        let random = RandomSource(seed: 7)
        for _ in 0..<300 {
            let text = try (0..<random.int(in: 0...8)).map { _ in pieces[try random.int(in: 0...(pieces.count - 1))] }.joined()
            let encoded = JSONValue.string(text).encoded
            XCTAssertFalse(encoded.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }, encoded)
            XCTAssertEqual(try JSONValue(parsing: encoded), .string(text))
        }
    }

    func testNonFiniteNumbersBecomeNull() {
        XCTAssertEqual(JSONValue.array([.double(.nan), .double(.infinity)]).encoded, "[null,null]")
    }
}
