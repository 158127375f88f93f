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
        lua.register("add") { call in
            call.push(try call.integer(1, "a") + call.integer(2, "b"))
            return 1
        }
        lua.register("fail") { _ in throw Oops() }
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
        XCTAssertEqual(r[4].string?.contains("bad argument #1 (a): integer expected, got string"), true)
        // The state is whole after the raised errors.
        let again = try lua.load("return add(40, 2)", chunkName: "again.lua")
        XCTAssertEqual(try lua.call(again), [42])
    }

    func testAnUncaughtSwiftErrorReachesTheHostWithPosition() throws {
        let lua = LuaState()
        lua.register("fail") { _ in throw LuaArgumentError(position: 1, name: "x", expected: "number", got: "nil") }
        let f = try lua.load("\n\nfail()", chunkName: "p.lua")
        XCTAssertThrowsError(try lua.call(f)) { XCTAssertEqual(($0 as! LuaError).message, "p.lua:3: bad argument #1 (x): number expected, got nil") }
    }

    func testRaisedValuesPassThroughUntouched() throws {
        let lua = LuaState()
        lua.register("token") { _ in throw LuaRaise(["token": true]) }
        let f = try lua.load("token()", chunkName: "t.lua")
        XCTAssertThrowsError(try lua.call(f)) { error in
            let e = error as! LuaError
            XCTAssertEqual(e.kind, .value)
            XCTAssertEqual(e.value, ["token": true])
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
            XCTAssertEqual(e.message, "(error object is a table value)")
        }
        let nilError = try lua.load("error(nil)", chunkName: "nil.lua")
        XCTAssertThrowsError(try lua.call(nilError)) { XCTAssertEqual(($0 as! LuaError).message, "(error object is a nil value)") }
    }
}
