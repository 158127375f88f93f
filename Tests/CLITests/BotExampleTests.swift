import Foundation
import GameHostTesting
import XCTest

/// examples/bot.py, written from docs/protocol.md alone, plays every built-in game to the end
/// (two games each, so the y/n flow and the second start object are exercised).
final class BotExampleTests: XCTestCase {
    func testTheExampleBotPlaysEveryGameToTheEnd() throws {
        let python = try requiredTool("python3")
        let bot = GamehostProcess.packageRoot.appendingPathComponent("examples/bot.py").path
        for game in ["rps", "rpsls", "applepie", "hangman", "memory", "memory-triples", "blackjack", "guess-five"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [bot, game, "--gamehost", GamehostProcess.binary.path, "--seed", "1", "--games", "2"]
            var env = ProcessInfo.processInfo.environment
            env["XDG_DATA_HOME"] = NSTemporaryDirectory() + "gamehost-bot-tests"
            process.environment = env
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let problems = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(game): \(text)\n\(problems)")
            XCTAssertTrue(text.contains("\(game): game 2 over"), "\(game): \(text)")
        }
    }
}
