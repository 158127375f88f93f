#!/usr/bin/env python3
"""GameHost's browser client, in headless Chromium against a running `gamehost serve`.

Every built-in game is played to its end through the page, by clicking and typing; two pages
play Rock-Paper-Scissors against each other and three play Crazy Eights; a rule that prints
HTML and script does nothing in the page. Each test fails on any console error and, at phone
size, on any element wider than the viewport.

    client_test.py --gamehost BIN --data DIR [--workers N] [TEST...]
    client_test.py --url http://127.0.0.1:PORT/ [TEST...]

With --gamehost and --data it starts `gamehost serve` itself (on a free port, with DIR as its
data folder), and the last test kills the server and starts it again on the same port: the
page must find its seat again by itself. With --url it uses a server that is running, and
skips that test. scripts/test-browser runs it, with $XDG_DATA_HOME/gamehost/rules (the player's
own rules, which the server serves) holding hostile.lua.
"""

import argparse
import html.parser
import os
import re
import sys
import threading
import time
import traceback

from selenium import webdriver

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gamehost_browser import (DESKTOP, PHONE, Browser, Failure, check, play_letters,  # noqa: E402
                              cards, play_memory, start_server)

TESTS = []


def test(function):
    TESTS.append(function)
    return function


def finish(page, game):
    """After a game's result: the seed and the replay line are shown, then n ends the table."""
    result = page.result()
    check(result["summary"], f"{game}: the result has no summary")
    check(re.fullmatch(r"\d+", result["seed"]), f"{game}: the result shows no seed: {result}")
    check(f"gamehost play {game} --seed {result['seed']}" in result["replay"], f"{game}: the replay line {result['replay']!r} is not the seed's")
    page.check_fits(f"{game}'s result")
    # A session of one game (Hangman's, after "Another word?" n) has ended with its result.
    page.wait(lambda: page.ended() or page.control(r"^Stop playing", "#moves button"), f"{game}: Stop playing, or the table's end")
    if not page.ended():
        page.stop()
    check("ended" in page.text("#turn") or page.ended(), f"{game}: the page does not say the table ended")


# MARK: The lobby and the view elements

@test
def lobby_lists_the_games(browser, args):
    page = browser.page()
    page.lobby()
    # The run's Chromium speaks English: the page's own words are the English of its code.
    check(page.js("return document.documentElement.lang") == "en", "the English page's lang is not en")
    check(page.text("#lobby-title") == "Play a game" and page.text("#join") == "Join", "the English lobby's words")
    games = page.js("return [...document.querySelectorAll('.game-tile')].map(t => t.dataset.game)")
    for game in ["applepie", "blackjack", "crazy-eights", "guess-five", "hangman", "memory", "memory-triples", "rps", "rpsls"]:
        check(game in games, f"the lobby does not list {game}: {games}")
    page.check_fits("the lobby")
    page.find(".game-tile[data-game='crazy-eights']").click()
    page.wait(lambda: page.visible("#create"), "the new table's form")
    fillers = page.js("return [...document.querySelectorAll('#seat-list select')].map(s => [...s.options].map(o => o.value))")
    check(fillers and fillers[0] == ["person", "bot", "search", "random"], f"a seat of Crazy Eights is a person, the bot, the search or random: {fillers}")
    page.check_fits("the new table's form")
    page.resize(DESKTOP)
    page.find("#back").click()
    page.wait(lambda: page.visible("#games"), "the games again")
    # By keyboard alone: Tab to a game, Enter, Tab to the form's button, Enter, a key to play.
    page.js("document.getElementById('home').focus()")

    def tab_to(css, what):
        for _ in range(60):
            if page.js("return document.activeElement.matches(arguments[0])", css):
                return
            webdriver.ActionChains(page.driver).send_keys("\ue004").perform()  # Tab
        raise Failure(f"Tab never reaches {what}")
    tab_to(".game-tile[data-game='rps']", "Rock · Paper · Scissors")
    webdriver.ActionChains(page.driver).send_keys("\ue007").perform()  # Enter
    page.wait(lambda: page.visible("#create"), "the new table's form, by keyboard")
    tab_to("#open-table", "the button that opens the table")
    webdriver.ActionChains(page.driver).send_keys("\ue007").perform()
    page.wait_table()
    table = page.wait_ready_or_over()
    page.play(lambda: page.press("p"), "the key p", before=table["step"])
    check("paper" in page.text("#latest").lower(), f"the key p did not throw paper: {page.text('#latest')!r}")


