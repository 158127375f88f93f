import Foundation
import XCTest

/// A gamehost process a test talks to line by line, as a program does: its input stays open,
/// its output is read a line at a time. A watchdog kills it after `limit` seconds, so a hung
/// host fails the test instead of hanging it.
final class LiveGamehost: @unchecked Sendable {
    let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private var buffer: [UInt8] = []
    private var ended = false

    init(_ arguments: [String], limit: Double = 120) throws {
        // A write to a host that has exited is an error to the test, not a signal.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = GamehostProcess.binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = GamehostProcess.dataHome
        env["COLUMNS"] = nil
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + limit) { [weak self] in
            if let self, self.process.isRunning { kill(pid, SIGKILL) }
        }
    }

    /// Writes `text` to the host's input; false when the host no longer reads it.
    @discardableResult
    func send(_ text: String) -> Bool {
        do {
            try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
            return true
        } catch {
            return false
        }
    }

    func closeInput() { try? input.fileHandleForWriting.close() }

    /// The next whole line of output (without its newline), nil at the end of the output; a
    /// last line with no newline is returned with a marker, so a cut line shows.
    func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if ended {
                guard !buffer.isEmpty else { return nil }
                defer { buffer = [] }
                return String(decoding: buffer, as: UTF8.self) + " <no newline>"
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let fd = output.fileHandleForReading.fileDescriptor
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { ended = true } else { buffer += chunk[..<n] }
        }
    }

    /// Every line left, to the end of the output.
    func readAll() -> [String] {
        var lines: [String] = []
        while let line = readLine() { lines.append(line) }
        return lines
    }

    /// Waits for the host to exit: its exit status, and whether it exited (not killed by a signal).
    func wait() -> (status: Int32, exited: Bool, stderr: String) {
        closeInput()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .exit, stderr)
    }
}

/// The stream of `gamehost play --json` as a whole: a JSON object on every line whatever
/// happens (Ctrl-C, an over-long line), and a clean exit when standard output fails.
final class ProtocolStreamTests: XCTestCase {
    let schema = try! JSONSchema(contentsOf: GamehostProcess.packageRoot.appendingPathComponent("docs/protocol.schema.json"))

