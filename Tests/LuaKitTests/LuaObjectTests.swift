import LuaKit
import XCTest

final class Counter: LuaObject {
    static let luaTypeName = "Counter"
    var count: Int64
    init(_ count: Int64 = 0) { self.count = count }

    static let luaMethods: [String: (Counter, LuaCall) throws -> Int32] = [
        "add": { counter, call in
            counter.count += Int64(call.int(2))
            call.push(counter.count)
            return 1
        },
        "value": { counter, call in
            call.push(counter.count)
            return 1
        },
        "clone": { counter, call in
            call.state.push(object: Counter(counter.count), in: call)
            return 1
        },
    ]

    func luaCopy() -> Counter { Counter(count) }
    var luaSnapshot: LuaValue { ["count": .integer(count)] }
}

final class LuaObjectTests: XCTestCase {
    func testObjectsAreCallableFromLua() throws {
        let lua = LuaState()
        let counter = Counter(1)
        lua.setGlobal("counter", .ref(lua.makeRef(object: counter)))
        let f = try lua.load("counter:add(2); return counter:add(3), tostring(counter):match('^Counter')", chunkName: "o.lua")
        XCTAssertEqual(try lua.call(f), [6, "Counter"])
        XCTAssertEqual(counter.count, 6)
    }

    func testMethodsCanReturnNewObjects() throws {
        let lua = LuaState()
        lua.setGlobal("counter", .ref(lua.makeRef(object: Counter(3))))
        let f = try lua.load("local c = counter:clone(); c:add(1); return c:value(), counter:value()", chunkName: "c.lua")
        XCTAssertEqual(try lua.call(f), [4, 3])
    }

    func testMethodsCheckTheirReceiverAndMetatablesAreLocked() throws {
        let lua = LuaState()
        lua.setGlobal("counter", .ref(lua.makeRef(object: Counter())))
        let bad = try lua.load("local add = counter.add; add({}, 1)", chunkName: "o.lua")
        XCTAssertThrowsError(try lua.call(bad)) {
            XCTAssertTrue(($0 as! LuaError).message.contains("Counter expected, got table"), "\($0)")
        }
        let locked = try lua.load("return getmetatable(counter)", chunkName: "m.lua")
        XCTAssertEqual(try lua.call(locked), ["locked"])
    }

    func testDeepCopyCopiesTablesAndObjectsKeepingSharing() throws {
        let lua = LuaState()
        let original = Counter(5)
        lua.setGlobal("counter", .ref(lua.makeRef(object: original)))
        let make = try lua.load("""
            local shared = { 1, 2 }
            local t = { a = shared, b = shared, c = counter }
            t.self = t
            return t
            """, chunkName: "c.lua")
        guard case .ref(let t)? = try lua.call(make, tablesByReference: true).first else { return XCTFail() }
        let copy = try lua.deepCopy(t)
        lua.setGlobal("copy", .ref(copy))
        lua.setGlobal("orig", .ref(t))
        let check = try lua.load("""
            copy.a[1] = 99
            copy.c:add(10)
            return orig.a[1], copy.b[1], copy.self == copy, copy.a == copy.b, orig.c:value(), copy.c:value()
            """, chunkName: "check.lua")
        XCTAssertEqual(try lua.call(check), [1, 99, true, true, 5, 15])
        guard case .ref(let c) = try lua.field(copy, "c") else { return XCTFail() }
        XCTAssertEqual((lua.object(of: c) as? Counter)?.luaSnapshot, ["count": 15])
    }

    func testObjectsAndReferencesAreReleasedWhenTheStateCloses() throws {
        weak var weakCounter: Counter?
        do {
            let lua = LuaState()
            let counter = Counter()
            weakCounter = counter
            lua.setGlobal("counter", .ref(lua.makeRef(object: counter)))
            _ = try lua.call(try lua.load("return counter", chunkName: "r.lua"))
            lua.close()
        }
        XCTAssertNil(weakCounter, "closing the state released the object")
    }

    func testReferencesDoNotLeak() throws {
        let lua = LuaState()
        let f = try lua.load("return {}", chunkName: "leak.lua")
        for _ in 0..<1000 { _ = try lua.call(f, tablesByReference: true) }
        let before = lua.memoryInUse
        for _ in 0..<20000 { _ = try lua.call(f, tablesByReference: true) }
        _ = try lua.call(try lua.load("collectgarbage = nil", chunkName: "x.lua"))
        XCTAssertLessThan(lua.memoryInUse, before + 256 << 10, "references made and dropped free their values")
    }
}
