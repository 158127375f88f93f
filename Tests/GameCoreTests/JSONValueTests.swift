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

    func testNonFiniteNumbersBecomeNull() {
        XCTAssertEqual(JSONValue.array([.double(.nan), .double(.infinity)]).encoded, "[null,null]")
    }
}
