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

/// Transcripts are files anyone can hand to `replay`: hostile JSON is an error, never a trap.
final class HostileJSONTests: XCTestCase {
    func testHostileTextIsAClearError() {
        let cases = [
            String(repeating: "[", count: 200_000), String(repeating: "{\"a\":", count: 300) + "1" + String(repeating: "}", count: 300),
            #""\q""#, #""\u12""#, #""\u+123""#, "\"abc", "[1,", "{\"a\" 1}", "-", "1e", "nul",
        ]
        for text in cases {
            XCTAssertThrowsError(try JSONValue(parsing: text), String(text.prefix(20)))
        }
    }

    func testLoneSurrogatesReadAsReplacementCharacters() throws {
        XCTAssertEqual(try JSONValue(parsing: #""\ud800""#), .string("\u{FFFD}"))
        XCTAssertEqual(try JSONValue(parsing: #""\udc00x""#), .string("\u{FFFD}x"))
        XCTAssertEqual(try JSONValue(parsing: #""\ud83d\ude00""#), .string("😀"))
        XCTAssertEqual(try JSONValue(parsing: #""\ud800\u00e9""#), .string("\u{FFFD}é"))
    }

    func testDepthUpToTheLimitIsRead() throws {
        let deep = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        XCTAssertNoThrow(try JSONValue(parsing: deep))
    }

    func testControlCharactersAreEscapedOnTheWayOut() {
        XCTAssertEqual(JSONValue.string("\u{1B}[2J\u{9B}\u{7F}").encoded, #""\u001b[2J\u009b\u007f""#)
    }

    /// A long run of combining marks is refused in every string, but for the one top-level
    /// field its reader takes it in (the server's move line): not in a key, not deeper down.
    func testARunOfCombiningMarksIsKeptOnlyInTheFieldAskedFor() throws {
        let marks = "e" + String(repeating: "\u{301}", count: 40)
        let message = JSONValue.object(["type": .string("input"), "line": .string(marks)]).encoded
        XCTAssertThrowsError(try JSONValue(parsing: message)) { XCTAssertTrue("\($0)".contains("combining"), "\($0)") }
        XCTAssertEqual(try JSONValue(parsing: message, keepingMarkRunsIn: "line")["line"].string?.unicodeScalars.count, 41)
        for other in [JSONValue.object(["type": .string(marks), "line": .string("rock")]),
                      .object(["line": .object(["line": .string(marks)])]),
                      .object(["line": .array([.string(marks)])]),
                      .object([marks: .string("line")])] {
            XCTAssertThrowsError(try JSONValue(parsing: other.encoded, keepingMarkRunsIn: "line"), other.encoded)
        }
    }
}
