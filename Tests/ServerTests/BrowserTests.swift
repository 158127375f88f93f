import Foundation
import GameHostTesting
import XCTest

/// The browser client (web/) in headless Chromium against `gamehost serve`: every built-in game
/// played to its end through the page, two and three pages at one table, a hostile rule that
/// stays text, no console errors, nothing wider than a phone. The cases are the Python script
/// Tests/browser/client_test.py (Selenium): one server, two Chromiums that share the cases.
///
/// They need Debian's chromium, chromium-driver and python3-selenium (scripts/setup installs
/// them), and are skipped, saying which is missing, only when one is.
final class BrowserTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheBrowserClientInChromium() throws {
        _ = try requiredTool("chromium")
        _ = try requiredTool("chromedriver", package: "chromium-driver")
        let python = try requiredTool("python3")
        let probe = try run(python, ["-c", "import selenium.webdriver"], environment: nil)
        guard probe.status == 0 else { throw XCTSkip("python3 has no selenium (the Debian package python3-selenium; scripts/setup installs it)") }

        let gamehost = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gamehost").path
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: gamehost), "no gamehost beside the tests: \(gamehost)")
        let folder = NSTemporaryDirectory() + "gamehost-browser-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The hostile rule goes where the server finds the player's own rules.
        let rules = folder + "/xdg/gamehost/rules"
        try FileManager.default.createDirectory(atPath: rules, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.root.appendingPathComponent("Tests/browser/hostile.lua").path, toPath: rules + "/hostile.lua")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = folder + "/xdg"

        let server = Process()
        server.executableURL = URL(fileURLWithPath: gamehost)
        server.arguments = ["serve", "--port", "0", "--data", folder + "/data"]
        server.environment = environment
        let output = Pipe()
        server.standardOutput = output
        server.standardError = output
        try server.run()
        defer {
            // Killed, not stopped: a stop waits two seconds for civetweb, and the data goes anyway.
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
            server.waitUntilExit()
        }
        let first = firstLine(of: output.fileHandleForReading, within: 20)
        guard let range = first.range(of: #"http://127\.0\.0\.1:\d+/"#, options: .regularExpression) else {
            return XCTFail("gamehost serve did not say where it serves: \(first)")
        }
        let url = String(first[range])

        let script = Self.root.appendingPathComponent("Tests/browser/client_test.py").path
        let result = try run(python, [script, "--url", url, "--gamehost", gamehost, "--data", folder + "/data",
                                      "--server-pid", String(server.processIdentifier)], environment: environment, timeout: 240)
        let lines = result.output.split(separator: "\n")
        print(result.output.trimmingCharacters(in: .whitespacesAndNewlines))
        for line in lines where line.hasPrefix("FAIL ") { XCTFail(String(line)) }
        XCTAssertEqual(result.status, 0, "the browser tests failed:\n\(result.output.suffix(6000))")
        XCTAssertTrue(lines.contains { $0.contains("browser tests passed") }, "the browser tests did not finish:\n\(result.output.suffix(6000))")
    }

    /// The client puts text in the page only as text: no script of web/ uses an API that parses
    /// HTML or runs a string, or sets a link, a source, a style or a handler attribute.
    func testTheClientParsesNoHTML() throws {
        let web = Self.root.appendingPathComponent("web")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: web.path).filter { $0.hasSuffix(".js") }
        XCTAssertTrue(scripts.contains("view.js") && scripts.contains("app.js"), "the client's scripts: \(scripts)")
        let sinks = [#"\.innerHTML"#, #"\.outerHTML"#, #"insertAdjacentHTML"#, #"document\.write"#, #"\beval\("#, #"new Function"#,
                     #"DOMParser"#, #"createContextualFragment"#, #"srcdoc"#, #"\.(href|src|action|formAction)\s*="#,
                     #"setAttribute\(\s*['"](href|src|style|srcdoc|action|formaction|on\w*)['"]"#, #"setTimeout\(\s*['"`]"#]
        for name in scripts {
            let text = try String(contentsOf: web.appendingPathComponent(name), encoding: .utf8)
            for sink in sinks where text.range(of: sink, options: .regularExpression) != nil {
                XCTFail("web/\(name) uses \(sink)")
            }
        }
        // And the HTML runs no inline script and sets no inline style (the CSP forbids both).
        for name in try FileManager.default.contentsOfDirectory(atPath: web.path) where name.hasSuffix(".html") {
            let text = try String(contentsOf: web.appendingPathComponent(name), encoding: .utf8)
            XCTAssertNil(text.range(of: #"<script(?![^>]*\bsrc=)[^>]*>"#, options: .regularExpression), "web/\(name) has an inline script")
            XCTAssertNil(text.range(of: #"\sstyle=|<style|\son[a-z]+="#, options: .regularExpression), "web/\(name) has inline style or a handler")
        }
    }

    /// The first line a process writes, or what it wrote by `seconds`.
    private func firstLine(of handle: FileHandle, within seconds: Double) -> String {
        let box = LineBox()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var bytes: [UInt8] = []
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                bytes += chunk
                if bytes.contains(10) { break }
            }
            box.set(String(decoding: bytes, as: UTF8.self))
            done.signal()
        }
        _ = done.wait(timeout: .now() + seconds)
        return box.get()
    }

    private func run(_ program: String, _ arguments: [String], environment: [String: String]?, timeout: Double = 30) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let box = LineBox()
        let read = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.set(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            read.signal()
        }
        if read.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = read.wait(timeout: .now() + 10)
            process.waitUntilExit()
            return (-1, box.get() + "\n(stopped after \(Int(timeout)) s)")
        }
        process.waitUntilExit()
        return (process.terminationStatus, box.get())
    }
}

/// A string handed from a reading thread to the test.
private final class LineBox: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func set(_ value: String) { lock.lock(); text = value; lock.unlock() }
    func get() -> String { lock.lock(); defer { lock.unlock() }; return text }
}