    func object(_ line: String, file: StaticString = #filePath, line number: UInt = #line) -> [String: Any]? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            XCTFail("not a JSON object: \(line.prefix(300))", file: file, line: number)
            return nil
        }
        XCTAssertEqual(schema.problems(value), [], "\(line.prefix(300))", file: file, line: number)
        return value
    }

    /// A game, a move, then SIGINT: every line is a whole object, the last is the end object
    /// with reason interrupted and exit code 130, and the host exits with 130 by itself.
    func testCtrlCEndsWithAnEndObjectAndExitCode130() throws {
        let host = try LiveGamehost(["play", "rps", "--json", "--seed", "3", "--data", "none"])
        var lines: [String] = []
        for _ in 0..<2 { lines.append(try XCTUnwrap(host.readLine())) }
        host.send("rock\n")
        lines.append(try XCTUnwrap(host.readLine()))
        XCTAssertEqual(object(lines[2])?["input"] as? String, "rock")
        host.process.interrupt()
        lines += host.readAll()
        let (status, exited, stderr) = host.wait()
        let objects = lines.compactMap { object($0) }
        XCTAssertEqual(objects.count, lines.count)
        XCTAssertEqual(lines.count, 4, lines.joined(separator: "\n"))
        let last = try XCTUnwrap(objects.last)
        XCTAssertEqual(last["type"] as? String, "end")
        XCTAssertEqual(last["reason"] as? String, "interrupted")
        XCTAssertEqual(last["exit_code"] as? Int, 130)
        XCTAssertTrue(exited, "killed by a signal, not exited: \(stderr)")
        XCTAssertEqual(status, 130, stderr)
    }

    /// `/coach` answers with `coaching`: whether the coach is now on for the seat (the browser's
    /// button follows it, whatever language the answer's text is in).
    func testTheAnswerToCoachSaysWhetherItIsOn() throws {
        let r = try GamehostProcess.run(["play", "crazy-eights", "--json", "--seed", "3", "--data", "none", "--lang", "ja"], input: "/coach\n/coach\n")
        let answers = r.stdout.split(separator: "\n").compactMap { object(String($0)) }.filter { $0["input"] as? String == "/coach" }
        XCTAssertEqual(answers.map { $0["coaching"] as? Bool }, [true, false], r.stdout)
        // Every other step leaves it out.
        XCTAssertEqual(r.stdout.components(separatedBy: "\"coaching\"").count - 1, 2)
    }

    /// SIGINT while the host writes as fast as it can: still whole lines, then the end object.
    func testCtrlCInTheMiddleOfTheOutputCutsNoLine() throws {
        let host = try LiveGamehost(["play", "rps", "--json", "--seed", "3", "--data", "none"])
        let feeder = Thread {
            for _ in 0..<2000 { if !host.send("/help\nbanana\n/moves\n") { break } }
        }
        feeder.start()
        var lines: [String] = []
        for _ in 0..<300 { lines.append(try XCTUnwrap(host.readLine())) }
        host.process.interrupt()
        lines += host.readAll()
        let (status, exited, stderr) = host.wait()
        for line in lines { _ = object(line) }
        XCTAssertEqual(lines.last, #"{"exit_code":130,"reason":"interrupted","type":"end"}"#)
        XCTAssertEqual(lines.filter { $0.contains(#""type":"end""#) }.count, 1)
        XCTAssertTrue(exited, stderr)
        XCTAssertEqual(status, 130, stderr)
    }

    /// A 2 MB line is refused as too long, unread, and the session goes on with the next line.
    func testAnOverLongLineIsRefusedAndTheSessionGoesOn() throws {
        let long = String(repeating: "x", count: 2_000_000)
        let r = try GamehostProcess.run(["play", "rps", "--json", "--seed", "3", "--data", "none"], input: long + "\nrock\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let objects = lines.compactMap { object($0) }
        XCTAssertEqual(objects.map { $0["type"] as? String }, ["start", "step", "step", "step", "end"])
        let refused = objects[2]
        XCTAssertEqual(refused["status"] as? String, "refused")
        XCTAssertEqual(refused["code"] as? String, "line-too-long")
        XCTAssertEqual(refused["applied"] as? Bool, false)
        XCTAssertEqual(refused["step"] as? Int, 1)
        XCTAssertEqual(refused["seat"] as? Int, 1)
        XCTAssertTrue(refused["input"] is NSNull, "the line is not repeated")
        XCTAssertEqual(refused["reason"] as? String, "that line is longer than the limit of 4096 bytes")
        XCTAssertEqual(refused["moves"] as? [String], ["rock", "paper", "scissors"], "the same moves again")
        XCTAssertLessThan(lines[2].utf8.count, 4096, "nothing of the line comes back")
        let next = objects[3]
        XCTAssertEqual(next["status"] as? String, "accepted")
        XCTAssertEqual(next["input"] as? String, "rock")
        XCTAssertEqual(next["step"] as? Int, 2)
        XCTAssertEqual(objects[4]["reason"] as? String, "eof")
        // The limit is 4,096 bytes: a line of exactly that many is read.
        let edge = try GamehostProcess.run(["play", "rps", "--json", "--seed", "3", "--data", "none"],
                                           input: String(repeating: "y", count: 4096) + "\n" + String(repeating: "y", count: 4097) + "\n")
        let codes = edge.stdout.split(separator: "\n").compactMap { object(String($0)) }.filter { $0["type"] as? String == "step" }.map { $0["code"] as? String }
        XCTAssertEqual(codes, [nil, "refused", "line-too-long"])
    }

    /// Standard output on a full disk: the host stops with exit code 1.
    func testAFullDiskExitsWithOne() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full")
        let process = Process()
        process.executableURL = GamehostProcess.binary
        process.arguments = ["play", "rps", "--json", "--data", "none"]
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        _ = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 1)
    }

    /// A reader that stops reading (`| head -c 100`): the host is not killed by SIGPIPE; it
    /// exits with 1, as for any output that fails.
    func testAClosedPipeIsAnErrorNotASignal() throws {
        let folder = NSTemporaryDirectory() + "gamehost-pipe-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let status = folder + "/status", head = folder + "/head"
        let script = "yes rock | { '\(GamehostProcess.binary.path)' play rps --json --data none; echo $? > '\(status)'; } | head -c 100 > '\(head)'"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", script]
        try shell.run()
        shell.waitUntilExit()
        let code = try String(contentsOfFile: status, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(Int(code), 1, "exit status \(code) (128 + 13 = 141 would be SIGPIPE)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: head)).count, 100)
    }
}
