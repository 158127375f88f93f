import GameCore
import LuaKit
import GameRuntime

/// check's proof that a seat learns nothing it may not see. For a seat it changes, in the
/// state, everything that seat may not see: the cards hidden from it trade faces (every field
/// but `faceUp`, `owner` and `visible_to`) among their places, and the secret fields change to
/// other values of their kind (a string reversed, a number plus one, a boolean flipped; in a
/// secret table, the strings no open field also holds). Then the seat's observation, view and
/// moves must be what they were; the state is put back afterwards.
enum HidingProof {
    /// Lua run in the rule's state (with the host's own globals): `(state, seat, secret names,
    /// seed, private names) -> changed count, faces, secret strings, shown faces` (the labels
    /// and contents only cards hidden from the seat show, the strings of the secret fields and
    /// of other seats' private entries, and the faces of the cards the seat sees).
    static let source = #"""
    local next, type, rawget, rawset, ipairs, tostring, utf8, math = next, type, rawget, rawset, ipairs, tostring, utf8, math
    local concat = table.concat
    local function is_card(t)
      return rawget(t, "faceUp") ~= nil and (rawget(t, "content") ~= nil or rawget(t, "rank") ~= nil or rawget(t, "label") ~= nil)
    end
    local function seen_by(t, seat)
      if rawget(t, "faceUp") == true then return true end
      -- A card every seat saw face up (turned down since) is public knowledge.
      if rawget(t, "seen") == true then return true end
      if rawget(t, "content") ~= nil and rawget(t, "matched") == true then return true end
      if rawget(t, "owner") == seat then return true end
      local list = rawget(t, "visible_to")
      if type(list) == "table" then
        for _, s in ipairs(list) do if s == seat then return true end end
      end
      return false
    end
    local KEEP = { faceUp = true, owner = true, visible_to = true }
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
      for k, v in next, state do if not secret[k] then mark(v) end end
      -- The cards hidden from the seat, anywhere in the state, and the faces (labels and
      -- contents) that only hidden cards show.
      local cards, seen, shown, faces = {}, {}, {}, {}
      local function walk(t)
        if seen[t] then return end
        seen[t] = true
        if is_card(t) then
          local hidden = not seen_by(t, seat)
          if hidden then cards[#cards + 1] = t end
          for _, f in ipairs({ "label", "content" }) do
            local face = rawget(t, f)
            if type(face) == "string" then
              if hidden then faces[face] = true else shown[face] = true end
            end
          end
        end
        for _, v in next, t do if type(v) == "table" then walk(v) end end
      end
      walk(state)
      local hidden_faces, shown_faces = {}, {}
      for face in next, faces do if not shown[face] then hidden_faces[#hidden_faces + 1] = face end end
      for face in next, shown do shown_faces[#shown_faces + 1] = face end
      local changed = 0
      -- Their faces trade places: a permutation with no card left where it was, where two or
      -- more are hidden (a rotation by a seeded amount).
      if #cards > 1 then
        local faces = {}
        for i, card in ipairs(cards) do
          local face = {}
          for k, v in next, card do if not KEEP[k] then face[k] = v end end
          faces[i] = face
        end
        local shift = seed % (#cards - 1) + 1
        for i, card in ipairs(cards) do
          local keys = {}
          for k in next, card do if not KEEP[k] then keys[#keys + 1] = k end end
          for _, k in ipairs(keys) do rawset(card, k, nil) end
          for k, v in next, faces[(i - 1 + shift) % #cards + 1] do rawset(card, k, v) end
        end
        changed = changed + #cards
      end
      -- The secret fields change to other values of their kind.
      -- Their strings of three bytes or more are looked for in the seat's observation too.
      local touched, secret_strings = {}, {}
      local function note(v) if #v >= 3 then secret_strings[#secret_strings + 1] = v end end
      local function perturb(t)
        if touched[t] or open_tables[t] then return end
        touched[t] = true
        for k, v in next, t do
          if type(v) == "string" and not open_strings[v] then note(v) rawset(t, k, other(v)) changed = changed + 1
          elseif type(v) == "table" then perturb(v) end
        end
      end
      for _, name in ipairs(secrets) do
        local v = rawget(state, name)
        if type(v) == "string" then note(v) rawset(state, name, other(v)) changed = changed + 1
        elseif math.type(v) then rawset(state, name, v + 1) changed = changed + 1
        elseif type(v) == "boolean" then rawset(state, name, not v) changed = changed + 1
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
          for k, x in next, v do if not KEEP[k] then rawset(v, k, change(x, done)) end end
        end
        return v
      end
      for _, name in ipairs(privates) do
        local t = rawget(state, name)
        if type(t) == "table" then
          local done = {}
          for k, v in next, t do if k ~= seat then rawset(t, k, change(v, done)) end end
        end
      end
      return changed, hidden_faces, secret_strings, shown_faces
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
    public func hidingReport(for seat: Int, seed: UInt64, atStart: Bool = false) throws -> HidingReport {
        // The bot's move is looked at too when the seat is to move: a bot that reads what its
        // seat may not see cheats wherever it plays.
        let botPlays = try info.hasBot && toMove().contains(seat)
        func look() throws -> (JSONValue, RuleView, Moves, String?) {
            (try observation(for: seat), try drawing(for: seat), try moves(for: seat), botPlays ? try botMove(for: seat, peeking: true) : nil)
        }
        // The proof's own queries are not held to only looking (the playthrough does that):
        // reading the whole state around each would cost more than the proof.
        let verifies = verifiesQueries
        verifiesQueries = false
        defer { verifiesQueries = verifies }
        let before = try look()
        let altered = try perturbHidden(for: seat, seed: seed)
        defer { try? restoreAlteredState() }
        var report = HidingReport(hiddenFaces: altered.faces, shownFaces: altered.shownFaces, secretStrings: altered.secretStrings)
        let observed = Set(HidingProof.strings(in: before.0))
        report.unrevealedSecrets = altered.secretStrings.filter { !observed.contains($0) }
        report.leak = try leak(of: seat, before: before, altered: altered, atStart: atStart, look: look)
        return report
    }

    private func leak(of seat: Int, before: (JSONValue, RuleView, Moves, String?), altered: AlteredState, atStart: Bool,
                      look: () throws -> (JSONValue, RuleView, Moves, String?)) throws -> String? {
        let faces = altered.faces
        // A copy of a hidden card's face, kept where the seat sees it, is a leak that no
        // change of the hidden cards shows.
        if let face = HidingProof.copiedFace(faces, in: before.0) {
            return "seat \(seat)'s observation holds '\(face.face)' at \(face.path), the face of a card hidden from seat \(seat)"
        }
        // So is a copy of a secret field's value in a new game.
        if atStart, let copy = HidingProof.copiedFace(altered.secretStrings, in: before.0) {
            return "seat \(seat)'s observation holds '\(copy.face)' at \(copy.path), the value of a secret field"
        }
        let viewText = Array(before.1.text.utf8)
        if let face = faces.first(where: { HidingProof.isDistinct($0) && HidingProof.occurs($0, in: viewText) }) {
            return "seat \(seat)'s view shows '\(face)', the face of a card hidden from seat \(seat)"
        }
        // An element may hold a face where its text does not show it (a card's label or id).
        if let elements = before.1.elements,
           let face = HidingProof.copiedFace(faces.filter(HidingProof.isDistinct), in: .array(elements.map(\.json)), root: "elements") {
            return "seat \(seat)'s view holds '\(face.face)' at \(face.path), the face of a card hidden from seat \(seat)"
        }
        guard altered.changed > 0 else { return nil }
        let after = try look()
        let hidden = "what seat \(seat) may not see (another seat's cards or private fields, the stock's order, or a secret field)"
        if after.0 != before.0 {
            let path = JSONValue.firstDifference(before.0, after.0, at: "observation") ?? "observation"
            return "seat \(seat)'s \(path) changes with \(hidden)"
        }
        if after.1 != before.1 { return "seat \(seat)'s view changes with \(hidden)" }
        if after.2 != before.2 { return "seat \(seat)'s moves change with \(hidden)" }
        if after.3 != before.3 {
            return "seat \(seat)'s bot chooses '\(after.3 ?? "")' where it chose '\(before.3 ?? "")' when \(hidden) changes: the bot must decide by what its seat sees"
        }
        return nil
    }
}

/// What `perturbHidden` changed and found.
struct AlteredState {
    var changed = 0
    var faces: [String] = []
    var secretStrings: [String] = []
    var shownFaces: [String] = []
}

extension GameEngine {
    /// Changes, in place, what `seat` may not see, after saving the state; returns how many
    /// values changed, the faces of the cards hidden from `seat`, the secret fields' strings
    /// and the faces `seat` sees. `restoreAlteredState` puts the state back.
    func perturbHidden(for seat: Int, seed: UInt64) throws -> AlteredState {
        let secrets = LuaValue.array(info.secretFields.map { .string($0) })
        let privates = LuaValue.array(info.privateFields.map { .string($0) })
        let answer = try alterState(with: HidingProof.source, [.integer(Int64(seat)), secrets, .integer(Int64(seed % 1_000_003)), privates],
                                    results: 4)
        guard !answer.isEmpty else { return AlteredState() }
        // Sorted here, by their bytes, so that a report names the same face on every run (Lua's
        // sort compares strings by the locale, at thousands of instructions a comparison).
        func strings(_ k: Int) -> [String] {
            (answer.count > k ? answer[k].array?.compactMap(\.string) ?? [] : []).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        return AlteredState(changed: Int(answer.first?.integer ?? 0), faces: strings(1), secretStrings: strings(2), shownFaces: strings(3))
    }
}

extension HidingProof {
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
