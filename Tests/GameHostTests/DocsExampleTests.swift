import Foundation
import GameHostTesting
import XCTest

/// The examples in docs/lua-api.md run as written.
final class DocsExampleTests: XCTestCase {
    func luaBlock(after marker: String) throws -> String {
        let doc = try String(contentsOfFile: RuleTester.rulesDirectory + "/../docs/lua-api.md", encoding: .utf8)
        let afterMarker = try XCTUnwrap(doc.range(of: marker)).upperBound
        let start = try XCTUnwrap(doc.range(of: "```lua\n", range: afterMarker..<doc.endIndex)).upperBound
        let end = try XCTUnwrap(doc.range(of: "```", range: start..<doc.endIndex)).lowerBound
        return String(doc[start..<end])
    }

    func testTheWholeGameExamplePlays() throws {
        let files = RuleFiles()
        let t = try RuleTester(files.write("guess", try luaBlock(after: "Example, a whole game:")), force: [7])
        XCTAssertEqual(t.view, "Guess a number from 1 to 10.")
        t.send("5")
        XCTAssertEqual(t.last.messages, ["Higher."])
        t.send("eleven")
        t.assertRefused(containing: "type a number from 1 to 10")
        t.send("7")
        XCTAssertEqual(t.result?.summary, "Found in 2 tries.")
        XCTAssertEqual(t.result?.score, 2)
    }
}
