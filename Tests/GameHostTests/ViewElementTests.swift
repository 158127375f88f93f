import GameCore
import GameAuthoring
import GamePresenters
import GameRuntime
import GameHostTesting
import XCTest

/// A view drawn as elements: every element and field is checked as it is read (a bad one is the
/// rule's error, naming where), a view is bounded, rule text is shown and never obeyed, a
/// face-down card's face never leaves the engine in any seat's elements, text or JSON, each
/// seat sees its own elements, and check reports a move on an element that the seat is not
/// offered.
final class ViewElementTests: XCTestCase {
    let files = RuleFiles()

    /// A rule whose view returns `view` (Lua for the list), with the moves up and down.
    func tester(view: String, prelude: String = "") throws -> RuleTester {
        try RuleTester(files.write("elements", RuleFiles.rule(["view": "function(state, game, seat) return \(view) end"], prelude: prelude)),
                       allowsRuleErrors: true)
    }

    /// The reason the view of `view` fails with, without the rule's path.
    func failure(_ view: String, prelude: String = "", file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let t = try tester(view: view, prelude: prelude)
        XCTAssertTrue(t.last.ruleFailed, "the view is refused: \(t.view)", file: file, line: line)
        let reason = t.last.reason ?? ""
        XCTAssertTrue(reason.hasPrefix(files.directory + "/elements.lua: "), reason, file: file, line: line)
        return String(reason.dropFirst((files.directory + "/elements.lua: ").count))
    }

    func testEveryElementIsReadIntoItsType() throws {
        let t = try tester(view: """
            {
              { type = "heading", text = "Title", id = "top" },
              "a bare string",
              { type = "text", text = "dim", style = "dim", label = "note" },
              { type = "cards", columns = 2, colour = "orange", cards = {
                { face = "🐶", label = "1", move = "up", selectable = true, id = "c1" }, { up = false, label = "2" },
                { up = false, matched = true }, { face = "A♠", matched = true } } },
              { type = "word", letters = { "c", "", "t" }, marks = { "hit", "", "miss" } },
              { type = "keyboard", keys = { { key = "a", mark = "used", move = "down" }, { key = "b" } }, rows = { "ab" } },
              { type = "meter", name = "Chips", value = 2.5, max = 10, unit = "chips" },
              { type = "picture", lines = { " o ", "/|\\\\" }, alt = "a man" },
              { type = "buttons", buttons = { { text = "Up", move = "up", key = "u" }, { text = "Down" } }, move = "up" },
            }
            """)
        XCTAssertFalse(t.last.ruleFailed, t.last.reason ?? "")
        XCTAssertEqual(t.elements, [
            ViewElement(.heading("Title"), id: "top"),
            ViewElement(.text("a bare string", style: nil)),
            ViewElement(.text("dim", style: .dim), label: "note"),
            ViewElement(.cards([
                .init(face: "🐶", selectable: true, move: "up", label: "1", id: "c1"), .init(up: false, label: "2"),
                .init(up: false, matched: true), .init(face: "A♠", matched: true),
            ], columns: 2, colour: "orange")),
            ViewElement(.word(letters: ["c", "", "t"], marks: [.hit, nil, .miss])),
            ViewElement(.keyboard([.init("a", mark: .used, move: "down"), .init("b")], rows: ["ab"])),
            ViewElement(.meter(name: "Chips", value: 2.5, max: 10, unit: "chips")),
            ViewElement(.picture(lines: [" o ", "/|\\"], alt: "a man", drawing: nil)),
            ViewElement(.buttons([.init("Up", move: "up", key: "u"), .init("Down")]), move: "up"),
        ])
        // The step carries them, and their text at 40 columns is the view.
        XCTAssertEqual(t.last.view(of: 1).elements, t.elements)
        XCTAssertEqual(t.view, ElementText.text(t.elements ?? [], width: 40))
        // A string view is a string view, with no elements.
        let text = try RuleTester(files.write("text", RuleFiles.rule()))
        XCTAssertNil(text.elements)
        XCTAssertNil(text.last.view(of: 1).elements)
        XCTAssertEqual(text.view, "n = 0")
    }