@test
def view_elements_draw_and_play(browser, args):
    page = browser.page(path="elements.html")
    page.wait("return !!window.fixture", "the elements page")
    show = lambda step: page.js("return fixture.show(arguments[0])", step)  # noqa: E731
    # Memory: a grid of cards (role grid, rows, cells), face down and up, matched with a mark.
    show("memory")
    check(page.js("return document.querySelectorAll('#board [role=grid] [role=row] [role=gridcell] button.card').length") == 16,
          "Memory's cards are not a grid of 16 cells")
    labels = page.js("return [...document.querySelectorAll('#board .card')].slice(0, 3).map(c => c.getAttribute('aria-label'))")
    check(labels == ["1, 🐶, matched", "2, face down", "3, 🐭"], f"the cards' names: {labels}")
    check(page.js("return getComputedStyle(document.querySelector('.card.matched .card-check')).display") != "none",
          "a matched card shows no check mark")
    page.check_fits("the Memory sample")
    # The same card turns over: the same node, and a transition runs.
    page.js("window.secondCard = document.querySelectorAll('#board .card')[1];")
    memory = page.js("return structuredClone(fixture.samples.memory)")
    grid = next(e for e in memory["elements"] if isinstance(e, dict) and e.get("type") == "cards")
    grid["cards"][1].update({"up": True, "face": "🐱", "selectable": False})
    grid["cards"][1].pop("move", None)
    show(memory)
    check(page.js("return document.querySelectorAll('#board .card')[1] === window.secondCard"), "a card that turns over is drawn anew")
    check(page.js("return window.secondCard.classList.contains('up')"), "the turned card is not face up")
    check(page.js("return window.secondCard.querySelector('.card-inner').getAnimations().length > 0"), "the card does not flip")
    check(page.js("return window.secondCard.getAttribute('aria-label')") == "2, 🐱", "the turned card's name")
    # A tap plays the card's move; a card without one plays nothing.
    page.finds("#board .card")[3].click()
    page.finds("#board .card")[1].click()
    check(page.js("return fixture.played") == ["4"], f"taps played {page.js('return fixture.played')}")
    # The keyboard: arrows move between cards, Enter plays.
    page.js("document.querySelectorAll('#board .card')[3].focus()")
    page.press("\ue014")  # ArrowRight
    check(page.js("return document.activeElement === document.querySelectorAll('#board .card')[4]"), "ArrowRight does not move to the next card")
    page.press("\ue015")  # ArrowDown
    check(page.js("return document.activeElement === document.querySelectorAll('#board .card')[8]"), "ArrowDown does not move a row down")
    page.press("\ue007")  # Enter
    check(page.js("return fixture.played") == ["4", "9"], f"Enter on a card: {page.js('return fixture.played')}")
    # Guess Five: marked letters (a symbol besides the colour), a keyboard that types.
    show("guessfive")
    first = page.js("return document.querySelector('#board .word').getAttribute('aria-label')")
    check(first == "c (not in the word), r (in the word, elsewhere), a (not in the word), n (not in the word), e (right place)", first)
    check(page.js("return [...document.querySelectorAll('#board .word')[0].querySelectorAll('.mark-symbol')].map(s => s.textContent).join('')") == "✗↔✗✗✓",
          "the marks have no symbols")
    for key in ["c", "r", "a", "n", "e"]:
        page.js("for (const k of document.querySelectorAll('#board .key')) if (k.textContent.startsWith(arguments[0])) { k.click(); break; }", key)
    check(page.js("return document.getElementById('text-input').value") == "crane", "the keyboard does not type")
    page.js("document.querySelector('#board .key-erase').click()")
    check(page.js("return document.getElementById('text-input').value") == "cran", "the backspace key")
    page.check_fits("the Guess Five sample")
    # Apple Pie: the tree, its fruit as a meter, the word, letters played and spent.
    show("applepie")
    check(page.js("return document.querySelector('#board .picture').getAttribute('role')") == "img", "a picture is not an image")
    check(page.js("return document.querySelector('#board .picture').getAttribute('aria-label')") == "a tree with 5 apples on it and 2 fallen", "the picture's alt")
    meter = page.js("const m = document.querySelector('#board [role=meter]'); return [m.getAttribute('aria-valuenow'), m.getAttribute('aria-valuemax')]")
    check(meter == ["5", "7"], f"the meter: {meter}")
    check(page.js("return document.querySelector('#board .word').getAttribute('aria-label')") == "the word: blank, a, blank, blank, e", "the word's name")
    spent = page.js("return [...document.querySelectorAll('#board .key[aria-disabled=true]')].map(k => k.textContent)")
    check(spent == ["e✓", "a✓"], f"the spent letters: {spent}")
    page.js("for (const k of document.querySelectorAll('#board .key')) if (k.textContent === 'b') k.click();")
    check(page.js("return fixture.played.at(-1)") == "b", "a letter key does not play")
    page.check_fits("the Apple Pie sample")
    # Rock, Paper, Scissors: three big signs with their keys.
    show("rps")
    signs = page.js("return [...document.querySelectorAll('#board .big-button')].map(b => [b.querySelector('.sign').textContent, b.getAttribute('aria-keyshortcuts')])")
    check(signs == [["✊", "r"], ["✋", "p"], ["✌️", "s"]], f"the signs: {signs}")
    page.check_fits("the RPS sample")
    # Elements the page does not know, and fields of the wrong type, are skipped.
    show({"moves": [], "elements": [{"type": "marquee", "text": "x"}, {"type": "cards", "cards": "x"}, {"type": "word", "letters": None},
                                     {"type": "meter", "name": 3, "value": "x"}, 7, None, "plain text"]})
    check("plain text" in page.text("#board"), "a bare string is not drawn as text")


HOSTILE = ["<script>", "<img src=x onerror=", "javascript:"]

GUARD = """
window.__dialogs = [];
window.__created = [];
for (const name of ['alert', 'confirm', 'prompt', 'print']) window[name] = (...args) => { window.__dialogs.push(name + ' ' + args.join(' ')); };
window.__violations = [];
// Each tone of the bell (bell.js makes one oscillator a ring).
window.__tones = 0;
const oscillator = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () { window.__tones++; return oscillator.call(this); };
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
// What the page itself holds is parsed before DOMContentLoaded; from then on, whatever is added is watched.
document.addEventListener('DOMContentLoaded', () => new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (n.nodeType !== 1) continue;
    for (const e of [n, ...n.querySelectorAll('*')]) {
      if (['SCRIPT', 'IMG', 'IFRAME', 'OBJECT', 'EMBED', 'A', 'LINK', 'STYLE', 'svg', 'IMAGE', 'B', 'I', 'FORM', 'META', 'BASE'].includes(e.tagName)) window.__created.push(e.tagName);
      for (const a of e.attributes || []) if (/^on|^href$|^src$|^srcdoc$|^action$|^formaction$/i.test(a.name)) window.__created.push(e.tagName + '@' + a.name);
    }
  }
}).observe(document, { childList: true, subtree: true }));
"""


def guard(page):
    """From the next page load on: dialogs are counted, not shown, and every element added to
    the page (and every CSP refusal) is noted. Inline style is not watched: the page sets sizes
    through the CSSOM (which the CSP allows), and markup's style attributes would be refused."""
    added = page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": GUARD})
    page.scripts.append(added["identifier"])


def check_harmless(page, where):
    check(not page.js("return window.__dialogs"), f"{where}: a dialog opened: {page.js('return window.__dialogs')}")
    check(not page.js("return window.__created"), f"{where}: the page made elements from rule text: {page.js('return window.__created')}")
    check(not page.js("return window.__violations"), f"{where}: the Content-Security-Policy refused: {page.js('return window.__violations')}")
    check(page.js("return document.querySelectorAll('script').length") == 1, f"{where}: scripts in the page")
    check(page.js("return document.querySelectorAll('img, iframe, object, embed').length") == 0, f"{where}: images or frames in the page")
    check(page.js("return [...document.querySelectorAll('a')].every(a => a.getAttribute('href') === './')"), f"{where}: links in the page")


@test
def hostile_elements_stay_text(browser, args):
    page = browser.page()
    guard(page)
    page.open("elements.html")
    page.wait("return !!window.fixture", "the elements page")
    evil = "<script>alert(1)</script><img src=x onerror=alert(2)><a href=\"javascript:alert(3)\">x</a>"
    step = {"moves": [evil, "javascript:alert(4)"], "keys": {"x": evil}, "text": {"description": evil},
            "elements": [
                {"type": "heading", "text": evil, "id": evil}, {"type": "text", "text": evil, "style": evil, "label": evil, "move": evil},
                {"type": "picture", "lines": [evil, evil], "alt": evil},
                {"type": "meter", "name": evil, "value": 1, "max": 2, "unit": evil, "label": evil},
                {"type": "word", "letters": [evil, ""], "marks": [evil, "hit"], "label": evil},
                {"type": "keyboard", "keys": [{"key": evil, "move": evil, "mark": evil, "label": evil}], "rows": [evil]},
                {"type": "buttons", "buttons": [{"text": evil, "move": "javascript:alert(4)", "key": evil, "label": evil}]},
                {"type": "cards", "columns": 2, "colour": evil, "label": evil,
                 "cards": [{"face": evil, "up": True, "label": evil, "id": evil, "move": evil}, {"face": "javascript:alert(5)", "up": True, "move": "javascript:alert(5)"}]},
                evil]}
    page.js("fixture.show(arguments[0])", step)
    page.js("for (const node of document.querySelectorAll('#board button, #board [role=button]')) node.click();")
    text = page.text("#board")
    check(text.count("<script>alert(1)</script>") >= 6, f"the rule's text is not shown as it is: {text[:300]!r}")
    played = page.js("return fixture.played")
    check(evil in played and "javascript:alert(4)" in played, f"tapping hostile moves plays them as text: {played}")
    check_harmless(page, "hostile elements")
    page.check_fits("hostile elements")


