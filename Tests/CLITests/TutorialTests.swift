import Foundation
import XCTest

/// docs/writing-rules.md, followed literally: its shell blocks run in order in an empty folder,
/// and its "write" listings are saved where it says, as a reader's editor would.
final class TutorialTests: XCTestCase {
    enum Block { case shell(String), write(file: String, text: String) }

    func blocks(_ page: String = "docs/writing-rules.md") throws -> [Block] {
        let doc = try String(contentsOf: GamehostProcess.packageRoot.appendingPathComponent(page), encoding: .utf8)
        var blocks: [Block] = []
        var lines = doc.components(separatedBy: "\n")[...]
        var pendingWrite: String?
        while let line = lines.popFirst() {
            if line.hasPrefix("<!-- write: "), let end = line.range(of: " -->") {
                pendingWrite = String(line[line.index(line.startIndex, offsetBy: 12)..<end.lowerBound])
            } else if line == "```sh" || line == "```lua" {
                var body: [String] = []
                while let l = lines.popFirst(), l != "```" { body.append(l) }
                if line == "```sh" {
                    blocks.append(.shell(body.joined(separator: "\n")))
                } else if let file = pendingWrite {
                    blocks.append(.write(file: file, text: body.joined(separator: "\n") + "\n"))
                    pendingWrite = nil
                }
            }
        }
        return blocks
    }

    func testTheTutorialProducesAWorkingVariant() throws {
        let dir = NSTemporaryDirectory() + "tutorial-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let blocks = try blocks()
        XCTAssertGreaterThanOrEqual(blocks.count, 9)
        let (all, work) = try follow(blocks, in: dir)
        XCTAssertTrue(all.contains("Lizard poisons Spock: you win this one"), all)
        XCTAssertTrue(all.contains("rpsls.lua: ok (10 playthroughs"), all)
        XCTAssertTrue(all.contains("the old test no longer matches"), all)
        XCTAssertTrue(all.contains("steps replayed, all as recorded"), all)
        XCTAssertTrue(all.split(separator: "\n").contains { $0.hasPrefix("my-rpsls ") && $0.contains(" Rock · Paper · Scissors · Lizard · Spock — ") }, all)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/data/gamehost/rules/my-rpsls.lua"), "the copy went to $XDG_DATA_HOME")
        // The listing the reader ends with is the rule that ships.
        let shipped = try String(contentsOf: GamehostProcess.packageRoot.appendingPathComponent("rules/rpsls.lua"), encoding: .utf8)
        XCTAssertEqual(try String(contentsOfFile: work + "/rpsls.lua", encoding: .utf8), shipped)
    }

    func testTheCardGameWalkThroughWorks() throws {
        let dir = NSTemporaryDirectory() + "card-tutorial-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let blocks = try blocks("docs/writing-card-games.md")
        XCTAssertEqual(blocks.count, 4)
        let (all, _) = try follow(blocks, in: dir)
        XCTAssertTrue(all.contains("Cards: "), all)
        XCTAssertTrue(all.contains("higher-lower.lua: ok (10 playthroughs"), all)
        XCTAssertTrue(all.contains("higher-lower: 2000 games"), all)
        XCTAssertTrue(all.contains(#""called":"higher""#), all)
        XCTAssertFalse(all.contains(#""deck""#), "the deck is secret: \(all)")
    }

    /// Runs the blocks in order in `dir`/work, as a reader would; returns what the shell
    /// blocks printed and the work folder.
    func follow(_ blocks: [Block], in dir: String) throws -> (String, String) {
        let home = dir + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let work = dir + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        var outputs: [String] = []
        for block in blocks {
            switch block {
            case .write(let file, let text):
                try text.write(toFile: work + "/" + file, atomically: true, encoding: .utf8)
            case .shell(let script):
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/bash")
                process.arguments = ["-e", "-o", "pipefail", "-c", script]
                process.currentDirectoryURL = URL(fileURLWithPath: work)
                var env = ProcessInfo.processInfo.environment
                env["PATH"] = GamehostProcess.binary.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
                env["HOME"] = home
                env["XDG_DATA_HOME"] = dir + "/data"  // the tutorial follows it
                process.environment = env
                let out = Pipe()
                process.standardOutput = out
                process.standardError = out
                try process.run()
                let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                XCTAssertEqual(process.terminationStatus, 0, "\(script)\n\(text)")
                outputs.append(text)
            }
        }
        return (outputs.joined(separator: "\n"), work)
    }
}
