#!/usr/bin/env python3
"""A bot that plays any GameHost game to the end through the protocol (version 2).

It reads only what docs/protocol.md promises: each step's `your_turn`, `moves`, `keys`,
`text` and `observation` (never the hidden state), and the `start` object's seats and word
list. It plays:

* card games (Memory): it remembers every card it has seen face up and turns over a pair it
  knows; Crazy Eights: a matching card before an eight, a draw only when nothing matches;
* letter games (Apple Pie, Hangman): the most common letters first; a rule's own y/n question
  ("Another word?") is answered n;
* Guess Five: it asks for the shared word list (`/words FROM COUNT`) and guesses only words
  that agree with every mark so far;
* anything else: a move at random among those offered; free text from candidates (common
  words of the pattern's length, or numbers), a refused candidate costing nothing.

Standard library only. Two ways to run it:

    python3 examples/bot.py GAME [--gamehost PATH] [--seed N] [--games N] [--seats N] [-- GAME OPTIONS...]

starts `gamehost play GAME --json --data none` (with --seed and --seats when given, and the
options after --), plays seat 1 for N games (y at each play-again, /quit after the last),
prints one line per game ("rps: game 1 over after 4 moves: You win the match 2:0 ...") and
exits 0 when every game ended, 1 otherwise. For example:

    python3 examples/bot.py rps --gamehost .build/debug/gamehost --seed 3 --games 2 -- --match best-of-5
    python3 examples/bot.py rpsls --gamehost .build/debug/gamehost --seats 2

    python3 examples/bot.py --stdio [--seed N] [--games N]

plays one seat as a program gamehost starts:

    gamehost play rps --json --data none --seats 2 --seat 2=program:'python3 examples/bot.py --stdio'

It reads the protocol for its seat on standard input, writes a line whenever it is its turn,
answers play-again when it is the seat asked (the step says `your_turn`: y until N games are
over, then /quit), writes its game lines to standard error, and exits at the end object or the
end of its input.
"""

import argparse
import json
import random
import subprocess
import sys

MAX_STEPS = 20000
MAX_REFUSED = 200

# Everyday five-letter words, for a game that takes a word and does not share its list.
WORDS = ("about other which their there first would these thing could great where think place "
         "house world never right small large water sound light money music night paper story "
         "table voice plant river").split()

# Letters in the order English uses them most.
LETTERS = "etaoinsrhldcumfpgwybvkxjqz"


def marks_for(guess, word):
    """Guess Five's marks of `guess` against `word`: right, elsewhere or absent, a letter each
    (a letter counts as elsewhere only as many times as the word has it unmatched)."""
    marks, unmatched = [None] * len(guess), {}
    for i, c in enumerate(word):
        if i < len(guess) and guess[i] == c:
            marks[i] = "right"
        else:
            unmatched[c] = unmatched.get(c, 0) + 1
    for i, c in enumerate(guess):
        if marks[i] is None:
            if unmatched.get(c, 0) > 0:
                marks[i] = "elsewhere"
                unmatched[c] -= 1
            else:
                marks[i] = "absent"
    return marks


class WordList:
    """The word list a game shares, fetched a page at a time with /words."""

    def __init__(self, info):
        self.fingerprint = info["fingerprint"]
        self.size = info["size"]
        self.words = []

    @property
    def complete(self):
        return len(self.words) >= self.size

    def request(self):
        return f"/words {len(self.words) + 1} 1000"

    def take(self, page):
        if page["from"] == len(self.words) + 1:
            self.words += page["list"]
        if not page["list"]:
            self.size = len(self.words)  # the list is shorter than it said: stop asking


class FreeText:
    """Candidates for free text, each tried once a game."""

    def __init__(self):
        self.tried = set()

    def candidate(self, text, rng):
        pattern = text.get("pattern") or ""
        if "%d" in pattern:
            return str(rng.randint(0, 99))
        length = pattern.count("%a") or 5
        words = [w for w in WORDS if len(w) == length and w not in self.tried]
        word = rng.choice(words) if words else "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(length))
        self.tried.add(word)
        return word