# MARK: Every built-in game, to its end

@test
def rock_paper_scissors_with_keys_and_taps(browser, args):
    page = browser.page()
    page.open_table("rps", {"Match": "best-of-3"})
    page.check_fits("Rock · Paper · Scissors")
    first = True
    while not page.over():
        page.wait_ready_or_over()
        if page.over():
            break
        if first:
            page.play(lambda: page.press("r"), "the key r")
            check("Rock" in page.text("#latest") or "rock" in page.text("#latest").lower(), f"the key r did not throw rock: {page.text('#latest')!r}")
            first = False
        else:
            page.play(page.control(r"^paper\b"), "paper")
    check(page.visible("#messages li"), "the messages are not kept")
    # Another match: y, then one throw by tapping, then the end.
    page.play(page.control(r"^Play again", "#moves button"), "play again")
    check(not page.over(), "a new game did not start")
    while not page.over():
        page.wait_ready_or_over()
        if not page.over():
            page.play(page.control(r"^scissors\b"), "scissors")
    finish(page, "rps")


@test
def rock_paper_scissors_lizard_spock(browser, args):
    page = browser.page(size=DESKTOP)
    page.open_table("rpsls", {"Match": "single"})
    while not page.over():
        page.wait_ready_or_over()
        if not page.over():
            page.play(page.control(r"^spock\b"), "spock")
    finish(page, "rpsls")


@test
def apple_pie(browser, args):
    page = browser.page()
    page.open_table("applepie", {"Mode": "timed", "Target": "1", "Fruit count": "26"})
    # The tree is drawn (shapes, in SVG), with every fruit of the 26 on it, and said in words.
    page.wait(lambda: page.js("return document.querySelectorAll('#board svg.drawing text').length") == 26, "the tree drawn with its 26 fruit")
    check("26" in (page.js("return document.querySelector('#board svg.drawing').getAttribute('aria-label')") or ""), "the drawing says what it shows")
    page.check_fits("Apple Pie")
    for _ in range(20):
        if play_letters(page) == "over":
            break
        page.play(page.control(r"."), "the next word")
    check(page.over(), "Apple Pie did not end")
    finish(page, "applepie")


@test
def hangman(browser, args):
    page = browser.page(size=DESKTOP)
    # The create form offers the word lists, the game's own chosen; the table plays the one
    # picked, and its replay line says so.
    page.lobby()
    page.tap(page.find(".game-tile[data-game='hangman']"))
    page.wait(lambda: page.visible("#word-list"), "the word lists in the form")
    lists = page.js("return [...document.querySelectorAll('#word-list option')].map((o) => o.value)")
    check("fruits" in lists and "animals" in lists, f"the lists offered: {lists}")
    check(page.js("return document.getElementById('word-list').value") == "animals", "the game's own list is not the one chosen")
    page.find("#back").click()
    page.open_table("hangman", {"Word list": "fruits"})
    if play_letters(page) != "over":
        no = page.control(r"^n$|^no\b")
        check(no is not None, f"Hangman asks something other than another word: {[n for _, n in page.controls()]}")
        page.play(no, "n: no other word")
    page.wait(lambda: "--words fruits" in page.text("#result"), "the chosen list in the replay line")
    finish(page, "hangman")


@test
def memory(browser, args):
    page = browser.page()
    page.open_table("memory", {"Theme": "fruit", "Pairs": "5"})
    check(page.js("return document.querySelectorAll('#board [role=grid] button.card').length") == 10, "Memory (5 pairs) is not a grid of 10 cards")
    page.check_fits("Memory")
    # Number keys choose cards, as in the terminal: "1" waits a moment (10 begins with it),
    # "1" then "0" goes at once.
    page.press("1")
    page.wait(lambda: cards(page)[0]["up"], "the 1 key to turn card 1 up")
    page.press("10")
    page.wait(lambda: cards(page)[9]["up"], "the keys 1 0 to turn card 10 up")
    play_memory(page, 2)
    finish(page, "memory")


@test
def memory_triples(browser, args):
    page = browser.page(size=DESKTOP)
    page.open_table("memory-triples", {"Theme": "fruit", "Pairs": "3"})
    play_memory(page, 3)
    finish(page, "memory-triples")


@test
def blackjack(browser, args):
    page = browser.page()
    page.open_table("blackjack")
    page.check_fits("Blackjack")
    bet = page.control(r"^(bet )?5$")
    check(bet is not None, f"no bet of 5: {[n for _, n in page.controls()]}")
    page.play(bet, "a bet of 5")
    hands = 1
    while True:
        page.wait_ready_or_over()
        check(not page.over(), "Blackjack ended without leaving")
        leave = page.control(r"^leave\b")
        if leave is not None and hands >= 2:
            page.play(leave, "leave")
            break
        if leave is not None:
            page.play(page.control(r"^(bet )?10$"), "a bet of 10")
            hands += 1
        else:
            page.play(lambda: page.press("s"), "the key s (stand)")
    check(page.over(), "leaving did not end the game")
    finish(page, "blackjack")


@test
def guess_five(browser, args):
    page = browser.page()
    page.open_table("guess-five")
    page.check_fits("Guess Five")
    for n, word in enumerate(["crane", "slate", "pudgy", "mound", "whisk", "brick"]):
        page.wait_ready_or_over()
        if page.over():
            break
        if n == 0 and page.nth("#board .key", 0) is not None:
            # The first word on the page's own keyboard, then Enter.
            for letter in word:
                page.js("for (const k of document.querySelectorAll('#board .key')) if (k.textContent.startsWith(arguments[0])) { k.click(); break; }", letter)
            page.play(page.find("#board .key-enter"), word)
        elif n == 1:
            # Typed with no field focused: the letters go to the field.
            page.play(lambda: page.press(word + "\ue007"), word)
        else:
            field = page.find("#text-input")
            page.play(lambda: field.send_keys(word + "\n"), word)
        check(page.js("return document.getElementById('text-input').value") == "", f"{word} was not taken: {page.text('#latest')!r}")
    page.wait(page.over, "the end of Guess Five")
    finish(page, "guess-five")


# MARK: Several people

