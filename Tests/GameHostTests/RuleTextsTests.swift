import Foundation
import GameAuthoring
import GameRules
import GameRuntime
import XCTest

/// A rule's texts in the player's language (`texts`, `game.t`, `NAME.texts/LANG.lua`): filled
/// in, in the language's plural forms, falling back to the rule's own; a translation that
/// lacks a key, has one too many or fills in other values is named; bad texts are the rule's
/// error, naming the file.
final class RuleTextsTests: XCTestCase {
    let files = RuleFiles()

    func testTextsAreFilledInAndCountedInTheLanguagesPluralForms() {
        XCTAssertEqual(RuleTexts.fill("score {score} of {max}", ["score": "3", "max": "5"]), "score 3 of 5")
        XCTAssertEqual(RuleTexts.fill("{{literal}} {missing} {bad name}", [:]), "{literal} {missing} {bad name}")
        XCTAssertEqual(RuleTexts.fill("日本{n}語", ["n": "三"]), "日本三語")
        XCTAssertEqual(RuleTexts.pluralForm(1, language: "en"), "one")
        XCTAssertEqual(RuleTexts.pluralForm(2, language: "de"), "other")
        XCTAssertEqual(RuleTexts.pluralForm(1, language: "de-at"), "one")
        XCTAssertEqual(RuleTexts.pluralForm(1, language: "ja"), "other")
        XCTAssertEqual(RuleTexts.pluralForm(0, language: "fr"), "one")
        var texts = RuleTexts(base: ["hi": .plain("Hello"), "bye": .plain("Bye")], translations: ["de": ["hi": .plain("Hallo")]])
        XCTAssertEqual(texts.text("hi", language: "de-ch"), .plain("Hallo"), "de-ch falls back to de")
        XCTAssertEqual(texts.text("bye", language: "de"), .plain("Bye"), "a missing key falls back to the rule's own")
        XCTAssertNil(texts.text("nope", language: "de"))
        texts.translations["de"]?["extra"] = .plain("x")
        let differences = RuleTexts.differences(["hi": .plain("Hallo {name}"), "extra": .plain("x")], base: ["hi": .plain("Hello"), "bye": .plain("Bye")], place: "de.lua")
        XCTAssertEqual(differences, ["de.lua: missing key 'bye' (its text is shown untranslated)", "de.lua: key 'extra' is not one of the rule's texts",
                                     "de.lua: 'hi' fills in other values than the rule's text: {name} unknown"])
        XCTAssertTrue(RuleTexts.isLanguage("pt-br"))
        XCTAssertFalse(RuleTexts.isLanguage("../../x"))
        XCTAssertFalse(RuleTexts.isLanguage("english"))
    }

    /// A text is read for its names once and filled at each asking: every brace that does not
    /// name a value is kept as it is, doubled braces are one brace, and a name may come twice.
    func testEveryBraceThatNamesNoValueIsKept() {
        let long = String(repeating: "n", count: RuleTexts.keyBytes + 1)
        let cases: [(String, String)] = [
            ("a}b", "a}b"), ("{", "{"), ("}", "}"), ("{}", "{}"), ("{x", "{x"), ("x}", "x}"), ("{a b}", "{a b}"), ("{{x}}", "{x}"),
            ("}}{{", "}{"), ("{n}{n}", "11"), ("{{{n}}}", "{1}"), ("{\(long)}", "{\(long)}"), ("{é}", "{é}"), ("{n}}", "1}"),
            ("{{n}", "{n}"), ("", ""), ("{n}", "1"), ("é{n}é", "é1é"),
        ]
        for (template, filled) in cases {
            XCTAssertEqual(RuleTexts.fill(template, ["n": "1", "x": "X"]), filled, template)
        }
    }

    /// `game.t` makes each text ready the first time it is asked for: asked again, a text
    /// reads the values of the time and the plural form its `n` calls for, a text that names
    /// no value reads as it is whatever is given, and a key the rule lacks is its error each time.
    func testATextAskedAgainReadsTheValuesOfTheTime() throws {
        let path = files.write("again", RuleFiles.rule([
            "texts": #"{ counted = "{who} counted {n}", fixed = "{{you}} fixed", step = { one = "{n} step", other = "{n} steps" }, inner = "in {n}" }"#,
            "play": """
                function(state, input, game)
                  if input == "bad" then game.t("nope") end
                  state.n = state.n + 1
                  game.say(game.t("counted", { n = state.n, who = input }), game.t("fixed"), game.t("fixed", { you = "x" }),
                    game.t("step", { n = state.n }), game.t("counted"))
                  -- A text made ready inside a coroutine serves the rule outside it too.
                  game.say(coroutine.wrap(function() return game.t("inner", { n = state.n }) end)(), game.t("inner", { n = 0 }))
                end
                """,
        ]))
        let engine = try GameEngine(rule: try LoadedRule(path: path), settings: EngineSettings())
        defer { engine.close() }
        let table = Table(engine: engine)
        _ = table.start()
        XCTAssertEqual(table.handle("a", seat: 1).messages, ["a counted 1\t{you} fixed\t{you} fixed\t1 step\t{who} counted {n}", "in 1\tin 0"])
        for _ in 1...2 {
            XCTAssertTrue(table.handle("bad", seat: 1).reason?.contains("game.t: no text 'nope'") == true)
        }
        XCTAssertEqual(table.handle("b", seat: 1).messages, ["b counted 2\t{you} fixed\t{you} fixed\t2 steps\t{who} counted {n}", "in 2\tin 0"])
    }

