import Foundation
import TestSupport
import XCTest

/// docs/writing-rules.md, followed literally: its shell blocks run in order in an empty folder,
/// and its "write" listings are saved where it says, as a reader's editor would.
final class TutorialTests: XCTestCase {
    enum Block { case shell(String), write(file: String, text: String) }

    /// A page followed: what its shell blocks printed, its blocks, the work folder, and the
    /// blocks that failed (each with what it printed). `dir` is removed by the test.
    struct Walk: Sendable {
        var dir: String
        var blocks: Int
        var output: String
        var work: String
        var failed: [String]
    }

    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        super.init(name: name, testClosure: testClosure)
        for (test, walk) in [("testTheTutorialProducesAWorkingVariant", Self.rules), ("testTheCardGameWalkThroughWorks", Self.cards),
                             ("testTheViewWalkThroughWorks", Self.views), ("testTheTwoSeatWalkThroughWorks", Self.twoSeats),
                             ("testTheDiceWalkThroughWorks", Self.dice)] where name.hasSuffix(test) {
            walk.start()
        }
    }

    // Each page is followed early, on the second thread: it runs gamehost a dozen times.
    static let rules = EarlyStart { try walk("docs/writing-rules.md") }
    static let cards = EarlyStart { try walk("docs/writing-card-games.md") }
    static let views = EarlyStart { try walk("docs/writing-views.md") }
    static let twoSeats = EarlyStart { try walk("docs/writing-a-two-seat-game.md") }
    static let dice = EarlyStart { try walk("docs/writing-a-dice-game.md") }

    static func walk(_ page: String) throws -> Walk {
        let dir = NSTemporaryDirectory() + "tutorial-" + UUID().uuidString
        let blocks = try blocks(page)
        let (output, work, failed) = try follow(blocks, in: dir)
        return Walk(dir: dir, blocks: blocks.count, output: output, work: work, failed: failed)
    }

    /// The page's walk, with its folder removed at the end of the test.
    func walked(_ walk: EarlyStart<Walk>) throws -> Walk {
        let w = try walk.value()
        addTeardownBlock { try? FileManager.default.removeItem(atPath: w.dir) }
        XCTAssertEqual(w.failed, [], "blocks that failed")
        return w
    }

    static func blocks(_ page: String) throws -> [Block] {
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
        let w = try walked(Self.rules)
        let (all, work, dir) = (w.output, w.work, w.dir)
        XCTAssertGreaterThanOrEqual(w.blocks, 9)
        XCTAssertTrue(all.contains("Lizard poisons Spock: you win this one"), all)
        XCTAssertTrue(all.contains("rpsls.lua: ok (12 playthroughs"), all)
        XCTAssertTrue(all.contains("the old test no longer matches"), all)
        XCTAssertTrue(all.contains("steps replayed, all as recorded"), all)
        XCTAssertTrue(all.split(separator: "\n").contains { $0.hasPrefix("my-rpsls ") && $0.contains(" Rock · Paper · Scissors · Lizard · Spock — ") }, all)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/data/gamehost/rules/my-rpsls.lua"), "the copy went to $XDG_DATA_HOME")
        // The listing the reader ends with is the rule that ships.
        let shipped = try String(contentsOf: GamehostProcess.packageRoot.appendingPathComponent("rules/rpsls.lua"), encoding: .utf8)
        XCTAssertEqual(try String(contentsOfFile: work + "/rpsls.lua", encoding: .utf8), shipped)
    }

    func testTheCardGameWalkThroughWorks() throws {
        let w = try walked(Self.cards)
        let all = w.output
        XCTAssertEqual(w.blocks, 4)
        XCTAssertTrue(all.contains("Cards: "), all)
        XCTAssertTrue(all.contains("higher-lower.lua: ok (10 playthroughs"), all)
        XCTAssertTrue(all.contains("higher-lower: 2000 games"), all)
        XCTAssertTrue(all.contains(#""called":"higher""#), all)
        XCTAssertFalse(all.contains(#""deck""#), "the deck is secret: \(all)")
    }

    /// docs/writing-views.md: its commands run in order, and the first view it shows is the
    /// one the game draws.
    func testTheViewWalkThroughWorks() throws {
        let page = "docs/writing-views.md"
        let w = try walked(Self.views)
        let (all, work) = (w.output, w.work)
        XCTAssertEqual(w.blocks, 6)
        XCTAssertTrue(all.contains("[Higher (h)] [Lower (l)]\nJ♠: right!"), "h plays higher, as the button says: \(all)")
        XCTAssertTrue(all.contains("5H ##\nRight in a row: 0/10\nIs the next card higher\nor lower?"), "24 columns in ASCII: \(all)")
        XCTAssertTrue(all.contains(#"{"id":"deck","matched":false,"selectable":false,"up":false}"#), "the deck's card has no face: \(all)")
        XCTAssertTrue(all.contains("higher-lower.lua: ok (10 playthroughs"), all)
        XCTAssertTrue(all.contains("broken.lua: seed 1: seat 1's view offers 'down' at [5].buttons[2], which is not among the moves offered now"), all)
        // The view the page shows is the game's.
        let doc = try String(contentsOf: GamehostProcess.packageRoot.appendingPathComponent(page), encoding: .utf8)
        let marker = try XCTUnwrap(doc.range(of: "<!-- view: higher-lower.lua --seed 9 -->\n```text\n"))
        let shown = String(doc[marker.upperBound...]).components(separatedBy: "\n```\n")[0]
        let r = try GamehostProcess.run(["play", work + "/higher-lower.lua", "--seed", "9", "--data", "none"], input: "")
        XCTAssertTrue(r.stdout.contains("\n\n" + shown + "\n"), "the page shows:\n\(shown)\nthe game draws:\n\(r.stdout)")
    }

    /// docs/writing-a-two-seat-game.md: the rule it writes plays against its bot and hot-seat,
    /// hides each hand from the other seat, passes check (and a leaky copy fails it), and the
    /// arena measures its bot.
    func testTheTwoSeatWalkThroughWorks() throws {
        let w = try walked(Self.twoSeats)
        let all = w.output
        XCTAssertEqual(w.blocks, 7)
        // Seats are called by game.name: the rule's bot "Bot", a person by their name (the one
        // running the walk-through, as the page's commands give none).
        XCTAssertTrue(all.contains("Your hand: 4♠ K♥ K♠ 6♣ A♦\nBot holds 5 cards."), all)
        XCTAssertNotNil(all.range(of: #"A♦ against 2♦: [^\n]+ takes the trick\."#, options: .regularExpression), "the bot answers: \(all)")
        XCTAssertTrue(all.contains("Seat 2 · Bob to play: pass the keyboard."), all)
        XCTAssertTrue(all.contains("Bob holds 5 cards."), "hot-seat names the other person: \(all)")
        XCTAssertNotNil(all.range(of: #"\n[^\n]+ wins, 3 tricks to 2\."#, options: .regularExpression), all)
        // Seat 2's stream: its own cards by label, seat 1's as hidden and nothing else.
        XCTAssertTrue(all.contains(#""hands":[[{"hidden":true},{"hidden":true},{"hidden":true},{"hidden":true},{"hidden":true}],[{"colour":"black""#), all)
        XCTAssertTrue(all.contains(#"Your hand: 7♣ 6♥ 2♦ 2♣ 10♣"#), all)
        XCTAssertTrue(all.contains("tricks.lua: ok (12 playthroughs at 2 seats"), all)
        XCTAssertTrue(all.contains("leaky.lua: seed 1, move 0: seat 1's view shows '4♥', the face of a card hidden from seat 1"), all)
        XCTAssertTrue(all.contains("check refused leaky.lua"), all)
        XCTAssertTrue(all.contains("tricks arena: 2000 games of 2 seats"), all)
        XCTAssertNotNil(all.range(of: #"\n  bot +2000 +\d+ +0 +\d+  6\d\.\d% \("#, options: .regularExpression), "the bot wins about two in three: \(all)")
    }

    /// docs/writing-a-dice-game.md: Liar's Dice keeps each seat's dice in a private field; it
    /// plays against its bot, seat 2's stream hides seat 1's dice, check passes at 2, 4 and 6
    /// seats, and a copy whose view shows the other cups fails it. The rule it writes is the
    /// planted-bug corpus's Liar's Dice, word for word.
    func testTheDiceWalkThroughWorks() throws {
        let w = try walked(Self.dice)
        let all = w.output
        XCTAssertEqual(w.blocks, 5)
        XCTAssertTrue(all.contains("Cups up! seat 1: 2 4 5; seat 2: 3 3 4. 2 of face 4: seat 1 loses a die."), all)
        XCTAssertTrue(all.contains("Seat 2 is the last with dice."), all)
        XCTAssertTrue(all.contains(#""dice":[{"hidden":true},[3,3,4]]"#), all)
        XCTAssertTrue(all.contains("liars-dice.lua: ok (12 playthroughs at 2, 4 and 6 seats"), all)
        XCTAssertTrue(all.contains("peek.lua: seed 1 (2 seats), move 0: seat 1's view changes with what seat 1 may not see (another seat's cards or private fields"), all)
        XCTAssertTrue(all.contains("check refused peek.lua"), all)
        let written = try String(contentsOfFile: w.work + "/liars-dice.lua", encoding: .utf8)
        XCTAssertEqual(written, try String(contentsOf: GamehostProcess.packageRoot.appendingPathComponent("Tests/planted-bugs/liars-dice.lua"), encoding: .utf8))
    }

    /// Runs the blocks in order in `dir`/work, as a reader would; returns what the shell
    /// blocks printed, the work folder, and the blocks that failed.
    static func follow(_ blocks: [Block], in dir: String) throws -> (String, String, [String]) {
        let home = dir + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let work = dir + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        var outputs: [String] = [], failed: [String] = []
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
                if process.terminationStatus != 0 { failed.append("exit status \(process.terminationStatus): \(script)\n\(text)") }
                outputs.append(text)
            }
        }
        return (outputs.joined(separator: "\n"), work, failed)
    }
}