@test
def two_pages_play_rock_paper_scissors(browser, args):
    ann = browser.page(1)
    code = ann.open_table("rps", {"Match": "single"}, seats=["person", "person"], name="Ann")
    ann.wait(lambda: ann.visible("#share"), "the link to share")
    check(f"#{code}" in ann.text("#share"), "the share line has no link")
    bob = browser.page(2)
    bob.lobby()
    bob.find("#name").send_keys("Bob")
    bob.find("#code").send_keys(code.lower())
    bob.find("#join").click()
    bob.wait_table()
    check(bob.code() == code, "Bob is at another table")
    for page in (ann, bob):
        page.wait(lambda: "Ann" in page.text("#seats") and "Bob" in page.text("#seats") and page.text("#seats").count("here") == 2,
                  "both players in the seats")
    check(not ann.visible("#share"), "the share line stays once every seat is taken")
    for _ in range(10):
        ann.wait_ready_or_over()
        bob.wait_ready_or_over()
        if ann.over():
            break
        ann.play(ann.control(r"^rock\b"), "Ann's rock")
        bob.find("body")  # Bob's page
        before = bob.step()
        bob.control(r"^paper\b").click()
        bob.wait(lambda: bob.step() != before, "Bob's throw")
        ann.wait(lambda: ann.over() or ann.ready(), "the round's end")
    for page, who in ((ann, "Ann"), (bob, "Bob")):
        page.wait(page.over, f"{who}'s result")
    check(bob.text("#result-title") == "You win", f"Bob's paper beats Ann's rock: {bob.text('#result-title')!r}")
    check("Seat 2" in ann.text("#result-title"), f"Ann's page names the winner: {ann.text('#result-title')!r}")
    # Only seat 1 is asked whether to play again; Bob's page waits for Ann.
    check(bob.control(r"^Play again", "#moves button") is None, "Bob is asked to play again")
    ann.stop()
    bob.wait(bob.ended, "the end on Bob's page")


@test
def two_pages_take_a_move_back(browser, args):
    ann = browser.page(1)
    code = ann.open_table("rps", {"Match": "best-of-3"}, seats=["person", "person"], name="Ann", practice=True)
    bob = browser.page(2)
    bob.lobby()
    bob.find("#name").send_keys("Bob")
    bob.find("#code").send_keys(code)
    bob.find("#join").click()
    bob.wait_table()
    for page in (ann, bob):
        page.wait(lambda: page.text("#seats").count("here") == 2, "both players in the seats")
        page.wait(lambda: page.visible("#undo"), "the undo button at a practice table")
    ann.wait_ready_or_over()
    before = ann.text("#board")
    ann.play(ann.control(r"^rock\b"), "Ann's rock")
    check(not ann.ready(), "Ann's turn after her throw")
    ann.tap(ann.find("#undo"))
    # Bob is asked; Ann may withdraw her request, and is not asked herself.
    bob.wait(lambda: bob.visible("#undo-agree"), "Bob's question")
    check("Ann asks to take back" in bob.text("#undo-text"), f"the question: {bob.text('#undo-text')!r}")
    ann.wait(lambda: ann.visible("#undo-withdraw"), "Ann's way to withdraw")
    check(not ann.visible("#undo-agree"), "Ann is asked to agree to her own request")
    bob.tap(bob.find("#undo-agree"))
    for page in (ann, bob):
        page.wait(lambda: "took back a move" in page.text("#messages"), "the move taken back")
        page.wait(lambda: not page.visible("#undo-ask"), "the question gone")
    ann.wait(ann.ready, "Ann's turn again")
    check(ann.text("#board") == before, f"Ann's board is not as before her throw:\n{ann.text('#board')}\n---\n{before}")
    # A ranked table offers no undo.
    eve = browser.page(3)
    eve.open_table("rps", {"Match": "single"}, name="Eve")
    eve.wait_ready_or_over()
    check(not eve.visible("#undo"), "a ranked table offers undo")


@test
def a_watcher_sees_the_table(browser, args):
    ann = browser.page(1)
    code = ann.open_table("rps", {"Match": "single"}, seats=["person", "person"], name="Ann")
    eve = browser.page(3)
    eve.lobby()
    eve.find("#code").send_keys(code)
    eve.find("#watch").click()
    eve.wait_table()
    eve.wait(lambda: eve.text("#turn").startswith("Watching"), "the watcher's turn line")
    check(not eve.controls(), f"a watcher has moves: {[n for _, n in eve.controls()]}")
    check(eve.text("#board").strip(), "a watcher's board is blank")
    check(eve.js("return document.getElementById('text-form').hidden && document.getElementById('rules').hidden"), "a watcher can type or ask for the rules")
    ann.wait(lambda: "1 watching" in ann.text("#watchers"), "the watcher counted on Ann's page")


@test
def three_pages_play_crazy_eights(browser, args):
    pages = [browser.page(1, size=DESKTOP)]
    code = pages[0].open_table("crazy-eights", seats=["person", "person", "person"], name="One")
    for n in (2, 3):
        # A link opened with no name yet asks for one (the table then shows it), then joins.
        page = browser.page(n, path=f"#{code}")
        page.wait(lambda: "type your name" in page.text("#notice"), "the question for a name")
        check(page.js("return document.activeElement.id") == "name", "the name field is not where typing goes")
        check(page.js("return document.getElementById('code').value") == code, "the link's code is not in the join form")
        page.find("#name").send_keys(f"Player{n}")
        page.find("#join").click()
        page.wait_table()
        check(page.js("return getComputedStyle(document.activeElement).outlineStyle") == "none"
              or page.js("return document.activeElement.id") != "game-title", "the table's title is drawn with a focus box")
        check(page.code() == code, f"player {n} is at another table")
        pages.append(page)
    for page in pages:
        page.wait(lambda: page.text("#seats").count("here") == 3, "three players here")
        check("Player2" in page.text("#seats") and "Player3" in page.text("#seats"), f"the names asked for are not in the seats: {page.text('#seats')!r}")
    pages[1].check_fits("Crazy Eights")
    moves = 0
    table = pages[0].state()
    while not table["over"]:
        check(moves < 400, "Crazy Eights did not end")
        # The seat to move, as the page that moved last shows it (a page switch costs time).
        check(table["to_move"], "nobody's turn in Crazy Eights")
        mover = pages[table["to_move"][0] - 1]
        # A card if one can be played, else draw (or pass).
        table = mover.play_when_ready(r"draw|pass", unlike=True)
        moves += table["tapped"] is not None
    for page in pages:
        page.wait(page.over, "the end on every page")
    check(all(page.text("#result-summary") == pages[0].text("#result-summary") for page in pages), "the pages disagree on the result")
    pages[0].stop()
    for page in pages[1:]:
        page.wait(page.ended, "the end on every page")
    return f"{moves} moves"


@test
def a_reload_tells_what_happened_meanwhile(browser, args):
    ann = browser.page(1)
    code = ann.open_table("crazy-eights", seats=["person", "person"], name="Ann")
    bob = browser.page(2)
    bob.lobby()
    bob.find("#name").clear()
    bob.find("#name").send_keys("Bob")
    bob.find("#code").send_keys(code)
    bob.find("#join").click()
    bob.wait_table()
    pages = {1: ann, 2: bob}
    for page in pages.values():
        page.wait(lambda: page.text("#seats").count("here") == 2, "both players here")
    # One seat moves (a draw, or an eight and its suit, may take it more than one step); then
    # the other, to move now, reloads its page, and is told what the first did.
    table = ann.state()
    last = None
    for _ in range(10):
        if last is not None and table["to_move"][0] != last:
            break
        last = table["to_move"][0]
        table = pages[last].play_when_ready(r"draw|pass", unlike=True)
    mover = table["to_move"][0]
    check(mover != last, "the same seat is still to move")
    page, other = pages[mover], ("Bob" if mover == 1 else "Ann")
    page.driver.refresh()
    page.wait_table()
    page.wait(lambda: page.visible("#away .away-title"), "the moves since the last turn")
    told = page.text("#away")
    check("Since your last turn:" in told and other in told, f"the other's move is not told: {told!r}")
    check(("Ann" if mover == 1 else "Bob") + " plays" not in told, f"the page's own move is told: {told!r}")
    # Told until it moves.
    page.play_when_ready(r"draw|pass", unlike=True)
    page.wait(lambda: not page.visible("#away .away-title"), "the telling gone once the seat moved")


