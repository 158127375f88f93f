import LuaKit
import XCTest

/// The host reads and writes a rule's globals raw: an `__index` or `__newindex` a rule put on
/// _G never runs outside a budget (a loop there would hang the host, an error abort it).
final class RawGlobalsTests: XCTestCase {
    func hostileGlobals(_ metamethod: String) throws -> LuaState {
        let lua = LuaState(memoryCap: 16 << 20)
        try lua.call(try lua.load("""
            kept = 1
            setmetatable(_G, { __index = \(metamethod), __newindex = \(metamethod) })
            """, chunkName: "rules/g.lua"))
        return lua
    }

    func testGlobalsAreReadAndWrittenRawUnderAHostileMetatable() throws {
        for metamethod in ["function() while true do end end", "function() error('boom') end",
                           "function() local t = {} while true do t[#t + 1] = {} end end"] {
            let lua = try hostileGlobals(metamethod)
            XCTAssertEqual(try lua.global("kept"), .integer(1), metamethod)
            XCTAssertEqual(try lua.global("missing"), .nil, metamethod)
            XCTAssertNil(lua.globalRef("missing"), metamethod)
            lua.setGlobal("fresh", .string("set"))
            XCTAssertEqual(try lua.global("fresh"), .string("set"), metamethod)
            // The rule's own code still meets its metamethod, under its budget.
            XCTAssertThrowsError(try lua.call(try lua.load("return missing_name", chunkName: "rules/g.lua")), metamethod)
        }
    }
}
