-- The API fuzzer's rule (run by scripts/fuzz-api): every input line makes CALLS random calls
-- of random host functions with random arguments, hostile ones included, each under pcall.
-- Chance comes from the host, so a seed replays the same calls. A call may end in an error
-- (counted) or spend the step's budget (the step then fails, which the script counts too);
-- what must never happen is a crash, a hang or unbounded memory.
local CALLS = 1000

-- The hostile values live outside the state (a cycle or a shared table in the state would make
-- every step's --json view an error of the rule, which is the host's correct answer but not
-- what this fuzzer is after).
local values

local function hostile_values()
  local cycle = {}
  cycle.self, cycle[1] = cycle, cycle
  local dag = { "leaf" }
  for _ = 1, 40 do dag = { a = dag, b = dag, dag } end
  local long = {}
  for i = 1, 20000 do long[i] = "w" .. i end
  return {
      false, true, "", "x", "cat", ("x"):rep(70000), "\27[2J\194\155", 0, -1, 1, 2, 3, 7, 1.5, 0 / 0, 1 / 0, -1 / 0,
      2 ^ 31, 2 ^ 53, math.maxinteger, math.mininteger, {}, { "a", "b" }, { 1, 2, 3 }, cycle, dag, long,
      setmetatable({}, { __len = function() return 2 ^ 62 end }),
      setmetatable({}, { __index = function() error("trap") end }),
      function() end, coroutine.create(function() end), "win", "tie", "red", "right", "strict",
  }
end

local function functions(game)
  local list = {}
  local function add(prefix, t)
    for name, f in pairs(t) do
      if type(f) == "function" and name ~= "refuse" then list[#list + 1] = { prefix .. name, f } end
    end
  end
  add("game.", game)
  for _, lib in ipairs({ "match", "words", "scores", "cards" }) do add("game." .. lib .. ".", game[lib]) end
  add("math.", { random = math.random })
  -- pairs order varies between states: sort so a seed replays the same calls.
  table.sort(list, function(a, b) return a[1] < b[1] end)
  return list
end

return {
  id = "fuzz-api",
  title = "API fuzzer",
  about = "Random calls of every host function, for scripts/fuzz-api",
  setup = function(game)
    values = values or hostile_values()
    return { n = 0, errors = 0 }
  end,
  view = function(state) return ("%d calls, %d errors"):format(state.n, state.errors) end,
  moves = function() return { "go" } end,
  play = function(state, input, game)
    local fs = functions(game)
    for _ = 1, CALLS do
      local f = fs[game.random(#fs)]
      local args = {}
      for k = 1, game.random(0, 4) do
        local pick = game.random(#values + 3)
        if pick > #values then args[k] = nil else args[k] = values[pick] end
      end
      local ok = pcall(f[2], table.unpack(args, 1, 4))
      state.n = state.n + 1
      if not ok then state.errors = state.errors + 1 end
    end
  end,
  result = function() return nil end,
}