@test
def crazy_eights_against_the_search_player(browser, args):
    page = browser.page()
    page.open_table("crazy-eights", seats=["person", "search"], name="Ann")
    page.wait(lambda: "Search" in page.text("#seats"), "the search player in the seats")
    # Crazy Eights allows hints: Hint asks the search for this seat's move, Coach me turns the
    # coach on (its notes come at the game's end).
    page.wait(lambda: page.visible("#hint") and page.visible("#coach"), "the Hint and Coach buttons")
    page.wait(page.ready, "this seat's turn", timeout=30.0)
    page.tap(page.find("#hint"))
    page.wait(lambda: "Hint: " in page.text("#messages"), "the hint", timeout=30.0)
    page.tap(page.find("#coach"))
    page.wait(lambda: page.text("#coach") == "Coach: on", "the coach on")
    # Scrolled down to those buttons, a card scrolled back into view is not under the top bar.
    page.js("window.scrollTo(0, document.body.scrollHeight)")
    moves = 0
    table = page.state()
    while not table["over"]:
        check(moves < 300, "Crazy Eights against the search did not end")
        # The search thinks on the server (300 scratch games a move) between this seat's turns.
        table = page.play_when_ready(r"draw|pass", unlike=True, timeout=30.0)
        moves += table["tapped"] is not None
    page.wait(page.over, "the end")
    result = page.result()
    check("--seat 2=search" in result["replay"], f"the replay line does not seat the search again: {result['replay']!r}")
    check("Coach" in page.text("#messages"), "the coach's notes at the end")
    finish(page, "crazy-eights")
    return f"{moves} moves"


# MARK: Security, seats and connections

@test
def hostile_rule_is_only_text(browser, args):
    page = browser.page()
    guard(page)
    page.open("")
    page.lobby()
    tile = page.text(".game-tile[data-game='hostile']")
    check("Hostile <script>alert('title')</script>" in tile and "<img src=x onerror=alert('about')>" in tile, f"the tile: {tile!r}")
    name = "<img src=x onerror=alert(1)>"  # a name has at most 32 characters
    page.open_table("hostile", {"Mood": "<i onmouseover=alert(1)>x</i>"}, name=name)
    check("<a href=\"javascript:alert('link')\">click me</a>" in page.text("#board"), f"the view is not shown as text: {page.text('#board')!r}")
    check(name in page.text("#seats"), "the player's name is not shown as text")
    check("<script>alert('text')</script>" in page.text("#text-form label"), "the free text's description")
    field = page.find("#text-input")
    page.play(lambda: field.send_keys("bad\n"), "bad")
    check("<img src=x onerror=alert('refuse')>" in page.text("#latest"), f"the refusal: {page.text('#latest')!r}")
    page.play(page.control(r"^javascript:alert\('move'\)$"), "the javascript: move")
    check("javascript:alert('bare')" in page.text("#latest"), "the messages are not shown as text")
    check(page.js("return document.getElementById('board').classList.contains('ding')"), "the bell is not shown")
    check(page.js("return window.__tones") >= 1, "the bell made no sound")
    # Now the rule's view is elements, with the same text in every field.
    board = page.text("#board")
    for text in ["<script>alert('script')</script>", "<img src=x onerror=alert('img')>", "<a href=\"javascript:alert('link')\">click me</a>"]:
        check(board.count(text) >= 2, f"the elements do not show {text!r} as text: {board[:400]!r}")
    labels = page.js("return [...document.querySelectorAll('#board [aria-label]')].map(n => n.getAttribute('aria-label')).join(' ')")
    check("<a href=\"javascript:alert('link')\">" in labels, f"the labels are not the rule's text: {labels[:300]!r}")
    check(page.js("return !!document.querySelector('#board .big-button') && !!document.querySelector('#board .key')"), "the button and the keyboard")
    # Muted, the bell is still shown and makes no sound.
    page.find("#mute").click()
    tones = page.js("return window.__tones")
    page.play(page.nth("#board button.card", 0), "the card that plays <img onerror>")
    check(page.js("return window.__tones") == tones, "the muted bell made a sound")
    page.find("#mute").click()
    check("turn 2" in page.text("#board"), f"the card's move was not played: {page.text('#board')[-200:]!r}")
    page.play(page.control(r"^<b>win</b>$"), "<b>win</b>")
    check(page.over() and "<script>alert('summary')</script>" in page.text("#result-summary"), "the result summary")
    check_harmless(page, "the hostile rule")
    page.check_fits("the hostile rule")
    page.stop()


@test
def todays_game(browser, args):
    page = browser.page()
    page.lobby()
    # Nameless, the page asks for a name first: the day is played once by each name.
    page.js("const f = document.getElementById('name'); f.value = ''; f.dispatchEvent(new Event('change'));")
    page.tap(page.find(".game-tile[data-game='rps']"))
    page.wait(lambda: page.visible("#create"), "the new table's form")
    page.tap(page.find("#daily"))
    page.wait(lambda: "Give your name first" in page.text("#notice"), "the request for a name")
    name = f"Day {time.monotonic_ns() % 100000}"
    page.js("const f = document.getElementById('name'); f.value = arguments[0]; f.dispatchEvent(new Event('change'));", name)
    page.tap(page.find("#daily"))
    page.wait_table()
    while not page.over():
        page.wait_ready_or_over()
        if not page.over():
            page.play(page.control(r"^rock\b"), "rock")
    messages = page.text("#messages")
    check("GameHost · Rock · Paper · Scissors · " in messages, f"no line to share: {messages!r}")
    check("--daily" in page.text("#result-facts .replay"), f"the replay line does not name the day: {page.text('#result-facts .replay')!r}")


