/// What a seat may see of a card, in Lua the host runs on a rule's state: check's hiding proof
/// and the search player's dealer read cards the same way, so what one changes is exactly what
/// the other may not read.
package enum CardVisibility {
    /// Defines `is_card(t)`, `seen_by(t, seat)` and `KEEP` (the fields that say who sees a card,
    /// which trading faces leaves in place).
    package static let functions = #"""
    local rawget, type, ipairs = rawget, type, ipairs
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

    """#
}

/// The search player's dealer: in a scratch copy of the state, it deals again everything a
/// seat cannot see, at random, so the search plays worlds the seat cannot tell from the real
/// one. The cards hidden from the seat take their faces (every field but who sees them) from a
/// shuffle of those faces; the other seats' entries of the private fields take values the
/// seat's own entry holds (a die stays a die).
///
/// The deal depends on nothing the seat may not see: the hidden faces are put in an order of
/// their own (sorted) before the shuffle, and the places they go to are found by a walk of the
/// state in the order of its keys. So two states that differ only in where the hidden faces lie
/// give the same deal for the same seed: the search cannot tell them apart either, which the
/// fairness test holds it to.
///
/// A secret field that holds something other than cards (a word) cannot be dealt this way: its
/// name is returned, and the search does not play on it, unless the rule deals it (`search.deal`,
/// called with the secret fields emptied).
package enum Dealer {
    /// `(state, seat, seed, private names, secret names, blank) -> names of secret fields not
    /// dealt`; with `blank`, the secret fields are emptied instead (the rule deals them).
    package static let source = CardVisibility.functions + #"""
    local next, rawset, tostring, sort, concat = next, rawset, tostring, table.sort, table.concat
    local function less(a, b)
      local ta, tb = type(a), type(b)
      if ta ~= tb then return ta < tb end
      if ta == "number" or ta == "string" then return a < b end
      if ta == "boolean" then return not a and b end
      return false
    end
    local function sorted_keys(t, tables_only)
      local keys = {}
      for k, v in next, t do
        if not tables_only or type(v) == "table" then keys[#keys + 1] = k end
      end
      sort(keys, less)
      return keys
    end
    return function(state, seat, seed, privates, secrets, blank)
      -- xorshift64: the seat's own chance, not the game's.
      local x = seed ~= 0 and seed or 0x2545F4914F6CDD1D
      local function rand(n)
        x = x ~ (x << 13)
        x = x ~ (x >> 7)
        x = x ~ (x << 17)
        return (x >> 1) % n + 1
      end
      -- The places: the cards hidden from the seat, in the order of the state's keys.
      local cards, seen = {}, {}
      local function walk(t)
        if seen[t] then return end
        seen[t] = true
        if is_card(t) then
          if not seen_by(t, seat) then cards[#cards + 1] = t end
          return
        end
        for _, k in ipairs(sorted_keys(t, true)) do walk(rawget(t, k)) end
      end
      walk(state)
      -- The faces, in an order of their own, then shuffled.
      local faces, signature = {}, {}
      for i, card in ipairs(cards) do
        local face, parts = {}, {}
        for _, k in ipairs(sorted_keys(card)) do
          if not KEEP[k] then
            local v = rawget(card, k)
            face[k] = v
            parts[#parts + 1] = tostring(k) .. "=" .. tostring(v)
          end
        end
        faces[i] = face
        signature[face] = concat(parts, "\0")
      end
      sort(faces, function(a, b) return signature[a] < signature[b] end)
      for i = #faces, 2, -1 do
        local j = rand(i)
        faces[i], faces[j] = faces[j], faces[i]
      end
      for i, card in ipairs(cards) do
        local face = faces[i]
        for _, k in ipairs(sorted_keys(card)) do
          if not KEEP[k] and face[k] == nil then rawset(card, k, nil) end
        end
        for k, v in next, face do rawset(card, k, v) end
      end
      local undealt = {}
      -- The other seats' private entries: values of the kinds the seat's own entry holds.
      for _, name in ipairs(privates) do
        local t = rawget(state, name)
        if type(t) == "table" then
          local numbers, strings, done = {}, {}, {}
          local function gather(v)
            if type(v) == "number" then numbers[#numbers + 1] = v
            elseif type(v) == "string" then strings[#strings + 1] = v
            elseif type(v) == "table" and not done[v] then
              done[v] = true
              for _, k in ipairs(sorted_keys(v)) do if not KEEP[k] then gather(rawget(v, k)) end end
            end
          end
          gather(rawget(t, seat))
          sort(numbers)
          sort(strings)
          local lacking = false
          local function deal(v, dealt)
            if type(v) == "number" then
              if #numbers == 0 then lacking = true return v end
              return numbers[rand(#numbers)]
            elseif type(v) == "string" then
              if #strings == 0 then lacking = true return v end
              return strings[rand(#strings)]
            elseif type(v) == "boolean" then
              return rand(2) == 1
            elseif type(v) == "table" and not dealt[v] then
              dealt[v] = true
              for _, k in ipairs(sorted_keys(v)) do
                if not KEEP[k] then rawset(v, k, deal(rawget(v, k), dealt)) end
              end
            end
            return v
          end
          for _, k in ipairs(sorted_keys(t)) do
            if k ~= seat then rawset(t, k, deal(rawget(t, k), {})) end
          end
          if lacking then undealt[#undealt + 1] = name end
        end
      end
      -- Secret fields the rule deals itself (search.deal) are emptied first: what the rule
      -- deals cannot come from what it must not read.
      if blank then
        for _, name in ipairs(secrets) do rawset(state, name, nil) end
        return undealt
      end
      -- Secret fields: their hidden cards were dealt above; anything else in them is not (a
      -- card face up in a secret field is hidden from every seat all the same).
      for _, name in ipairs(secrets) do
        local found, visited = false, {}
        local function look(v)
          if found then return end
          if type(v) == "table" then
            if is_card(v) then
              if seen_by(v, seat) then found = true end
              return
            end
            if visited[v] then return end
            visited[v] = true
            for _, item in next, v do look(item) end
          elseif v ~= nil then
            found = true
          end
        end
        look(rawget(state, name))
        if found then undealt[#undealt + 1] = name end
      end
      return undealt
    end
    """#
}
