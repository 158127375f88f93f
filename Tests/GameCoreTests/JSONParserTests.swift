import GameCore
import XCTest

final class JSONParserTests: XCTestCase {
    func testValuesReadBack() throws {
        let text = #"{"a":[1,-2.5,true,false,null],"b":{"c":"d\n\"e\" \u00e9 \ud83d\ude00"},"n":12345678901}"#
        let v = try JSONValue(parsing: text)
        XCTAssertEqual(v["a"], .array([.int(1), .double(-2.5), .bool(true), .bool(false), .null]))
        XCTAssertEqual(v["b"]["c"].string, "d\n\"e\" é 😀")
        XCTAssertEqual(v["n"].int, 12345678901)
        XCTAssertEqual(try JSONValue(parsing: v.encoded), v)
    }

    func testBadTextIsAnErrorWithItsOffset() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "tru", "\"open", "1 2", "{\"a\":}"] {
            XCTAssertThrowsError(try JSONValue(parsing: bad), bad) { XCTAssertTrue($0 is JSONParseError) }
        }
    }
}