    /// A rule with texts and a German translation beside it: the engine says them in the
    /// player's language, the rule's title too, and in English where German has no text.
    func testARuleSpeaksThePlayersLanguage() throws {
        let path = files.write("counter", RuleFiles.rule([
            "texts": #"{ counted = "Counted {n}", step = { one = "{n} step", other = "{n} steps" }, left = "Gone" }"#,
            "play": #"function(state, input, game) state.n = state.n + 1; game.say(game.t("counted", { n = state.n }), game.t("step", { n = state.n }), game.t("left"), game.language) end"#,
        ]))
        try FileManager.default.createDirectory(atPath: files.directory + "/counter.texts", withIntermediateDirectories: true)
        try #"return { title = "Zähler", counted = "Gezählt: {n}", step = { one = "{n} Schritt", other = "{n} Schritte" } }"#
            .write(toFile: files.directory + "/counter.texts/de.lua", atomically: true, encoding: .utf8)
        let rule = try LoadedRule(path: path)
        XCTAssertTrue(rule.info.texts.translations.isEmpty, "read when a language asks for them")
        rule.readTranslations(["de-at"])
        XCTAssertEqual(Set(rule.info.texts.translations.keys), ["de"])
        XCTAssertTrue(rule.info.warnings.contains { $0.hasSuffix("counter.texts/de.lua: missing key 'left' (its text is shown untranslated)") }, "\(rule.info.warnings)")
        rule.readTranslations(["de"])
        XCTAssertEqual(rule.info.warnings.filter { $0.contains("missing key 'left'") }.count, 1, "each is read once")
        var settings = EngineSettings()
        settings.language = "de"
        let engine = try GameEngine(rule: rule, settings: settings)
        defer { engine.close() }
        XCTAssertEqual(engine.info.title, "Zähler")
        let table = Table(engine: engine)
        _ = table.start()
        XCTAssertEqual(table.handle("up", seat: 1).messages, ["Gezählt: 1\t1 Schritt\tGone\tde"])
        XCTAssertEqual(table.handle("up", seat: 1).messages, ["Gezählt: 2\t2 Schritte\tGone\tde"])
        let english = try GameEngine(rule: try rule.reloaded(), settings: EngineSettings())
        defer { english.close() }
        let englishTable = Table(engine: english)
        _ = englishTable.start()
        XCTAssertEqual(englishTable.handle("up", seat: 1).messages, ["Counted 1\t1 step\tGone\ten"])
        XCTAssertEqual(english.info.title, "Counter")
    }

    /// Hostile values fill a text within its bounds, or fail as the rule's error.
    func testHostileValuesAreBounded() throws {
        let play = """
            function(state, input, game)
              local values = ({
                big = { a = string.rep("x", 70000) }, inf = { n = 1/0 }, tab = { a = {} },
                meta = setmetatable({}, { __index = function() error("no") end }), fn = { a = print },
              })[input]
              game.say(game.t(input == "inf" and "p" or "a", values))
            end
            """
        let path = files.write("hostile", RuleFiles.rule([
            "texts": #"{ a = "<{a}>", p = { one = "{n} one", other = "{n} other" } }"#, "play": play,
        ]))
        let engine = try GameEngine(rule: try LoadedRule(path: path), settings: EngineSettings())
        defer { engine.close() }
        let table = Table(engine: engine)
        _ = table.start()
        XCTAssertTrue(table.handle("big", seat: 1).reason?.contains("game.t: 'a' makes a text of more than") == true)
        XCTAssertEqual(table.handle("inf", seat: 1).messages, ["inf other"])
        XCTAssertEqual(table.handle("tab", seat: 1).messages, ["<table>"])
        XCTAssertEqual(table.handle("meta", seat: 1).messages, ["<{a}>"], "no metamethod runs")
        XCTAssertEqual(table.handle("fn", seat: 1).messages, ["<function>"])
    }

