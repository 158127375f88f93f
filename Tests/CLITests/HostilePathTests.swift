import Foundation
import XCTest

/// Files outside their folders, through the real binary: a transcript's header naming a file
/// elsewhere (`../`, absolute, `~`, encoded-looking names, a symbolic link in each place), and
/// every file the host writes meeting a link (to a file outside, dangling, or as a folder on the
/// way). A sentinel folder outside holds files with known content; the kernel's own watch on it
/// (inotify) proves that nothing there is opened, made or changed, and no output shows its text.
final class HostilePathTests: XCTestCase {
    var root = ""
    /// The folder no command may read or write here.
    var outside: String { root + "/outside" }
    /// The shared game a transcript belongs to: `game/tests/t.transcript` and `game/*.lua`.
    var game: String { root + "/share/game" }
    var tests: String { game + "/tests" }
    let marker = "SENTINEL-" + UUID().uuidString.prefix(8)
    /// Each sentinel file's content, to compare at the end.
    var sentinels: [String: String] = [:]

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "gamehost-paths-" + UUID().uuidString
        for folder in [outside, tests, root + "/data", root + "/bin"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        sentinels = [
            "secret.lua": """
                return { id = "secret", title = "\(marker) rule", setup = function() return {} end,
                  view = function() return "\(marker) view" end, moves = function() return { "x" } end,
                  play = function() end, result = function() return { summary = "\(marker) result" } end }
                """,
            "secret.txt": (1...20).map { "\(marker.lowercased().filter(\.isLetter))word\(String(repeating: "x", count: $0))" }.joined(separator: "\n"),
            "passwd": "root:\(marker):0:0:root:/root:/bin/sh\n",
            "t.transcript": try differingTranscript(),
        ]
        for (name, text) in sentinels { try text.write(toFile: outside + "/" + name, atomically: false, encoding: .utf8) }
    }

