import Foundation
import XCTest

/// The browser client (web/) read as text. Its behaviour in headless Chromium is tested by
/// scripts/test-browser (Tests/browser/client_test.py), which the README's test command and CI
/// run after this suite: apart from it, because Chromium alone takes about as much processor
/// time as all of these tests.
final class BrowserTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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
