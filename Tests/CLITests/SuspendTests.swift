import Foundation
import GameHostTesting
import XCTest

/// Ctrl-Z and `fg` in full screen (tmux, an interactive shell): stopped, the shell has its
/// screen and terminal back; continued, the game is drawn again and keys play without Enter.
final class SuspendTests: XCTestCase {
    override func setUpWithError() throws {
        _ = try requiredTool("tmux")
        _ = try requiredTool("bash")
    }

    func testCtrlZRestoresTheShellAndFgRedrawsTheGame() throws {
        let environment = ["XDG_DATA_HOME": NSTemporaryDirectory() + "suspend-\(UUID().uuidString)", "TERM": "screen", "NO_COLOR": "1"]
        let window = try FullScreenTests.Window(shellWith: environment, columns: 80, rows: 24)
        try window.wait(for: "the shell") { $0.contains("$") }
        try window.keys(FullScreenTests.Window.quoted(GamehostProcess.binary.path) + " play rps --seed 3", "Enter")
        try window.wait(for: "the game") { $0.first == "Rock · Paper · Scissors" }
        try window.keys("C-z")
        // The shell's own screen, with its message and prompt: no game drawn under it.
        var screen = try window.wait(for: "the shell again") { $0.contains { $0.contains("Stopped") } && $0.last { !$0.isEmpty } == "$" }
        XCTAssertFalse(screen.contains { $0.contains("Your throw") }, screen.joined(separator: "\n"))
        // The shell's terminal is cooked again: what is typed echoes.
        try window.keys("echo back")
        try window.wait(for: "the echo") { $0.last { !$0.isEmpty } == "$ echo back" }
        try window.keys("C-u", "fg", "Enter")
        screen = try window.wait(for: "the game redrawn") { $0.first == "Rock · Paper · Scissors" && $0.contains { $0.hasPrefix("Your throw") } }
        // One key plays, with no Enter.
        try window.keys("r")
        screen = try window.wait(for: "the throw") { $0.contains { $0.hasPrefix("You: Rock") } }
        try window.keys("C-c")
    }
}
