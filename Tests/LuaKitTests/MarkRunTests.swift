import GameCore
import LuaKit
import XCTest

/// Text with long runs of combining marks costs Swift the square of the run to compare, hash
/// or sort; the host takes no such text from a rule, wherever it crosses.
final class MarkRunTests: XCTestCase {
    private func marks(_ n: Int, on base: String = "a", mark: String = "\u{301}") -> String {
        base + String(repeating: mark, count: n)
    }

    func testTheBoundCountsMarksInARowWhateverTheirClass() {
        XCTAssertFalse(MarkRun.isTooLong(marks(MarkRun.limit)))
        XCTAssertTrue(MarkRun.isTooLong(marks(MarkRun.limit + 1)))
        // Of several classes, from several blocks (Hebrew points, a Devanagari nukta, a
        // variation of the combining half marks), all count.
        let mixed = "x" + String(repeating: "\u{5B4}\u{93C}\u{FE20}\u{1D167}", count: 8)
        XCTAssertTrue(MarkRun.isTooLong(mixed))
        // A starter between runs ends a run; marks spread out are fine.
        XCTAssertFalse(MarkRun.isTooLong(String(repeating: marks(MarkRun.limit), count: 1000)))
        XCTAssertFalse(MarkRun.isTooLong(String(repeating: "plain ascii ", count: 10000)))
        XCTAssertTrue(MarkRun.isTooLong(marks(200_000)))
        // The shortest text past the bound: the limit and one more two-byte marks, alone.
        XCTAssertTrue(MarkRun.isTooLong(marks(MarkRun.limit + 1, on: "")))
        XCTAssertEqual(marks(MarkRun.limit + 1, on: "").utf8.count, 2 * (MarkRun.limit + 1))
        XCTAssertFalse(MarkRun.isTooLong(marks(MarkRun.limit, on: "")))
    }

    func testMalformedBytesBeforeARunDoNotHideIt() {
        // String(decoding:) reads a stray byte as U+FFFD and then the marks after it as a run.
        for stray: [UInt8] in [[0x80], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xFF]] {
            let bytes = stray + Array(String(repeating: "\u{301}", count: MarkRun.limit + 1).utf8)
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertTrue(bytes.withUnsafeBufferPointer { MarkRun.isTooLong($0) }, "after \(stray)")
            XCTAssertTrue(MarkRun.isTooLong(text))
        }
    }

    func testTheReaderRefusesSuchAStringAsAValueOrAKeyNamingWhere() throws {
        let lua = LuaState()
        let f = try lua.load("""
            local m = 'a' .. string.rep('\\u{301}', 200000)
            local which = ...
            if which == 'value' then return { name = m } end
            return { fields = { [m] = 1 } }
            """, chunkName: "marks.lua")
        XCTAssertThrowsError(try lua.call(f, ["value"])) {
            XCTAssertTrue("\($0)".contains(".name"), "\($0)")
            XCTAssertTrue("\($0)".contains("more than \(MarkRun.limit) combining marks in a row"), "\($0)")
        }
        XCTAssertThrowsError(try lua.call(f, ["key"])) {
            XCTAssertTrue("\($0)".contains(".fields"), "\($0)")
            XCTAssertTrue("\($0)".contains("combining marks"), "\($0)")
        }
        // The state is whole afterwards.
        XCTAssertEqual(try lua.call(try lua.load("return 'ok'", chunkName: "ok.lua")), ["ok"])
    }

    func testAHostFunctionsStringParameterRefusesIt() throws {
        let lua = LuaState()
        lua.register("say", [.string("text", max: 1 << 20)]) { call in
            call.push(Int64(call.text(1).utf8.count))
            return 1
        }
        let f = try lua.load("""
            local ok, err = pcall(say, 'a' .. string.rep('\\u{301}', 200000))
            return ok, err, say('caf\\u{65}\\u{301}')
            """, chunkName: "say.lua")
        let r = try lua.call(f)
        XCTAssertEqual(r[0], false)
        XCTAssertTrue(r[1].string?.contains("at most \(MarkRun.limit) combining marks in a row") ?? false, "\(r[1])")
        XCTAssertEqual(r[2], 6)
    }

    func testKeysOfDifferentBytesThatReadAsOneTextAreAnErrorNotALoss() throws {
        let lua = LuaState()
        let f = try lua.load("return { ['caf\\u{E9}'] = 1, ['caf\\u{65}\\u{301}'] = 2 }", chunkName: "nfc.lua")
        XCTAssertThrowsError(try lua.call(f)) { XCTAssertTrue("\($0)".contains("read as the same text"), "\($0)") }
    }
}
