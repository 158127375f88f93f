import LuaKit
import XCTest

final class LuaValueTests: XCTestCase {
    func testValuesRoundTripThroughLua() throws {
        let lua = LuaState()
        let values: [LuaValue] = [
            .nil, true, false, 42, -7, .integer(Int64.max), 2.5, "plain", "naïve ☃ 日本",
            .string("nul\u{0}inside"), [1, 2, 3], ["a": 1, "b": ["nested": [true, "x"]]], [],
        ]
        let identity = try lua.load("return ...", chunkName: "identity.lua")
        for value in values {
            XCTAssertEqual(try lua.call(identity, [value]), [value], "round trip of \(value)")
        }
    }

    func testIntegersAndFloatsStayDistinct() throws {
        let lua = LuaState()
        let f = try lua.load("return 3, 3.0, 7 // 2, 7 / 2, math.type(...)", chunkName: "n.lua")
        XCTAssertEqual(try lua.call(f, [.number(1.0)]), [.integer(3), .number(3.0), .integer(3), .number(3.5), "float"])
        XCTAssertEqual(LuaValue.number(4.0).integer, 4)
        XCTAssertNil(LuaValue.number(4.5).integer)
    }

    /// A list of strings is read as one when it is exactly that, and as the reader reads it;
    /// any other table is left to the reader (nil), which names what is wrong with it.
    func testAListOfStringsIsReadAsOneOrLeftToTheReader() throws {
        let lua = LuaState()
        let make = try lua.load("""
            local which = ...
            local lists = {
              plain = { "rock", "paper", "naïve ☃" }, empty = {}, number = { "a", 2 }, hole = { "a", nil, "c" },
              field = { "a", "b", text = "more" }, onlyfield = { text = "a word" }, long = { "a", string.rep("x", 101) },
              nested = { "a", { "b" } }, marks = { "a" .. string.rep("\u{301}", 40) },
            }
            return lists[which]
            """, chunkName: "lists.lua")
        // Read as the engine reads a query's answer: where it lies on the stack.
        func list(_ which: String) throws -> [String]? {
            try lua.call(make, arguments: { $0.push(.string(which)) }) { result in
                let fast = result.stringList(maxBytes: 100)
                if let fast { XCTAssertEqual(try result.value(as: "list"), .array(fast.map(LuaValue.string)), "\(which): as the reader reads it") }
                return fast
            }
        }
        XCTAssertEqual(try list("plain"), ["rock", "paper", "naïve ☃"])
        XCTAssertEqual(try list("empty"), [])
        for other in ["number", "hole", "field", "onlyfield", "long", "nested", "marks"] {
            XCTAssertNil(try list(other), "\(other) is left to the reader")
        }
    }

    func testTablesWithMixedKeysBecomeMaps() throws {
        let lua = LuaState()
        let f = try lua.load("return { 'a', 'b', x = 1 }, { [1] = 'a', [3] = 'c' }, { [2.5] = true }", chunkName: "t.lua")
        let r = try lua.call(f)
        XCTAssertEqual(r[0], ["1": "a", "2": "b", "x": 1])
        XCTAssertEqual(r[1], ["1": "a", "3": "c"])
        XCTAssertEqual(r[2], ["2.5": true])
    }

    func testAKeyReadTwiceIsAnErrorNotALoss() throws {
        let lua = LuaState()
        let f = try lua.load("return { [1] = 'number', ['1'] = 'text', x = 0 }", chunkName: "t.lua")
        XCTAssertThrowsError(try lua.call(f)) { XCTAssertTrue("\($0)".contains("the keys 1 and \"1\" both read as \"1\""), "\($0)") }
    }

    func testFunctionsComeBackAsCallableReferences() throws {
        let lua = LuaState()
        let f = try lua.load("return function(a, b) return a * b end", chunkName: "f.lua")
        guard case .ref(let mul)? = try lua.call(f).first else { return XCTFail("expected a function reference") }
        XCTAssertEqual(mul.typeName, "function")
        XCTAssertEqual(try lua.call(mul, [6, 7]), [42])
    }

    func testGlobalsAndFields() throws {
        let lua = LuaState()
        lua.setGlobal("config", ["size": 3])
        let f = try lua.load("config.size = config.size + 1; return config", chunkName: "g.lua")
        guard case .ref(let t)? = try lua.call(f, tablesByReference: true).first else { return XCTFail() }
        XCTAssertEqual(try lua.field(t, "size"), 4)
        lua.setField(t, "name", "x")
        XCTAssertEqual(try lua.global("config"), ["size": 4, "name": "x"])
    }
}
