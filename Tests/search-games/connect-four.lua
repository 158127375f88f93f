-- Connect Four for two: drop a disc into a column (1 to 7) of a board six high; four in a row,
-- across, down or diagonally, wins. A game of perfect information for the search player.

local WIDTH, HEIGHT = 7, 6
local DISCS = { "X", "O" }

-- Whether the disc just dropped at (column, row) makes four in a line.
local function fours(board, column, row)
  local disc = board[row][column]
  for _, d in ipairs({ { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } }) do
    local count = 1
    for _, sign in ipairs({ 1, -1 }) do
      local c, r = column + sign * d[1], row + sign * d[2]
      while c >= 1 and c <= WIDTH and r >= 1 and r <= HEIGHT and board[r][c] == disc do
        count = count + 1
        c, r = c + sign * d[1], r + sign * d[2]
      end
    end
    if count >= 4 then return true end
  end
  return false
end

---@type Rule
return {
  id = "connect-four", title = "Connect Four",
  players = 2,
  turn = function(state) return state.turn end,

  setup = function()
    local board = {}
    for r = 1, HEIGHT do
      board[r] = {}
      for c = 1, WIDTH do board[r][c] = "." end
    end
    return { board = board, turn = 1, discs = 0 }
  end,

  -- Row 1 is the bottom, drawn last.
  view = function(state)
    local lines = {}
    for r = HEIGHT, 1, -1 do lines[#lines + 1] = table.concat(state.board[r]) end
    lines[#lines + 1] = "1234567"
    return table.concat(lines, "\n")
  end,

  moves = function(state)
    local open = {}
    for c = 1, WIDTH do if state.board[HEIGHT][c] == "." then open[#open + 1] = tostring(c) end end
    return open
  end,

  play = function(state, input, game, seat)
    local c = math.tointeger(tonumber(input))
    if not c or c < 1 or c > WIDTH then game.refuse("type a column from 1 to " .. WIDTH) end
    local row
    for r = 1, HEIGHT do
      if state.board[r][c] == "." then row = r break end
    end
    if not row then game.refuse("that column is full") end
    state.board[row][c] = DISCS[seat]
    state.discs = state.discs + 1
    if fours(state.board, c, row) then state.winner = seat end
    state.turn = 3 - seat
  end,

  result = function(state)
    if state.winner then return { winner = state.winner, summary = DISCS[state.winner] .. " connects four." } end
    if state.discs == WIDTH * HEIGHT then return { winner = "draw", summary = "A draw: the board is full." } end
  end,
}
