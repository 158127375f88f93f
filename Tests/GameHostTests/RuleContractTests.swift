import Foundation
import GameRules
import GameHostTesting
import XCTest

/// Loading checks every rule file against the contract and names the file (and line).
final class RuleContractTests: XCTestCase {
    let files = RuleFiles()

    func problems(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let path = files.write("rule", source)
        do {
            _ = try LoadedRule(path: path)
            XCTFail("expected the rule to be refused", file: file, line: line)
            return []
        } catch let error as RuleError {
            return error.problems.map { $0.replacingOccurrences(of: path, with: "rule.lua") }
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
            return []
        }
    }

    func testBuiltInGamesKeepTheirScoreKeyWhetherOrNotThePlayerHasRules() throws {
        let builtIn = RuleTester.rulesDirectory
        let alone = try RuleCatalog(directories: ["/nonexistent/gamehost/rules"], builtIn: builtIn).load("memory")
        let withUser = try RuleCatalog(directories: [files.directory], builtIn: builtIn).load("memory")
        XCTAssertEqual(alone.info.scoreKey, "memory")
        XCTAssertEqual(withUser.info.scoreKey, "memory")
        files.write("mine", RuleFiles.rule(["id": "\"mine\""]))
        let mine = try RuleCatalog(directories: [files.directory], builtIn: builtIn).load("mine")
        XCTAssertTrue(mine.info.scoreKey.hasPrefix("mine@"), mine.info.scoreKey)
        let noBuiltIn = try RuleCatalog(directories: [files.directory]).load("mine")
        XCTAssertTrue(noBuiltIn.info.scoreKey.hasPrefix("mine@"), "a catalog without a built-in folder keys every rule by its file")
    }

    func testAValidRuleLoads() throws {
        let rule = try LoadedRule(path: files.write("ok", RuleFiles.rule()))
        XCTAssertEqual(rule.info.id, "counter")
        XCTAssertEqual(rule.info.title, "Counter")
        XCTAssertTrue(rule.info.warnings.isEmpty)
    }

