import GameCore
@testable import GameRuntime
import LuaKit
import XCTest

/// A picture's drawing attacked: thousands of drawings made of hostile values (not numbers,
/// NaN and infinities, huge and negative numbers, control characters, lists for maps, long
/// lists) are each either refused with the rule's error naming where, or read into a drawing
/// that keeps every bound a browser relies on. Never a crash.
final class DrawingAttackTests: XCTestCase {
    /// A generator with a fixed seed, so a failure replays.
    struct Chance {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
    }

    let hostile: [LuaValue] = [
        .nil, .boolean(true), .integer(0), .integer(-1), .integer(1), .integer(7), .integer(999), .integer(1000), .integer(1001),
        .integer(Int64.max), .integer(Int64.min), .number(0.5), .number(-0.0), .number(.nan), .number(.infinity), .number(-.infinity),
        .number(1e300), .number(-1e300), .string(""), .string("red"), .string("green"), .string("url(#x)"), .string("\u{1B}[2J\u{9B}"),
        .string("<script>alert(1)</script>"), .string(String(repeating: "x", count: 70)), .string("🍎"), .array([]), .map([:]),
        .array([.integer(1), .integer(2)]), .map(["x": .integer(1)]),
    ]

    func value(_ chance: inout Chance) -> LuaValue { hostile[chance.next(hostile.count)] }

    func shape(_ chance: inout Chance) -> LuaValue {
        if chance.next(10) == 0 { return value(&chance) }
        var fields: [String: LuaValue] = [:]
        let names = ViewElement.Drawing.shapeFields + ["onclick", "style"]
        fields["shape"] = [LuaValue.string("rect"), .string("circle"), .string("text"), value(&chance)][chance.next(4)]
        for name in names where name != "shape" && chance.next(3) > 0 {
            // Mostly sound numbers, so that reading gets past the first field.
            fields[name] = chance.next(3) == 0 ? value(&chance) : (["text", "colour"].contains(name)
                ? [LuaValue.string("🍎"), .string("green"), .string("brown")][chance.next(3)] : .integer(Int64(chance.next(120))))
        }
        if chance.next(8) == 0 { fields["onclick"] = .string("x") }
        return .map(fields)
    }

    func testHostileDrawingsAreRefusedOrKeepEveryBound() {
        var chance = Chance(state: 20261205)
        var read = 0, refused = 0
        let palette = Set(TerminalText.colours.map(\.name))
        for _ in 0..<5000 {
            var drawing: [String: LuaValue] = [:]
            drawing["width"] = chance.next(4) == 0 ? value(&chance) : .integer(Int64(1 + chance.next(200)))
            drawing["height"] = chance.next(4) == 0 ? value(&chance) : .integer(Int64(1 + chance.next(200)))
            let count = [0, 1, 3, 10, 199, 200, 201][chance.next(7)]
            drawing["shapes"] = chance.next(10) == 0 ? value(&chance) : .array((0..<count).map { _ in shape(&chance) })
            if chance.next(20) == 0 { drawing["script"] = .string("x") }
            let element = LuaValue.map(["type": .string("picture"), "lines": .array([.string("x")]), "drawing": .map(drawing)])
            do {
                let got = try ViewElementReader.element(element, at: "[1]")
                guard case .picture(_, _, let d?) = got.kind else { return XCTFail("no drawing read from \(element)") }
                read += 1
                XCTAssertTrue((1...1000).contains(d.width) && (1...1000).contains(d.height))
                XCTAssertLessThanOrEqual(d.shapes.count, ViewElement.Drawing.shapeLimit)
                let span = Double(max(d.width, d.height))
                func bounded(_ v: Double) -> Bool { v.isFinite && v >= -span && v <= 2 * span }
                for shape in d.shapes {
                    switch shape {
                    case .rect(let x, let y, let w, let h, let colour):
                        XCTAssertTrue(bounded(x) && bounded(y) && bounded(w) && bounded(h) && w >= 0 && h >= 0 && palette.contains(colour))
                    case .circle(let x, let y, let r, let colour):
                        XCTAssertTrue(bounded(x) && bounded(y) && bounded(r) && r >= 0 && palette.contains(colour))
                    case .text(let x, let y, let text, let size, let colour):
                        XCTAssertTrue(bounded(x) && bounded(y) && bounded(size) && size >= 1 && text.utf8.count <= 64)
                        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "a control character shown: \(text)")
                        if let colour { XCTAssertTrue(palette.contains(colour)) }
                    }
                }
                // What the protocol carries is JSON with finite numbers only.
                XCTAssertFalse(got.json.encoded.contains("null"), got.json.encoded)
            } catch let problem as ViewElementReader.Problem {
                refused += 1
                XCTAssertTrue(problem.description.hasPrefix("view returned an element at [1]"), problem.description)
            } catch {
                XCTFail("not the rule's error: \(error)")
            }
        }
        // Both outcomes were met many times: the attack reached past the first check.
        XCTAssertGreaterThan(read, 200, "drawings read")
        XCTAssertGreaterThan(refused, 1000, "drawings refused")
    }
}
