import LuaKit
import GameCore
import XCTest

/// Each escape or denial-of-service attempt must end in a clear error with the host alive.
final class SandboxTests: XCTestCase {
    var lua: LuaState!

    override func setUp() {
        lua = LuaState(memoryCap: 16 << 20)
        lua.stepBudget = 2_000_000
    }

    /// Runs `source` and returns the error it must raise.
    func failure(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> LuaError? {
        do {
            let f = try lua.load(source, chunkName: "rules/hostile.lua")
            try lua.call(f)
            XCTFail("expected an error from: \(source)", file: file, line: line)
        } catch let error as LuaError {
            assertAlive(file: file, line: line)
            return error
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
        }
        return nil
    }

    func run(_ source: String) throws -> [LuaValue] {
        try lua.call(try lua.load(source, chunkName: "rules/ok.lua"))
    }

    func assertAlive(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(try run("return 1 + 1"), [2], "the state still works", file: file, line: line)
    }

    func testDangerousLibrariesAreAbsent() throws {
        XCTAssertEqual(try run("return io, debug, package, require, dofile, loadfile, os, string.dump"),
                       [.nil, .nil, .nil, .nil, .nil, .nil, .nil, .nil])
        XCTAssertEqual(failure("io.open('/etc/passwd')")?.message, "rules/hostile.lua:1: attempt to index a nil value (global 'io')")
        XCTAssertEqual(failure("os.execute('true')")?.message, "rules/hostile.lua:1: attempt to index a nil value (global 'os')")
        XCTAssertNotNil(failure("debug.sethook()"))
        XCTAssertNotNil(failure("package.loadlib('libc.so.6', 'system')"))
        XCTAssertNotNil(failure("require('os')"))
    }

    func testBinaryChunksAndDumpAreRefused() throws {
        XCTAssertEqual(try run("return string.dump, ('').dump"), [.nil, .nil])
        for mode in ["nil", "'b'", "'bt'"] {
            let r = try run("return load('\\27Lua\\84\\0', 'x', \(mode))")
            XCTAssertEqual(r, [.nil, "binary chunks are not allowed in rule files (a sandbox limit)"])
            let pieces = try run("local k = 0 return load(function() k = k + 1 return k == 1 and '\\27Lua' or nil end, 'x', \(mode))")
            XCTAssertEqual(pieces, [.nil, "binary chunks are not allowed in rule files (a sandbox limit)"])
        }
        // Lua's own mode check is kept: text refused in mode "b".
        XCTAssertEqual(try run("return load('return 1', 'x', 'b')"), [.nil, "attempt to load a text chunk (mode is 'b')"])
        // Text still loads, in the sandbox's environment.
        XCTAssertEqual(try run("return load('return io')()"), [.nil])
        XCTAssertEqual(try run("return load('return x', 'c', 't', { x = 5 })()"), [5])
    }

    func testInfiniteLoopsEndWithTheStepBudget() {
        let e = failure("local n = 0\nwhile true do n = n + 1 end")
        XCTAssertEqual(e?.kind, .budget)
        XCTAssertEqual(e?.message, "rules/hostile.lua:2: rule exceeded its step budget")
    }

    func testCatchingTheBudgetErrorDoesNotEscapeIt() {
        XCTAssertEqual(failure("while true do pcall(function() while true do end end) end")?.kind, .budget)
        XCTAssertEqual(failure("while true do xpcall(function() while true do end end, function(m) return m end) end")?.kind, .budget)
    }

    func testCoroutinesRunUnderTheSameBudget() {
        XCTAssertEqual(failure("""
            local co = coroutine.create(function() while true do end end)
            while true do coroutine.resume(co) end
            """)?.kind, .budget)
        XCTAssertEqual(failure("coroutine.wrap(function() while true do end end)()")?.kind, .budget)
    }

    func testMemoryBombsBecomeErrors() {
        // So that the cap, not the budget or the time limit, stops them: under the thread
        // sanitizer filling 16 MB with tables and collecting it takes over a second.
        lua.stepBudget = 50_000_000
        lua.timeLimit = 30
        let strings = failure("local s = 'x'\nwhile true do s = s .. s end")
        XCTAssertEqual(strings?.kind, .memory)
        XCTAssertTrue(strings?.message.contains("memory limit") ?? false)
        XCTAssertEqual(failure("local t = {}\nfor i = 1, 1e9 do t[i] = {} end")?.kind, .memory)
        XCTAssertEqual(failure("local t = {}\nfor i = 1, 1e8 do t[#t+1] = ('x'):rep(1000) .. i end")?.kind, .memory)
    }

    func testStringRepIsCapped() throws {
        let start = ProcessorTime.thread()
        XCTAssertEqual(try run("return #string.rep('', 3e8), #('x'):rep(0), ('ab'):rep(3, '-')"), [0, 0, "ab-ab-ab"])
        XCTAssertLessThan(ProcessorTime.thread() - start, 1)
        XCTAssertTrue(failure("return string.rep('x', 1e12)")?.message.contains("resulting string too large") ?? false)
    }

    func testBacktrackingPatternsAreRefusedBeforeTheyRun() throws {
        let e = failure("return string.find(string.rep('a', 40), '.-.-.-.-.-.-.-.-.-.-.-.-b')")
        XCTAssertTrue(e?.message.contains("pattern too complex") ?? false, e?.message ?? "")
        XCTAssertTrue(failure("return (('a'):rep(5000)):match(('a?'):rep(60) .. ('a'):rep(60))")?.message.contains("pattern too complex") ?? false)
        // Everyday patterns, even on long subjects, still work.
        XCTAssertEqual(try run("return ('  best-of-7  '):match('^%s*(.-)%s*$'), ('best-of-15'):match('^best%-of%-(%d+)$')"), ["best-of-7", "15"])
        XCTAssertEqual(try run("return select(2, (('word '):rep(10000)):gsub('%a+', 'w'))"), [10000])
        XCTAssertEqual(try run("local n = 0 for w in ('a,b,,c'):gmatch('[^,]+') do n = n + 1 end return n"), [3])
        XCTAssertEqual(try run("return ('x'):rep(20000):find('y', 1, true)"), [.nil])
    }

    func testFinalizersAreRefused() {
        let e = failure("setmetatable({}, { __gc = function() while true do end end })")
        XCTAssertEqual(e?.message, "rules/hostile.lua:1: __gc metamethods are not allowed in rule files (a sandbox limit)")
    }

    func testDeepRecursionIsAnError() {
        lua = LuaState()  // the default cap leaves room for Lua's own stack limit to act first
        let e = failure("local function f(n) return 1 + f(n + 1) end\nf(1)")
        XCTAssertTrue(e?.message.contains("stack overflow") ?? false, e?.message ?? "")
        XCTAssertNotNil(failure("local t = setmetatable({}, {}) getmetatable(t).__index = function(t, k) return t[k] end return t.x"))
    }

    func testChainsOfCoroutineCloseAreLimited() throws {
        // Lua 5.4.4 would overflow the C stack and kill the process; the limit turns the
        // chain into an error that close reports.
        let r = try run("""
            local function chain(n)
              local co = coroutine.create(function()
                local guard <close> = setmetatable({}, { __close = function()
                  if n > 0 then
                    local ok, err = coroutine.close(chain(n - 1))
                    if not ok then error(err, 0) end
                  end
                end })
                coroutine.yield()
              end)
              coroutine.resume(co)
              return co
            end
            return coroutine.close(chain(100000))
            """)
        XCTAssertEqual(r.first, false)
        XCTAssertTrue(r.last?.string?.contains("coroutine.close nested more than 40 deep") ?? false, "\(r)")
        assertAlive()
    }

    func testTableMoveRangesAreChargedAsTheyGo() throws {
        let start = ProcessorTime.thread()
        XCTAssertEqual(failure("table.move({}, 1, 1e12, 1, {})")?.kind, .budget)
        XCTAssertEqual(failure("table.move(setmetatable({}, { __index = {} }), 1, 1e15, 1)")?.kind, .budget)
        XCTAssertLessThan(ProcessorTime.thread() - start, 5)
        // Lua's own checks and messages come first.
        XCTAssertTrue(failure("table.move({}, -1, math.maxinteger, 1)")?.message.contains("too many elements to move") ?? false)
        XCTAssertTrue(failure("table.move({}, 1, 2, math.maxinteger)")?.message.contains("destination wrap around") ?? false)
        XCTAssertEqual(try run("return table.concat(table.move({1, 2, 3}, 1, 3, 2), ',')"), ["1,1,2,3"])
    }

    func testMathRandomCanBeReplacedButNotReachedUnseeded() throws {
        // The bare sandbox keeps Lua's math library; GameHost replaces random with the host's.
        XCTAssertEqual(try run("return type(math.floor), type(utf8.char), type(table.concat), type(coroutine.create)"),
                       ["function", "function", "function", "function"])
    }
}

/// Time-limit mode: no count hook, a wall-clock watchdog instead (bulk simulation).
final class WatchdogTests: XCTestCase {
    func testAnInfiniteLoopIsStoppedByTheWatchdog() throws {
        let lua = LuaState()
        lua.stepBudget = nil
        lua.timeLimit = 0.2
        let f = try lua.load("local n = 0\nwhile true do n = n + 1 end", chunkName: "rules/spin.lua")
        let start = ProcessorTime.thread()
        XCTAssertThrowsError(try lua.call(f)) { error in
            XCTAssertEqual((error as? LuaError)?.kind, .budget)
            XCTAssertEqual((error as? LuaError)?.message, "rules/spin.lua:2: rule exceeded its time limit")
        }
        XCTAssertLessThan(ProcessorTime.thread() - start, 5)
        // The state is whole, and a quick call afterwards is not stopped by a stale alarm.
        XCTAssertEqual(try lua.call(try lua.load("return 6 * 7", chunkName: "ok.lua")), [42])
        let busy = try lua.load("local n = 0 for i = 1, 1e6 do n = n + i end return n", chunkName: "busy.lua")
        XCTAssertEqual(try lua.call(busy), [.integer(500000500000)])
    }

    func testSwitchingBackRestoresTheInstructionBudget() throws {
        let lua = LuaState()
        lua.stepBudget = nil
        lua.timeLimit = 5
        XCTAssertEqual(try lua.call(try lua.load("return 1", chunkName: "one.lua")), [1])
        lua.stepBudget = 100_000
        let f = try lua.load("while true do end", chunkName: "loop.lua")
        XCTAssertThrowsError(try lua.call(f)) { XCTAssertEqual(($0 as? LuaError)?.message, "loop.lua:1: rule exceeded its step budget") }
    }
}
