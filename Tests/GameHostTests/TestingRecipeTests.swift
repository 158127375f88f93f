import Foundation
import GameHostTesting
import XCTest

/// docs/testing-rules.md shows what runs: its hiding test is HighCardHidingTests.swift, on
/// rules/high-card.lua; and its Package.swift names the dependency, so the recipe works
/// whatever the checkout's folder is called (Tests/OutsidePackage/run builds it against a
/// copy under another name: too slow for the suite).
final class TestingRecipeTests: XCTestCase {
    let doc = (try? String(contentsOfFile: RuleTester.rulesDirectory + "/../docs/testing-rules.md", encoding: .utf8)) ?? ""

    func block(after marker: String) -> String {
        guard let start = doc.range(of: marker + "\n") else { return "" }
        let rest = doc[start.upperBound...].drop { $0 != "\n" }.dropFirst()
        guard let end = rest.range(of: "\n```") else { return "" }
        return String(rest[..<end.lowerBound]) + "\n"
    }

    func testTheHidingTestIsTheOneThatRuns() throws {
        let here = RuleTester.rulesDirectory + "/../Tests/GameHostTests/"
        XCTAssertEqual(block(after: "<!-- test: HighCardHidingTests -->"),
                       try String(contentsOfFile: here + "HighCardHidingTests.swift", encoding: .utf8))
    }

    func testThePackageNamesItsDependency() {
        XCTAssertTrue(doc.contains(#".package(name: "GameHost", path: "#), "the dependency is named, not known by its folder")
        XCTAssertTrue(doc.contains(#".product(name: "GameHostTesting", package: "GameHost")"#))
    }
}
