import GameCore
import LuaKit
import GameRuntime

/// check's proof that a seat learns nothing it may not see. For a seat it changes, in the
/// state, everything that seat may not see: the cards hidden from it trade faces (every field
/// but `faceUp`, `owner` and `visible_to`) among their places, and the secret fields change to
/// other values of their kind (a string reversed, a number plus one, a boolean flipped; in a
/// secret table, the strings no open field also holds). Then the seat's observation, view and
/// moves must be what they were; the state is put back afterwards.
package enum HidingProof {
    /// Lua run in the rule's state (with the host's own globals): `(state, seat, secret names,
    /// seed, private names) -> undo, changed count, faces, secret strings, shown faces, card ids`
    /// (the labels and contents only cards hidden from the seat show, the strings of the secret
    /// fields and of other seats' private entries, the faces of the cards the seat sees, and
    /// for each hidden face the cards that show it, each by a number it keeps while it lives).
    static let source = CardVisibility.functions + #"""
    local next, type, rawget, rawset, ipairs, tostring, utf8, math = next, type, rawget, rawset, ipairs, tostring, utf8, math
    local concat = table.concat
    local FACE_FIELDS = { "label", "content" }
    -- A number for each card table, the same at every step for as long as the card lives (a
    -- new deal's 9♣ is another card than the last hand's).
    local ids, last_id = setmetatable({}, { __mode = "k" }), 0
    local function id_of(t)
      local id = ids[t]
      if not id then last_id = last_id + 1 id = last_id ids[t] = id end
      return id
    end
    -- A string of the same length that is not the same.
    local function other(s)
      local chars = {}
      for _, c in utf8.codes(s) do chars[#chars + 1] = utf8.char(c) end
      local out = {}
      for i = #chars, 1, -1 do out[#out + 1] = chars[i] end
      local r = concat(out)
      if r ~= s then return r end
      return (s:gsub("%a", function(c) return c == "z" and "a" or c == "Z" and "A" or string.char(c:byte() + 1) end)) .. (s == "" and "x" or "")
    end
    return function(state, seat, secrets, seed, privates)
      -- Every change is logged, and `undo` (returned first) puts each back, last first: the
      -- state is as it was, in the same tables, without a snapshot of all of it.
      local log_t, log_k, log_v, logged = {}, {}, {}, 0
      local function set(t, k, v)
        logged = logged + 1
        log_t[logged], log_k[logged], log_v[logged] = t, k, rawget(t, k)
        rawset(t, k, v)
      end
      local function undo()
        for i = logged, 1, -1 do rawset(log_t[i], log_k[i], log_v[i]) end
      end
      local secret = {}
      for _, name in ipairs(secrets) do secret[name] = true end
      -- What the open fields reach: tables and strings a seat may see by other paths.
      local open_tables, open_strings = {}, {}
      local function mark(v)
        if type(v) == "string" then open_strings[v] = true
        elseif type(v) == "table" and not open_tables[v] then
          open_tables[v] = true
          for k, x in next, v do mark(k) mark(x) end
        end
      end
      -- (Only secret fields need them.)
      if #secrets > 0 then
        for k, v in next, state do if not secret[k] then mark(v) end end
      end
      -- The cards hidden from the seat, anywhere in the state, and the faces (labels and
      -- contents) that only hidden cards show.
      local cards, seen, shown, faces = {}, {}, {}, {}
      local function walk(t)
        if seen[t] then return end
        seen[t] = true
        if is_card(t) then
          local hidden = not seen_by(t, seat)
          if hidden then cards[#cards + 1] = t end
          for f = 1, 2 do
            local face = rawget(t, FACE_FIELDS[f])
            if type(face) == "string" then
              if hidden then
                -- A card's number, or a list of them where several cards show the face.
                local id, was = id_of(t), faces[face]
                if was == nil then faces[face] = id
                elseif type(was) == "table" then was[#was + 1] = id
                else faces[face] = { was, id } end
              else
                shown[face] = true
              end
            end
          end
        end
        for _, v in next, t do if type(v) == "table" then walk(v) end end
      end
      walk(state)
      local hidden_faces, shown_faces, hidden_ids = {}, {}, {}
      for face, ids in next, faces do
        if not shown[face] then
          hidden_faces[#hidden_faces + 1] = face
          hidden_ids[face] = type(ids) == "table" and ids or { ids }
        end
      end
      for face in next, shown do shown_faces[#shown_faces + 1] = face end
      local changed = 0
      -- Their faces trade places: a permutation with no card left where it was, where two or
      -- more are hidden (a rotation by a seeded amount).
      if #cards > 1 then
        -- Field by field: card i takes field k of card i + shift (nil where that one has none).
        local keys, known = {}, {}
        for _, card in ipairs(cards) do
          for k in next, card do
            if not KEEP[k] and not known[k] then known[k] = true keys[#keys + 1] = k end
          end
        end
        local n, shift = #cards, seed % (#cards - 1) + 1
        local values = {}
        for _, k in ipairs(keys) do
          for i = 1, n do values[i] = rawget(cards[i], k) end
          for i = 1, n do
            local v = values[(i - 1 + shift) % n + 1]
            if v ~= values[i] then set(cards[i], k, v) end
          end
        end
        changed = changed + n
      end
      -- The secret fields change to other values of their kind.
      -- Their strings of three bytes or more are looked for in the seat's observation too.
      local touched, secret_strings = {}, {}
      local function note(v) if #v >= 3 then secret_strings[#secret_strings + 1] = v end end
      local function perturb(t)
        if touched[t] or open_tables[t] then return end
        touched[t] = true
        for k, v in next, t do
          if type(v) == "string" and not open_strings[v] then note(v) set(t, k, other(v)) changed = changed + 1
          elseif type(v) == "table" then perturb(v) end
        end
      end
      for _, name in ipairs(secrets) do
        local v = rawget(state, name)
        if type(v) == "string" then note(v) set(state, name, other(v)) changed = changed + 1
        elseif math.type(v) then set(state, name, v + 1) changed = changed + 1
        elseif type(v) == "boolean" then set(state, name, not v) changed = changed + 1
        elseif type(v) == "table" then perturb(v) end
      end
      -- Every other seat's entry of the private fields changes to other values of its kind: a
      -- number to the next of the numbers those fields hold (a die stays a die), a string
      -- likewise, a boolean flipped, a table's values in turn (a card keeps its place).
      local numbers, strings = {}, {}
      local function gather(v, done)
        if type(v) == "number" then numbers[v] = true
        elseif type(v) == "string" then strings[v] = true
        elseif type(v) == "table" and not done[v] then
          done[v] = true
          for k, x in next, v do if not KEEP[k] then gather(x, done) end end
        end
      end
      for _, name in ipairs(privates) do
        local t = rawget(state, name)
        if type(t) == "table" then gather(t, {}) end
      end
      local function cycle(set)
        local list, after = {}, {}
        for v in next, set do list[#list + 1] = v end
        table.sort(list)
        for i, v in ipairs(list) do after[v] = list[i % #list + 1] end
        return after
      end
      local next_number, next_string = cycle(numbers), cycle(strings)
      local function change(v, done)
        if type(v) == "number" then
          changed = changed + 1
          local w = next_number[v]
          return w ~= v and w or v + 1
        elseif type(v) == "string" then
          note(v)
          changed = changed + 1
          local w = next_string[v]
          return w ~= v and w or other(v)
        elseif type(v) == "boolean" then
          changed = changed + 1
          return not v
        elseif type(v) == "table" and not done[v] then
          done[v] = true
          for k, x in next, v do if not KEEP[k] then set(v, k, change(x, done)) end end
        end
        return v
      end
      for _, name in ipairs(privates) do
        local t = rawget(state, name)
        if type(t) == "table" then
          local done = {}
          for k, v in next, t do if k ~= seat then set(t, k, change(v, done)) end end
        end
      end
      return undo, changed, hidden_faces, secret_strings, shown_faces, hidden_ids
    end
    """#
}

/// What check's proof found for one seat in one state: a leak, and what it learned of the cards
/// (for the messages the seat was told, which the proof cannot replay).
public struct HidingReport: Sendable {
    /// What gave away what the seat may not see, or nil.
    public var leak: String?
    /// The faces (labels, contents) only cards hidden from the seat show.
    public var hiddenFaces: [String] = []
    /// The faces of the cards the seat sees: its own, face up, shown to it, or seen by all.
    public var shownFaces: [String] = []
    /// For each hidden face, the cards that show it (a number each card keeps while it lives).
    public var hiddenCards: [String: Set<Int>] = [:]
    /// The strings of the secret fields.
    public var secretStrings: [String] = []
    /// Those of them the seat's observation does not hold (a word a game has shown is known).
    public var unrevealedSecrets: [String] = []
}

extension GameEngine {
    /// Whether `seat` can tell what it may not see (see `hidingReport`); nil when it cannot.
    public func hidingLeak(for seat: Int, seed: UInt64, atStart: Bool = false) throws -> String? {
        try hidingReport(for: seat, seed: seed, atStart: atStart).leak
    }

    /// Whether `seat` can tell what it may not see: its observation, view and moves after the
    /// hidden cards trade faces and the secret fields change, against before; the leak is nil
    /// when they are the same (or nothing is hidden from it), else it says which differs and
    /// where. The state is put back, as after a refused move.
    /// `atStart`: at a new game, when a secret's value must show nowhere yet (later a game may
    /// rightly show it, as Hangman shows the word once every letter is found).
    /// `isExample`: whether a face is one the rule writes in its own strings (shown in a view's
    /// text it is an example, not a card).
    /// `probe`: an input tried (and rolled back) for the seat, whose refusal must not change
    /// with what it may not see either (check's garbage input).
    public func hidingReport(for seat: Int, seed: UInt64, atStart: Bool = false, probe: String? = nil,
                             isExample: (String) -> Bool = { _ in false }) throws -> HidingReport {
        // The bot's move is looked at too when the seat is to move: a bot that reads what its
        // seat may not see cheats wherever it plays.
        let botPlays = try info.hasBot && toMove().contains(seat)
        // The default observation is the host's: it leaves out the secret fields and masks the
        // hidden cards and the other seats' private entries, everything the proof changes, so
        // it cannot change with them and is read once (copies of hidden faces in open fields
        // are looked for in it). A rule's own `observe` is read again.
        var once: JSONValue?
        func look() throws -> Look {
            let seen = try info.hasObserve ? observation(for: seat) : once ?? observation(for: seat)
            once = seen
            var refusal: String?
            if let probe, case .refused(let reason, _) = trial(probe, seat: seat) { refusal = reason }
            return Look(observation: seen, view: try drawing(for: seat), moves: try moves(for: seat),
                        bot: botPlays ? try botMove(for: seat, peeking: true) : nil, refusal: refusal)
        }
        // The proof's own queries are not held to only looking (the playthrough does that):
        // reading the whole state around each would cost more than the proof.
        let verifies = verifiesQueries
        verifiesQueries = false
        defer { verifiesQueries = verifies }
        let before = try look()
        let altered = try perturbHidden(for: seat, seed: seed)
        defer { try? restoreAlteredState() }
        var report = HidingReport(hiddenFaces: altered.faces, shownFaces: altered.shownFaces, hiddenCards: altered.hiddenCards,
                                  secretStrings: altered.secretStrings)
        let observed = Set(HidingProof.strings(in: before.observation))
        report.unrevealedSecrets = altered.secretStrings.filter { !observed.contains($0) }
        report.leak = try leak(of: seat, before: before, altered: altered, atStart: atStart, isExample: isExample, look: look)
        return report
    }

    private func leak(of seat: Int, before: Look, altered: AlteredState, atStart: Bool,
                      isExample: (String) -> Bool, look: () throws -> Look) throws -> String? {
        let faces = altered.faces
        // A copy of a hidden card's face, kept where the seat sees it, is a leak that no
        // change of the hidden cards shows.
        if let face = HidingProof.copiedFace(faces, in: before.observation) {
            return "seat \(seat)'s observation holds '\(face.face)' at \(face.path), the face of a card hidden from seat \(seat)"
        }
        // So is a copy of a secret field's value in a new game.
        if atStart, let copy = HidingProof.copiedFace(altered.secretStrings, in: before.observation) {
            return "seat \(seat)'s observation holds '\(copy.face)' at \(copy.path), the value of a secret field"
        }
        let viewText = Array(before.view.text.utf8)
        if let face = faces.first(where: { HidingProof.isDistinct($0) && HidingProof.occurs($0, in: viewText) && !isExample($0) }) {
            return "seat \(seat)'s view shows '\(face)', the face of a card hidden from seat \(seat)"
        }
        // An element may hold a face where its text does not show it (a card's label or id).
        if let elements = before.view.elements,
           let face = HidingProof.copiedFace(faces.filter(HidingProof.isDistinct), in: .array(elements.map(\.json)), root: "elements") {
            return "seat \(seat)'s view holds '\(face.face)' at \(face.path), the face of a card hidden from seat \(seat)"
        }
        guard altered.changed > 0 else { return nil }
        let after = try look()
        let hidden = "what seat \(seat) may not see (another seat's cards or private fields, the stock's order, or a secret field)"
        if after.observation != before.observation {
            let path = JSONValue.firstDifference(before.observation, after.observation, at: "observation") ?? "observation"
            return "seat \(seat)'s \(path) changes with \(hidden)"
        }
        if after.view != before.view { return "seat \(seat)'s view changes with \(hidden)" }
        if after.moves != before.moves { return "seat \(seat)'s moves change with \(hidden)" }
        if after.bot != before.bot {
            return "seat \(seat)'s bot chooses '\(after.bot ?? "")' where it chose '\(before.bot ?? "")' when \(hidden) changes: the bot must decide by what its seat sees"
        }
        if after.refusal != before.refusal {
            return "the reason seat \(seat)'s input was refused changes with \(hidden): '\(before.refusal ?? "")' became '\(after.refusal ?? "")'"
        }
        return nil
    }
}

extension GameEngine {
    /// Whether `mover`'s move `input` tells `viewer` what it may not see through what a step
    /// carries besides the view: the viewer's reward (`game.reward`) or the step's bells. The
    /// move is tried twice, as things are and with what `viewer` may not see changed; where
    /// the viewer's view and observation after it are the same both times, so must its reward
    /// and the bells be. (Where they differ the move showed something, as a hand turned up at
    /// the end, and a reward may follow it; a move that ends the game is left alone too, as
    /// its scores rightly follow what is then revealed.)
    package func rewardLeak(of viewer: Int, mover: Int, input: String, seed: UInt64) throws -> String? {
        struct After { var observation: JSONValue; var view: String; var over: Bool; var reward: Double?; var bells: Int }
        func tried() -> After? {
            var seen: (JSONValue, String, Bool)?
            let outcome = trial(input, seat: mover) {
                seen = ((try? self.observation(for: viewer)) ?? .null, (try? self.drawing(for: viewer).text) ?? "", (try? self.result()) != nil)
            }
            guard case .accepted(let out) = outcome, let seen else { return nil }
            return After(observation: seen.0, view: seen.1, over: seen.2, reward: out.rewards[viewer], bells: out.bells)
        }
        guard let before = tried(), !before.over else { return nil }
        let altered = try perturbHidden(for: viewer, seed: seed)
        defer { try? restoreAlteredState() }
        guard altered.changed > 0, let after = tried(), !after.over,
              after.observation == before.observation, after.view == before.view else { return nil }
        let hidden = "what seat \(viewer) may not see"
        func shown(_ reward: Double?) -> String {
            guard let reward else { return "none" }
            return reward == reward.rounded() && abs(reward) < 1e15 ? String(Int64(reward)) : "\(reward)"
        }
        if after.reward != before.reward {
            return "seat \(viewer)'s reward from seat \(mover)'s move '\(input)' changes with \(hidden): \(shown(before.reward)) became \(shown(after.reward))"
        }
        if after.bells != before.bells {
            return "the bells of seat \(mover)'s move '\(input)' change with \(hidden): \(before.bells) became \(after.bells)"
        }
        return nil
    }
}

/// What a seat is shown, and answered, in one state: what the proof compares.
struct Look {
    var observation: JSONValue
    var view: RuleView
    var moves: Moves
    var bot: String?
    var refusal: String?
}

/// What `perturbHidden` changed and found.
package struct AlteredState {
    package var changed = 0
    var faces: [String] = []
    var secretStrings: [String] = []
    var shownFaces: [String] = []
    var hiddenCards: [String: Set<Int>] = [:]
}

extension GameEngine {
    /// Changes, in place, what `seat` may not see, after saving the state; returns how many
    /// values changed, the faces of the cards hidden from `seat`, the secret fields' strings
    /// and the faces `seat` sees. `restoreAlteredState` puts the state back.
    /// `changingSecrets`: whether the secret fields' own values change too (check's proof);
    /// without it, the hidden cards trade faces (wherever they lie) and the other seats'
    /// private entries change, and a secret word stays (the search's fairness test: a deck's
    /// cards keep their faces, among themselves).
    package func perturbHidden(for seat: Int, seed: UInt64, changingSecrets: Bool = true) throws -> AlteredState {
        let secrets = LuaValue.array(changingSecrets ? info.secretFields.map { .string($0) } : [])
        let privates = LuaValue.array(info.privateFields.map { .string($0) })
        let answer = try alterState(with: HidingProof.source, [.integer(Int64(seat)), secrets, .integer(Int64(seed % 1_000_003)), privates],
                                    results: 6)
        guard answer.count == 6 else { return AlteredState() }
        // Sorted here, by their bytes, so that a report names the same face on every run (Lua's
        // sort compares strings by the locale, at thousands of instructions a comparison).
        func strings(_ k: Int) -> [String] {
            (answer[k + 1].array?.compactMap(\.string) ?? []).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        var cards: [String: Set<Int>] = [:]
        if case .map(let byFace) = answer[5] {
            for (face, list) in byFace { cards[face] = Set((list.array ?? []).compactMap { $0.integer.map(Int.init) }) }
        }
        return AlteredState(changed: Int(answer[1].integer ?? 0), faces: strings(1), secretStrings: strings(2), shownFaces: strings(3),
                            hiddenCards: cards)
    }
}

extension HidingProof {
    /// The contents of the string literals of Lua `source` ("...", '...', [[...]] and their
    /// kin), one after another with a newline between: the text a rule writes as it is, not
    /// its comments.
    package static func stringLiterals(of source: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        let n = source.count
        // The level of a long bracket opening at `at` ([[ is 0, [==[ is 2), or nil.
        func longOpen(_ at: Int) -> Int? {
            guard at < n, source[at] == UInt8(ascii: "[") else { return nil }
            var j = at + 1, level = 0
            while j < n, source[j] == UInt8(ascii: "=") { level += 1; j += 1 }
            return j < n && source[j] == UInt8(ascii: "[") ? level : nil
        }
        // The index just past the long bracket of `level` closing at or after `from`.
        func longClose(from: Int, level: Int) -> (contentEnd: Int, next: Int) {
            var j = from
            while j < n {
                if source[j] == UInt8(ascii: "]") {
                    var k = j + 1, l = 0
                    while k < n, source[k] == UInt8(ascii: "=") { l += 1; k += 1 }
                    if l == level, k < n, source[k] == UInt8(ascii: "]") { return (j, k + 1) }
                }
                j += 1
            }
            return (n, n)
        }
        // A quoted string from its opening quote: its bytes (escapes as written) go out.
        func quoted(from start: Int) -> Int {
            let quote = source[start]
            var j = start + 1
            while j < n, source[j] != quote, source[j] != UInt8(ascii: "\n") {
                if source[j] == UInt8(ascii: "\\"), j + 1 < n { out.append(source[j]); j += 1 }
                out.append(source[j])
                j += 1
            }
            out.append(UInt8(ascii: "\n"))
            return j + 1
        }
        while i < n {
            let c = source[i]
            if c == UInt8(ascii: "-"), i + 1 < n, source[i + 1] == UInt8(ascii: "-") {
                if let level = longOpen(i + 2) {
                    i = longClose(from: i + 4 + level, level: level).next
                } else {
                    while i < n, source[i] != UInt8(ascii: "\n") { i += 1 }
                }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                i = quoted(from: i)
            } else if let level = longOpen(i) {
                let end = longClose(from: i + 2 + level, level: level)
                out += source[(i + 2 + level)..<end.contentEnd]
                out.append(UInt8(ascii: "\n"))
                i = end.next
            } else {
                i += 1
            }
        }
        return out
    }

    /// Every string value in `value`.
    static func strings(in value: JSONValue) -> [String] {
        switch value {
        case .string(let s): return [s]
        case .array(let items): return items.flatMap(strings)
        case .object(let fields): return fields.values.flatMap(strings)
        default: return []
        }
    }

    /// What `seat` was told (`told`: each text with how it was said) that gives away what it
    /// may not see in the state the telling left: one of `faces` (of cards hidden from it,
    /// which it has not seen), or one of `secrets` (secret fields' values it does not know) as
    /// a whole word. Nil when nothing is given away.
    static func toldLeak(_ told: [(text: String, how: String)], seat: Int, faces: [String], secrets: [String]) -> String? {
        let secrets = secrets.filter { $0.utf8.count >= 3 }
        guard !faces.isEmpty || !secrets.isEmpty else { return nil }
        for (text, how) in told {
            let bytes = Array(text.utf8)
            let quoted = "'" + (text.count > 80 ? String(text.prefix(77)) + "..." : text) + "'"
            if let face = faces.first(where: { occurs($0, in: bytes) }) {
                return "seat \(seat) was told \(quoted) (\(how)), which names '\(face)', the face of a card hidden from seat \(seat)"
            }
            if let secret = secrets.first(where: { occursAsWord($0, in: bytes) }) {
                return "seat \(seat) was told \(quoted) (\(how)), which names '\(secret)', the value of a secret field"
            }
        }
        return nil
    }

    /// What `seat` was told at `step`, each text with how it was said: the messages every seat
    /// is told, those said to it alone, and the reason its own input was refused.
    static func told(at step: Step, seat: Int) -> [(text: String, how: String)] {
        var told = step.messages.map { ($0, "said to every seat") }
        told += (step.privateMessages[seat] ?? []).map { ($0, "said to seat \(seat) alone") }
        if step.seat == seat, step.status == .refused, let reason = step.reason { told.append((reason, "the reason its input was refused")) }
        return told
    }

    /// Whether `word` occurs in `text` with no letter or digit just before or after it, in any
    /// case of its ASCII letters ("APPLE" names "apple").
    static func occursAsWord(_ word: String, in text: [UInt8]) -> Bool {
        func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
        let n = word.utf8.map(lower)
        let text = text.map(lower)
        guard !n.isEmpty, n.count <= text.count else { return false }
        func isWordByte(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b >= 0x80 }
        var i = 0
        while i <= text.count - n.count {
            if text[i..<(i + n.count)].elementsEqual(n),
               i == 0 || !isWordByte(text[i - 1]) || !isWordByte(n[0]),
               i + n.count == text.count || !isWordByte(text[i + n.count]) || !isWordByte(n[n.count - 1]) {
                return true
            }
            i += 1
        }
        return false
    }

    /// Where `observation` holds one of `faces` as a value, or nil. (The path is written only
    /// for a hit: the walk runs for every seat at every step.)
    static func copiedFace(_ faces: [String], in observation: JSONValue, root: String = "observation") -> (face: String, path: String)? {
        guard !faces.isEmpty else { return nil }
        let wanted = Set(faces)
        enum Step { case index(Int), key(String) }
        var trail: [Step] = []
        func find(_ v: JSONValue) -> String? {
            switch v {
            case .string(let s) where wanted.contains(s): return s
            case .array(let items):
                for (k, item) in items.enumerated() {
                    trail.append(.index(k + 1))
                    if let hit = find(item) { return hit }
                    trail.removeLast()
                }
            case .object(let fields):
                for key in fields.keys.sorted() {
                    trail.append(.key(key))
                    if let hit = find(fields[key]!) { return hit }
                    trail.removeLast()
                }
            default: break
            }
            return nil
        }
        guard let face = find(observation) else { return nil }
        let path = trail.reduce(root) { path, step in
            switch step {
            case .index(let k): return "\(path)[\(k)]"
            case .key(let key): return "\(path).\(key)"
            }
        }
        return (face, path)
    }

    /// Whether `needle`'s bytes occur in `haystack` (a view's text, searched for every hidden
    /// face at every step: bytes, without the cost of comparing characters).
    static func occurs(_ needle: String, in haystack: [UInt8]) -> Bool {
        let n = Array(needle.utf8)
        guard let first = n.first, n.count <= haystack.count else { return n.isEmpty }
        var i = 0
        let last = haystack.count - n.count
        while i <= last {
            if haystack[i] == first && haystack[i..<(i + n.count)].elementsEqual(n) { return true }
            i += 1
        }
        return false
    }

    /// Whether a face is distinct enough to look for inside a view's text (a suit or an emoji
    /// in it, two characters or more): a plain letter or number could stand in any word.
    static func isDistinct(_ face: String) -> Bool {
        face.count >= 2 && face.unicodeScalars.contains { !$0.isASCII }
    }
}

extension JSONValue {
    /// The path of the first place where `a` and `b` differ, or nil.
    static func firstDifference(_ a: JSONValue, _ b: JSONValue, at path: String) -> String? {
        switch (a, b) {
        case (.array(let x), .array(let y)):
            for k in 0..<min(x.count, y.count) {
                if let found = firstDifference(x[k], y[k], at: "\(path)[\(k + 1)]") { return found }
            }
            return x.count == y.count ? nil : "\(path)[\(min(x.count, y.count) + 1)]"
        case (.object(let x), .object(let y)):
            for key in Set(x.keys).union(y.keys).sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
                if let found = firstDifference(x[key] ?? .null, y[key] ?? .null, at: "\(path).\(key)") { return found }
            }
            return nil
        default:
            return a == b ? nil : path
        }
    }
}
