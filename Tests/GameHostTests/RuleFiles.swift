import Foundation
import GameRules
import GameRuntime
import GameStorage
import GameCore
import Locking

/// Writes rule files for a test into a fresh temporary folder.
final class RuleFiles {
    let directory: String

    init() {
        directory = NSTemporaryDirectory() + "gamehost-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: directory + "/lib", withIntermediateDirectories: true)
        Self.made.withLock { $0.append(directory) }
        _ = Self.removedAtExit
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// XCTest keeps every test case, and so the folders of the RuleFiles they hold, until the
    /// process ends: the folders are removed then, not left in the temporary folder by the
    /// hundred each run.
    private static let made = Locked([String]())
    private static let removedAtExit: Void = {
        atexit {
            for folder in RuleFiles.made.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: folder) }
        }
    }()

    /// Writes `source` as NAME.lua (or lib/NAME.lua) and returns its path.
    @discardableResult
    func write(_ name: String, _ source: String) -> String {
        let path = directory + "/" + name + ".lua"
        try! source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A complete, valid rule with `overrides` replacing fields of the rule table (each a
    /// `name = value` line).
    static func rule(_ overrides: [String: String] = [:], prelude: String = "") -> String {
        var fields: [(String, String)] = [
            ("id", #""counter""#),
            ("title", #""Counter""#),
            ("setup", "function(game) return { n = 0, log = {} } end"),
            ("view", #"function(state) return "n = " .. state.n end"#),
            ("moves", #"function(state) return { "up", "down" } end"#),
            ("play", """
                function(state, input, game)
                    if input == "up" then state.n = state.n + 1
                    elseif input == "down" then state.n = state.n - 1
                    else game.refuse("say up or down") end
                  end
                """),
            ("result", "function(state) if state.n >= 3 then return { winner = 'player', summary = 'three!' } end end"),
        ]
        for (key, value) in overrides {
            if let i = fields.firstIndex(where: { $0.0 == key }) { fields[i].1 = value } else { fields.append((key, value)) }
        }
        let body = fields.filter { $0.1 != "nil" }.map { "  \($0.0) = \($0.1)," }.joined(separator: "\n")
        return prelude + "\nreturn {\n" + body + "\n}\n"
    }
}

/// An engine for `rule` with the settings a test names (a manual clock).
func makeEngine(_ rule: LoadedRule, options: [String: String] = [:], seed: UInt64 = 1, words: WordList? = nil,
                scores: ScoreStore? = nil, player: String = "", practice: Bool = false, colour: Bool = false,
                clock: Clock? = nil) throws -> GameEngine {
    var settings = EngineSettings()
    settings.options = options
    settings.seed = seed
    settings.words = words
    settings.scores = scores
    settings.player = { player }
    settings.practice = practice
    settings.colour = colour
    if let clock { settings.clock = clock }
    return try GameEngine(rule: rule, settings: settings)
}
