@testable import LuaKit
import XCTest

/// Text compiled once in a process is loaded again from its bytecode: only for the very same
/// name and bytes, with the same lines and names in its errors, and never what failed to compile.
final class CompiledChunksTests: XCTestCase {
    /// A name no other test uses, so that what this test loads is its own.
    private func name(_ tag: String) -> String { "tests/compiled-\(tag)-\(UUID().uuidString).lua" }

    func testTheSameTextLoadsAgainWithItsLinesAndNamesFromTheKeptCode() throws {
        let source = Array("""
            local M = {}
            local function inner(x)
              if x > 2 then error("too big: " .. x) end
              return x * 10
            end
            function M.run(x) return inner(x) end
            return M
            """.utf8)
        let file = name("same")
        var loaded: [(LuaState, [LuaValue])] = []
        for k in 1...3 {
            let lua = LuaState()  // (a state loads chunks of its own as it is made)
            let hitsBefore = CompiledChunks.shared.hits
            let chunk = try lua.load(source, chunkName: file)
            // Compiled from its text the first two times (kept the second), then loaded from its code.
            XCTAssertEqual(CompiledChunks.shared.hits, hitsBefore + (k == 3 ? 1 : 0), "load \(k)")
            loaded.append((lua, try lua.call(chunk, tablesByReference: true)))
        }
        for (lua, module) in loaded {
            guard case .ref(let m)? = module.first else { return XCTFail("no module") }
            let run = try lua.field(m, "run")
            guard case .ref(let f) = run else { return XCTFail("no run") }
            XCTAssertEqual(try lua.call(f, [.integer(2)]).first, .integer(20))
            XCTAssertThrowsError(try lua.call(f, [.integer(3)])) { error in
                XCTAssertEqual((error as? LuaError)?.message, "\(file):3: too big: 3")
            }
        }
    }

    func testOtherBytesUnderTheSameNameAreCompiledAfresh() throws {
        let file = name("edited")
        let lua = LuaState()
        XCTAssertEqual(try lua.call(try lua.load(Array("return 1".utf8), chunkName: file)).first, .integer(1))
        let again = LuaState()
        XCTAssertEqual(try again.call(try again.load(Array("return 2".utf8), chunkName: file)).first, .integer(2), "the file as it is now")
        // And the same bytes under another name are that name's (its errors say so).
        let other = name("other")
        let third = LuaState()
        XCTAssertThrowsError(try third.call(try third.load(Array("error('x')".utf8), chunkName: other))) { error in
            XCTAssertEqual((error as? LuaError)?.message, "\(other):1: x")
        }
    }

    func testTextThatFailsToCompileFailsEveryTime() {
        let file = name("broken")
        for _ in 0..<2 {
            let lua = LuaState()
            XCTAssertThrowsError(try lua.load(Array("local = 1".utf8), chunkName: file)) { error in
                XCTAssertEqual((error as? LuaError)?.kind, .syntax)
                XCTAssertTrue((error as? LuaError)?.message.hasPrefix("\(file):1:") == true, "\(error)")
            }
        }
    }

    func testBinaryChunksAreStillRefusedFromText() throws {
        // Only what this process compiled is loaded as bytecode: bytecode given as source is
        // refused, however many times it comes.
        let lua = LuaState()
        let compiled = try lua.load(Array("return 7".utf8), chunkName: name("dumped"))
        _ = compiled
        for _ in 0..<2 {
            let state = LuaState()
            XCTAssertThrowsError(try state.load(Array("\u{1B}Lua".utf8) + [0x54, 0x00], chunkName: name("binary"))) { error in
                XCTAssertTrue("\(error)".contains("binary"), "\(error)")
            }
        }
    }

    func testPastItsBoundTheOldestChunksAreLetGo() throws {
        // Each chunk loaded twice (kept the second time), more of them than are kept.
        var names: [String] = []
        for k in 0..<(CompiledChunks.entryLimit + 8) {
            names.append(name("many"))
            for _ in 0..<2 {
                let lua = LuaState()
                XCTAssertEqual(try lua.call(try lua.load(Array("return \(k)".utf8), chunkName: names[k])).first, .integer(Int64(k)))
            }
        }
        // The newest is kept; the oldest was let go, and is compiled from its text again.
        for (k, kept) in [(names.count - 1, true), (0, false)] {
            let lua = LuaState()
            let hitsBefore = CompiledChunks.shared.hits
            XCTAssertEqual(try lua.call(try lua.load(Array("return \(k)".utf8), chunkName: names[k])).first, .integer(Int64(k)))
            XCTAssertEqual(CompiledChunks.shared.hits, hitsBefore + (kept ? 1 : 0), "chunk \(k)")
        }
    }

    func testATextCompiledAgainSoonAfterIsKeptHoweverManyCameBefore() throws {
        // The texts compiled once are remembered, the latest `seenLimit` of them: one compiled
        // again after `seenLimit - 1` others is kept that time; one compiled again after
        // `seenLimit` others is only noted again.
        let lua = LuaState()
        func load(_ text: String, _ file: String) throws { _ = try lua.load(Array(text.utf8), chunkName: file) }
        func others(_ n: Int) throws { for k in 0..<n { try load("return \(k)", name("other")) } }
        let recent = name("recent"), old = name("old")
        try load("return 'recent'", recent)
        try others(CompiledChunks.seenLimit - 1)
        try load("return 'recent'", recent)  // kept now
        var hits = CompiledChunks.shared.hits
        try load("return 'recent'", recent)
        XCTAssertEqual(CompiledChunks.shared.hits, hits + 1, "compiled again after \(CompiledChunks.seenLimit - 1) others")

        try load("return 'old'", old)
        try others(CompiledChunks.seenLimit)
        try load("return 'old'", old)  // forgotten: noted again
        hits = CompiledChunks.shared.hits
        try load("return 'old'", old)  // kept now
        XCTAssertEqual(CompiledChunks.shared.hits, hits, "compiled again after \(CompiledChunks.seenLimit) others")
        try load("return 'old'", old)
        XCTAssertEqual(CompiledChunks.shared.hits, hits + 1)
    }
}
