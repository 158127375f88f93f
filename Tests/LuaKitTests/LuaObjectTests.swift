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

    func testASnapshotRestoresTablesAndObjectsKeepingSharing() throws {
        let lua = LuaState()
        let original = Counter(5)
        lua.setGlobal("counter", .ref(lua.makeRef(object: original)))
        let make = try lua.load("""
            local shared = { 1, 2 }
            local t = { a = shared, b = shared, c = counter, [1.5] = "float key", [3] = "hole", 0/0 ~= 0/0 }
            t.self = t
            t.meta = setmetatable({}, { __index = function() return "from the metatable" end })
            return t
            """, chunkName: "c.lua")
        guard case .ref(let t)? = try lua.call(make, tablesByReference: true).first else { return XCTFail() }
        try lua.saveSnapshot(of: t)
        lua.setGlobal("orig", .ref(t))
        _ = try lua.call(try lua.load("orig.a[1] = 99; orig.c:add(10); orig.new = true", chunkName: "change.lua"))
        let copy = try lua.restoreSnapshot(into: t)
        lua.setGlobal("copy", .ref(copy))
        let check = try lua.load("""
            return copy ~= orig, copy.a[1], copy.a == copy.b, copy.self == copy, copy.new == nil, copy.c:value(),
              orig.c:value(), copy[1.5], copy[3], copy[1], copy.meta.anything, getmetatable(copy.meta) == getmetatable(orig.meta)
            """, chunkName: "check.lua")
        XCTAssertEqual(try lua.call(check), [true, 1, true, true, true, 5, 15, "float key", "hole", true, "from the metatable", true])
    }

    func testAnUntouchedStateIsKeptAsItIs() throws {
        let lua = LuaState()
        let t = try lua.call(try lua.load("return { list = { 1, 2, { x = 'y' } }, n = 2.5, s = 'text' }", chunkName: "t.lua"),
                             tablesByReference: true)
        guard case .ref(let state)? = t.first else { return XCTFail() }
        try lua.saveSnapshot(of: state)
        let same = try lua.restoreSnapshot(into: state)
        lua.setGlobal("a", .ref(state))
        lua.setGlobal("b", .ref(same))
        XCTAssertEqual(try lua.call(try lua.load("return rawequal(a, b)", chunkName: "same.lua")), [true], "the same table, not a copy")
        // A change anywhere, even a table swapped for an equal one, is restored.
        for change in ["a.n = 2.5000001", "a.list[3] = { x = 'y' }", "a.list[4] = 1", "a.s = nil", "setmetatable(a.list, {})",
                       "a.list[3].x = 'z'", "a.extra = {}"] {
            guard case .ref(let fresh)? = try lua.call(try lua.load("return { list = { 1, 2, { x = 'y' } }, n = 2.5, s = 'text' }",
                                                                    chunkName: "t.lua"), tablesByReference: true).first else { return XCTFail() }
            lua.setGlobal("a", .ref(fresh))
            try lua.saveSnapshot(of: fresh)
            _ = try lua.call(try lua.load(change, chunkName: "change.lua"))
            lua.setGlobal("b", .ref(try lua.restoreSnapshot(into: fresh)))
            XCTAssertEqual(try lua.call(try lua.load("return rawequal(a, b), b.n, #b.list, b.s, getmetatable(b.list), b.list[3].x, b.extra",
                                                     chunkName: "after.lua")),
                           [false, 2.5, 3, "text", .nil, "y", .nil], change)
        }
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
