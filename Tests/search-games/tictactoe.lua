-- Tic-tac-toe for two, with a bot that plays well: cells 1 to 9, row by row; three in a line
-- wins. The search player is measured against it (never losing) and against random moves.

local LINES = { { 1, 2, 3 }, { 4, 5, 6 }, { 7, 8, 9 }, { 1, 4, 7 }, { 2, 5, 8 }, { 3, 6, 9 }, { 1, 5, 9 }, { 3, 5, 7 } }
local MARKS = { "X", "O" }

local function winner(board)
  for _, line in ipairs(LINES) do
    local a = board[line[1]]
    if a ~= "." and a == board[line[2]] and a == board[line[3]] then return a end
  end
end

-- The cell that completes a line of `mark`, if any.
local function completing(board, mark)
  for _, line in ipairs(LINES) do
    local mine, empty = 0, nil
    for _, i in ipairs(line) do
      if board[i] == mark then mine = mine + 1 elseif board[i] == "." then empty = i end
    end
    if mine == 2 and empty then return empty end
  end
end

---@type Rule
return {
  id = "tictactoe-bot", title = "Tic-tac-toe",
  players = 2,
  -- A player may ask the search for a move (/hint) or turn the coach on (/coach).
  search = { hints = true },
  turn = function(state) return state.turn end,

  setup = function() return { board = { ".", ".", ".", ".", ".", ".", ".", ".", "." }, turn = 1, moves = 0 } end,

  view = function(state)
    local b = state.board
    return table.concat({ b[1] .. b[2] .. b[3], b[4] .. b[5] .. b[6], b[7] .. b[8] .. b[9] }, "\n")
  end,

  moves = function(state)
    local free = {}
    for i = 1, 9 do if state.board[i] == "." then free[#free + 1] = tostring(i) end end
    return free
  end,

  play = function(state, input, game, seat)
    local i = math.tointeger(tonumber(input))
    if not i or i < 1 or i > 9 then game.refuse("type a cell from 1 to 9") end
    if state.board[i] ~= "." then game.refuse("that cell is taken") end
    state.board[i] = MARKS[seat]
    state.moves = state.moves + 1
    state.turn = 3 - seat
  end,

  result = function(state)
    local mark = winner(state.board)
    if mark then return { winner = mark == "X" and 1 or 2, summary = mark .. " wins." } end
    if state.moves == 9 then return { winner = "draw", summary = "A draw." } end
  end,

  -- Wins when it can, blocks when it must, else the centre, a corner, a side (a random one of
  -- the best kind).
  bot = function(state, game, seat)
    local b = state.board
    local cell = completing(b, MARKS[seat]) or completing(b, MARKS[3 - seat])
    if cell then return tostring(cell) end
    for _, group in ipairs({ { 5 }, { 1, 3, 7, 9 }, { 2, 4, 6, 8 } }) do
      local free = {}
      for _, i in ipairs(group) do if b[i] == "." then free[#free + 1] = i end end
      if #free > 0 then return tostring(free[game.random(#free)]) end
    end
  end,
}
