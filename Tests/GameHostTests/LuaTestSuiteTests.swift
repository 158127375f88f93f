import Foundation
import GameRules
import LuaKit
import XCTest

/// Lua 5.4.4's own test files, run unchanged inside a rule's sandbox: a rule author can rely on
/// the Lua 5.4 manual for every function the sandbox keeps. The files are Lua's release files,
/// unchanged, in `Tests/lua-5.4.4-tests`. Only blocks that need what the sandbox removes on purpose are skipped, each
/// listed once below with its reason (docs/lua-api.md lists the removals); a skipped block is
/// blanked line for line, so every other line keeps its number in Lua's messages.
final class LuaTestSuiteTests: XCTestCase {
    static let files = [
        "pm.lua", "strings.lua", "utf8.lua", "sort.lua", "tpack.lua", "vararg.lua", "nextvar.lua", "math.lua",
        "closure.lua", "goto.lua", "calls.lua", "constructs.lua", "events.lua", "literals.lua", "locals.lua",
        "coroutine.lua", "errors.lua",
    ]

    /// The blocks skipped: file, first line, last line, why.
    static let exclusions: [(file: String, first: Int, last: Int, reason: String)] = [
        ("strings.lua", 168, 169, "string.format(\"%p\") of io.stdin: io is not in the sandbox"),
        ("nextvar.lua", 277, 281, "clearing globals consults package.loaded: package is not in the sandbox"),
        ("nextvar.lua", 334, 352, "a table with every kind of key needs a userdata (io.stdin): io is not in the sandbox"),
        ("math.lua", 817, 841, "checks the generator's output after math.randomseed(1007): the host seeds all chance"),
        ("math.lua", 843, 853, "checks that math.randomseed returns its seeds: the host seeds all chance"),
        ("closure.lua", 231, 231, "require'debug': debug is not in the sandbox"),
        ("closure.lua", 243, 252, "compares upvalues with debug.upvalueid: debug is not in the sandbox"),
        ("closure.lua", 255, 268, "joins upvalues with debug.upvaluejoin: debug is not in the sandbox"),
        ("goto.lua", 157, 157, "require 'debug': debug is not in the sandbox"),
        ("goto.lua", 187, 218, "compares upvalues with debug.upvalueid: debug is not in the sandbox"),
        ("calls.lua", 6, 6, "require \"debug\": debug is not in the sandbox"),
        ("calls.lua", 299, 299, "debug.getinfo(a).source: debug is not in the sandbox"),
        ("calls.lua", 316, 317, "loads a string.dump result: binary chunks are not allowed"),
        ("calls.lua", 320, 327, "loads a string.dump result through a reader: binary chunks are not allowed"),
        ("calls.lua", 330, 334, "loads a string.dump result: binary chunks are not allowed"),
        ("calls.lua", 352, 356, "a dumped function and debug.setupvalue: binary chunks and debug are not allowed"),
        ("calls.lua", 375, 377, "reloads a dumped function in mode \"b\": binary chunks are not allowed"),
        ("calls.lua", 382, 395, "dump and undump with debug.setupvalue: binary chunks and debug are not allowed"),
        ("calls.lua", 412, 418, "dump and undump with debug.upvaluejoin: binary chunks and debug are not allowed"),
        ("calls.lua", 448, 477, "binary chunk headers, corrupted and truncated: binary chunks are not allowed"),
        ("constructs.lua", 6, 6, "require \"debug\": debug is not in the sandbox"),
        ("constructs.lua", 279, 279, "debug.getinfo(1, \"n\").name: debug is not in the sandbox"),
        ("events.lua", 6, 6, "require'debug': debug is not in the sandbox"),
        ("events.lua", 196, 196, "rawlen of a userdata (io.stdin): io is not in the sandbox"),
        ("events.lua", 438, 463, "metatables for numbers, booleans and nil need debug.setmetatable: debug is not in the sandbox"),
        ("literals.lua", 6, 6, "require \"debug\": debug is not in the sandbox"),
        ("literals.lua", 40, 47, "lexstring reads its line with debug.getinfo: debug is not in the sandbox"),
        ("literals.lua", 250, 254, "a chunk returns debug.getinfo(1).currentline: debug is not in the sandbox"),
        ("literals.lua", 296, 319, "decimal points under other locales need os.setlocale: os is the host's clock only"),
        ("locals.lua", 6, 6, "require\"debug\": debug is not in the sandbox"),
        ("locals.lua", 8, 8, "require\"tracegc\": the suite's GC tracer is a file module using __gc, which rules cannot set"),
        ("locals.lua", 80, 80, "reads a chunk's _ENV with debug.getupvalue: debug is not in the sandbox"),
        ("locals.lua", 82, 82, "reads a chunk's _ENV with debug.getupvalue: debug is not in the sandbox"),
        ("locals.lua", 165, 165, "reads a function's _ENV with debug.getupvalue: debug is not in the sandbox"),
        ("locals.lua", 260, 260, "debug.getinfo(2).name inside __close: debug is not in the sandbox"),
        ("locals.lua", 407, 407, "debug.getinfo(2).name inside __close: debug is not in the sandbox"),
        ("locals.lua", 413, 413, "debug.getinfo(2).name inside __close: debug is not in the sandbox"),
        ("locals.lua", 422, 422, "debug.getinfo(2).name inside __close: debug is not in the sandbox"),
        ("locals.lua", 430, 430, "debug.getinfo(2).name inside __close: debug is not in the sandbox"),
        ("locals.lua", 461, 462, "xpcall with debug.traceback as the handler: debug is not in the sandbox"),
        ("locals.lua", 469, 471, "xpcall with debug.traceback, checking the traceback: debug is not in the sandbox"),
        ("locals.lua", 584, 584, "tracegc.stop(): the GC tracer is not loaded (see line 8)"),
        ("locals.lua", 586, 586, "tracegc.start(): the GC tracer is not loaded (see line 8)"),
        ("locals.lua", 740, 764, "__close against return hooks, traced with debug.sethook: debug is not in the sandbox"),
        ("coroutine.lua", 6, 6, "require'debug': debug is not in the sandbox"),
        ("coroutine.lua", 226, 226, "debug.getinfo(2) inside __close: debug is not in the sandbox"),
        ("coroutine.lua", 234, 234, "checks the debug.getinfo record of line 226: debug is not in the sandbox"),
        ("coroutine.lua", 335, 352, "traces a coroutine with debug.sethook: debug is not in the sandbox"),
        ("coroutine.lua", 356, 357, "checks line numbers with debug.getinfo: debug is not in the sandbox"),
        ("coroutine.lua", 942, 944, "replaces a function's _ENV with debug.setupvalue: debug is not in the sandbox"),
        ("errors.lua", 6, 6, "require\"debug\": debug is not in the sandbox"),
        ("errors.lua", 203, 203, "the message for a for loop over a FILE* (io.stdin): io is not in the sandbox"),
        ("errors.lua", 212, 218, "light userdata messages need debug.upvalueid: debug is not in the sandbox"),
        ("errors.lua", 221, 221, "__name in messages, tested on a FILE*: io is not in the sandbox"),
        ("errors.lua", 224, 224, "__name in messages, tested with io.input: io is not in the sandbox"),
        ("errors.lua", 226, 226, "__name in messages, tested on a FILE*: io is not in the sandbox"),
        ("errors.lua", 229, 229, "__name in messages, tested on a FILE*: io is not in the sandbox"),
        ("errors.lua", 254, 266, "errors in functions stripped by string.dump: string.dump is not in the sandbox"),
        ("errors.lua", 316, 316, "calls the __gc of io.stdin's metatable: io is not in the sandbox"),
        ("errors.lua", 549, 549, "checks an assertion's line against debug.getinfo: debug is not in the sandbox"),
    ]