    /// A picture's drawing is read shape by shape into what a browser draws, and the terminal
    /// keeps drawing the lines; a drawing off its bounds is the rule's error, naming where.
    func testAPicturesDrawingIsReadCheckedAndCarried() throws {
        let t = try tester(view: #"""
            { { type = "picture", lines = { "(o)" }, alt = "a tree", drawing = { width = 100, height = 80, shapes = {
                { shape = "rect", x = 45, y = 40, w = 10, h = 40, colour = "brown" },
                { shape = "circle", x = 50, y = 30, r = 25.5, colour = "green" },
                { shape = "text", x = 50, y = 30, text = "🍎", size = 9 } } } } }
            """#)
        let element = try XCTUnwrap(t.elements?.first)
        guard case .picture(let lines, _, let drawing?) = element.kind else { return XCTFail("\(element)") }
        XCTAssertEqual(lines, ["(o)"])
        XCTAssertEqual(drawing, ViewElement.Drawing(width: 100, height: 80, shapes: [
            .rect(x: 45, y: 40, w: 10, h: 40, colour: "brown"), .circle(x: 50, y: 30, r: 25.5, colour: "green"),
            .text(x: 50, y: 30, text: "🍎", size: 9, colour: nil),
        ]))
        XCTAssertEqual(element.json.encoded, #"{"alt":"a tree","drawing":{"height":80,"shapes":[{"colour":"brown","h":40,"shape":"rect","w":10,"x":45,"y":40},"#
                       + #"{"colour":"green","r":25.5,"shape":"circle","x":50,"y":30},{"shape":"text","size":9,"text":"🍎","x":50,"y":30}],"width":100},"#
                       + #""lines":["(o)"],"type":"picture"}"#)
        XCTAssertEqual(t.view, "(o)", "the terminal draws the lines")
        func bad(_ drawing: String) throws -> String { try failure(#"{ { type = "picture", lines = { "x" }, drawing = "# + drawing + " } }") }
        XCTAssertEqual(try bad(#"{ height = 10, shapes = {} }"#), "view returned an element at [1].drawing without its width and height (whole numbers from 1 to 1000)")
        XCTAssertEqual(try bad(#"{ width = 5000, height = 10, shapes = {} }"#), "view returned an element at [1].drawing.width that is not a whole number from 1 to 1000")
        XCTAssertEqual(try bad(#"{ width = 10, height = 10, shapes = { { shape = "star", x = 1, y = 1 } } }"#),
                       "view returned an element at [1].drawing.shapes[1].shape 'star' (the shapes: rect, circle, text)")
        XCTAssertEqual(try bad(#"{ width = 10, height = 10, shapes = { { shape = "circle", x = 1, y = 1, r = 2, colour = "url(#x)" } } }"#),
                       "view returned an element at [1].drawing.shapes[1].colour 'url(#x)' (the colours: red, green, yellow, blue, magenta, cyan, white, gray, orange, purple, pink, brown)")
        XCTAssertEqual(try bad(#"{ width = 10, height = 10, shapes = { { shape = "rect", x = 1, y = 1, w = 2, h = 2 } } }"#),
                       "view returned an element at [1].drawing.shapes[1] without its colour (red, green, yellow, blue, magenta, cyan, white, gray, orange, purple, pink, brown)")
        XCTAssertEqual(try bad(#"{ width = 10, height = 10, shapes = { { shape = "circle", x = 1e9, y = 1, r = 2, colour = "red" } } }"#),
                       "view returned an element at [1].drawing.shapes[1].x that is off the canvas (1000000000)")
        XCTAssertEqual(try bad(#"{ width = 10, height = 10, shapes = { { shape = "circle", x = 0/0, y = 1, r = 2, colour = "red" } } }"#),
                       "view returned an element at [1].drawing.shapes[1].x that is not a finite number")
        XCTAssertEqual(try bad(#"{ width = 10, height = 10, shapes = { { shape = "text", x = 1, y = 1, text = string.rep("x", 65) } } }"#),
                       "view returned an element at [1].drawing.shapes[1] without its text (at most 64 bytes)")
        XCTAssertEqual(try bad(#"{ width = 10, height = 10, shapes = { { shape = "rect", x = 1, y = 1, w = 2, h = 2, colour = "red", onclick = 1 } } }"#),
                       "view returned an element at [1].drawing.shapes[1] with a field 'onclick' that a shape does not have (its fields: shape, x, y, w, h, r, text, size, colour)")
        let many = "(function() local s = {} for i = 1, 201 do s[i] = { shape = \"circle\", x = 1, y = 1, r = 1, colour = \"red\" } end return s end)()"
        XCTAssertEqual(try bad("{ width = 10, height = 10, shapes = \(many) }"), "view returned an element at [1].drawing.shapes with 201 shapes; a drawing may have 200")
    }

    func testABadElementIsTheRulesErrorNamingWhere() throws {
        let cases: [(view: String, reason: String)] = [
            (#"{ "a", "b", { type = "cardz" } }"#,
             "view returned an element at [3] with type 'cardz' (the types: text, heading, cards, word, keyboard, meter, picture, buttons)"),
            (#"{ { text = "no type" } }"#, "view returned an element at [1] with no type (one of text, heading, cards, word, keyboard, meter, picture, buttons)"),
            (#"{ { type = 7 } }"#, "view returned an element at [1] with type number (the types: text, heading, cards, word, keyboard, meter, picture, buttons)"),
            (#"{ { type = "text", text = "x", colour = "red" } }"#,
             "view returned an element at [1] with a field 'colour' that a text element does not have (its fields: text, style, type, move, label, id)"),
            (#"{ "ok", { type = "cards", cards = { { face = "A" }, { face = "B", flipped = true } } } }"#,
             "view returned an element at [2].cards[2] with a field 'flipped' that a card does not have (its fields: face, up, matched, selectable, move, label, id)"),
            (#"{ { type = "cards", cards = { { up = "yes" } } } }"#, "view returned an element at [1].cards[1].up that is a string, not a boolean"),
            (#"{ { type = "text" } }"#, "view returned an element at [1] without its text (a text element needs one)"),
            (#"{ { type = "text", text = 5 } }"#, "view returned an element at [1].text that is a number, not a string"),
            (#"{ { type = "text", text = "x", style = "bold" } }"#, "view returned an element at [1].style 'bold' (the styles: title, dim, message, refusal)"),
            (#"{ { type = "word", letters = { "a", "b" }, marks = { "hit" } } }"#,
             "view returned an element at [1].marks with 1 marks for 2 letters (one a letter, \"\" for none)"),
            (#"{ { type = "word", letters = { "a" }, marks = { "used" } } }"#,
             "view returned an element at [1].marks[1] 'used' (the marks: hit, present, miss, or \"\" for none)"),
            (#"{ { type = "keyboard", keys = { { key = "" } } } }"#, "view returned an element at [1].keys[1] without its key (a key entry needs a key, such as \"a\")"),
            (#"{ { type = "keyboard", keys = { "a" } } }"#, "view returned an element at [1].keys[1] that is a string, not a table"),
            (#"{ { type = "meter", name = "x", value = 0/0 } }"#, "view returned an element at [1].value that is not a finite number"),
            (#"{ { type = "meter", name = "x", value = "3" } }"#, "view returned an element at [1].value that is a string, not a number"),
            (#"{ { type = "cards", cards = {}, columns = 0 } }"#, "view returned an element at [1].columns that is not a whole number from 1 to 1000"),
            (#"{ { type = "cards", cards = {}, colour = "teal" } }"#,
             "view returned an element at [1].colour 'teal' (the colours: red, green, yellow, blue, magenta, cyan, white, gray, orange, purple, pink, brown)"),
            (#"{ { type = "buttons", buttons = { { text = "Go", key = "go" } } } }"#,
             "view returned an element at [1].buttons[1].key 'go': a button's key is one printable ASCII character other than / and space"),
            (#"{ { type = "buttons", buttons = { { move = "up" } } } }"#, "view returned an element at [1].buttons[1] without its text (a button needs one)"),
            (#"{ { type = "picture", lines = { a = "x" } } }"#, "view returned an element at [1].lines that is a table with named fields or gaps, not a list"),
            (#"{ { type = "text", text = "x", move = ("m"):rep(5000) } }"#,
             "view returned an element at [1].move of 5000 bytes; a move is an input line of at most 4096"),
            (#"{ { type = "text", text = ("x"):rep(70000) } }"#, "view returned an element at [1].text of 70000 bytes; a string in an element may have 64 KB"),
            (#"{ 42 }"#, "view returned an element at [1] that is a number, not a table or a string"),
            (#"{ type = "text", text = "not in a list" }"#,
             "view must return a string or a list of elements, not a table with named fields (a single element goes in a list too: { { type = \"text\", text = \"...\" } })"),
            ("true", "view must return a string or a list of elements, not boolean"),
        ]
        for (view, reason) in cases {
            XCTAssertEqual(try failure(view), reason, view)
        }
    }

    func testAViewIsBounded() throws {
        XCTAssertEqual(ViewElement.elementLimit, 500)
        XCTAssertEqual(ViewElement.entryLimit, 1000)
        // 500 elements, and 1,000 cards in one, are fine; one more of either is an error.
        let most = try tester(view: #"(function() local e = {} for i = 1, 500 do e[i] = "line " .. i end return e end)()"#)
        XCTAssertFalse(most.last.ruleFailed, most.last.reason ?? "")
        XCTAssertEqual(most.elements?.count, 500)
        XCTAssertEqual(try failure(#"(function() local e = {} for i = 1, 501 do e[i] = "x" end return e end)()"#),
                       "view returned 501 elements, more than 500")
        let cards = #"(function(n) local c = {} for i = 1, n do c[i] = { up = false } end return { { type = "cards", cards = c } } end)"#
        XCTAssertFalse(try tester(view: cards + "(1000)").last.ruleFailed)
        XCTAssertEqual(try failure(cards + "(1001)"), "view returned an element at [1].cards with 1001 entries; a list in an element may have 1000")
        // Strings of 64 KB each, but 1 MB in all, as a text view may have: 40 of 30 KB are refused.
        let flood = try failure(#"(function() local e = {} for i = 1, 40 do e[i] = ("word "):rep(6000) end return e end)()"#)
        XCTAssertEqual(flood, "view returned elements holding 1200000 bytes of text; a view may have 1 MB", "a text of 1.2 MB")
        XCTAssertFalse(try tester(view: #"(function() local e = {} for i = 1, 33 do e[i] = ("word "):rep(6000) end return e end)()"#).last.ruleFailed)
        // Ids and labels count as much as the text drawn.
        XCTAssertTrue(try failure(#"(function() local c = {} for i = 1, 20 do c[i] = { up = false, id = ("i"):rep(60000) } end return { { type = "cards", cards = c } } end)()"#)
            .hasPrefix("view returned elements holding 1200000 bytes"))
    }

    /// A face-down card's face is dropped as it is read: no seat's elements, text or JSON
    /// holds it, whatever the rule wrote, and its other fields stay.
    func testAFaceDownCardsFaceNeverLeavesTheEngine() throws {
        let t = try tester(view: """
            { { type = "cards", cards = { { face = "SECRET-" .. seat, up = false, label = "7", id = "c7" }, { face = "shown-" .. seat } } } }
            """)
        for seat in [1] {
            let step = t.last.view(of: seat)
            XCTAssertEqual(step.elements, [ViewElement(.cards([.init(up: false, label: "7", id: "c7"), .init(face: "shown-\(seat)")], columns: nil, colour: nil))])
            let json = JSONValue.array(step.elements!.map(\.json)).encoded
            XCTAssertFalse(json.contains("SECRET"), json)
            XCTAssertEqual(json, #"[{"cards":[{"id":"c7","label":"7","matched":false,"selectable":false,"up":false},{"face":"shown-1","matched":false,"selectable":false,"up":true}],"type":"cards"}]"#)
            XCTAssertFalse(step.view.contains("SECRET"), step.view)
            XCTAssertEqual(step.view, "7 ▓▓ shown-1")
        }
        // Even a card built in Swift with a face and up = false holds none.
        XCTAssertNil(ViewElement.Card(face: "x", up: false).face)
    }

    /// A rule's text is data everywhere: control characters are spelled out as the terminal
    /// shows them (in the elements, so in the JSON and a browser too), a bidirectional
    /// override is named, a tab is a space and CR LF a newline; markup is left as it is, text
    /// for every face to show as text; a move is the input line the rule wrote.
    func testRuleTextIsShownNeverObeyed() throws {
        let t = try tester(view: #"""
            { { type = "text", text = "\27[2Jwiped\r\nnext\tline\7" },
              { type = "cards", cards = { { face = "\u{202E}dcba", label = "\127" } } },
              { type = "buttons", buttons = { { text = "<script>alert(1)</script>", move = "up" } } },
              { type = "picture", lines = { "<img src=x onerror=alert(1)>", "\194\155[31m" }, alt = "javascript:alert(1)" } }
            """#)
        XCTAssertFalse(t.last.ruleFailed, t.last.reason ?? "")
        XCTAssertEqual(t.elements, [
            ViewElement(.text("^[[2Jwiped\nnext line^G", style: nil)),
            ViewElement(.cards([.init(face: "<U+202E>dcba", label: "^?")], columns: nil, colour: nil)),
            ViewElement(.buttons([.init("<script>alert(1)</script>", move: "up")])),
            ViewElement(.picture(lines: ["<img src=x onerror=alert(1)>", "M-^[[31m"], alt: "javascript:alert(1)", drawing: nil)),
        ])
        XCTAssertFalse(t.view.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, t.view)
        let json = JSONValue.array(t.elements!.map(\.json)).encoded
        XCTAssertFalse(json.contains("\\u00"), "no control character left to escape: \(json)")
    }

    /// Each seat's elements are its own view's, and a card hidden from a seat is face down in
    /// that seat's elements only: the JSON stream of each seat, as --json writes it, holds no
    /// face of a card turned down for it.
    func testEachSeatSeesItsOwnElements() throws {
        let path = files.write("seats", RuleFiles.rule([
            "players": "2",
            "turn": "function(state) return 1 end",
            "view": """
                function(state, game, seat)
                    local cards = {}
                    for s = 1, 2 do cards[s] = { face = "hand-of-" .. s, up = s == seat } end
                    return { ("seat %d"):format(seat), { type = "cards", cards = cards } }
                  end
                """,
        ]))
        let sink = Buffer()
        for seat in [1, 2] {
            var config = RuleTester.Config()
            config.seats = 2
            let t = try RuleTester(path, config)
            XCTAssertEqual(t.elements(for: seat)?.first, ViewElement(.text("seat \(seat)", style: nil)))
            let json = JSONLinesPresenter(sink)
            json.seat = seat
            json.begin(t.engine.info)
            json.show(t.last)
            let other = 3 - seat
            XCTAssertTrue(sink.text.contains("hand-of-\(seat)"), sink.text)
            XCTAssertFalse(sink.text.contains("hand-of-\(other)"), sink.text)
            sink.text = ""
        }
    }

    /// check proves that every move a view's elements offer is offered to that seat then.
    func testCheckReportsAMoveTheSeatIsNotOffered() throws {
        /// The problems check finds in a rule whose view is `view` while the game goes on (and
        /// `over` once it is over), with `fields` replacing more of the rule.
        func problems(_ view: String, over: String = #""over""#, _ fields: [String: String] = [:]) -> [String] {
            // The game ends three steps from 0 either way, so a random walk soon ends it.
            let path = files.write("taps", RuleFiles.rule([
                "view": "function(state, game) if math.abs(state.n) >= 3 then return \(over) end return \(view) end",
                "result": "function(state) if math.abs(state.n) >= 3 then return { winner = 'player', summary = 'three!' } end end",
            ].merging(fields) { $1 }))
            return Conformance.check(path: path, settings: Conformance.Settings(seeds: 1, maxMoves: 50)).problems
        }
        // Listed moves, keys of them, commands and free text are all fine.
        XCTAssertEqual(problems(#"{ { type = "buttons", buttons = { { text = "Up", move = "up" }, { text = "Help", move = "/help" } } } }"#), [])
        XCTAssertEqual(problems(#"{ { type = "keyboard", keys = { { key = "u", move = "u" }, { key = "d", move = "d" } } } }"#,
                                ["keys": #"{ u = "up", d = "down" }"#]), [])
        XCTAssertEqual(problems(#"{ { type = "buttons", buttons = { { text = "Seven", move = "7" } } } }"#,
                                ["moves": #"function(state) return { "up", "down", text = "a number", pattern = "%d+" } end"#]), [])
        // Once the game is over, y and n are offered: a tap on them is fine, one on a move is not.
        XCTAssertEqual(problems(#""on""#, over: #"{ { type = "buttons", buttons = { { text = "Again", move = "y" }, { text = "Stop", move = "n" } } } }"#), [])
        let late = problems(#""on""#, over: #"{ { type = "buttons", buttons = { { text = "Up", move = "up" } } } }"#)
        XCTAssertTrue(late.first?.contains("seat 1's view offers 'up' at [1].buttons[1], which is not among the moves offered now") ?? false, "\(late)")
        let offered = problems(#"{ { type = "cards", cards = { { face = "x" }, { face = "y", move = "sideways" } } } }"#)
        XCTAssertEqual(offered.count, 1, "\(offered)")
        XCTAssertTrue(offered.first?.contains("seat 1's view offers 'sideways' at [1].cards[2], which is not among the moves offered now") ?? false, "\(offered)")
        let element = problems(#"{ { type = "text", text = "tap me", move = "jump" } }"#)
        XCTAssertTrue(element.first?.contains("offers 'jump' at [1], which") ?? false, "\(element)")
        let key = problems(#"{ { type = "keyboard", keys = { { key = "u", move = "up" }, { key = "z", move = "zz" } } } }"#)
        XCTAssertTrue(key.first?.contains("offers 'zz' at [1].keys[2]") ?? false, "\(key)")
        // A button showing a key the rule's keys give to another move would mislead.
        let keyed = problems(#"{ { type = "buttons", buttons = { { text = "Up", move = "up", key = "d" } } } }"#,
                             ["keys": #"{ u = "up", d = "down" }"#])
        XCTAssertTrue(keyed.first?.contains("seat 1's view shows the key 'd' for 'up' at [1].buttons[1], but the rule's keys play 'down' with d") ?? false,
                      "\(keyed)")
        XCTAssertEqual(problems(#"{ { type = "buttons", buttons = { { text = "Up", move = "up", key = "u" }, { text = "Down", move = "down", key = "x" } } } }"#,
                                ["keys": #"{ u = "up" }"#]), [], "a key the rule's keys do not name is the rule's to take")
        let pattern = problems(#"{ { type = "buttons", buttons = { { text = "Word", move = "seven" } } } }"#,
                               ["moves": #"function(state) return { "up", "down", text = "a number", pattern = "%d+" } end"#])
        XCTAssertTrue(pattern.first?.contains("offers 'seven' at [1].buttons[1]") ?? false, "free text that does not match: \(pattern)")
    }
}
