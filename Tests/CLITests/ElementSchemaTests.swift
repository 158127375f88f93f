import Foundation
import GameRuntime
import GameHostTesting
import XCTest

/// View elements in the protocol: a view with every type and every field, as play --json
/// writes it, is valid against docs/protocol.schema.json; the schema's definitions hold exactly
/// the fields the host reads (so neither can gain one alone); and a field the schema refuses is
/// caught by it.
final class ElementSchemaTests: XCTestCase {
    let schema = try! JSONSchema(contentsOf: GamehostProcess.packageRoot.appendingPathComponent("docs/protocol.schema.json"))

    static let everyField = #"""
        return {
          id = "all", title = "All",
          setup = function(game) return { n = 0 } end,
          moves = function(state) return { "up", "down" } end,
          play = function(state, input) state.n = state.n + 1 end,
          result = function(state) if state.n >= 2 then return { winner = "player", summary = "done" } end end,
          view = function(state, game)
            return {
              { type = "heading", text = "All", move = "up", label = "the title", id = "h" },
              "plain",
              { type = "text", text = "dim\nsecond line", style = "dim" },
              { type = "cards", columns = 2, colour = "orange", id = "grid", label = "cards", cards = {
                { face = "🐶", up = true, matched = true, selectable = true, move = "up", label = "1", id = "c1" },
                { face = "hidden", up = false, label = "2", id = "c2" },
                { up = false, matched = true } } },
              { type = "word", letters = { "c", "", "t" }, marks = { "hit", "", "miss" } },
              { type = "keyboard", rows = { "ud" }, keys = { { key = "u", mark = "used", move = "up" }, { key = "d", mark = "present" } } },
              { type = "meter", name = "Chips", value = 2.5, max = 10, unit = "chips" },
              { type = "meter", name = "Count", value = -3 },
              { type = "picture", lines = { " o ", "/|\\" }, alt = "a man" },
              { type = "buttons", buttons = { { text = "Up", move = "up", key = "u" }, { text = "Down", move = "down" } } },
            }
          end,
        }
        """#

    func testEveryTypeAndFieldIsValidJSONOfTheSchema() throws {
        let dir = NSTemporaryDirectory() + "element-schema-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.everyField.write(toFile: dir + "/all.lua", atomically: true, encoding: .utf8)
        let r = try GamehostProcess.run(["play", dir + "/all.lua", "--json", "--data", "none"], input: "up\nup\nn\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        var steps = 0
        for line in r.stdout.split(separator: "\n") {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(schema.problems(object), [], String(line))
            guard object["type"] as? String == "step" else { continue }
            steps += 1
            let elements = try XCTUnwrap(object["elements"] as? [[String: Any]], String(line))
            XCTAssertEqual(elements.map { $0["type"] as? String }, ["heading", "text", "text", "cards", "word", "keyboard", "meter", "meter", "picture", "buttons"])
            XCTAssertFalse(line.contains("hidden"), "a face-down card's face is not sent: \(line)")
        }
        XCTAssertEqual(steps, 4)
    }

    /// Each type's definition in the schema has the fields the host reads for it, with `type`
    /// and the common ones; a card, a key and a button likewise.
    func testTheSchemaHasTheHostsFields() throws {
        func properties(_ name: String) throws -> Set<String> {
            let definition = try XCTUnwrap(schema.definitions[name], name)
            XCTAssertEqual(definition["additionalProperties"] as? Bool, false, name)
            return Set(try XCTUnwrap(definition["properties"] as? [String: Any], name).keys)
        }
        for type in ViewElement.types {
            XCTAssertEqual(try properties(type + "Element"), Set(ViewElement.fields[type]! + ViewElement.commonFields + ["type"]), type)
        }
        XCTAssertEqual(try properties("card"), Set(ViewElement.cardFields))
        XCTAssertEqual(try properties("key"), Set(ViewElement.keyFields))
        XCTAssertEqual(try properties("button"), Set(ViewElement.buttonFields))
        let oneOf = try XCTUnwrap(schema.definitions["element"]?["oneOf"] as? [[String: String]])
        XCTAssertEqual(oneOf.compactMap { $0["$ref"] }, ViewElement.types.map { "#/$defs/\($0)Element" })
    }

    /// The schema refuses what the host never writes: a face on a face-down card, an unknown
    /// field, a button's key of two characters.
    func testTheSchemaRefusesWhatTheHostNeverWrites() {
        let bad: [[String: Any]] = [
            ["type": "cards", "cards": [["face": "A♠", "up": false, "matched": false, "selectable": false]]],
            ["type": "text", "text": "x", "colour": "red"],
            ["type": "buttons", "buttons": [["text": "Go", "key": "go"]]],
            ["type": "meter", "name": "x"],
            ["type": "dance"],
        ]
        for element in bad {
            XCTAssertNotEqual(schema.problems(element, definition: "element"), [], "\(element)")
        }
    }
}
