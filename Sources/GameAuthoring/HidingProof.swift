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
    /// Lua run in the rule's state: `(state, seat, secret names, seed) -> changed count, faces,
    /// secret strings` (the labels and contents only cards hidden from the seat show, and the
    /// strings of the secret fields).
    static let source = #"""
    local next, type, rawget, rawset, ipairs, tostring, utf8, math = next, type, rawget, rawset, ipairs, tostring, utf8, math
    local concat = table.concat
    local function is_card(t)
      return rawget(t, "faceUp") ~= nil and (rawget(t, "content") ~= nil or rawget(t, "rank") ~= nil or rawget(t, "label") ~= nil)
    end
    local function seen_by(t, seat)
      if rawget(t, "faceUp") == true then return true end
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
    return function(state, seat, secrets, seed)
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
      local hidden_faces = {}
      for face in next, faces do if not shown[face] then hidden_faces[#hidden_faces + 1] = face end end
      table.sort(hidden_faces)
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
      table.sort(secret_strings)
      return changed, hidden_faces, secret_strings
    end
    """#
}

extension GameEngine {
    /// Whether `seat` can tell what it may not see: its observation, view and moves after the
    /// hidden cards trade faces and the secret fields change, against before; nil when they
    /// are the same (or nothing is hidden from it), else which differs and where. The state is
    /// put back, as after a refused move.
    /// `atStart`: at a new game, when a secret's value must show nowhere yet (later a game may
    /// rightly show it, as Hangman shows the word once every letter is found).
    public func hidingLeak(for seat: Int, seed: UInt64, atStart: Bool = false) throws -> String? {
        func look() throws -> (JSONValue, RuleView, Moves) {
            (try observation(for: seat), try drawing(for: seat), try moves(for: seat))
        }
        let before = try look()
        let (changed, faces, secretStrings) = try perturbHidden(for: seat, seed: seed)
        defer { try? restoreAlteredState() }
        // A copy of a hidden card's face, kept where the seat sees it, is a leak that no
        // change of the hidden cards shows.
        if let face = HidingProof.copiedFace(faces, in: before.0) {
            return "seat \(seat)'s observation holds '\(face.face)' at \(face.path), the face of a card hidden from seat \(seat)"
        }
        // So is a copy of a secret field's value in a new game.
        if atStart, let copy = HidingProof.copiedFace(secretStrings, in: before.0) {
            return "seat \(seat)'s observation holds '\(copy.face)' at \(copy.path), the value of a secret field"
        }
        if let face = faces.first(where: { HidingProof.isDistinct($0) && before.1.text.contains($0) }) {
            return "seat \(seat)'s view shows '\(face)', the face of a card hidden from seat \(seat)"
        }
        // An element may hold a face where its text does not show it (a card's label or id).
        if let elements = before.1.elements,
           let face = HidingProof.copiedFace(faces.filter(HidingProof.isDistinct), in: .array(elements.map(\.json)), root: "elements") {
            return "seat \(seat)'s view holds '\(face.face)' at \(face.path), the face of a card hidden from seat \(seat)"
        }
        guard changed > 0 else { return nil }
        let after = try look()
        if after.0 != before.0 {
            let path = JSONValue.firstDifference(before.0, after.0, at: "observation") ?? "observation"
            return "seat \(seat)'s \(path) changes with what seat \(seat) may not see (another seat's cards, the stock's order, or a secret field)"
        }
        if after.1 != before.1 { return "seat \(seat)'s view changes with what seat \(seat) may not see (another seat's cards, the stock's order, or a secret field)" }
        if after.2 != before.2 { return "seat \(seat)'s moves change with what seat \(seat) may not see (another seat's cards, the stock's order, or a secret field)" }
        return nil
    }
}

extension GameEngine {
    /// Changes, in place, what `seat` may not see, after saving the state; returns how many
    /// values changed, the faces of the cards hidden from `seat` and the secret fields' strings.
    /// `restoreAlteredState` puts the state back.
    func perturbHidden(for seat: Int, seed: UInt64) throws -> (changed: Int, faces: [String], secretStrings: [String]) {
        let secrets = LuaValue.array(info.secretFields.map { .string($0) })
        let answer = try alterState(with: HidingProof.source, [.integer(Int64(seat)), secrets, .integer(Int64(seed % 1_000_003))], results: 3)
        guard !answer.isEmpty else { return (0, [], []) }
        let faces = answer.count > 1 ? answer[1].array?.compactMap(\.string) ?? [] : []
        let secretStrings = answer.count > 2 ? answer[2].array?.compactMap(\.string) ?? [] : []
        return (Int(answer.first?.integer ?? 0), faces, secretStrings)
    }
}

extension HidingProof {
    /// Where `observation` holds one of `faces` as a value, or nil.
    static func copiedFace(_ faces: [String], in observation: JSONValue, root: String = "observation") -> (face: String, path: String)? {
        let wanted = Set(faces)
        func find(_ v: JSONValue, _ path: String) -> (String, String)? {
            switch v {
            case .string(let s) where wanted.contains(s): return (s, path)
            case .array(let items):
                for (k, item) in items.enumerated() { if let hit = find(item, "\(path)[\(k + 1)]") { return hit } }
            case .object(let fields):
                for key in fields.keys.sorted() { if let hit = find(fields[key]!, "\(path).\(key)") { return hit } }
            default: break
            }
            return nil
        }
        return find(observation, root)
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