    override func tearDownWithError() throws {
        // The sentinels are as they were, and nothing was added beside them.
        for (name, text) in sentinels {
            XCTAssertEqual(try String(contentsOfFile: outside + "/" + name, encoding: .utf8), text, "\(name) outside was changed")
        }
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: outside)), Set(sentinels.keys), "a file was made outside")
        try? FileManager.default.removeItem(atPath: root)
    }

    // MARK: Helpers

    func run(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> GamehostProcess.Result {
        let r = try GamehostProcess.run(arguments, environment: ["XDG_DATA_HOME": root + "/data", "HOME": outside])
        check(r, arguments, file: file, line: line)
        return r
    }

    /// No run is killed by a signal or shows what a file outside holds.
    func check(_ r: GamehostProcess.Result, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThan(r.status, 128, "\(arguments): killed by a signal", file: file, line: line)
        for text in [r.stdout, r.stderr] {
            XCTAssertFalse(text.contains(marker) || text.lowercased().contains(marker.lowercased().filter(\.isLetter) + "word"),
                           "\(arguments): a sentinel's content was shown\n\(text)", file: file, line: line)
            XCTAssertFalse(text.contains("root:x:0:0"), "\(arguments): /etc/passwd was shown", file: file, line: line)
        }
    }

    func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    /// A JSON string for `text` (a header field as a recorder would write it).
    func json(_ text: String) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes]), as: UTF8.self)
    }

    /// A shipped transcript with its header's `field` set to the raw JSON `value`.
    func transcript(_ shipped: String, _ field: String, raw value: String) throws -> String {
        let text = try String(contentsOf: GamehostProcess.packageRoot.appendingPathComponent("rules/tests/\(shipped).transcript"), encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let header = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let old = try json(try XCTUnwrap(header[field] as? String))
        lines[0] = lines[0].replacingOccurrences(of: "\"\(field)\":\(old)", with: "\"\(field)\":\(value)")
        XCTAssertNotEqual(lines[0], text.components(separatedBy: "\n")[0])
        return lines.joined(separator: "\n")
    }

    /// rps's shipped transcript with one message changed: a replay differs at step 2, so
    /// `--update` would write.
    func differingTranscript() throws -> String {
        try String(contentsOf: GamehostProcess.packageRoot.appendingPathComponent("rules/tests/rps.transcript"), encoding: .utf8)
            .replacingOccurrences(of: "You: Rock · Computer: Rock — a tie, replayed.", with: "Changed.")
    }

    /// What was opened, made or changed in `outside` while `body` ran, by the kernel's account.
    func touchedOutside(_ mask: UInt32 = UInt32(IN_OPEN | IN_CREATE | IN_MODIFY | IN_ATTRIB | IN_MOVED_TO | IN_DELETE),
                        _ body: () throws -> Void) rethrows -> [String] {
        let fd = inotify_init1(Int32(O_NONBLOCK | O_CLOEXEC))
        precondition(fd >= 0 && inotify_add_watch(fd, outside, mask) >= 0, "inotify")
        defer { close(fd) }
        try body()
        var names: [String] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { break }
            var at = 0
            while at + 16 <= n {
                let length = Int(buffer[at + 12]) | Int(buffer[at + 13]) << 8 | Int(buffer[at + 14]) << 16 | Int(buffer[at + 15]) << 24
                let name = String(decoding: buffer[(at + 16)..<(at + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
                names.append(name.isEmpty ? "(the folder itself)" : name)
                at += 16 + length
            }
        }
        return names
    }

    // MARK: What a transcript names

    /// Spellings of a file outside the transcript's folder tree, for a field whose files end
    /// in `suffix` (`secret` + suffix is the sentinel outside).
    func traversals(_ suffix: String) throws -> [String] {
        let target = "secret" + suffix
        // A link in each place a path can have one: a folder beside the transcript, the file
        // beside it, the file in the folder above, a folder in the folder above; and dangling.
        try? link(tests + "/linked", to: outside)
        try? link(tests + "/near" + suffix, to: outside + "/" + target)
        try? link(game + "/above" + suffix, to: outside + "/" + target)
        try? link(game + "/up", to: outside)
        try? link(tests + "/gone" + suffix, to: outside + "/made-through-a-link" + suffix)
        let spellings = [
            "../../../outside/" + target, "./../../../outside/" + target, "tests/../../../../outside/" + target,
            outside + "/" + target, "//" + outside + "/" + target, "~/" + target, "~root/../" + outside + "/" + target,
            "..%2f..%2f..%2foutside%2f" + target, "%2e%2e/%2e%2e/%2e%2e/outside/" + target, "....//....//....//outside/" + target,
            #"..\..\..\outside\"# + target, "linked/" + target, "near" + suffix, "../above" + suffix, "above" + suffix,
            "../up/" + target, "up/" + target, "gone" + suffix, "../../etc/passwd", "/etc/passwd", "~/.ssh/id_rsa",
            "../../../outside/passwd",
        ]
        return try spellings.map(json) + [
            // Escapes a JSON reader decodes into dots and slashes.
            #""\u002e\u002e/\u002e\u002e/\u002e\u002e/outside/"# + target + #"""#,
            #""..\/..\/..\/outside\/"# + target + #"""#,
        ]
    }

    /// `replay` and `replay --update` of a transcript whose `field` names a file outside: the
    /// run fails naming the transcript's first line, shows nothing of the file, runs no rule
    /// from it, and leaves the transcript as it was.
    func assertRefused(_ shipped: String, _ field: String, _ suffix: String, file: StaticString = #filePath, line: UInt = #line) throws {
        // Each spelling in a transcript of its own, all run (two at a time) under one watch.
        var runs: [(arguments: [String], input: String)] = [], texts: [(path: String, value: String, text: String)] = []
        for (k, value) in try traversals(suffix).enumerated() {
            let path = tests + "/t\(k).transcript"
            let text = try transcript(shipped, field, raw: value)
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            texts.append((path, value, text))
            // --update reads the header as replay does, and would also write: every spelling
            // goes through it; a few through plain replay as well.
            for update in k < 3 ? [false, true] : [true] { runs.append((["replay", path] + (update ? ["--update"] : []), "")) }
        }
        var results: [GamehostProcess.Result] = []
        let touched = touchedOutside {
            results = GamehostProcess.runAll(runs, environment: ["XDG_DATA_HOME": root + "/data", "HOME": outside])
        }
        XCTAssertEqual(touched, [], "files outside were touched", file: file, line: line)
        XCTAssertGreaterThan(runs.count, 20, file: file, line: line)
        XCTAssertEqual(results.count, runs.count, file: file, line: line)
        for (run, r) in zip(runs, results) {
            let path = run.arguments[1]
            check(r, run.arguments, file: file, line: line)
            XCTAssertEqual(r.status, 1, "\(path): \(r.stderr)", file: file, line: line)
            XCTAssertTrue(r.stderr.contains("gamehost: \(path):1: "), "\(path): \(r.stderr)", file: file, line: line)
            XCTAssertEqual(r.stdout, "", "\(path)", file: file, line: line)
        }
        for (path, value, text) in texts {
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), text, "\(value): --update wrote the transcript", file: file, line: line)
        }
    }

    func testAHeaderNamingARuleOutsideIsRefused() throws {
        try assertRefused("rps", "game", ".lua")
    }

    func testAHeaderNamingAWordListOutsideIsRefused() throws {
        try assertRefused("hangman", "words", ".txt")
    }

    /// The same transcripts name files inside their tree and replay: a rule beside the
    /// transcript, in a folder below it, or above its tests/ folder by name.
    func testAHeaderNamingItsOwnFilesReplays() throws {
        let rps = GamehostProcess.packageRoot.appendingPathComponent("rules/rps.lua").path
        try FileManager.default.createDirectory(atPath: tests + "/sub", withIntermediateDirectories: true)
        for copy in [game + "/mine.lua", tests + "/sub/mine.lua"] { try FileManager.default.copyItem(atPath: rps, toPath: copy) }
        for name in ["../mine.lua", "sub/mine.lua", "mine.lua", "/elsewhere/mine.lua"] {
            let path = tests + "/t.transcript"
            try transcript("rps", "game", raw: try json(name)).write(toFile: path, atomically: false, encoding: .utf8)
            let touched = try touchedOutside {
                let r = try run(["replay", path])
                XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            }
            XCTAssertEqual(touched, [], name)
        }
    }

    // MARK: What the host writes

    /// `new` in a folder where the rule file, tests/ or the test file is a link (to a file or
    /// folder outside, or dangling): nothing is written through it, nothing half made is left.
    func testNewWritesThroughNoLink() throws {
        let cases: [(String, (String) throws -> Void)] = [
            ("the rule file dangling", { try self.link($0 + "/mine.lua", to: self.outside + "/made.lua") }),
            ("the rule file to a file outside", { try self.link($0 + "/mine.lua", to: self.outside + "/secret.lua") }),
            ("tests/ to a folder outside", { try self.link($0 + "/tests", to: self.outside) }),
            ("tests/ dangling", { try self.link($0 + "/tests", to: self.outside + "/made-folder") }),
            ("the test file dangling", {
                try FileManager.default.createDirectory(atPath: $0 + "/tests", withIntermediateDirectories: true)
                try self.link($0 + "/tests/mine.transcript", to: self.outside + "/made.transcript")
            }),
            ("the test file to a file outside", {
                try FileManager.default.createDirectory(atPath: $0 + "/tests", withIntermediateDirectories: true)
                try self.link($0 + "/tests/mine.transcript", to: self.outside + "/t.transcript")
            }),
        ]
        for (k, (label, arrange)) in cases.enumerated() {
            for from in [[], ["--from", "rps"]] {
                let dir = root + "/new-\(k)-\(from.count)"
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                try arrange(dir)
                let touched = try touchedOutside {
                    let r = try run(["new", "mine", "--dir", dir] + from)
                    XCTAssertEqual(r.status, 2, "\(label): \(r.stdout) \(r.stderr)")
                    XCTAssertTrue(r.stderr.contains("cannot write \(dir)/") || r.stderr.contains("already exists"), "\(label): \(r.stderr)")
                }
                XCTAssertEqual(touched, [], label)
                // Nothing half made: no rule file without its test, no test without its rule.
                var info = stat()
                let ruleMade = lstat(dir + "/mine.lua", &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
                let testMade = lstat(dir + "/tests/mine.transcript", &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
                XCTAssertFalse(ruleMade || testMade, "\(label): a file was left")
            }
        }
        // Where nothing is in the way, new writes both.
        let r = try run(["new", "mine", "--dir", root + "/clean", "--from", "rps"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try run(["replay", root + "/clean/tests/mine.transcript"]).status, 0)
    }

    /// `replay --update` of a transcript that is a link, reached through a linked folder, or a
    /// hard link to a file outside: refused, the file outside as it was; a plain one is updated.
    func testReplayUpdateWritesThroughNoLink() throws {
        try link(tests + "/t.transcript", to: outside + "/t.transcript")
        try link(game + "/linked-tests", to: outside)
        let hard = root + "/share/hard"
        try FileManager.default.createDirectory(atPath: hard, withIntermediateDirectories: true)
        for path in [tests + "/t.transcript", game + "/linked-tests/t.transcript", hard + "/t.transcript"] {
            // The hard link only now: a file with two names is refused on that ground alone.
            if path.hasPrefix(hard) { try FileManager.default.linkItem(atPath: outside + "/t.transcript", toPath: path) }
            let touched = try touchedOutside(UInt32(IN_CREATE | IN_MODIFY | IN_ATTRIB | IN_MOVED_TO | IN_DELETE)) {
                let r = try run(["replay", path, "--update"])
                XCTAssertEqual(r.status, 2, "\(path): \(r.stdout) \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("cannot write \(path)"), r.stderr)
            }
            XCTAssertEqual(touched, [], path)
        }
        let plain = game + "/plain.transcript"
        try differingTranscript().write(toFile: plain, atomically: false, encoding: .utf8)
        let r = try run(["replay", plain, "--update"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try run(["replay", plain]).status, 0)
    }

    /// `play --record` to a dangling link or a link to a file outside. (The folders of the path
    /// are the player's own choice, as for any program's output file: a linked folder they
    /// name is followed; the file itself never is.)
    func testRecordingWritesThroughNoLink() throws {
        try link(game + "/dangling.transcript", to: outside + "/made.transcript")
        try link(game + "/linked.transcript", to: outside + "/t.transcript")
        for path in [game + "/dangling.transcript", game + "/linked.transcript"] {
            let touched = try touchedOutside {
                let r = try run(["play", "rps", "--seed", "1", "--record", path])
                XCTAssertEqual(r.status, 2, "\(path): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("cannot write \(path)"), r.stderr)
            }
            XCTAssertEqual(touched, [], path)
        }
    }
}
