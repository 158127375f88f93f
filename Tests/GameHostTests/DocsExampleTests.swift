import Foundation
import GameHostTesting
import LuaKit
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

    /// The Seats section's High Card is whole, and is the file testing-rules.md's seat test
    /// plays (`rules/high-card.lua`).
    func testTheSeatsExampleIsTheHighCardTheTestsPlay() throws {
        let block = try luaBlock(after: "name a card hidden from it that it has not seen.")
        let highCard = try String(contentsOfFile: RuleTester.rulesDirectory + "/../Tests/GameHostTests/rules/high-card.lua", encoding: .utf8)
        XCTAssertEqual("---@type Rule\n" + block.split(separator: "\n", maxSplits: 1)[1], highCard)
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

    /// Every field a rule table may have (the loader's list) has a row in the API page's rule
    /// table and a field in the annotations; the puzzle's `slots` and `game.reward` are
    /// documented too.
    func testEveryRuleFieldIsDocumented() throws {
        let root = RuleTester.rulesDirectory + "/.."
        let loader = try String(contentsOfFile: root + "/Sources/GameRules/LoadedRule.swift", encoding: .utf8)
        let declaration = try XCTUnwrap(loader.range(of: "static let knownFields"))
        let list = loader[declaration.upperBound...].prefix { $0 != ")" }
        let fields = list.components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let hooks = ["setup", "view", "moves", "play", "result"]
        XCTAssertTrue(fields.contains("maps") && fields.contains("share_words"), "\(fields)")
        let doc = try String(contentsOfFile: root + "/docs/lua-api.md", encoding: .utf8)
        let table = doc.components(separatedBy: "## The rule table")[1].components(separatedBy: "\n## ")[0]
        let rows = table.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }.map { $0.components(separatedBy: "|")[1] }
        let annotations = try String(contentsOfFile: root + "/docs/lua/gamehost.lua", encoding: .utf8)
        for field in fields + hooks {
            XCTAssertTrue(rows.contains { $0.contains("`\(field)`") }, "docs/lua-api.md's rule table has no row for \(field)")
            XCTAssertTrue(annotations.contains("---@field \(field)"), "docs/lua/gamehost.lua's Rule has no \(field)")
        }
        XCTAssertTrue(doc.contains("| `game.reward(seat, amount)` |"))
        XCTAssertTrue(doc.contains("slots = { \"b\", false, false }"), "the puzzle table shows its slots")
    }
}

/// The LuaLS annotation file is valid Lua and names every function the host installs.
final class AnnotationTests: XCTestCase {
    func testTheAnnotationsCoverTheGameAPI() throws {
        let path = RuleTester.rulesDirectory + "/../docs/lua/gamehost.lua"
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let lua = LuaState()
        XCTAssertNoThrow(try lua.load(source, chunkName: path), "the annotation file compiles")
        // Every name the host puts in `game` (and its sub-tables) is annotated.
        let files = RuleFiles()
        let t = try RuleTester(files.write("names", RuleFiles.rule(["setup": """
            function(game)
                local names = {}
                for k, v in pairs(game) do
                  if type(v) == "table" and k ~= "options" then
                    for k2 in pairs(v) do names[#names + 1] = k .. "." .. k2 end
                  else
                    names[#names + 1] = k
                  end
                end
                table.sort(names)
                return { n = 0, log = {}, names = names }
              end
            """])))
        let names = t.state["names"].array?.compactMap(\.string) ?? []
        XCTAssertGreaterThan(names.count, 30)
        for name in names {
            let parts = name.split(separator: ".")
            let member = String(parts.last!)
            let annotated: Bool
            switch parts.count {
            case 1: annotated = source.contains("function Game.\(member)(") || source.contains("---@field \(member) ")
            default:
                let owner = ["match": "GameMatch", "words": "GameWords", "scores": "GameScores", "cards": "GameCards"][String(parts[0])] ?? "?"
                annotated = source.contains("function \(owner).\(member)(") || source.contains("---@field \(member) ")
            }
            XCTAssertTrue(annotated, "game.\(name) is not in docs/lua/gamehost.lua")
            let doc = try String(contentsOfFile: RuleTester.rulesDirectory + "/../docs/lua-api.md", encoding: .utf8)
            XCTAssertTrue(doc.contains("game.\(name)"), "game.\(name) is not in docs/lua-api.md")
        }
    }
}

/// docs/testing-rules.md's worked test file is Tests/GameHostTests/HigherLowerTests.swift,
/// and its rule is the one docs/writing-card-games.md builds: the page shows what runs.
final class TestingDocTests: XCTestCase {
    func block(_ page: String, after marker: String) throws -> String {
        let doc = try String(contentsOfFile: RuleTester.rulesDirectory + "/../docs/" + page, encoding: .utf8)
        guard let start = doc.range(of: marker + "\n") else { return "" }
        let rest = doc[start.upperBound...].drop { $0 != "\n" }.dropFirst()
        guard let end = rest.range(of: "\n```") else { return "" }
        return String(rest[..<end.lowerBound]) + "\n"
    }

    func testTheWorkedTestIsTheOneThatRuns() throws {
        let here = RuleTester.rulesDirectory + "/../Tests/GameHostTests/"
        XCTAssertEqual(try block("testing-rules.md", after: "<!-- test: HigherLowerTests -->"),
                       try String(contentsOfFile: here + "HigherLowerTests.swift", encoding: .utf8))
        XCTAssertEqual(try block("writing-card-games.md", after: "<!-- write: higher-lower.lua -->"),
                       try String(contentsOfFile: here + "rules/higher-lower.lua", encoding: .utf8))
    }
}
