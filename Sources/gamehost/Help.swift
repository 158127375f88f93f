// What `gamehost --help` and `gamehost help COMMAND` print.

let usage = """
    gamehost: play turn-based games whose rules are Lua files

    Usage:
      gamehost                          choose a game from a menu and play
      gamehost list                     the games, with their options
      gamehost play GAME|FILE.lua [--OPTION VALUE ...] [--seed N] [--seats N] [--words LIST] [--ascii] [--json]
      gamehost play GAME --daily        the game of the day: the same deal for everyone, once a day
      gamehost play GAME --help         a game's options and how to play it
      gamehost resume [N] [--list]      take up a game left in the middle
      gamehost scores [GAME]            leaderboards and statistics
      gamehost new NAME [--from GAME]   start a new rule file, with a starter test
      gamehost check FILE.lua ...       check rule files: the contract and random playthroughs
      gamehost sim GAME [--games N] [--seed N] [--jobs N] [--json]   random games in bulk
      gamehost arena GAME [bot|random|search|program:COMMAND ...]   compare players over many games
      gamehost replay FILE              replay a recorded game (play --record) and compare
      gamehost serve [--port N] [--bind ADDR]   tables over the network, and the browser client
      gamehost help [COMMAND]           help for a command
      gamehost --version

    Before or after any command: --data DIR (where scores are kept), --name NAME (the name on
    the leaderboards), --ascii (ASCII only), --plain (line by line instead of full screen),
    --lang CODE (the games' texts in that language where a rule has them: de, ja; default
    from LANG).

    In a game, type a move, or /help for the commands (/moves, /rules, /new, /quit). Ctrl-D
    goes back one level (game, then menu); Ctrl-C leaves (exit status 130). A game left in
    the middle at a terminal is kept: gamehost resume (or c in the menu) takes it up.
    Rules are found in the rules/ folder beside gamehost and in $XDG_DATA_HOME/gamehost/rules.
    The manual: man gamehost (after scripts/install).

    """

