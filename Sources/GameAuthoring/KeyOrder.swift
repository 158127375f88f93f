import GameRules
import LuaKit

/// The order in which `pairs` and `next` visit a table's keys. Lua fixes none: string keys
/// follow their hashes, which Lua seeds afresh in every state, and table keys follow their
/// addresses, so a rule whose output depends on that order plays differently from one run to
/// the next. `check` loads a rule under two fixed orders that differ for every table with two
/// or more such keys, and compares the playthroughs: an output that depends on the order then
/// differs, on every run of check, not by luck.
public enum KeyOrder: Sendable {
    /// Lua's own order: play, sim and everything but check's comparison.
    case native
    /// Whole-number keys ascending, then every other key in a fixed order...
    case ascending
    /// ...or that order reversed: integers still ascending (their order does not depend on the
    /// hash seed), the rest reversed.
    case descending

    /// Lua run before the rule file is loaded (so that `local pairs = pairs` takes it): it
    /// replaces `next` and `pairs` and returns a list that collects the places (file:line)
    /// where a table with keys other than whole numbers is walked, the likely cause when the
    /// two orders play differently. Numbers sort by value, strings by their bytes, then
    /// booleans, then other keys (tables, functions) in the order Lua gives them.
    static let source = #"""
    local descending = ...
    local rawnext, rawget, type, mtype, sort, error, pcall, select, getmetatable, setmetatable, ipairs =
      next, rawget, type, math.type, table.sort, error, pcall, select, getmetatable, setmetatable, ipairs
    local sites, seen = {}, {}
    -- The order of each table being walked: its keys and each key's place in them.
    local orders = setmetatable({}, { __mode = "k" })
    local rank = { number = 1, string = 2, boolean = 3 }
    local function before(a, b)
      local ra, rb = rank[type(a)] or 4, rank[type(b)] or 4
      if ra ~= rb then return ra < rb end
      if ra == 3 then return a == false and b == true end
      if ra == 4 then return false end
      return a < b
    end
    local function order_of(t)
      local ints, others = {}, {}
      for k in rawnext, t do
        if mtype(k) == "integer" then ints[#ints + 1] = k else others[#others + 1] = k end
      end
      sort(ints)
      -- A stable sort: keys of rank 4 keep Lua's order among themselves.
      local place = {}
      for i, k in ipairs(others) do place[k] = i end
      sort(others, function(a, b)
        if before(a, b) then return true end
        if before(b, a) then return false end
        return place[a] < place[b]
      end)
      local keys, index = ints, {}
      local n = #ints
      if #others > 1 then
        local where = select(2, pcall(error, "", 4)):match("^(.-): $") or "?"
        if not seen[where] and #sites < 10 then seen[where] = true; sites[#sites + 1] = where end
      end
      for i = 1, #others do keys[n + i] = others[descending and #others + 1 - i or i] end
      for i, k in ipairs(keys) do index[k] = i end
      local o = { keys = keys, index = index }
      orders[t] = o
      return o
    end
    next = function(t, k)
      if type(t) ~= "table" then
        error("bad argument #1 to 'next' (table expected, got " .. (t == nil and "no value" or type(t)) .. ")", 2)
      end
      local o = orders[t]
      if k == nil or o == nil then o = order_of(t) end
      local i = 0
      if k ~= nil then
        i = o.index[k]
        if i == nil then
          if rawget(t, k) == nil then error("invalid key to 'next'", 2) end
          o = order_of(t)
          i = o.index[k]
        end
      end
      repeat
        i = i + 1
        local key = o.keys[i]
        if key == nil then return nil end
        local value = rawget(t, key)
        if value ~= nil then return key, value end
      until false
    end
    local next_ = next
    pairs = function(t)
      local mt = getmetatable(t)
      local custom = type(mt) == "table" and rawget(mt, "__pairs")
      if custom then
        local f, s, c = custom(t)
        return f, s, c
      end
      if type(t) ~= "table" then
        error("bad argument #1 to 'for iterator' (table expected, got " .. (t == nil and "no value" or type(t)) .. ")", 2)
      end
      return next_, t, nil
    end
    return sites
    """#
}

extension KeyOrder {
    /// What loads a rule under this order: nil for Lua's own.
    var prelude: RulePrelude? {
        self == .native ? nil : RulePrelude(source: KeyOrder.source, arguments: [.boolean(self == .descending)])
    }
}

extension LoadedRule {
    /// Loads `path` with `pairs` and `next` in a fixed `order` (check's comparison).
    convenience init(path: String, libraryDirectories: [String], keyOrder order: KeyOrder) throws {
        try self.init(path: path, libraryDirectories: libraryDirectories, prelude: order.prelude)
    }

    /// The places (file:line) where a table with two or more keys other than whole numbers was
    /// walked with `pairs` or `next`, under a fixed key order (empty under Lua's own).
    func pairsSites() -> [String] {
        // Walks in the host's own chunks (named "=...", as check's hiding proof) are not the rule's.
        preludeStrings().filter { !$0.hasPrefix("=") }
    }
}