    /// Each kind of value is shown as the text always showed it, whether `game.t` reads it
    /// straight from the table (ASCII strings, numbers, booleans) or as a String.
    func testEveryKindOfValueIsShownTheSameWay() throws {
        let play = """
            function(state, input, game)
              game.say(game.t("all", { s = "Rock", u = "Stein ✊", bad = "a\\255b", i = 42, whole = 3.0, f = 2.5, yes = true,
                big = 1 << 60, huge = 2^60, t = {} }), game.t("all"), game.t("plain", { s = "x" }))
            end
            """
        let path = files.write("kinds", RuleFiles.rule([
            "texts": #"{ all = "{s}|{u}|{bad}|{i}|{whole}|{f}|{yes}|{big}|{huge}|{t}|{none}|{{s}}", plain = "no names" }"#, "play": play,
        ]))
        let engine = try GameEngine(rule: try LoadedRule(path: path), settings: EngineSettings())
        defer { engine.close() }
        let table = Table(engine: engine)
        _ = table.start()
        XCTAssertEqual(table.handle("up", seat: 1).messages,
                       ["Rock|Stein ✊|a\u{FFFD}b|42|3|2.5|true|1152921504606846976|1.152921504606847e+18|table|{none}|{s}"
                        + "\t{s}|{u}|{bad}|{i}|{whole}|{f}|{yes}|{big}|{huge}|{t}|{none}|{s}\tno names"])
    }

    /// A key the rule has no text for is the rule's error at that line; bad texts fail the
    /// load naming the field; check fails naming a key a translation lacks.
    func testBadTextsAreNamed() throws {
        let unknown = try LoadedRule(path: files.write("unknown", RuleFiles.rule([
            "texts": #"{ a = "A" }"#, "play": #"function(state, input, game) game.say(game.t("b")) end"#,
        ])))
        let engine = try GameEngine(rule: unknown, settings: EngineSettings())
        defer { engine.close() }
        let table = Table(engine: engine)
        _ = table.start()
        let step = table.handle("up", seat: 1)
        XCTAssertTrue(step.reason?.contains("game.t: no text 'b' in the rule's texts") == true, "\(step.reason ?? "")")
        XCTAssertTrue(step.reason?.contains("unknown.lua:") == true, "the line is named: \(step.reason ?? "")")
        for (texts, problem) in [
            (#""hello""#, "field 'texts' must be a table of texts by key, not a string"),
            (#"{ ["bad key!"] = "x" }"#, "is not a key"),
            (#"{ a = 3 }"#, "'a' must be a string, or { one = \"...\", other = \"...\" }"),
            (#"{ a = { one = "x" } }"#, "'a' must be a string, or { one = \"...\", other = \"...\" }"),
            (#"{ a = string.rep("x", 5000) }"#, "'a' is longer than 4096 bytes"),
        ] {
            XCTAssertThrowsError(try LoadedRule(path: files.write("bad", RuleFiles.rule(["texts": texts])))) { error in
                XCTAssertTrue("\(error)".contains(problem), "\(texts): \(error)")
                XCTAssertTrue("\(error)".contains("bad.lua"), "\(error)")
            }
        }
        let path = files.write("partial", RuleFiles.rule(["id": #""partial""#, "texts": #"{ a = "A", b = "B" }"#]))
        try FileManager.default.createDirectory(atPath: files.directory + "/partial.texts", withIntermediateDirectories: true)
        try #"return { a = "Ä" }"#.write(toFile: files.directory + "/partial.texts/de.lua", atomically: true, encoding: .utf8)
        // A translation that does not load, or loops, is named and the rule still loads.
        try "return {".write(toFile: files.directory + "/partial.texts/fr.lua", atomically: true, encoding: .utf8)
        try "while true do end".write(toFile: files.directory + "/partial.texts/ja.lua", atomically: true, encoding: .utf8)
        try "return {}".write(toFile: files.directory + "/partial.texts/notalanguage.lua", atomically: true, encoding: .utf8)
        let rule = try LoadedRule(path: path)
        rule.readTranslations()
        let warnings = rule.info.warnings.joined(separator: "\n")
        XCTAssertTrue(warnings.contains("partial.texts/de.lua: missing key 'b'"), warnings)
        XCTAssertTrue(warnings.contains("partial.texts/fr.lua:"), warnings)
        XCTAssertTrue(warnings.contains("partial.texts/ja.lua"), warnings)
        XCTAssertTrue(warnings.contains("notalanguage.lua: not named for a language"), warnings)
        rule.close()
        let report = Conformance.check(path: path, settings: Conformance.Settings(seeds: 1, maxMoves: 50))
        XCTAssertTrue(report.problems.contains { $0.contains("partial.texts/de.lua: missing key 'b'") }, "\(report.problems)")
    }
}