class CardMemory:
    """What the bot has seen of a table of cards (Memory): index (1-based) -> content, and
    which cards lie face up now (the observation shows a face-down card as hidden)."""

    def __init__(self):
        self.seen = {}
        self.face_up = []
        self.table = False         # whether the game is a table of cards turned by number

    def look(self, observation):
        cards = observation.get("cards") if isinstance(observation, dict) else None
        self.face_up = []
        self.table = isinstance(cards, list)
        if not self.table:
            return
        for i, card in enumerate(cards, 1):
            if isinstance(card, dict) and "content" in card and not card.get("hidden"):
                self.seen[i] = card["content"]
                if card.get("faceUp") and not card.get("matched"):
                    self.face_up.append(i)

    def choose(self, moves, rng):
        """The twin of a card face up now, else a card of a known pair, else a card not seen
        yet, else any card; None when no move is a card."""
        down = [m for m in moves if m.isdigit()]
        if not self.table or not down:
            return None
        wanted = {self.seen[i] for i in self.face_up if i in self.seen}
        twins = [m for m in down if self.seen.get(int(m)) in wanted]
        if twins:
            return twins[0]
        if not self.face_up:
            by_content = {}
            for m in down:
                if int(m) in self.seen:
                    by_content.setdefault(self.seen[int(m)], []).append(m)
            for group in by_content.values():
                if len(group) >= 2:
                    return group[0]
        unseen = [m for m in down if int(m) not in self.seen]
        return rng.choice(unseen or down)


class Player:
    """Chooses this seat's lines, game by game."""

    def __init__(self, rng):
        self.rng = rng
        self.words = None          # the shared word list, kept across games with the same one
        self.new_game(None)

    def new_game(self, start):
        self.memory, self.free = CardMemory(), FreeText()
        self.refused = set()       # lines refused since the game last moved on
        self.guessed = set()
        if start and start.get("words") and start["words"]["shared"]:
            if self.words is None or self.words.fingerprint != start["words"]["fingerprint"]:
                self.words = WordList(start["words"])
        elif start:
            self.words = None

    def answered(self, step, line):
        """The host's answer to one of our lines."""
        if "words" in step and self.words is not None:
            self.words.take(step["words"])
        if step["status"] in ("refused", "error"):
            self.refused.add(line)
        elif step["status"] in ("accepted", "started"):
            self.refused = set()

    def choose(self, step):
        moves = [m for m in step["moves"] if m not in self.refused]
        text = step.get("text")
        observation = step.get("observation")
        self.memory.look(observation)
        if text and not step["moves"] and isinstance(observation, dict) and "rows" in observation:
            word = self.guess_five(observation)
            if word:
                return word
        if not moves:
            if text:
                return self.free.candidate(text, self.rng)
            return self.rng.choice(step["moves"]) if step["moves"] else None
        if sorted(moves) == ["n", "y"]:
            return "n"  # the rule's own question, as Hangman's "Another word?"
        card = self.memory.choose(moves, self.rng)
        if card:
            return card
        letters = [m for m in moves if len(m) == 1 and m.isalpha() and m.lower() in LETTERS]
        if letters and len(letters) == len(moves):
            return min(letters, key=lambda m: LETTERS.index(m.lower()))
        plays = [m for m in moves if m not in ("draw", "pass")]
        if plays and len(plays) < len(moves):
            # Crazy Eights: a matching card, an eight only when nothing else matches.
            cards = [m for m in plays if not m.startswith("8")]
            return self.rng.choice(cards or plays)
        if "draw" in moves:
            return "draw"
        return self.rng.choice(moves)

    def guess_five(self, observation):
        """A word of the shared list that agrees with every row of marks; first, the request
        for the next page of the list until it is all here. None without a shared list."""
        if self.words is None:
            return None
        if not self.words.complete:
            return self.words.request()
        rows = observation.get("rows") or []
        tried = set(observation.get("tried") or {}) | self.guessed | self.refused
        candidates = [w for w in self.words.words
                      if len(w) == 5 and w.isalpha() and w not in tried
                      and all(marks_for(list(row["letters"]), list(w)) == row["marks"] for row in rows)]
        if not candidates:
            return None
        word = self.rng.choice(candidates)
        self.guessed.add(word)
        return word


