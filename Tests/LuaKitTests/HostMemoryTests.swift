import LuaKit
import XCTest

/// One memory account: what a host function makes for a rule counts against the rule's cap,
/// as the rule's own allocations do, even stored in tables the rule grew beforehand.
final class HostMemoryTests: XCTestCase {
    /// A state with big(): a new Lua string of 64 KB made by the host at each call (a long
    /// string is a new object each time it is pushed).
    func stateWithBig() -> LuaState {
        let lua = LuaState(memoryCap: 16 << 20)
        let chunk = String(repeating: "x", count: 64 << 10)
        lua.register("big", []) { call in
            call.push(chunk)
            return 1
        }
        return lua
    }

    func testHostMadeValuesCountAgainstTheCap() throws {
        let lua = stateWithBig()
        let source = """
            local t = {}
            for i = 1, 4000 do t[i] = false end  -- grown first: storing allocates nothing more
            for i = 1, 4000 do t[i] = big() end  -- 4,000 strings of 64 KB: 256 MB
            """
        XCTAssertThrowsError(try lua.call(try lua.load(source, chunkName: "rules/m.lua"))) { error in
            XCTAssertEqual((error as? LuaError)?.kind, .memory, "\(error)")
        }
        XCTAssertLessThan(lua.memoryInUse, (16 << 20) + (1 << 20), "held past the cap")
    }

    func testHostMadeGarbageIsCollectedBeforeItCounts() throws {
        let lua = stateWithBig()
        // 256 MB made and dropped, 64 KB at a time: never more than the cap alive.
        XCTAssertNoThrow(try lua.call(try lua.load("for i = 1, 4000 do local s = big() end", chunkName: "rules/m.lua")))
    }
}
