import GameRules
import LuaKit
import XCTest

/// Lua's pattern syntax checked up front, as Lua itself would find it when a match reaches
/// each part.
final class LuaPatternTests: XCTestCase {
    func testValidPatterns() {
        for pattern in ["%a%a%a%a%a", "[%a]+", "[]]", "[^]]", "%b()", "%f[%w]%w+", "(a)(b)%2", "()", "a-b?c*d+",
                        "[a-z%d]", "%%", "^abc$", "[%]]", "((a)b)%1%2", "%d%d?", "", "."] {
            XCTAssertNil(LuaPattern.problem(pattern), pattern)
        }
    }

    func testMalformedPatternsAreNamedAsLuaNamesThem() throws {
        let cases = [
            ("%", "malformed pattern (ends with '%')"), ("x%", "malformed pattern (ends with '%')"),
            ("a[", "malformed pattern (missing ']')"), ("[a", "malformed pattern (missing ']')"),
            ("[%", "malformed pattern (missing ']')"), ("[^", "malformed pattern (missing ']')"),
            ("%b(", "malformed pattern (missing arguments to '%b')"), ("%f", "missing '[' after '%f' in pattern"),
            ("%fx", "missing '[' after '%f' in pattern"), ("(a", "unfinished capture"), ("a)", "invalid pattern capture"),
            ("%1", "invalid capture index %1"), ("(a%1)", "invalid capture index %1"),
        ]
        let lua = LuaState()
        let find = try lua.load("local s, p = ... return select(2, pcall(string.find, s, p))", chunkName: "find.lua")
        for (pattern, problem) in cases {
            XCTAssertEqual(LuaPattern.problem(pattern), problem, pattern)
            // Lua says the same when a subject reaches the bad part.
            let subject = String(repeating: "x", count: 3) + "a(b)"
            let said = try lua.call(find, [.string(subject), .string(pattern)]).first?.string ?? ""
            if said.contains("pattern") || said.contains("capture") {
                XCTAssertTrue(said.hasSuffix(problem), "\(pattern): Lua says \(said)")
            }
        }
    }
}