@test
def reload_takes_the_seat_back(browser, args):
    page = browser.page()
    code = page.open_table("memory", {"Theme": "fruit"})
    page.play(page.nth("#board button.card", 0), "card 1")
    flipped = page.js("return document.querySelectorAll('#board .card.up').length")
    check(flipped == 1, "card 1 did not turn")
    # The sound is muted, and stays so.
    page.find("#mute").click()
    page.open(f"#{code}")
    page.driver.refresh()
    page.wait_table()
    check(page.code() == code, "the reload is at another table")
    check(page.js("return document.querySelectorAll('#board .card.up').length") == 1, "the reloaded page does not show the game as it stands")
    check("you" in page.text("#seats .seat.mine"), "the reloaded page is not seat 1")
    check(page.find("#mute").get_attribute("aria-pressed") == "true", "muting is forgotten")
    page.find("#mute").click()
    # By keyboard alone: Tab to the cards, an arrow, Enter.
    page.js("document.getElementById('game-title').focus()")
    for _ in range(40):
        if page.js("return document.activeElement.classList.contains('card')"):
            break
        page.press("\ue004")  # Tab
    check(page.js("return document.activeElement.classList.contains('card')"), "Tab never reaches the cards")
    page.press("\ue014")
    page.play(lambda: page.press("\ue007"), "Enter on a card")
    check(page.js("return document.querySelectorAll('#board .card.up').length") == 2, "Enter did not turn a card")
    # Leaving keeps the seat in the lobby's list, from which it is taken back.
    page.find("#leave").click()
    page.wait(lambda: page.visible("#mine"), "the lobby's list of tables")
    page.find("#mine-list button").click()
    page.wait_table()
    up = page.js("return document.querySelectorAll('#board .card.up').length")
    check(page.code() == code and up == 2, f"rejoining from the lobby: table {page.code()}, {up} cards up")


@test
def a_dropped_connection_comes_back(browser, args):
    if args.server is None:
        return "skipped (the server is not this script's: no --gamehost and --data)"
    page = browser.page()
    code = page.open_table("memory", {"Theme": "fruit"})
    page.play(page.nth("#board button.card", 0), "card 1")
    # Killed (as a crash would): the table is rebuilt from serve.db at the next start.
    args.server.kill()
    args.server.wait(10)
    page.wait(lambda: "reconnecting" in page.text("#connection").lower(), "the page noticing the dropped connection", timeout=10)
    for _ in range(100):  # the port is free once the server is gone
        try:
            args.server, _url = start_server(args.gamehost, args.data, port=browser.port)
            break
        except Failure:
            time.sleep(0.1)
    page.wait(lambda: page.text("#connection") == "" and page.ready(), "the page back at its seat", timeout=15)
    check(page.code() == code and page.js("return document.querySelectorAll('#board .card.up').length") == 1, "the game as it stood")
    page.play(page.nth("#board button.card", 1), "card 2 after the restart")
    return "expects-websocket-errors"


# MARK: The page in the browser's language

WEB = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "web")
LITERAL = r"'((?:[^'\\]|\\.)*)'"
T_CALL = re.compile(rf"\bt\(\s*(?:{LITERAL}|\[\s*{LITERAL}\s*,\s*{LITERAL}\s*\])")
PLACEHOLDER = re.compile(r"\{([a-z]+)\}")


class MarkedTexts(html.parser.HTMLParser):
    """The texts a page marks for translation: data-t elements' text, data-t-attrs attributes."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts = []
        self.open = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in (attrs.get("data-t-attrs") or "").split():
            self.texts.append(attrs.get(name) or "")
        if "data-t" in attrs:
            self.open = [tag, ""]

    def handle_data(self, data):
        if self.open is not None:
            self.open[1] += data

    def handle_endtag(self, tag):
        if self.open is not None and tag == self.open[0]:
            self.texts.append(self.open[1].strip())
            self.open = None


def page_texts():
    """The English texts the pages look up, {key: its forms}: every t('…') and t(['one',
    'other']) in web/*.js (texts.js, which holds the catalogs, aside) and every marked text of
    web/*.html. Fails on a t( whose text is not written out, which no catalog could be held to."""
    texts = {}
    for name in sorted(os.listdir(WEB)):
        path = os.path.join(WEB, name)
        if name.endswith(".js") and name != "texts.js":
            with open(path, encoding="utf-8") as f:
                source = f.read()
            found = list(T_CALL.finditer(source))
            check(len(found) == len(re.findall(r"\bt\(", source)), f"web/{name}: a t(...) whose English is not a literal")
            for m in found:
                one, other = (m.group(1), m.group(1)) if m.group(1) is not None else (m.group(2), m.group(3))
                texts[other.replace("\\'", "'")] = [one.replace("\\'", "'"), other.replace("\\'", "'")]
        elif name.endswith(".html"):
            parser = MarkedTexts()
            with open(path, encoding="utf-8") as f:
                parser.feed(f.read())
            for text in parser.texts:
                check(text, f"web/{name}: a marked text is empty")
                texts[text] = [text]
    return texts


def check_catalogs(page):
    """Every English text of the pages is in every catalog, with the same {names}; no catalog
    keeps a text the pages no longer say; and the page looked nothing up in vain."""
    texts = page_texts()
    catalogs = page.js("return import('./texts.js').then((m) => JSON.parse(JSON.stringify(m.catalogs)))")
    check(set(catalogs) == {"de", "ja"}, f"the catalogs: {sorted(catalogs)}")
    for language, catalog in catalogs.items():
        missing = sorted(set(texts) - set(catalog))
        check(not missing, f"{language}: {len(missing)} texts not translated: {missing[:10]}")
        unused = sorted(set(catalog) - set(texts))
        check(not unused, f"{language}: translations of texts the pages do not say: {unused[:10]}")
        for key, translation in catalog.items():
            forms = [translation] if isinstance(translation, str) else list(translation.values())
            check(isinstance(translation, str) or ("other" in translation and set(translation) <= {"zero", "one", "two", "few", "many", "other"}),
                  f"{language}: {key!r}'s forms are not Intl.PluralRules's: {sorted(translation)}")
            check(forms and all(isinstance(f, str) and f for f in forms), f"{language}: {key!r} has an empty form")
            names = {n for english in texts[key] for n in PLACEHOLDER.findall(english)}
            for form in forms:
                have = set(PLACEHOLDER.findall(form))
                check(have <= names, f"{language}: {form!r} has {sorted(have - names)}, which {key!r} does not")
                check(names - {"n"} <= have, f"{language}: {form!r} leaves out {sorted(names - have - {'n'})} of {key!r}")
    untranslated = page.js("return import('./texts.js').then((m) => m.untranslated())")
    check(not untranslated, f"texts the page looked up and no catalog has: {untranslated}")


# The server's lobby listing with what it is to send (`translations`), made up here: Memory's
# title and about in German and Japanese, Rock · Paper · Scissors in Japanese only, and a
# listing of the wrong shape that the page must ignore.
TRANSLATIONS = """
const Socket = window.WebSocket;
const translations = {
  memory: { de: { title: 'Memory', about: 'Decke Emoji-Karten paarweise auf und finde jedes Paar.',
                  options: { theme: { label: 'Thema', help: 'das Emoji-Thema' }, pairs: 'Paare', scoring: { label: 7 } } },
            ja: { title: '神経衰弱', about: '絵文字のカードを二枚ずつめくって、すべてのペアを見つけよう。' } },
  rps: { ja: { title: 'じゃんけん' } },
  hangman: 'Galgenmännchen',
  blackjack: { de: 'Siebzehn und vier', ja: null },
};
window.WebSocket = class extends Socket {
  addEventListener(type, listener, ...rest) {
    if (type !== 'message') return super.addEventListener(type, listener, ...rest);
    return super.addEventListener(type, (event) => {
      let data = event.data;
      try {
        const message = JSON.parse(data);
        if (message.type === 'games') {
          for (const game of message.games) if (Object.hasOwn(translations, game.game)) game.translations = translations[game.game];
          data = JSON.stringify(message);
        }
      } catch { /* not JSON: as it came */ }
      listener.call(this, new MessageEvent('message', { data }));
    }, ...rest);
  }
};
"""


def language_page(args, language):
    """A Chromium of its own whose language is `language` (the run's speaks English), at the
    lobby, with the lobby's translations of TRANSLATIONS."""
    browser = Browser(args.url, language=language)
    page = browser.page()
    page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TRANSLATIONS})
    page.open("")
    page.lobby()
    check(page.js("return navigator.language") == language, f"navigator.language is {page.js('return navigator.language')!r}, not {language!r}")
    return browser, page


