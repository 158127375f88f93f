import Foundation
import GameRules
import LuaKit
import GameHostTesting
import XCTest

/// Every function the sandbox wraps raises, for the inputs Lua rejects, the very error stock
/// Lua 5.4 raises: the same script runs under `lua5.4` and in a rule's sandbox, and every line
/// it prints must be the same. (The sandbox's own caps are tested apart: they differ on purpose.)
final class WrapperFidelityTests: XCTestCase {
    /// Calls whose errors (or results) are compared; each runs under pcall.
    static let calls = [
        // patterns and string.rep
        "string.rep()", "string.rep('x')", "string.rep('x', 'a')", "string.rep({}, 1)", "('x'):rep(-1)", "('x'):rep()",
        "string.rep('ab', 3, {})", "string.find()", "string.find('a')", "string.find('a', {})", "string.find('a', 'b', 'x')",
        "string.find('a', '[')", "string.find('a', '%')", "string.find('a', '(()')", "string.find('a', '%g(')",
        "string.match('a')", "string.match('abc', '(a)(b', 1)", "string.gmatch()", "string.gmatch('a')",
        "string.gmatch('a', 'a', 'x')", "string.gsub('a', 'b')", "string.gsub('a', 'b', true)", "string.gsub('a', '(', 'x')",
        "string.gsub('abc', '%w', '%2')", "string.gsub('a', 'a', 'x', 'n')", "('x'):find({})", "('x'):gsub()",
        "string.find('abc', 'b', 10)", "string.find('abc', 'b', -10)", "string.gsub('hello world', '(o)', '[%1]', 1)",
        "string.find('a.b', '.', 1, true)", "string.match('key=val', '(%w+)=(%w+)')",
        // table functions
        "table.move()", "table.move({}, 1)", "table.move({}, 1, 2)", "table.move(1, 1, 2, 3)", "table.move({}, 1, 2, 3, 1)",
        "table.move({}, -1, math.maxinteger, 1)", "table.move({}, 1, 2, math.maxinteger)", "table.move({1, 2, 3}, 1, 3, 3)",
        "table.insert()", "table.insert({})", "table.insert({}, 5, 1)", "table.insert({}, 1, 2, 3)", "table.insert(1, 2)",
        "table.insert({}, 'x', 1)", "table.insert({1, 2}, 1, 0)", "table.remove()", "table.remove({}, 5)", "table.remove({1, 2, 3}, 1)",
        "table.remove(1)", "table.remove({1}, 'x')", "table.sort({3, 'a', 1})", "table.sort({}, 1)", "table.sort(1)",
        "table.concat({{}})", "table.concat({}, {})", "table.concat({1, 2}, '-', 1, 3)", "table.concat(1)",
        // loading
        "load()", "load(1)", "load('x=', nil, {})", "load('return 1', 'n', 'b')", "load(function() return {} end)",
        "load('return', '=chunk')", "load('return 2', 'c', 't', {})()", "load('x = 1', nil, 't', nil)",
        // protected calls and coroutines
        "pcall()", "xpcall()", "xpcall(print)", "xpcall(print, 1)", "xpcall(error, function(m) return 'handled ' .. tostring(m) end, 'e')",
        "coroutine.resume()", "coroutine.resume(1)", "coroutine.resume(coroutine.running())", "coroutine.wrap()",
        "coroutine.wrap(1)", "coroutine.close()", "coroutine.close(coroutine.running())", "coroutine.status()",
        "coroutine.wrap(function() error('inside') end)()", "coroutine.wrap(function() error({}) end)()",
        "coroutine.resume(coroutine.create(function() error('inside') end))",
        "(function() local co = coroutine.wrap(function() end) co() return co() end)()",
        // metatables
        "setmetatable()", "setmetatable(1)", "setmetatable({}, 1)", "setmetatable({})",
        "setmetatable(setmetatable({}, { __metatable = 1 }), {})", "getmetatable(setmetatable({}, { __metatable = 'locked' }))",
        // numbers, text and the collector
        "tonumber()", "tonumber('10', 99)", "tonumber(10, 16)", "tonumber('z', 36)", "tonumber('  0x10  ')",
        "utf8.len()", "utf8.len('abc', 5)", "utf8.len('\\xff')", "collectgarbage('nope')", "collectgarbage('isrunning')",
        "math.random(1, 2, 3)", "math.random(2, 1)", "math.random(1.5)", "math.random('x')", "math.random({})",
        "math.random(3, 3)", "select(2, math.random(0)) == nil",
    ]

    static func script(_ calls: [String]) -> String {
        var lines = ["local function show(ok, ...) local t = table.pack(...) for i = 1, t.n do local kind = type(t[i]) t[i] = (kind == 'table' or kind == 'function' or kind == 'thread') and kind or tostring(t[i]) end return tostring(ok) .. ' ' .. table.concat(t, ' | ', 1, t.n) end"]
        for call in calls {
            lines.append("print(\(String(reflecting: call)), show(pcall(function() return \(call) end)))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func testWrappedFunctionsRaiseLuasOwnErrors() throws {
        let lua5_4 = try requiredTool("lua5.4")
        let folder = NSTemporaryDirectory() + "fidelity-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = Self.script(Self.calls)
        try source.write(toFile: folder + "/wrappers.lua", atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: lua5_4)
        process.arguments = ["wrappers.lua"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let stock = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        // In the sandbox, print is game.say: collect what it says.
        let sandbox = RuleSandbox()
        let collect = try sandbox.lua.load("""
            local chunk = ...
            local lines = {}
            print = function(...) local t = table.pack(...) for i = 1, t.n do t[i] = tostring(t[i]) end lines[#lines + 1] = table.concat(t, '\\t') end
            chunk()
            return table.concat(lines, '\\n') .. '\\n'
            """, chunkName: "=collect")
        let chunk = try sandbox.lua.load(Array(source.utf8), chunkName: "wrappers.lua")
        let ours = try sandbox.lua.call(collect, [.ref(chunk)]).first?.string ?? ""

        let expected = stock.split(separator: "\n", omittingEmptySubsequences: false)
        let actual = ours.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(expected.count, Self.calls.count + 1, stock)
        for (e, a) in zip(expected, actual) where e != a {
            XCTFail("stock Lua: \(e)\nsandbox:   \(a)")
        }
        XCTAssertEqual(expected.count, actual.count)
    }
}
