/// What `gamehost new` writes: a small, complete game to grow from, or a copy of a game.
enum RuleTemplate {
    static func source(name: String) -> String {
        """
        -- \(name): a new GameHost game. Play it with `gamehost play \(name)`; the whole API is in
        -- docs/lua-api.md. This starter is "guess the number": replace it with your game.

        local LOW, HIGH = 1, 100

        ---@type Rule
        return {
          id = "\(name)",
          title = "\(name)",
          about = "Guess the number from 1 to 100.",

          -- A new game's state: a plain table. All chance comes from `game`.
          setup = function(game)
            return { secret = game.random(LOW, HIGH), tries = 0, won = false }
          end,

          -- What the player sees before each move.
          view = function(state)
            return ("Guess a number from %d to %d. Tries so far: %d"):format(LOW, HIGH, state.tries)
          end,

          -- The inputs accepted now (for /moves, bots and `gamehost check`).
          moves = function(state)
            if state.won then return {} end
            local list = {}
            for n = LOW, HIGH do list[#list + 1] = tostring(n) end
            return list
          end,

          -- One input line. game.refuse leaves the state untouched and tells the player why.
          play = function(state, input, game)
            local n = math.tointeger(tonumber(input))
            if not n or n < LOW or n > HIGH then
              game.refuse(("type a whole number from %d to %d"):format(LOW, HIGH))
            end
            state.tries = state.tries + 1
            if n == state.secret then
              state.won = true
              game.say("Right!")
            else
              game.say(n < state.secret and "Higher." or "Lower.")
            end
          end,

          -- nil while the game goes on; a table when it is over.
          result = function(state)
            if not state.won then return nil end
            return { winner = "player", score = state.tries, summary = ("Found in %d tries."):format(state.tries) }
          end,
        }

        """
    }

    /// A copy of a game's file renamed to `name`: its id changes, nothing else.
    /// A copy of a rule's source with its id and title made the new name's ("my-rps", "My Rps"),
    /// so the copy is never mistaken for the original in menus, lists and scores.
    static func variant(of source: String, from id: String, title: String, name: String) -> String {
        let header = "-- \(name): a variant of \(id), made with `gamehost new \(name) --from \(id)`.\n"
        let newTitle = name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        var text = source
            .replacing("id = \"\(id)\"", with: "id = \"\(name)\"")
            .replacing("id = '\(id)'", with: "id = '\(name)'")
        for quoted in ["\"\(title)\"", "'\(title)'"] {
            if let r = text.firstRange(of: "title = " + quoted) {
                text.replaceSubrange(r, with: "title = \"\(newTitle)\"")
                break
            }
        }
        return header + text
    }
}
