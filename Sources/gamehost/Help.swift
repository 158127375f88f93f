// What `gamehost --help` and `gamehost help COMMAND` print.

let usage = """
    gamehost: play turn-based games whose rules are Lua files

    Usage:
      gamehost                          choose a game from a menu and play
      gamehost list                     the games, with their options
      gamehost play GAME|FILE.lua [--OPTION VALUE ...] [--seed N] [--words LIST] [--ascii] [--json]
      gamehost scores [GAME]            leaderboards and statistics
      gamehost help [COMMAND]           help for a command
      gamehost --version

    In a game, type a move, or /help for the commands (/moves, /rules, /new, /quit).
    Rules are found in the rules/ folder beside gamehost and in $XDG_DATA_HOME/gamehost/rules.

    """

let commandHelp: [String: String] = [
    "list": """
        Usage: gamehost list

        Lists every game found, one line each, with its options, their values and defaults.

        """,
    "scores": """
        Usage: gamehost scores [GAME] [--data DIR]

        Shows the leaderboards of a game (or of every game with scores), best first, and how
        many games were played. Scores are kept per version of a rule file.

        """,
    "play": """
        Usage: gamehost play GAME|FILE.lua [--OPTION VALUE ...] [--seed N] [--words LIST] [--ascii] [--json]

        Plays a game by name (see gamehost list) or a rule file by path.
          --OPTION VALUE  an option of the game (gamehost list shows them)
          --seed N        fix chance, to replay a game exactly (the seed is shown at the start)
          --words LIST    for word games: a list from wordlists/ by name, a path to a UTF-8
                          file (one word a line, # comments, a tab before a hint), or
                          system (/usr/share/dict/words, lower-case words of 6+ letters)
          --min-length N  play only words with at least N letters
          --data DIR      keep scores in DIR/scores.db (default $XDG_DATA_HOME/gamehost)
          --ascii         draw with plain ASCII, for terminals without emoji
          --json          one JSON object per line for each step, for programs and bots;
                          input is still one line per move

        Input is read line by line, so a game can be piped: printf 'rock\\n' | gamehost play rps

        """,
]