def check_console(browser):
    errors = [e for e in browser.console() if e.get("level") == "SEVERE"]
    check(not errors, f"console errors: {[e.get('message', '')[:300] for e in errors]}")


def attribute(page, css, name):
    return page.js("const n = document.querySelector(arguments[0]); return n ? n.getAttribute(arguments[1]) : null;", css, name)


@test
def the_page_speaks_german(browser, args):
    german, page = language_page(args, "de-DE")
    try:
        check(page.js("return document.documentElement.lang") == "de", "the page's lang is not de")
        # The lobby: its own words, and the games' own (the listing's translations where it has them).
        for css, text in [("#lobby-title", "Such dir ein Spiel aus"), ("label[for=name]", "Dein Name"), ("label[for=code]", "Tischcode"),
                          ("#join", "Beitreten"), ("#watch", "Zuschauen"), ("#games-title", "Spiele"), ("#mute .tool-text", "Ton")]:
            check(page.text(css).strip() == text, f"{css}: {page.text(css)!r}, not {text!r}")
        check(attribute(page, "#name", "placeholder") == "Für alle am Tisch sichtbar", "the name's placeholder")
        check(attribute(page, "#home", "aria-label") == "GameHost: zurück zur Lobby", "the home button's name")
        check(attribute(page, "#mute", "aria-label") == "Signalton stummschalten", "the mute button's name")
        check(page.text(".game-tile[data-game='memory'] .game-about") == "Decke Emoji-Karten paarweise auf und finde jedes Paar.",
              f"Memory's about is not the German of its listing: {page.text('.game-tile[data-game=memory] .game-about')!r}")
        check(page.text(".game-tile[data-game='rps'] .game-name") == "Rock · Paper · Scissors", "a game with no German title keeps its own")
        check(page.text(".game-tile[data-game='hangman'] .game-name") == "Hangman", "translations of the wrong shape are not ignored")
        check(page.text(".game-tile[data-game='blackjack'] .game-name") == "Blackjack", "a translation that is no object is not ignored")
        check(page.text(".game-tile[data-game='crazy-eights'] .game-seats") == "2–4 Spieler · mit Bot", page.text(".game-tile[data-game='crazy-eights'] .game-seats"))
        check(page.text(".game-tile[data-game='memory'] .game-seats") == "1 Spieler · mit Bot", page.text(".game-tile[data-game='memory'] .game-seats"))
        page.check_fits("the German lobby")
        page.js("document.getElementById('code').value = 'x!'; document.getElementById('join').click();")
        page.wait(lambda: page.text("#notice") == "Ein Tischcode besteht aus Buchstaben und Ziffern, etwa K7QX2M.", "the notice of a bad code, in German")
        # The form of a new table.
        page.tap(page.find(".game-tile[data-game='crazy-eights']"))
        page.wait(lambda: page.visible("#create"), "the new table's form")
        page.js("const s = document.getElementById('seat-count'); s.value = '4'; s.dispatchEvent(new Event('change'));")
        for css, text in [("#open-table", "Tisch eröffnen"), ("#daily", "Spiel des Tages"), ("#back", "Zurück"),
                          ("#seat-fields legend", "Plätze"), ("label[for=seat-count]", "Plätze am Tisch"), ("label[for=seat-2]", "Platz 2"),
                          ("#seat-list .seat-you", "Du")]:
            check(page.text(css).strip() == text, f"{css}: {page.text(css)!r}, not {text!r}")
        check(attribute(page, "#daily", "title").startswith("Das Blatt des Tages"), f"the daily button's title: {attribute(page, '#daily', 'title')!r}")
        fillers = page.js("return [...document.querySelectorAll('#seat-2 option')].map((o) => [o.value, o.textContent])")
        check(fillers == [["person", "Eine Person (per Link)"], ["bot", "Der Bot des Spiels"], ["search", "Der Suchspieler (spielt jedes Spiel)"],
                          ["random", "Zufallszüge"]], f"the seats' choices: {fillers}")
        page.check_fits("the German form")
        page.resize(DESKTOP)
        page.check_fits("the German form on a desktop")
        page.resize(PHONE)
        page.find("#back").click()
        # A short game of Memory: the page's words are German, and so are the game's (the table
        # was asked for in German).
        page.tap(page.find(".game-tile[data-game='memory']"))
        page.wait(lambda: page.visible("#create"), "Memory's form")
        check(page.text("#create-about") == "Decke Emoji-Karten paarweise auf und finde jedes Paar.", f"the form's about: {page.text('#create-about')!r}")
        check(page.text("#options legend") == "Einstellungen", f"the options' legend: {page.text('#options legend')!r}")
        # The options' labels and help from the listing; one of the wrong shape keeps its own.
        labels = page.js("return [...document.querySelectorAll('#options label')].map((l) => l.textContent)")
        check("Thema" in labels and "Pairs" in labels and "Scoring" in labels, f"the options' labels: {labels}")
        check("das Emoji-Thema" in page.text("#options"), f"the theme's help: {page.text('#options')!r}")
        page.find("#back").click()
        page.open_table("memory", {"Thema": "fruit", "Pairs": "2"}, name="Anna")
        page.wait(lambda: page.text("#turn") == "Du bist dran", "Du bist dran")
        for css, text in [(".code-label", "Tisch"), ("#copy-link", "Link kopieren"), ("#messages-title", "Meldungen"), ("#seats-title", "Plätze"),
                          ("#rules", "Regeln"), ("#leave", "Tisch verlassen")]:
            check(page.text(css).strip() == text, f"{css}: {page.text(css)!r}, not {text!r}")
        seats = page.text("#seats")
        check("Anna" in seats and "du" in seats and "● da" in seats, f"the seats: {seats!r}")
        check(attribute(page, "#board .card", "aria-label") == "1, verdeckt", f"a card's name: {attribute(page, '#board .card', 'aria-label')!r}")
        check(attribute(page, "#moves", "aria-label") in ("Deine Züge", "Züge (du bist nicht dran)"), f"the moves' name: {attribute(page, '#moves', 'aria-label')!r}")
        page.check_fits("the German table")
        play_memory(page, 2)
        page.wait(page.over, "the end of Memory")
        check("Paar: " in page.text("#messages"), f"the game's messages are not German: {page.text('#messages')!r}")
        check(page.text("#result-title") == "Spiel aus", f"the result's title: {page.text('#result-title')!r}")
        facts = page.js("return [...document.querySelectorAll('#result-facts dt')].map((n) => n.textContent)")
        check(facts == ["Punkte", "Startwert", "Nachspielen"], f"the result's facts: {facts}")
        page.wait(lambda: page.text("#turn") == "Noch einmal spielen?", "the question whether to play again, in German")
        buttons = page.js("return [...document.querySelectorAll('#moves button')].map((b) => b.textContent)")
        check(buttons == ["Noch einmal spielen", "Aufhören"], f"the buttons after the result: {buttons}")
        page.check_fits("the German result")
        page.tap(page.control(r"^Aufhören$", "#moves button"))
        page.wait(page.ended, "the table's end")
        check(page.text("#turn") == "Der Tisch ist geschlossen.", f"the turn line at the end: {page.text('#turn')!r}")
        check(page.text("#ended-text") == "Das Spiel ist vorbei, der Tisch ist geschlossen.", f"the end: {page.text('#ended-text')!r}")
        check(page.text("#to-lobby") == "Zurück zur Lobby", page.text("#to-lobby"))
        check_catalogs(page)
        check_console(german)
    finally:
        german.quit()


