#!/usr/bin/env python3
"""A bot that plays any GameHost game to the end through the machine protocol.

It reads only what docs/protocol.md promises: the `moves` of each step, its `text` (free text
the game takes) and its `observation` (never the hidden state). It picks a move at random,
except in card games, where it remembers the cards it has seen face up (the observation shows
a face-down card as hidden) and turns over a pair it knows. Where a game lists no moves but
takes free text, it types candidates: common English words of the pattern's length, or
numbers for a pattern of digits; a refused candidate costs nothing. Standard library only.

    python3 examples/bot.py GAME [--gamehost PATH] [--seed N] [--games N] [-- GAME OPTIONS...]

Prints one line per game ("rps: game 1 over after 4 moves: You win the match 2:0 ...") and
exits 0 when every game ended, 1 otherwise.
"""

import argparse
import json
import random
import subprocess
import sys

MAX_STEPS = 5000
MAX_REFUSED = 200

# Everyday five-letter words, for games that take a word (Guess Five): a real bot would bring
# a dictionary.
WORDS = ("about other which their there first would these thing could great where think place "
         "house world never right small large water sound light money music night paper story "
         "table voice plant river").split()


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


class Session:
    """One `gamehost play GAME --json` process: write a line, read the objects it answers."""

    def __init__(self, gamehost, game, seed, options):
        self.process = subprocess.Popen(
            [gamehost, "play", game, "--json", "--seed", str(seed)] + options,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def read(self):
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("gamehost ended without an end object")
        return json.loads(line)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def next_step(self):
        """The next step object; start objects (a new game) are returned as they come."""
        return self.read()

    def close(self):
        self.process.stdin.close()
        return self.process.wait(timeout=30)


class CardMemory:
    """What the bot has seen of a table of cards: index (1-based) -> content, and which
    cards lie face up now (the observation shows a face-down card as hidden)."""

    def __init__(self):
        self.seen = {}
        self.face_up = []

    def look(self, observation):
        cards = observation.get("cards") if isinstance(observation, dict) else None
        self.face_up = []
        if not isinstance(cards, list):
            return
        for i, card in enumerate(cards, 1):
            if isinstance(card, dict) and "content" in card and not card.get("hidden"):
                self.seen[i] = card["content"]
                if card.get("faceUp") and not card.get("matched"):
                    self.face_up.append(i)

    def choose(self, moves, rng):
        """The twin of a card face up now, else a card of a known pair, else a card not seen
        yet, else any card."""
        down = [m for m in moves if m.isdigit()]
        if not down:
            return rng.choice(moves)
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


def play(gamehost, game, seed, games, options):
    rng = random.Random(seed)
    session = Session(gamehost, game, seed, options)
    start = session.read()
    assert start["type"] == "start" and start["protocol"] == 1, start
    step = session.read()
    played, moves_made, ok = 0, 0, True
    memory, free, refused = CardMemory(), FreeText(), 0
    for _ in range(MAX_STEPS):
        if step["type"] == "start":  # a new game began: its first step follows
            memory, free = CardMemory(), FreeText()
            step = session.read()
            continue
        if step["type"] == "end":
            break
        if step["status"] == "quit":  # the end object follows
            step = session.read()
            continue
        if step["over"]:
            played += 1
            summary = (step["result"] or {}).get("summary", "")
            print(f"{game}: game {played} over after {moves_made} moves: {summary}")
            moves_made = 0
            session.send("y" if played < games else "n")
            step = session.read()
            continue
        moves, text = step["moves"], step.get("text")
        if not moves and not text:
            print(f"{game}: no moves offered, but the game is not over", file=sys.stderr)
            ok = False
            session.send("/quit")
            step = session.read()
            continue
        memory.look(step["observation"])
        typed = not moves
        move = free.candidate(text, rng) if typed else memory.choose(moves, rng)
        session.send(move)
        moves_made += 1
        step = session.read()
        if step["type"] == "step" and typed and step["status"] == "refused":
            moves_made -= 1
            refused += 1
            if refused >= MAX_REFUSED:
                print(f"{game}: {MAX_REFUSED} candidates for {text['description']} were refused", file=sys.stderr)
                ok = False
                session.send("/quit")
                step = session.read()
            continue
        refused = 0
        if step["type"] == "step" and step["status"] in ("refused", "error"):
            print(f"{game}: '{move}' was offered but {step['status']}: {step['reason']}", file=sys.stderr)
            ok = False
    else:
        print(f"{game}: no end after {MAX_STEPS} steps", file=sys.stderr)
        ok = False
    code = session.close()
    return ok and played == games and code == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--gamehost", default="gamehost")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("options", nargs="*", help="the game's options, after --")
    args = parser.parse_args()
    sys.exit(0 if play(args.gamehost, args.game, args.seed, args.games, args.options) else 1)


if __name__ == "__main__":
    main()
