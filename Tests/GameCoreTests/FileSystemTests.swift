import Foundation
import GameCore
import XCTest

/// The one way the host writes a file (`FileSystem.openForWriting`) and the bounded line
/// reader: links are never written through, bounds stop reading with the file and line.
final class FileSystemTests: XCTestCase {
    var dir = ""
    /// A file outside the folder being written, whose content must never change.
    var sentinel = ""
    let secret = "SENTINEL-\(UUID().uuidString)"

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "gamehost-fs-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir + "/work", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/outside", withIntermediateDirectories: true)
        sentinel = dir + "/outside/sentinel"
        try secret.write(toFile: sentinel, atomically: false, encoding: .utf8)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    func assertOutsideUntouched(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try String(contentsOfFile: sentinel, encoding: .utf8), secret, file: file, line: line)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/outside"), ["sentinel"], "nothing made outside", file: file, line: line)
    }

    func assertRefused(_ path: String, _ mode: FileSystem.WriteMode, below: String? = nil, makingFolders: Bool = false,
                       saying reason: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try FileSystem.openForWriting(path, mode: mode, below: below, makingFolders: makingFolders).write("pwned"),
                             "\(path) \(mode)", file: file, line: line) { error in
            XCTAssertTrue("\(error)".hasPrefix(path + ": "), "the message names the file: \(error)", file: file, line: line)
            XCTAssertTrue("\(error)".contains(reason), "\(error)", file: file, line: line)
        }
    }

    func testNewAndReplacedFilesAreWritten() throws {
        let path = dir + "/work/t.transcript"
        try FileSystem.openForWriting(path, mode: .new).write("first line that is long\n")
        assertRefused(path, .new, saying: "already exists")
        try FileSystem.openForWriting(path, mode: .replacing).write("second\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "second\n", "replacing starts the file afresh")
        try FileSystem.openForWriting(dir + "/work/made/deeper/t.lua", mode: .new, below: dir + "/work", makingFolders: true).write("x")
        XCTAssertEqual(try String(contentsOfFile: dir + "/work/made/deeper/t.lua", encoding: .utf8), "x")
    }

    /// The file itself: a link to a file outside, a dangling link (which O_CREAT alone would
    /// follow and create), a link to a folder, a hard link, a FIFO and a device: every mode refuses.
    func testTheFileItselfIsNeverALinkOrASpecialFile() throws {
        let work = dir + "/work"
        try link(work + "/to-file", to: sentinel)
        try link(work + "/dangling", to: dir + "/outside/created")
        try link(work + "/relative-dangling", to: "../outside/created")
        try link(work + "/to-folder", to: dir + "/outside")
        try FileManager.default.linkItem(atPath: sentinel, toPath: work + "/hard")
        XCTAssertEqual(mkfifo(work + "/fifo", 0o644), 0)
        for mode in [FileSystem.WriteMode.new, .replacing] {
            for name in ["to-file", "dangling", "relative-dangling", "to-folder"] {
                assertRefused(work + "/" + name, mode, saying: "a symbolic link")
            }
            assertRefused(work + "/hard", mode, saying: mode == .new ? "already exists" : "other names")
            assertRefused(work + "/fifo", mode, saying: mode == .new ? "already exists" : "not a regular file")
        }
        assertRefused("/dev/null", .replacing, saying: "not a regular file")
        try assertOutsideUntouched()
    }

    /// A folder on the way below the named folder: a link in each place, to a folder outside or
    /// dangling, is refused; so is `..`. The named folder itself may be reached through a link.
    func testNoFolderBelowTheNamedOneIsALink() throws {
        let work = dir + "/work"
        try FileManager.default.createDirectory(atPath: work + "/a/b", withIntermediateDirectories: true)
        try link(work + "/a/b/c", to: dir + "/outside")
        try link(work + "/a/dangling", to: dir + "/outside/new-folder")
        try link(work + "/tests", to: dir + "/outside")
        for (path, made) in [(work + "/tests/t.transcript", false), (work + "/tests/t.transcript", true),
                             (work + "/a/b/c/t.transcript", false), (work + "/a/dangling/t.transcript", true),
                             (work + "/a/dangling/deeper/t.transcript", true)] {
            for mode in [FileSystem.WriteMode.new, .replacing] {
                assertRefused(path, mode, below: work, makingFolders: made, saying: "is a symbolic link")
            }
        }
        assertRefused(work + "/a/../../outside/sentinel", .replacing, below: work, saying: "'..'")
        assertRefused(dir + "/outside/sentinel", .replacing, below: work, saying: "not inside")
        try assertOutsideUntouched()
        // The folder the player names is taken as named, links and all.
        try link(dir + "/named", to: work)
        try FileSystem.openForWriting(dir + "/named/a/t.lua", mode: .new, below: dir + "/named").write("ok")
        XCTAssertEqual(try String(contentsOfFile: work + "/a/t.lua", encoding: .utf8), "ok")
    }

    func testLinesAreReadWithinTheirBounds() throws {
        let path = dir + "/work/lines"
        func lines(_ text: String, _ bounds: FileSystem.LineBounds) throws -> [String] {
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            var got: [String] = []
            try FileSystem.readLines(path, bounds: bounds) { number, bytes in got.append("\(number):" + String(decoding: bytes, as: UTF8.self)) }
            return got
        }
        let roomy = FileSystem.LineBounds(lineBytes: 10, lines: 5, totalBytes: 100)
        XCTAssertEqual(try lines("one\n\ntwo\nthree", roomy), ["1:one", "3:two", "4:three"], "empty lines are skipped, numbers kept")
        func refused(_ text: String, _ bounds: FileSystem.LineBounds, _ message: String, line: UInt = #line) {
            XCTAssertThrowsError(try lines(text, bounds), line: line) { XCTAssertEqual("\($0)", "\(path):" + message, line: line) }
        }
        refused("short\n0123456789A\n", roomy, "2: a line longer than 10 bytes")
        refused("a\nb\nc\nd\ne\nf\n", roomy, "6: more than 5 lines")
        refused("a\n" + String(repeating: "x\n", count: 60), FileSystem.LineBounds(lineBytes: 10, lines: 1000, totalBytes: 100), "51: the file goes on past 100 bytes")
        // A line with no end is refused as soon as it passes the bound, not read to its end.
        refused(String(repeating: "y", count: 1 << 20), FileSystem.LineBounds(lineBytes: 1000, lines: 10, totalBytes: 1 << 30), "1: a line longer than 1000 bytes")
        XCTAssertThrowsError(try FileSystem.readLines("/dev/zero", bounds: roomy) { _, _ in }) { XCTAssertTrue("\($0)".contains("not a regular file")) }
    }
}
