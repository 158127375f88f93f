import Foundation
import GameHostTesting
import XCTest

/// The browser client (web/) in headless Chromium against `gamehost serve`: every built-in game
/// played to its end through the page, two and three pages at one table, a hostile rule that
/// stays text, no console errors, nothing wider than the viewport, a killed server that the
/// page finds again. The cases are Tests/browser/client_test.py (Selenium), which starts the
/// server and two Chromiums that share the cases.
///
/// They need Debian's chromium, chromium-driver and python3-selenium (scripts/setup installs
/// them), and are skipped, saying which is missing, only when one is.
///
/// The run takes some twenty seconds, mostly spent waiting for the browser, so it starts as the
/// test process starts (when XCTest makes this class's cases, before any test runs) and goes
/// on beside the other tests; the test waits for its end and reports it.
final class BrowserTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    required init(name: String, testClosure: @escaping XCTestCaseClosure) {
        super.init(name: name, testClosure: testClosure)
        // Only when that test is to run (a filter may leave it out).
        if name.hasSuffix("testTheBrowserClientInChromium") { BrowserRun.startOnce() }
    }

    func testTheBrowserClientInChromium() throws {
        let run = try BrowserRun.shared.get()
        guard let (status, output) = run.wait(seconds: 240) else {
            return XCTFail("the browser tests did not end within 240 s:\n\(run.output.suffix(6000))")
        }
        print(output.trimmingCharacters(in: .whitespacesAndNewlines))
        let lines = output.split(separator: "\n")
        for line in lines where line.hasPrefix("FAIL ") { XCTFail(String(line)) }
        XCTAssertEqual(status, 0, "the browser tests failed:\n\(output.suffix(6000))")
        XCTAssertTrue(lines.contains { $0.contains("browser tests passed") }, "the browser tests did not finish:\n\(output.suffix(6000))")
        XCTAssertTrue(lines.contains { $0.hasPrefix("ok   a_dropped_connection_comes_back") && !$0.contains("skipped") },
                      "the killed server's test did not run:\n\(output.suffix(3000))")
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
}

/// One run of client_test.py, started once per test process, in the background.
final class BrowserRun: @unchecked Sendable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var started: Result<BrowserRun, Error>?

    /// The run, or why there is none (an XCTSkip when a tool is missing).
    static var shared: Result<BrowserRun, Error> {
        lock.lock()
        defer { lock.unlock() }
        return started ?? .failure(XCTSkip("the browser tests were not started"))
    }

    static func startOnce() {
        lock.lock()
        defer { lock.unlock() }
        guard started == nil else { return }
        // Listing the tests runs none: nothing to start.
        let listing: Set<String> = ["-l", "--list-tests", "--dump-tests-json", "-h", "--help"]
        if CommandLine.arguments.dropFirst().contains(where: listing.contains) {
            started = .failure(XCTSkip("the tests are only listed"))
            return
        }
        started = Result { try BrowserRun() }
    }

    private let folder: String

    private var log: String { folder + "/output" }
    private var statusFile: String { folder + "/status" }

    var output: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    private init() throws {
        _ = try requiredTool("chromium")
        _ = try requiredTool("chromedriver", package: "chromium-driver")
        let python = try requiredTool("python3")
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import selenium.webdriver"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        try probe.run()
        probe.waitUntilExit()
        guard probe.terminationStatus == 0 else {
            throw XCTSkip("python3 has no selenium (the Debian package python3-selenium; scripts/setup installs it)")
        }
        let gamehost = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gamehost").path
        guard FileManager.default.isExecutableFile(atPath: gamehost) else { throw Missing(what: "no gamehost beside the tests: \(gamehost)") }

        folder = NSTemporaryDirectory() + "gamehost-browser-" + UUID().uuidString
        // The hostile rule goes where the server finds the player's own rules.
        let rules = folder + "/xdg/gamehost/rules"
        try FileManager.default.createDirectory(atPath: rules, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: BrowserTests.root.appendingPathComponent("Tests/browser/hostile.lua").path, toPath: rules + "/hostile.lua")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = folder + "/xdg"
        environment["GH_LOG"] = log
        environment["GH_PID"] = folder + "/pid"

        // The script is started by a shell that leaves it running, so it is not this process's
        // child: the processor time of Chromium and the server then never counts as this
        // process's children's, which the CLI tests measure (getrusage) around each run of
        // gamehost. The script closes the descriptors it inherits (--status), or the shell
        // would seem to Foundation to run as long as it does; it starts the server, kills it at
        // its end, writes its exit status, and stops when this process goes (--parent).
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", #""$@" > "$GH_LOG" 2>&1 & echo $! > "$GH_PID""#, "sh",
                           python, BrowserTests.root.appendingPathComponent("Tests/browser/client_test.py").path,
                           "--gamehost", gamehost, "--data", folder + "/data", "--parent", String(getpid()), "--status", statusFile]
        shell.environment = environment
        shell.standardInput = FileHandle.nullDevice
        shell.standardOutput = FileHandle.nullDevice
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        shell.waitUntilExit()
    }

    /// The script's exit status and output, once it has ended (nil: not within `seconds`, and
    /// then it is stopped).
    func wait(seconds: Double) -> (Int32, String)? {
        let end = Date().addingTimeInterval(seconds)
        while !FileManager.default.fileExists(atPath: statusFile) {
            if Date() > end {
                if let text = try? String(contentsOfFile: folder + "/pid", encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                    kill(pid, SIGINT)  // the script stops its browsers and its server
                }
                return nil
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let status = (try? String(contentsOfFile: statusFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? -1
        return (status, output)
    }

    struct Missing: Error, CustomStringConvertible { let what: String; var description: String { what } }
}
