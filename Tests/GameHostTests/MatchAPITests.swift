import GameCore
import GameRules
import LuaKit
import XCTest

/// `game.match` counts as GameCore's `Match` does, for every score of the usual lengths, with
/// counts written as integers or as whole floats (2.0), and refuses a match already over.
final class MatchAPITests: XCTestCase {
    func run(_ source: String) throws -> [LuaValue] {
        let sandbox = RuleSandbox()
        return try sandbox.lua.call(try sandbox.lua.load("local game = ...\n" + source, chunkName: "rules/x.lua"), [.ref(sandbox.game)])
    }

    /// "wins losses ties left over winner" of a match table, or the error.
    static let describe = """
        local function describe(ok, m)
          if not ok then return "error: " .. tostring(m):gsub("^rules/x.lua:%d+: ", "") end
          return table.concat({ m.wins, m.losses, m.ties, m.left, tostring(m.over), tostring(m.winner) }, " ")
        end
        """

    func expected(bestOf n: Int, wins: Int, losses: Int, ties: Int, _ outcome: Match.Outcome) -> String {
        do {
            var m = try Match(bestOf: n, wins: wins, losses: losses, ties: ties)
            try m.record(outcome)
            return "\(m.wins) \(m.losses) \(m.ties) \(m.winsToGo) \(m.isOver) \(m.winner?.rawValue ?? "nil")"
        } catch {
            return "error: \(error)"
        }
    }

    func testEveryScoreIsCountedAsMatchCountsIt() throws {
        // The counts as integers, then as floats (2.0): both give what Match gives.
        for asFloat in [false, true] {
            let r = try run(Self.describe + "\n" + """
                local out = {}
                for _, n in ipairs({ 1, 3, 5, 9, 99 }) do
                  local needed = n // 2 + 1
                  for wins = 0, needed do
                    for losses = 0, needed do
                      for ties = 0, 1 do
                        for _, outcome in ipairs({ "win", "loss", "tie" }) do
                          local m = { match = n, needed = needed, wins = wins, losses = losses, ties = ties }
                          if \(asFloat) then m.wins, m.losses = wins + 0.0, losses + 0.0 end
                          out[#out + 1] = describe(pcall(game.match.record, m, outcome))
                        end
                      end
                    end
                  end
                end
                return table.concat(out, "\\n")
                """)
            var expected: [String] = []
            for n in [1, 3, 5, 9, 99] {
                let needed = n / 2 + 1
                for wins in 0...needed {
                    for losses in 0...needed {
                        for ties in 0...1 {
                            for outcome in [Match.Outcome.win, .loss, .tie] {
                                expected.append(self.expected(bestOf: n, wins: wins, losses: losses, ties: ties, outcome))
                            }
                        }
                    }
                }
            }
            let got = try XCTUnwrap(r.first?.string).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(got.count, expected.count)
            for (k, (a, b)) in zip(got, expected).enumerated() where a != b {
                XCTFail("case \(k) (floats: \(asFloat)): \(a), Match gives \(b)")
                break
            }
        }
    }

    func testANewMatchIsTheDocumentedTableAndBadLengthsAreRefused() throws {
        let r = try run("""
            local m = game.match.new(5)
            local keys = {}
            for k in pairs(m) do keys[#keys + 1] = k end
            table.sort(keys)
            local ok3, e3 = pcall(game.match.new, 4)
            local ok4, e4 = pcall(game.match.new, 101)
            local ok5, e5 = pcall(game.match.new, 3.0)
            return table.concat(keys, " "), m.match, m.needed, m.wins, m.losses, m.ties, m.left, m.over, m.winner,
              ok3, e3, ok4, e4, ok5 and e5.needed
            """)
        XCTAssertEqual(r[0], .string("left losses match needed over ties wins"))
        XCTAssertEqual(Array(r[1...8]), [.integer(5), .integer(3), .integer(0), .integer(0), .integer(0), .integer(3), .boolean(false), .nil])
        XCTAssertEqual(r[9], .boolean(false))
        XCTAssertEqual(r[10].string?.hasSuffix("best-of-4 is not a match length: N must be odd, from 1 to 99"), true, "\(r[10])")
        XCTAssertEqual(r[12].string?.hasSuffix("best-of-101 is not a match length: N must be odd, from 1 to 99"), true, "\(r[12])")
        XCTAssertEqual(r[13], .integer(2), "a whole float is a length")
    }
}