def converse(read, write, player, games, name, report, first=1):
    """Plays the stream to its end object. `read` gives the next object (None at the end of
    the input), `write` sends one line; games are counted from `first`. Returns (games over,
    end object or None, problems)."""
    you = None
    unanswered = []            # our lines the host has not answered yet, oldest first
    over_games, moves_made, problems = set(), 0, []
    for _ in range(MAX_STEPS):
        obj = read()
        if obj is None:
            return len(over_games), None, problems
        if obj["type"] == "start":
            you = obj["you"]
            player.new_game(obj)
            continue
        if obj["type"] == "end":
            return len(over_games), obj, problems
        step = obj
        if step["seat"] == you and unanswered:
            line = unanswered.pop(0)
            player.answered(step, line)
            if step["status"] == "accepted":
                moves_made += 1
            if step["status"] == "error":
                problems.append(f"'{line}' gave an error: {step['reason']}")
        if step["over"] and step["game_number"] not in over_games:
            over_games.add(step["game_number"])
            report(f"{name}: game {first - 1 + len(over_games)} over after {moves_made} moves: {step['result']['summary']}")
            moves_made = 0
        if unanswered or step["ends_session"]:
            continue
        line = None
        if step["question"] == "play-again":
            if step["your_turn"]:  # this seat is the one asked
                line = "y" if len(over_games) < games else "/quit"
        elif step["your_turn"]:
            line = player.choose(step)
            if line is None:
                problems.append(f"no move to make at step {step['step']}")
                line = "/quit"
            elif len(player.refused) >= MAX_REFUSED:
                problems.append(f"{MAX_REFUSED} lines refused in a row")
                line = "/quit"
        if line is not None:
            write(line)
            unanswered.append(line)
    problems.append(f"no end after {MAX_STEPS} objects")
    return len(over_games), None, problems


def play(gamehost, game, seed, games, seats, options):
    """Plays `games` games of `game` as the program on gamehost's standard input. A game whose
    session is one game (Hangman's, which ends at its result) is played again in a new session,
    as the next game of the same seed (--game K)."""
    played = 0
    rng = random.Random(seed)
    while True:
        over, ok = session(gamehost, game, seed, games - played, seats, options, rng, played + 1)
        played += over
        if not ok or over == 0 or played >= games:
            return ok and played >= games


def session(gamehost, game, seed, games, seats, options, rng, first):
    """One gamehost session from game `first`: (games over, whether it ended well)."""
    command = [gamehost, "play", game, "--json", "--data", "none"]
    if seed is not None:
        command += ["--seed", str(seed)] + (["--game", str(first)] if first > 1 else [])
    if seats is not None:
        command += ["--seats", str(seats)]
    process = subprocess.Popen(command + options, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def read():
        line = process.stdout.readline()
        return json.loads(line) if line else None

    def write(line):
        process.stdin.write(line + "\n")
        process.stdin.flush()

    over, end, problems = converse(read, write, Player(rng), games, game, print, first)
    process.stdin.close()
    code = process.wait(timeout=60)
    for problem in problems:
        print(f"{game}: {problem}", file=sys.stderr)
    if end is None:
        print(f"{game}: gamehost ended without an end object", file=sys.stderr)
    elif end["exit_code"] != code:
        print(f"{game}: the end object says exit code {end['exit_code']}, gamehost exited {code}", file=sys.stderr)
    return over, not problems and end is not None and code == 0


def stdio(seed, games):
    """Plays one seat as a program gamehost started (--seat K=program:COMMAND)."""
    def read():
        line = sys.stdin.readline()
        return json.loads(line) if line else None

    def write(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def report(text):
        print(text, file=sys.stderr)

    over, end, problems = converse(read, write, Player(random.Random(seed)), games, "seat", report)
    for problem in problems:
        print(f"seat: {problem}", file=sys.stderr)
    return not problems


def main():
    argv = sys.argv[1:]
    options = []
    if "--" in argv:
        options = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        usage="%(prog)s GAME [--gamehost PATH] [--seed N] [--games N] [--seats N] [-- GAME OPTIONS...]\n"
              "       %(prog)s --stdio [--seed N] [--games N]")
    parser.add_argument("game", nargs="?", help="the game to play (not with --stdio)")
    parser.add_argument("--stdio", action="store_true", help="play one seat on standard input and output")
    parser.add_argument("--gamehost", default="gamehost", help="the gamehost binary (default: gamehost on the PATH)")
    parser.add_argument("--seed", type=int, help="fix chance (gamehost --seed) and this bot's choices")
    parser.add_argument("--games", type=int, default=1, help="how many games to play (default 1)")
    parser.add_argument("--seats", type=int, help="the number of seats (gamehost --seats)")
    args = parser.parse_args(argv)
    if args.stdio:
        if args.game or options or args.seats is not None:
            parser.error("--stdio takes only --seed and --games: gamehost gives the game")
        sys.exit(0 if stdio(args.seed, args.games) else 1)
    if not args.game:
        parser.error("a game is needed (or --stdio)")
    sys.exit(0 if play(args.gamehost, args.game, args.seed, args.games, args.seats, options) else 1)


if __name__ == "__main__":
    main()
