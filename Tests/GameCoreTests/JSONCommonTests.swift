import GameCore
import XCTest

/// `JSONValue.common`: what several observations hold alike, a watcher's observation.
final class JSONCommonTests: XCTestCase {
    func parse(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    func testEqualValuesAreKeptWhole() throws {
        let v = try parse(#"{"a":[1,2],"b":"x"}"#)
        XCTAssertEqual(JSONValue.common([v, v, v]), v)
        XCTAssertNil(JSONValue.common([]))
    }

    func testObjectsKeepTheKeysEveryOneHasAlike() throws {
        // Seat 1 sees its own card and its pending bid; seat 2 sees neither; both see the score.
        let one = try parse(#"{"score":3,"bid":7,"hand":[{"rank":"Q","faceUp":false},{"hidden":true}],"turn":1}"#)
        let two = try parse(#"{"score":3,"hand":[{"hidden":true},{"rank":"4","faceUp":false}],"turn":1}"#)
        XCTAssertEqual(JSONValue.common([one, two]), try parse(#"{"score":3,"hand":[{},{}],"turn":1}"#))
    }

    func testDifferentScalarsAndLengthsHaveNothingInCommon() throws {
        XCTAssertNil(JSONValue.common([.int(1), .int(2)]))
        XCTAssertNil(JSONValue.common([try parse("[1,2]"), try parse("[1,2,3]")]))
        XCTAssertEqual(JSONValue.common([try parse("[1,2]"), try parse("[1,5]")]), try parse("[1,null]"))
        // A value that is an object for one seat and not for another is left out.
        XCTAssertEqual(JSONValue.common([try parse(#"{"a":{"b":1},"c":2}"#), try parse(#"{"a":5,"c":2}"#)]), try parse(#"{"c":2}"#))
    }
}
