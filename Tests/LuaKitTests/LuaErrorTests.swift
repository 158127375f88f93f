import LuaKit
import XCTest

final class LuaErrorTests: XCTestCase {
    func testRuntimeErrorsNameFileAndLineWithATraceback() throws {
        let lua = LuaState()
        let f = try lua.load("local x = 1\nlocal function g() error('boom') end\ng()", chunkName: "rules/x.lua")
        XCTAssertThrowsError(try lua.call(f)) { error in
            let e = error as! LuaError
            XCTAssertEqual(e.kind, .runtime)
            XCTAssertEqual(e.message, "rules/x.lua:2: boom")
            XCTAssertTrue(e.traceback?.contains("rules/x.lua:3") ?? false, e.traceback ?? "no traceback")
        }
    }

    func testSyntaxErrorsNameFileAndLine() {
        let lua = LuaState()
        XCTAssertThrowsError(try lua.load("local a = 1\nlocal = 2", chunkName: "rules/bad.lua")) { error in
            let e = error as! LuaError
            XCTAssertEqual(e.kind, .syntax)
            XCTAssertTrue(e.message.hasPrefix("rules/bad.lua:2:"), e.message)
        }
    }

    func testSwiftFunctionsAreCallableAndTheirErrorsBecomeLuaErrors() throws {
        struct Oops: Error, CustomStringConvertible { var description: String { "swift says no" } }
        let lua = LuaState()
        lua.register("add", [.integer("a", -1000...1000), .integer("b", -1000...1000)]) { call in
            call.push(Int64(call.int(1) + call.int(2)))
            return 1
        }
        lua.register("fail", []) { _ in throw Oops() }
        let f = try lua.load("""
            local ok, err = pcall(function() fail() end)
            local ok2, err2 = pcall(add, 'x', 1)
            return add(2, 3), ok, err, ok2, err2
            """, chunkName: "s.lua")
        let r = try lua.call(f)
        XCTAssertEqual(r[0], 5)
        XCTAssertEqual(r[1], false)
        XCTAssertEqual(r[2], "s.lua:1: swift says no")
        XCTAssertEqual(r[3], false)
        // Called by pcall itself (C), as in Lua the message has no line to name.
        XCTAssertEqual(r[4], "add: argument #1 (a) must be a whole number from -1000 to 1000, not \"x\"")
        // The state is whole after the raised errors.
        let again = try lua.load("return add(40, 2)", chunkName: "again.lua")
        XCTAssertEqual(try lua.call(again), [42])
    }

    func testAnUncaughtSwiftErrorReachesTheHostWithPosition() throws {
        let lua = LuaState()
        lua.register("fail", [.number("x")]) { _ in 0 }
        let f = try lua.load("\n\nfail()", chunkName: "p.lua")
        XCTAssertThrowsError(try lua.call(f)) {
            XCTAssertEqual(($0 as! LuaError).message, "p.lua:3: fail: argument #1 (x) must be a number from -1e+300 to 1e+300, not no value")
        }
    }

    func testRaisedValuesPassThroughUntouched() throws {
        let lua = LuaState()
        lua.register("token", []) { _ in throw LuaRaise(["token": true]) }
        let f = try lua.load("token()", chunkName: "t.lua")
        XCTAssertThrowsError(try lua.call(f)) { error in
            let e = error as! LuaError
            XCTAssertEqual(e.kind, .value)
            XCTAssertEqual(e.value, LuaValue.map(["token": .boolean(true)]).describedForTests)
        }
    }

    func testHostileErrorObjectsDoNotRunTheirMetamethods() throws {
        let lua = LuaState()
        lua.stepBudget = 1_000_000
        let f = try lua.load("""
            error(setmetatable({}, { __tostring = function() while true do end end }))
            """, chunkName: "hostile.lua")
        XCTAssertThrowsError(try lua.call(f)) { error in
            let e = error as! LuaError
            XCTAssertEqual(e.kind, .value)
            XCTAssertEqual(e.message, "hostile.lua:1: (error object is a table value)", "the position where it was raised")
        }
        let nilError = try lua.load("error(nil)", chunkName: "nil.lua")
        XCTAssertThrowsError(try lua.call(nilError)) { XCTAssertEqual(($0 as! LuaError).message, "nil.lua:1: (error object is a nil value)") }
    }
}
