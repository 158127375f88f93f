import Foundation
import GameCore
import GameAuthoring
import GameHostTesting
import XCTest

/// Game data kept outside the state (a file-level variable, a global) makes a session's second
/// game play otherwise than a fresh one: check plays both and names the variable.
final class FileVariablesTests: XCTestCase {
    let files = RuleFiles()

    func problems(_ overrides: [String: String], prelude: String) -> [String] {
        let path = files.write("kept", RuleFiles.rule(overrides, prelude: prelude))
        return Conformance.check(path: path, settings: Conformance.Settings(seeds: 3, maxMoves: 200)).problems
    }

    func testAFileLevelCounterIsNamed() {
        let p = problems(["setup": "function(game) games = games + 1 return { n = 0, log = {}, game = games } end"],
                         prelude: "local played = {}\nlocal games = 0")
        XCTAssertTrue(p.contains { $0.contains("plays differently as a session's second game") && $0.contains("file-level variable 'games' holds it") }, "\(p)")
        XCTAssertFalse(p.contains { $0.contains("'played'") }, "an unchanged variable is not named: \(p)")
        XCTAssertFalse(p.contains { $0.contains("chance or time the host does not give") }, "one cause, named once: \(p)")
    }

    func testAGlobalIsNamed() {
        let p = problems(["setup": "function(game) total = (total or 0) + 1 return { n = 0, log = {}, game = total } end"], prelude: "")
        XCTAssertTrue(p.contains { $0.contains("global 'total' holds it") }, "\(p)")
    }

    /// A list of words used up across games, reached through a helper function: the second
    /// game fails where a fresh one does not, and the variable is named.
    func testDataReachedThroughAHelperIsNamed() {
        let p = problems(["setup": "function(game) return { n = 0, log = {}, word = take() } end"], prelude: """
            local used = {}
            local function take()
              assert(not used.apple, "apple was played already")
              used.apple = true
              return "apple"
            end
            """)
        XCTAssertTrue(p.contains { $0.contains("the second game of a session does not start") && $0.contains("file-level variable 'used' holds it") }, "\(p)")
    }

    /// A cache whose contents depend only on its keys plays the same in any game: no problem.
    func testAPureCachePasses() {
        let p = problems(["view": #"function(state) return "n = " .. square(state.n) end"#], prelude: """
            local cache = {}
            local function square(n) if cache[n] == nil then cache[n] = n * n end return cache[n] end
            """)
        XCTAssertEqual(p, [])
    }
}
