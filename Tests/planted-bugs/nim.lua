-- Nim for two: take any number of counters from one heap; whoever takes the last one wins.

---@type Rule
return {
  id = "nim", title = "Nim",
  players = 2,
  options = {
    heaps = { choices = { "3-4-5", "1-3-5-7", "2-2" }, default = "3-4-5", help = "the heaps at the start" },
  },
  turn = function(state) return state.turn end,

  setup = function(game)
    local heaps = {}
    for n in game.options.heaps:gmatch("%d+") do heaps[#heaps + 1] = tonumber(n) end
    return { heaps = heaps, turn = 1 }
  end,

  view = function(state)
    local parts = {}
    for i, n in ipairs(state.heaps) do parts[#parts + 1] = ("heap %d: %s"):format(i, ("|"):rep(n)) end
    return table.concat(parts, "\n")
  end,

  moves = function(state)
    local list = {}
    for h, n in ipairs(state.heaps) do
      for k = 1, n do list[#list + 1] = h .. " " .. k end
    end
    return list
  end,

  play = function(state, input, game, seat)
    local h, k = input:match("^(%d+) (%d+)$")
    h, k = tonumber(h), tonumber(k)
    if not h or not state.heaps[h] then game.refuse("type a heap and how many to take, as 2 3") end
    if k < 1 or k > state.heaps[h] then game.refuse(("heap %d has %d"):format(h, state.heaps[h])) end
    state.heaps[h] = state.heaps[h] - k
    state.last = seat
    state.turn = 3 - seat
  end,

  result = function(state)
    for _, n in ipairs(state.heaps) do if n > 0 then return nil end end
    return { winner = state.last, summary = ("Seat %d took the last counter."):format(state.last) }
  end,
}