    func testMissingAndMistypedFieldsAreAllReported() {
        let p = problems(RuleFiles.rule(["play": "nil", "view": "42", "title": "nil", "id": #""Bad Id""#]))
        XCTAssertEqual(p, [
            "rule.lua: field 'id' is 'Bad Id': use lower-case letters, digits and hyphens",
            "rule.lua: field 'title' is missing (it must be a string)",
            "rule.lua: field 'view' must be a function, not a number",
            "rule.lua: field 'play' is missing (it must be a function)",
        ])
    }

    /// `search = { deal =, moves =, hints = }`: each field is of its kind, and no other.
    func testTheSearchFieldIsChecked() throws {
        XCTAssertEqual(problems(RuleFiles.rule(["search": "3"])),
                       ["rule.lua: field 'search' must be a table, as { deal = function(state, game, seat) ... end }, not a number"])
        XCTAssertEqual(problems(RuleFiles.rule(["search": "{ dael = function() end }"])),
                       ["rule.lua: field 'search' has 'dael', which the host does not know (it takes deal, moves and hints)"])
        XCTAssertEqual(problems(RuleFiles.rule(["search": "{ deal = 'word', moves = {}, hints = 'yes' }"])), [
            "rule.lua: field 'search.deal' must be a function, not a string",
            "rule.lua: field 'search.moves' must be a function, not a table",
            "rule.lua: field 'search.hints' must be true or false, not a string",
        ])
        XCTAssertEqual(problems(RuleFiles.rule(["search": "{ hints = true }",
                                                "commands": "{ hint = { help = 'the word hint', run = function() end } }"])),
                       ["rule.lua: the rule has a command 'hint' and search.hints = true: /hint would be both (rename the command, or drop the hints)"])
        let rule = try LoadedRule(path: files.write("ok", RuleFiles.rule(["search": "{ deal = function() end, hints = true }"])))
        XCTAssertEqual(rule.info.search, SearchHints(deals: true, weighsText: false, allowsHints: true))
    }

    func testSyntaxErrorsNameTheLine() {
        XCTAssertEqual(problems("local x = 1\nreturn {\n  id = 'x'\n  title = 'y' }").count, 1)
        XCTAssertTrue(problems("local x = 1\nreturn {\n  id = 'x'\n  title = 'y' }")[0].hasPrefix("rule.lua:4:"))
    }

    func testTheFileMustReturnATable() {
        XCTAssertEqual(problems("return 42"), ["rule.lua: the file must return a table of the rule (it returned number)"])
        XCTAssertEqual(problems("local x = 1"), ["rule.lua: the file must return a table of the rule (it returned nothing)"])
    }

    func testErrorsWhileLoadingNameTheLine() {
        XCTAssertEqual(problems("local t = nil\n\nreturn t.x"), ["rule.lua:3: attempt to index a nil value (local 't')"])
        XCTAssertEqual(problems("while true do end"), ["rule.lua:1: rule exceeded its step budget"])
    }

    func testBadOptionsAreReported() {
        let p = problems(RuleFiles.rule(["options": """
            {
                size = { type = "integer", min = 5, max = 1, default = 3 },
                colour = { choices = { "red", 7 }, default = "red" },
                mode = { choices = { "a", "b" } },
                seed = { choices = { "x" }, default = "x" },
                speed = { type = "fast", default = "x" },
              }
            """]))
        XCTAssertEqual(p, [
            "rule.lua: option 'colour': 'choices' must be a list of strings",
            "rule.lua: option 'mode': 'default' is missing (it must be a string)",
            "rule.lua: option 'seed': the name must be lower-case letters, digits and hyphens, and not a host option",
            "rule.lua: option 'size': an integer option needs whole numbers 'min' and 'max', min <= max",
            "rule.lua: option 'speed': unknown type 'fast' (use \"string\" or \"integer\")",
        ])
    }

    func testAnOptionOrCommandCannotTakeAHostName() {
        // Each of these the host takes before the rule would see it (`--seats b`, `/undo`).
        for name in ["seats", "seat", "lang", "game", "reveal", "as", "name", "games", "port"] {
            let p = problems(RuleFiles.rule(["options": "{ [\"\(name)\"] = { choices = { \"a\", \"b\" }, default = \"a\" } }"]))
            XCTAssertEqual(p, ["rule.lua: option '\(name)': the name must be lower-case letters, digits and hyphens, and not a host option"])
        }
        for name in ["undo", "exit", "agree", "refuse", "help"] {
            let p = problems(RuleFiles.rule(["commands": "{ [\"\(name)\"] = { help = 'mine', run = function() end } }"]))
            XCTAssertEqual(p, ["rule.lua: command '\(name)': use lower-case letters, digits and hyphens, and not a host command (agree, exit, help, moves, new, quit, refuse, rules, undo)"])
        }
        XCTAssertTrue(OptionSpec.hostFlags.isSubset(of: OptionSpec.hostOptions))
    }

    /// Every option the command line takes (`args.take("seed")`, `count("games", ...)`) is a
    /// host option, whether or not a test runs its command (`Arguments` asserts it only for
    /// the options a run takes); and the API page names every host option for rule authors.
    func testTheHostOptionsAreEveryOptionTheCommandLineTakes() throws {
        let root = RuleTester.rulesDirectory + "/../"
        let folder = root + "Sources/gamehost"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        let taking = try NSRegularExpression(pattern: #"\b(?:take|takeAll|count)\("([a-z][a-z-]*)""#)
        var taken: Set<String> = []
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for match in taking.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                taken.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        XCTAssertTrue(taken.contains("seed") && taken.contains("games") && taken.contains("seat"), "the scan found \(taken.sorted())")
        XCTAssertEqual(taken.subtracting(OptionSpec.hostOptions).sorted(), [], "options the command line takes that a rule may declare")
        let doc = try String(contentsOfFile: root + "docs/lua-api.md", encoding: .utf8)
        let section = try XCTUnwrap(doc.range(of: "not one of the host's own options")).upperBound
        let list = doc[section...].prefix { $0 != "." }
        let documented = Set(list.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
        XCTAssertEqual(documented, OptionSpec.hostOptions, "docs/lua-api.md's list of host options")
    }

    func testAGameNotFoundNamesWhereItWasLookedFor() {
        // A program moved away from its rules/ folder: the message says where it looked.
        let data = files.directory + "/no-data"
        let catalog = RuleCatalog.standard(executablePath: "/nonexistent/moved/bin/gamehost", dataHome: data)
        XCTAssertThrowsError(try catalog.load("rps")) { error in
            XCTAssertEqual("\(error)", "unknown game 'rps' (games: none found in \(data)/gamehost/rules; no built-in rules folder beside or above the program, nor in PREFIX/share/gamehost/rules)")
        }
        // A catalog made with its folders names them, found or not.
        XCTAssertThrowsError(try RuleCatalog(directories: ["/nonexistent/a"]).load("rps")) { error in
            XCTAssertEqual("\(error)", "unknown game 'rps' (games: none found in /nonexistent/a)")
        }
    }

    func testAnOptionThatMattersOnlyForSomeValuesOfAnother() throws {
        let rule = try LoadedRule(path: files.write("when", RuleFiles.rule(["options": """
            {
                mode = { choices = { "classic", "timed", "daily" }, default = "classic" },
                target = { type = "integer", min = 1, max = 9, default = 5, when = { mode = { "timed", "daily" } } },
                speed = { choices = { "slow", "fast" }, default = "slow", when = { mode = "timed", target = "5" } },
              }
            """])))
        let target = try XCTUnwrap(rule.info.options.first { $0.name == "target" }), speed = try XCTUnwrap(rule.info.options.first { $0.name == "speed" })
        XCTAssertFalse(target.applies(given: ["mode": "classic"]))
        XCTAssertTrue(target.applies(given: ["mode": "Daily"]), "values compare in any case")
        XCTAssertTrue(speed.applies(given: ["mode": "timed", "target": "5"]))
        XCTAssertFalse(speed.applies(given: ["mode": "timed", "target": "4"]), "every condition must hold")
        XCTAssertFalse(speed.applies(given: [:]))
        XCTAssertEqual(problems(RuleFiles.rule(["options": """
            {
                mode = { choices = { "a", "b" }, default = "a" },
                one = { choices = { "x" }, default = "x", when = { mood = "a" } },
                two = { choices = { "x" }, default = "x", when = { mode = "c" } },
                three = { choices = { "x" }, default = "x", when = "mode" },
                four = { choices = { "x" }, default = "x", when = { mode = 1 } },
                five = { choices = { "x" }, default = "x", when = { five = "x" } },
              }
            """])), [
            "rule.lua: option 'four': 'when' gives 'mode' a value or a list of values (strings)",
            "rule.lua: option 'three': 'when' must be a table such as { mode = \"timed\" }",
            "rule.lua: option 'five': 'when' names 'five', which is not another option of the rule",
            "rule.lua: option 'one': 'when' names 'mood', which is not another option of the rule",
            "rule.lua: option 'two': 'when' gives 'mode' the value 'c', which is not one of its choices (a, b)",
        ])
    }

    func testADefaultItsOwnOptionRefusesIsReported() {
        XCTAssertEqual(problems(RuleFiles.rule(["options": #"{ level = { choices = { "easy", "hard" }, default = "medium" } }"#])),
                       ["rule.lua: the default 'medium' of option 'level' is refused: 'medium' is not one of: easy, hard"])
        XCTAssertEqual(problems(RuleFiles.rule(["options": "{ size = { type = 'integer', min = 1, max = 9, default = 12 } }"])),
                       ["rule.lua: the default '12' of option 'size' is refused: '12' is not a whole number from 1 to 9"])
    }

    func testUnknownFieldsAreWarnings() throws {
        let rule = try LoadedRule(path: files.write("typo", RuleFiles.rule(["sertup": "1"])))
        XCTAssertEqual(rule.info.warnings.count, 1)
        XCTAssertTrue(rule.info.warnings[0].contains("unknown field 'sertup'"))
    }

    func testOptionsAreValidatedAndTyped() throws {
        let rule = try LoadedRule(path: files.write("opts", RuleFiles.rule(["options": """
            {
                size = { type = "integer", min = 1, max = 26, default = 7, help = "fruit" },
                mode = { choices = { "list", "shuffle" }, default = "shuffle" },
                word = { accept = "%a+", default = "apple", check = function(v) if v == "pear" then return "no pears" end end },
              }
            """])))
        XCTAssertEqual(try rule.resolveOptions([:]), ["size": 7, "mode": "shuffle", "word": "apple"])
        XCTAssertEqual(try rule.resolveOptions(["size": "26", "mode": "list", "word": "plum"]), ["size": 26, "mode": "list", "word": "plum"])
        XCTAssertThrowsError(try rule.resolveOptions(["size": "27"])) {
            XCTAssertEqual(String(describing: $0), "--size: '27' is not a whole number from 1 to 26")
        }
        XCTAssertThrowsError(try rule.resolveOptions(["mode": "random"])) {
            XCTAssertEqual(String(describing: $0), "--mode: 'random' is not one of: list, shuffle")
        }
        XCTAssertThrowsError(try rule.resolveOptions(["word": "pear"])) { XCTAssertEqual(String(describing: $0), "--word: no pears") }
        XCTAssertThrowsError(try rule.resolveOptions(["word": "two words"]))
        XCTAssertThrowsError(try rule.resolveOptions(["colour": "red"])) {
            XCTAssertEqual(String(describing: $0), "no option --colour (options: --mode, --size, --word, --seed, --json; every flag: gamehost play counter --help)")
        }
    }

    func testAMissingFileIsReported() {
        XCTAssertThrowsError(try LoadedRule(path: files.directory + "/nope.lua")) {
            XCTAssertTrue(String(describing: $0).hasSuffix("nope.lua: no such file or directory"), "\($0)")
        }
    }
}