@test
def the_page_speaks_japanese(browser, args):
    japanese, page = language_page(args, "ja-JP")
    try:
        check(page.js("return document.documentElement.lang") == "ja", "the page's lang is not ja")
        for css, text in [("#lobby-title", "ゲームで遊ぼう"), ("#join", "参加"), ("#watch", "観戦"), ("#games-title", "ゲーム")]:
            check(page.text(css).strip() == text, f"{css}: {page.text(css)!r}, not {text!r}")
        check(page.text(".game-tile[data-game='rps'] .game-name") == "じゃんけん", "the listing's Japanese title")
        check(page.text(".game-tile[data-game='crazy-eights'] .game-seats") == "2〜4人・ボットあり", page.text(".game-tile[data-game='crazy-eights'] .game-seats"))
        page.check_fits("the Japanese lobby")
        # Two seats, one free: the page asks for the other player in Japanese.
        page.open_table("rps", {"Match": "single"}, seats=["person", "person"], name="Ann")
        page.wait(lambda: page.visible("#share"), "the link to share")
        check(page.text("#share").startswith("空席が1席あります"), f"the share line: {page.text('#share')!r}")
        seats = page.text("#seats")
        check("空席" in seats and "プレイヤー待ち" in seats and "あなた" in seats, f"the seats: {seats!r}")
        check(page.text("#turn").startswith("あなたの番です"), f"the turn line: {page.text('#turn')!r}")
        check(page.text("#leave") == "テーブルを離れる", page.text("#leave"))
        page.check_fits("the Japanese table")
        check_catalogs(page)
        check_console(japanese)
    finally:
        japanese.quit()


# MARK: Running

# Tests that stop the server: they run alone, after the others.
ALONE = {"a_dropped_connection_comes_back"}
# About how long the longer tests take (s): the longest start first, so the workers end together.
SECONDS = {"three_pages_play_crazy_eights": 6, "the_page_speaks_german": 4, "the_page_speaks_japanese": 3, "memory_triples": 3.5, "apple_pie": 3, "two_pages_play_rock_paper_scissors": 3,
           "memory": 2.7, "guess_five": 2.2, "hangman": 2, "reload_takes_the_seat_back": 1.8}


class Run:
    """The tests still to run, shared by the workers (each drives a Chromium of its own), and
    what they report."""

    def __init__(self, tests):
        self.queue = list(tests)
        self.lock = threading.Lock()
        self.failures = 0

    def next(self):
        with self.lock:
            return self.queue.pop(0) if self.queue else None

    def report(self, line, failed=False):
        with self.lock:
            self.failures += failed
            print(line, flush=True)


def run_one(t, browser, args, run):
    began = time.monotonic()
    browser.console()
    try:
        outcome = t(browser, args)
        errors = [e for e in browser.console() if e.get("level") == "SEVERE"]
        if outcome == "expects-websocket-errors":
            errors = [e for e in errors if "WebSocket connection to" not in e.get("message", "")]
        check(not errors, f"console errors: {[e.get('message', '')[:300] for e in errors]}")
        note = f" {outcome}" if isinstance(outcome, str) and outcome != "expects-websocket-errors" else ""
        run.report(f"ok   {t.__name__} ({time.monotonic() - began:.1f} s){note}")
    except Exception as error:  # noqa: BLE001: every failure is reported, then the next test runs
        detail = str(error) if isinstance(error, Failure) else "".join(traceback.format_exception(error)[-3:])
        run.report(f"FAIL {t.__name__}: {detail.strip()[:2000]}", failed=True)
    finally:
        browser.close_pages()


def work(browser, args, run):
    while (t := run.next()) is not None:
        run_one(t, browser, args, run)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", help="a server that is running")
    parser.add_argument("--gamehost", help="the gamehost to start the server with")
    parser.add_argument("--data", help="the server's data folder")
    parser.add_argument("--workers", type=int, default=2, help="Chromiums that run tests side by side (2)")
    parser.add_argument("tests", nargs="*")
    args = parser.parse_args()
    if not args.url and not (args.gamehost and args.data):
        parser.error("give --url, or --gamehost and --data")
    unknown = set(args.tests) - {t.__name__ for t in TESTS}
    if unknown:
        parser.error(f"no such test: {', '.join(sorted(unknown))}")
    args.server = None
    if not args.url:
        args.server, args.url = start_server(args.gamehost, args.data)
    chosen = [t for t in TESTS if not args.tests or t.__name__ in args.tests]
    # The longest first, so that the workers finish together.
    together = sorted((t for t in chosen if t.__name__ not in ALONE), key=lambda t: -SECONDS.get(t.__name__, 1))
    run = Run(together)
    started = time.monotonic()
    browsers = []
    try:
        threads = []
        for _ in range(max(1, min(args.workers, len(together)))):
            def worker():
                try:
                    browser = Browser(args.url)
                except Exception as error:  # noqa: BLE001: reported as a failure of the run
                    run.report(f"FAIL starting Chromium: {str(error).strip()[:1000]}", failed=True)
                    return
                with run.lock:
                    browsers.append(browser)
                work(browser, args, run)
            threads.append(threading.Thread(target=worker))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        alone = [t for t in chosen if t.__name__ in ALONE]
        if alone:
            browser = browsers[0] if browsers else Browser(args.url)
            if not browsers:
                browsers.append(browser)
            for t in alone:
                run_one(t, browser, args, run)
    finally:
        for browser in browsers:
            browser.quit()
        if args.server is not None:
            args.server.kill()
            args.server.wait(10)
    print(f"{len(chosen) - run.failures} of {len(chosen)} browser tests passed in {time.monotonic() - started:.1f} s")
    return 1 if run.failures else 0


if __name__ == "__main__":
    sys.exit(main())