let commandHelp: [String: String] = [
    "new": """
        Usage: gamehost new NAME [--from GAME] [--dir DIR]

        Writes NAME.lua, a small complete game to grow from (or, with --from, a copy of GAME
        with its id changed), and tests/NAME.transcript, a starter test recorded by playing a
        few moves. DIR defaults to $XDG_DATA_HOME/gamehost/rules, where games are found by name.
        An existing file is never overwritten, and nothing is written through a symbolic link
        (a linked tests/ folder included): then neither file is written.

        """,
    "check": """
        Usage: gamehost check GAME|FILE.lua ... [--seeds N] [--seats N] [--bot [search [--think N]]] [--time-limit SECONDS]
                              [--total-time SECONDS] [--lint-time SECONDS] [--words LIST] [--OPTION VALUE ...]

        Loads each rule file in the sandbox and checks it against the rule contract (a field
        that looks like a typo is named with what was meant), then plays N (10) games with
        random legal moves for every seat: every move moves() offers must be accepted, a
        garbage input refused without changing anything, every game must end (no result
        after 20000 moves is reported) and the next one start, the same seed must give the
        same game (when it does not because of pairs() order, the pairs() call is named),
        the state must be plain JSON data, and at every step no seat may learn what it may
        not see: the cards hidden from it trade faces and the secret fields change, and its
        observation, view and moves must stay the same; nothing it is told (game.say,
        game.say_to, a refusal's reason) may name a hidden card it has not seen or a secret
        field's value. A card every seat saw face up (turned down since: `seen`) is public.
        The games are played with the fewest seats the rule takes, the most, and one
        between, in turn (--seats N: all with N). Every seat to move must be offered a move,
        also after a few other moves offered at each step, each tried and rolled back (a
        search for a state where no seat can move). A rule with a bot has two more games
        with its bot in every seat, whose errors, refused moves and hangs are named (--bot:
        every game with the bot; --bot search: every game with the host's search player in
        every seat, thinking --think N scratch games a move (12), whose scratch games take the
        rule through many more states). Every game reports its first problem, each with its file
        and line; the exit code is 1 if any file fails. Bounds: --time-limit each step of
        the rule (1 s of processor time), --total-time the whole check of a file (60 s of
        processor time, so a busy machine fails no rule a quiet one passes; the report names
        the bound that stopped it, and a game of a thousand moves or more that takes half of
        it is named as one that may never end). The game's own options
        (--hard on) are played as given. When luacheck is installed (Debian: lua-check), its
        findings on the file follow as "lint:" lines: advice about unused variables and
        stray globals, not failures; --lint-time bounds luacheck on each file (30 s).

        """,
    "sim": """
        Usage: gamehost sim GAME|FILE.lua [--games N] [--seed N] [--jobs N] [--bot [search]] [--think N] [--time-limit SECONDS]
                                          [--json] [--OPTION VALUE ...]

        Plays N (1000) games with random legal moves (with --bot, the moves of the rule's own
        bot(state, game); with --bot search, the host's search player in every seat, thinking
        --think N scratch games a move, and each call into the rule within --time-limit), in
        parallel on --jobs threads (one per core, at most three: each game may hold the 64 MB
        a played game may), and prints the outcomes, the number of moves per game, the scores
        (mean, min, max of result.score) and the games per second.
        Game k's seed is derived from --seed, so the results do not depend on --jobs. A game
        that breaks the contract is reported with the seed to replay it; the exit code is then 1.
        A game that runs past --time-limit (2 s of processor time) fails, and the run stops
        there. Ctrl-C stops the run after the games in play and reports the games played (exit
        code 130); a second Ctrl-C leaves at once.

        """,
    "arena": """
        Usage: gamehost arena GAME|FILE.lua [FILLER ...] [--games N] [--seed N] [--jobs N] [--seats N] [--think N]
                              [--reply-time SECONDS] [--max-moves N] [--time-limit SECONDS] [--total-time SECONDS] [--json]
                              [--OPTION VALUE ...]

        Compares players over N (1000) seeded games: each FILLER is bot (the rule's own bot),
        random (random legal moves), search (the host's search player, thinking --think N
        scratch games a move, 1000 by default, or processor time: 200ms) or program:COMMAND
        (an outside program speaking the protocol of docs/protocol.md for its seat, started
        afresh for each game). Without
        fillers, the rule's bot plays random moves. The table has as many seats as fillers
        (within what the game takes; --seats N gives another number, the fillers repeating),
        and the fillers change seats each game, so each sits in each seat equally often. For
        each filler it prints the seats it played, its wins, draws and losses, its win rate
        and its mean score (the result's score for its seat), each with a 95% confidence
        interval (Wilson's for the win rate, mean ± 1.96 standard errors for the score).
        Games run on --jobs threads (one per core, at most three); game k's seed and line-up
        depend on --seed and k alone, so the same seed gives the same report whatever --jobs
        (a program must choose its moves from what it reads for this to hold).
        A program must give its move within --reply-time (10 s) and end when its input
        closes, or it is killed and the game fails; so does a game with no result after
        --max-moves moves (50000). A failed game counts for nobody and is reported with the
        line to replay it; the exit code is then 1. --time-limit bounds each game (2 s of
        processor time), or each step of the rule when programs play; --total-time the whole
        run by the wall clock; --json prints one object. Ctrl-C stops the run after the games
        in play and reports the games played (exit code 130); a second Ctrl-C leaves at once.

        """,
    "resume": """
        Usage: gamehost resume [N] [--list] [--forget N] [--json [--as K]]

        Takes up a game left in the middle, at the step where it was left. A game played at a
        terminal (and one played with play --save) is kept as it is played, a line a step, in
        DATA/saved (DATA: --data DIR, default $XDG_DATA_HOME/gamehost): leaving it in any way
        (/quit, Ctrl-D, a closed window, a killed program) keeps it. Leaving pauses the game:
        a rule that would end a game left in the middle (Hangman's summary) does so only where
        the game cannot be kept. The kept game is played again from its start with the same
        seeds, inputs, clock readings and score reads, then goes on with you. A game played to
        its end, or left before its first move, is forgotten: --list, the menu and resume
        delete its file when they come across it (one another window plays is left alone).
        Only the 100 games left last are listed. The menu offers the game left last as c.
          N           the Nth game of --list (default: the one left last)
          --list      the kept games, the last left first; files that are no kept game (damaged,
                      or kept with another version of the rule) are named
          --forget N  drop the Nth kept game
          --json      go on through the protocol (docs/protocol.md), as seat --as K (default:
                      the first person's seat)
        A game is played in one window at a time; one kept with another version of its rule
        file, or that comes out otherwise when played again, is named and left as it was.

        """,
    "replay": """
        Usage: gamehost replay FILE [--rule GAME|FILE.lua] [--update]

        Replays a transcript written by `gamehost play ... --record FILE`: the same seed,
        options, inputs and clock readings, compared step by step with what was recorded.
        Prints the first difference and exits 1, or confirms every step and exits 0. The rule
        and word list are the installed ones the transcript names, or files in the transcript's
        own folder (or of that name in the folder above its tests/ folder); a name with "..",
        an absolute path, "~" or a link leading out of the folder is refused. --rule names
        another rule. After an intended change to the rule, --update records the same inputs
        again and rewrites FILE (review the difference before you keep it).

        """,
    "serve": """
        Usage: gamehost serve [--port N] [--bind ADDRESS] [--host-name NAME,...] [--data DIR|none] [--store URL]
                              [--max-tables N] [--max-tables-per-address N] [--max-connections-per-address N]
                              [--max-messages-per-address N]

        Serves tables that people join from a browser (http://127.0.0.1:8080/ by default) and
        programs join over WebSocket (ws://.../ws, the protocol of docs/protocol.md; the lobby's
        messages are in docs/serving.md). A table plays an installed game: a built-in one or a
        rule in your rules folder; no rule file comes over the network. People join a table by
        its code or link and hold their seat by a token: a dropped connection or a reload takes
        the seat back. --port 0 takes any free port (the first line says which). The server
        listens on 127.0.0.1 only unless --bind gives another address (0.0.0.0: every one),
        and then says it is open to the network. A page is served, and a connection taken,
        only for a request addressed to an IP address, localhost, or a name given with
        --host-name (games.example.org): a page on another site whose name was made to point
        here is refused. Every input is stored in DIR/serve.db as it is
        played: after a crash or a restart, every open table goes on from where it was.
        --store postgresql://USER@HOST/DATABASE keeps the tables in that PostgreSQL database
        instead, which several servers (each with its own --data) may share: people at one
        table may be connected to different servers (docs/serving.md).
        Finished games go on the leaderboards under the players' names. Ctrl-C stops it.

        """,
    "list": """
        Usage: gamehost list [--json]

        Lists every game found, one line each, with its options, their values and defaults.
        --json lists them as one JSON object, for programs (docs/protocol.md).

        """,
    "scores": """
        Usage: gamehost scores [GAME] [--data DIR] [--max-rows N] [--store postgresql://...]

        Shows the leaderboards of a game (or of every game with scores), best first, and how
        many games were played. Scores are kept per version of a rule file.
          --max-rows N    read at most N rows of the database (100000)
          --store URL     the scores of the servers that keep their tables in that
                          PostgreSQL database (gamehost serve --store URL)

        """,
    "play": """
        Usage: gamehost play GAME|FILE.lua [--OPTION VALUE ...] [--seed N [--game K]] [--seats N] [--seat K=WHO ...]
                                           [--reply-time SECONDS] [--words LIST] [--record FILE] [--ascii] [--coach]
                                           [--json [--as K] [--reveal]]

        Plays a game by name (see gamehost list) or a rule file by path.
          --OPTION VALUE  an option of the game (gamehost list shows them)
          --seed N        fix chance, to replay a game exactly (N from 0 to 18446744073709551615).
                          At a terminal each game shows its seed and the command that replays
                          it when it starts; with --json a game's seed is in its result, once
                          the game is over (never before: it would give the game away)
          --game K        with --seed: start at game K of that session, as a game's replay
                          line gives it (the seed, then --game K)
          --daily [DATE]  the game of the day: the day's deal, the same for everyone on any
                          machine, one game against the rule's bot, played once a day by each
                          name (a game left in the middle is taken up with gamehost resume).
                          Live at a terminal it is ranked on the day's board; at its end you
                          get a line to share that tells nothing of the deal. --daily
                          YYYY-MM-DD plays an earlier day's deal again, for practice
          --seats N       the number of seats, within what the game takes (default: its fewest;
                          gamehost list --json gives the range)
          --seat K=WHO    who fills seat K, once per seat: a NAME (a person at this
                          keyboard, taking turns; person:NAME for any name, even bot), bot
                          (the rule's own player), random (random moves among those
                          offered), search (the host's search player, which plays any game
                          by looking ahead: docs/search.md), or program:CMD (an outside
                          program, started with /bin/sh -c CMD, that speaks the protocol for
                          its seat). Seat 1 is you; a seat not given is the rule's bot
                          (random without one)
          --think N       how long a search seat thinks about a move: N scratch games (1000),
                          or processor time (200ms, 1.5s: then it plays as the machine allows)
          --reply-time SECONDS
                          how long a program:CMD seat may take to give its move (60 s); one
                          that overstays is stopped, and the session ends (seat-left)
          --coach         the search player looks at each of your moves (as long as --think
                          says) and tells you at the game's end where it would have played
                          otherwise, rating both moves from 0 to 100
          --as K          with --json: the seat the program on standard input plays (default
                          1); every other seat is then bot, random, search or program:CMD. With
                          --seat K=bot or random the table plays seat K and the stream watches it
          --words LIST    for word games: a list from wordlists/ by name, a path to a UTF-8
                          file (one word a line, # comments, a tab before a hint), or
                          system (/usr/share/dict/words, lower-case words of 6+ letters)
          --min-length N  play only words with at least N letters
          --max-length N  play only words with at most N letters
          --data DIR      keep scores in DIR/scores.db (default $XDG_DATA_HOME/gamehost);
                          --data none keeps no scores: nothing is read or written
          --name NAME     the name on the leaderboards (default: your login name)
          --plain         line by line at a terminal, instead of full screen
          --record FILE   write a transcript of the game, to replay with gamehost replay FILE
                          (a file there already is replaced only if it is a transcript)
          --save          keep the game to take up later (gamehost resume) when it is left in
                          the middle, as a game at a terminal always is (piped or --json too)
          --ascii         draw with plain ASCII, for terminals without emoji
          --json          the protocol for programs and bots: one JSON object per line (a
                          start object for every game, a step for every input line, an
                          end), described in docs/protocol.md; input is one line per move
          --reveal        with --json: every step also carries the whole state, secrets
                          included (a debugging aid)

        At a terminal the game is drawn full screen: a move's key (shown before the prompt) plays
        it at once, and a move typed in full plays it once; a key that begins another move's name
        waits for it or for Enter, a pasted line is one move, and a Space first types a whole word
        where letters would play. Anywhere else input is read line by line, so a game
        can be piped: printf 'rock\\n' | gamehost play rps. Seeded, piped and --json runs are
        practice: their scores are kept apart and never ranked.

        """,
]

