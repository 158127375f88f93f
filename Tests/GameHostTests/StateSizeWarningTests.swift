import Foundation
import GameCore
import GameAuthoring
import GameHostTesting
import XCTest

/// A state that grows past 256 KB of JSON (a word list copied into it) is warned about, once,
/// naming its largest field; a small state is not.
final class StateSizeWarningTests: XCTestCase {
    let files = RuleFiles()

    func testALargeStateIsWarnedAboutByName() {
        let path = files.write("big", RuleFiles.rule(["moves": #"function() return { "up" } end"#, "setup": """
            function(game)
              return { n = 0, log = {}, copy = string.rep("a word ", 40000) }
            end
            """]))
        let report = Conformance.check(path: path, settings: Conformance.Settings(seeds: 2, maxMoves: 50))
        XCTAssertTrue(report.passed, "\(report.problems)")
        let warnings = report.warnings.filter { $0.contains("the state holds") }
        XCTAssertEqual(warnings.count, 1, "\(report.warnings)")
        XCTAssertTrue(warnings.first?.contains("KB of JSON (state.copy: ") ?? false, "\(warnings)")
        XCTAssertTrue(warnings.first?.contains("past 256 KB") ?? false, "\(warnings)")
    }

    func testASmallStateIsNot() {
        let report = Conformance.check(path: files.write("small", RuleFiles.rule()), settings: Conformance.Settings(seeds: 2, maxMoves: 50))
        XCTAssertEqual(report.warnings, [])
    }
}