    static var suiteDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lua-5.4.4-tests").path
    }

    /// The file's bytes (Lua source is bytes: several files hold bytes that are not UTF-8) with
    /// the excluded lines emptied.
    func source(_ file: String, keeping kept: Int? = nil) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.suiteDirectory + "/" + file)))
        let skipped = Self.exclusions.enumerated().filter { $0.element.file == file && $0.offset != kept }.map(\.element)
        guard !skipped.isEmpty else { return bytes }
        var lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
        for range in skipped {
            for n in range.first...range.last { lines[n - 1] = [] }
        }
        return Array(lines.joined(separator: [10]))
    }

    /// Runs a file; the error it ended with, if any.
    func run(_ file: String, keeping kept: Int? = nil) throws -> LuaError? {
        let sandbox = RuleSandbox()
        let lua = sandbox.lua
        lua.stepBudget = 4_000_000_000
        lua.timeLimit = 60
        lua.setGlobal("_port", true)
        lua.setGlobal("_soft", true)
        do {
            try lua.call(try lua.load(try source(file, keeping: kept), chunkName: file))
            return nil
        } catch let error as LuaError {
            return error
        }
    }

    func testTheListedFilesPassInTheSandbox() throws {
        for file in Self.files {
            if let error = try run(file) { XCTFail("\(file): \(error.message)\n\(error.traceback ?? "")") }
        }
    }

    /// Only what must be skipped is: each block, run again, fails.
    func testEveryExclusionIsNeeded() throws {
        for (k, range) in Self.exclusions.enumerated() {
            XCTAssertNotNil(try run(range.file, keeping: k), "\(range.file):\(range.first)-\(range.last) passes without being skipped")
        }
    }

    func testEveryExclusionNamesALineOfItsFile() throws {
        for range in Self.exclusions {
            let count = try source(range.file).split(separator: 10, omittingEmptySubsequences: false).count
            XCTAssertTrue(Self.files.contains(range.file), range.file)
            XCTAssertTrue(1 <= range.first && range.first <= range.last && range.last <= count, "\(range)")
            XCTAssertFalse(range.reason.isEmpty)
        }
    }
}
