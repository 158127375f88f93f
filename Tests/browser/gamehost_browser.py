"""Driving GameHost's browser client (web/) in headless Chromium, for the browser tests
(client_test.py) and scripts/screenshots.

One Chromium serves every page. Pages that must be different players get different origins of
the same server (p1.gamehost.test, p2.gamehost.test, ... all mapped to 127.0.0.1), so each keeps
its own localStorage (its seat tokens), as two phones would.
"""

import re
import subprocess
import time
import urllib.parse

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

PHONE = (390, 844)
DESKTOP = (1280, 800)

# Letters by how often English uses them: word games guess in this order.
LETTERS = "eaoirtnslcudpmhgbfywkvxzjq"


class Failure(Exception):
    """A test's expectation that did not hold."""


def check(condition, message):
    if not condition:
        raise Failure(message)


def start_server(gamehost, data, port=0, env=None):
    """Starts `gamehost serve`; returns the process and the address it serves at."""
    # Players 2 and on open their pages at pN.gamehost.test (a site, and a storage, of their
    # own): the server is told those names, as a server reached by name is.
    names = ",".join(f"p{n}.gamehost.test" for n in range(2, 9))
    process = subprocess.Popen([gamehost, "serve", "--port", str(port), "--data", data, "--host-name", names],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        process.kill()
        raise Failure(f"gamehost serve did not start: {line.strip()} {process.stdout.read()[:500]}")
    return process, f"http://127.0.0.1:{match.group(1)}/"


class Browser:
    """One headless Chromium for every page of a run. `language` ("de-DE") is the browser's
    language (navigator.language), as a person's browser set to it has; English otherwise."""

    def __init__(self, url, chromium="/usr/bin/chromium", chromedriver="/usr/bin/chromedriver", language=None, env=None):
        self.url = url
        self.port = urllib.parse.urlparse(url).port
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--hide-scrollbars", "--mute-audio", "--no-first-run", "--disable-extensions",
                         "--autoplay-policy=no-user-gesture-required", "--disable-background-timer-throttling",
                         "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows",
                         "--host-resolver-rules=MAP *.gamehost.test 127.0.0.1",
                         f"--window-size={DESKTOP[0]},{DESKTOP[1]}"]:
            options.add_argument(argument)
        if language:
            # Headless Chromium takes navigator.language from the accept-languages setting, not
            # from --lang (which sets its own menus' language).
            options.add_argument(f"--lang={language}")
            options.add_experimental_option("prefs", {"intl.accept_languages": f"{language},{language.split('-')[0]}"})
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        options.page_load_strategy = "eager"  # the page is ready when its module scripts have run
        self.driver = webdriver.Chrome(service=Service(chromedriver, env=env), options=options)
        self.driver.set_script_timeout(20)
        self.current = self.driver.current_window_handle
        self.spare = [self.current]
        self.pages = []

    def page(self, player=1, size=PHONE, path=""):
        """A page (a tab) for `player`: player 1 at 127.0.0.1, others at pN.gamehost.test."""
        if self.spare:
            handle = self.spare.pop()
            self.driver.switch_to.window(handle)
        else:
            self.driver.switch_to.new_window("tab")
            handle = self.driver.current_window_handle
        self.current = handle
        origin = self.url.rstrip("/") if player == 1 else f"http://p{player}.gamehost.test:{self.port}"
        page = Page(self, handle, origin, size)
        page.resize(size)
        page.open(path)
        self.pages.append(page)
        return page

    def close_pages(self):
        """Closes every page but one, which is left blank for the next test."""
        for page in self.pages:
            for identifier in page.scripts:
                try:
                    page.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": identifier})
                except WebDriverException:
                    pass
        for page in self.pages[1:]:
            try:
                self.driver.switch_to.window(page.handle)
                self.driver.close()
            except WebDriverException:
                pass
        if self.pages:
            first = self.pages[0]
            self.driver.switch_to.window(first.handle)
            self.driver.get("about:blank")
            self.spare = [first.handle]
            self.current = first.handle
        self.pages = []

    def console(self):
        """The console entries since the last call, of every page."""
        try:
            return self.driver.get_log("browser")
        except WebDriverException:
            return []

    def quit(self):
        try:
            self.driver.quit()
        except WebDriverException:
            pass


# Scripts run in the page.

OVERFLOW_FUNCTION = """() => {
const width = document.documentElement.clientWidth;
const bad = [];
if (document.documentElement.scrollWidth > width) bad.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' > ' + width);
for (const node of document.body.querySelectorAll('*')) {
  const r = node.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) continue;
  if (r.right > width + 0.5 || r.left < -0.5 || r.width > width) {
    bad.push(node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + '.' + [...node.classList].join('.') +
             ' spans ' + Math.round(r.left) + '..' + Math.round(r.right));
  }
}
return bad.slice(0, 6);
}"""

OVERFLOW = f"return ({OVERFLOW_FUNCTION})();"

# The move controls that can be used now, with what each says (its accessible name or its
# text); with a pattern (a regular expression, case-insensitive), only the first whose name
# matches (or, with arguments[2], the first whose name does not). Matching in the page costs
# one round trip where handing every control to Python costs one per control.
CONTROLS = """
const out = [];
const pattern = arguments[1] == null ? null : new RegExp(arguments[1], 'i');
for (const node of document.querySelectorAll(arguments[0])) {
  if (node.getAttribute('aria-disabled') === 'true' || node.closest('[hidden]')) continue;
  const r = node.getBoundingClientRect();
  if (r.width === 0 && r.height === 0 && !node.closest('details:not([open])')) continue;
  const name = (node.getAttribute('aria-label') || node.textContent || '').trim();
  if (pattern == null) out.push([node, name]);
  else if (pattern.test(name) !== Boolean(arguments[2])) return node;
}
return pattern == null ? out : null;
"""

MOVE_CONTROLS = "#board button, #board [role=button], #moves button"

# Where the table is: the step drawn, whether an answer is awaited, whose turn, the result.
STATE_FUNCTION = """() => {
const shown = (id) => { const n = document.getElementById(id); return !!n && !n.closest('[hidden]'); };
const board = document.getElementById('board');
if (!board) return { step: '', busy: false, ready: false, over: false, ended: false, table: false, to_move: [] };
return { step: board.dataset.step || '', busy: board.getAttribute('aria-busy') === 'true',
         ready: document.getElementById('table').classList.contains('your-turn'),
         over: shown('result'), ended: shown('ended'), table: shown('table'),
         to_move: [...document.querySelectorAll('#seats .seat.to-move .seat-number')].map((n) => Number(n.textContent)) };
}"""

STATE = f"return ({STATE_FUNCTION})();"

# Waits in the page, without a round trip a poll, until a condition on the table's state (a
# JavaScript expression of `s` and `arg`) holds. Answers null when it did not in the time
# given, and otherwise the state and what is wider than the viewport then.
WAIT_STATE = """
const [arg, timeout, done] = arguments;
const state = %s;
const overflow = %s;
const test = () => { const s = state(); return %s; };
const finish = () => done({ state: state(), wide: overflow() });
if (test()) return finish();
const observer = new MutationObserver(() => { if (test()) { observer.disconnect(); clearTimeout(timer); finish(); } });
const timer = setTimeout(() => { observer.disconnect(); done(null); }, timeout);
observer.observe(document.body, { attributes: true, childList: true, subtree: true });
"""


# When this seat is to move: taps the first control whose name matches arguments[0] (or with
# arguments[1], the first that does not; failing that, the first control), or with arguments[3]
# the control of that index, then waits until the page has drawn the answer. One round trip for a whole move. Answers { state, wide, tapped }
# (tapped: the control's name, or null when the game was over first), or { error } when nothing
# could be tapped, or null when the page did not answer in the time given.
PLAY_WHEN_READY = """
const [pattern, unlike, selector, index, timeout, done] = arguments;
const state = %s;
const overflow = %s;
const name = (node) => (node.getAttribute('aria-label') || node.textContent || '').trim();
const usable = () => [...document.querySelectorAll(selector)].filter((node) => {
  if (node.getAttribute('aria-disabled') === 'true' || node.closest('[hidden]')) return false;
  const r = node.getBoundingClientRect();
  return r.width > 0 || r.height > 0;
});
const timer = setTimeout(() => { observer.disconnect(); done(null); }, timeout);
let before = null, tapped = null;
const step = () => {
  const s = state();
  if (before === null) {
    if (s.over || s.ended) return finish(s);
    if (!s.ready) return false;
    const nodes = usable();
    const re = new RegExp(pattern, 'i');
    const node = index !== null ? document.querySelectorAll(selector)[index] : nodes.find((n) => re.test(name(n)) !== unlike) || nodes[0];
    if (!node) return finish(s, 'no control to tap');
    node.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = node.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(hit === node || node.contains(hit))) return finish(s, 'the control ' + name(node) + ' is covered by ' + (hit ? hit.tagName + '.' + hit.className : 'nothing'));
    before = s.step;
    tapped = name(node);
    node.click();
    return false;
  }
  return s.step !== before && !s.busy ? finish(s) : false;
};
const finish = (s, error) => {
  observer.disconnect();
  clearTimeout(timer);
  done(error ? { error } : { state: s, wide: overflow(), tapped });
  return true;
};
const observer = new MutationObserver(() => { step(); });
observer.observe(document.body, { attributes: true, childList: true, subtree: true });
step();
"""


class Page:
    def __init__(self, browser, handle, origin, size):
        self.browser = browser
        self.handle = handle
        self.origin = origin
        self.size = size
        self.scripts = []

    @property
    def driver(self):
        if self.browser.current != self.handle:
            self.browser.driver.switch_to.window(self.handle)
            self.browser.current = self.handle
        return self.browser.driver

    def resize(self, size):
        self.size = size
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 600})

    def open(self, path=""):
        self.driver.get(f"{self.origin}/{path}")

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def finds(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def text(self, css):
        """The text of the first element that matches css ("" when none does)."""
        return self.js("const n = document.querySelector(arguments[0]); return n ? n.textContent : '';", css)

    def visible(self, css):
        return bool(self.js("const n = document.querySelector(arguments[0]); return !!n && !n.closest('[hidden]') && n.getClientRects().length > 0;", css))

    def wait(self, condition, what, timeout=8.0):
        """Waits until condition() (a function, or a script returning a truthy value) holds."""
        end = time.monotonic() + timeout
        while True:
            try:
                value = self.js(condition) if isinstance(condition, str) else condition()
            except StaleElementReferenceException:
                value = None
            if value:
                return value
            if time.monotonic() > end:
                raise Failure(f"{what}: not within {timeout:.0f} s (turn: {self.text('#turn')!r}, "
                              f"notice: {self.text('#notice')!r}, latest: {self.text('#latest')!r})")
            time.sleep(0.01)

    def tap_control(self, pattern, selector=MOVE_CONTROLS, unlike=False):
        """Taps the first enabled control whose name matches (or with unlike=True, does not
        match) the pattern, in one round trip; answers its name, or None when there is none."""
        found = self.js(f"const node = (() => {{ {CONTROLS} }})(); if (!node) return null;" + """
            node.scrollIntoView({ block: 'nearest', inline: 'nearest' });
            const r = node.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            if (!hit || !(hit === node || node.contains(hit))) return [false, hit ? hit.tagName + '.' + hit.className : 'nothing'];
            node.click();
            return [true, (node.getAttribute('aria-label') || node.textContent || '').trim()];""", selector, pattern, unlike)
        if found is None:
            return None
        check(found[0], f"the control to click is covered by {found[1]}")
        return found[1]

    def tap(self, node, trusted=False):
        """Clicks the middle of an element, after checking that nothing else is drawn over it
        there. A click event from the page's side costs one round trip; trusted=True presses
        and releases the mouse there as a person would (the browser makes the click), which
        costs three."""
        where = self.js("""
            const [node, trusted] = arguments;
            node.scrollIntoView({ block: 'nearest', inline: 'nearest' });
            const r = node.getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            const hit = document.elementFromPoint(x, y);
            const free = !!hit && (hit === node || node.contains(hit));
            if (free && !trusted) node.click();
            return [x, y, free, hit ? hit.tagName + '.' + hit.className : 'nothing'];""", node, trusted)
        check(where[2], f"the element to click is covered by {where[3]}")
        if trusted:
            for kind in ("mousePressed", "mouseReleased"):
                self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": where[0], "y": where[1], "button": "left", "clickCount": 1})

    def press(self, keys):
        """Types keys with no field focused (the page's shortcuts)."""
        self.js("if (document.activeElement && document.activeElement.matches('input, select, textarea')) document.activeElement.blur();")
        webdriver.ActionChains(self.driver).send_keys(keys).perform()

    def overflow(self):
        return self.js(OVERFLOW)

    def check_fits(self, where):
        bad = self.overflow()
        check(not bad, f"{where}: wider than the {self.size[0]} px viewport: {bad}")

    # The lobby and the table.

    def lobby(self):
        self.wait("return document.querySelectorAll('#games .game-tile').length > 0", "the lobby's games")

    def open_table(self, game, options=None, seats=None, name=None, practice=False):
        """Creates a table from the lobby, as a player would: the game's tile, its options, its
        seats. (Filled in from the page's side, which takes a tenth of the time a driver's
        click or typing does: the lobby's test types and clicks.)"""
        self.lobby()
        if name is not None:
            self.js("const f = document.getElementById('name'); f.value = arguments[0]; f.dispatchEvent(new Event('change'));", name)
        self.tap(self.find(f".game-tile[data-game='{game}']"))
        self.wait(lambda: self.visible("#create"), "the new table's form")
        for label, value in (options or {}).items():
            found = self.js("""
                let control = null;
                for (const l of document.querySelectorAll('#options label')) if (l.textContent === arguments[0]) control = document.getElementById(l.htmlFor);
                if (!control) return 'none';
                control.value = arguments[1];
                control.dispatchEvent(new Event('change'));
                return control.value === arguments[1] ? 'set' : 'refused';""", label, str(value))
            check(found != "none", f"no option {label!r} in the form")
            check(found == "set", f"option {label!r} has no choice {value!r}")
        if seats:
            self.js("const s = document.getElementById('seat-count'); s.value = String(arguments[0]); s.dispatchEvent(new Event('change'));", len(seats))
            for k, filler in enumerate(seats[1:], start=2):
                self.js("document.getElementById(arguments[0]).value = arguments[1];", f"seat-{k}", filler)
        if practice:
            self.find("#practice").click()
        self.tap(self.find("#open-table"))
        self.wait_table()
        return self.code()

    def wait_table(self):
        self.wait_state("s.table && s.step !== ''", "the table")

    def code(self):
        return self.text("#table-code")

    def state(self):
        return self.js(STATE)

    def step(self):
        return self.state()["step"]

    def ready(self):
        """Whether the page waits for this seat's move (or its answer after a result)."""
        return self.state()["ready"]

    def over(self):
        return self.state()["over"]

    def ended(self):
        return self.state()["ended"]

    def controls(self, selector=MOVE_CONTROLS):
        """The move controls that can be used now: (element, its name)."""
        return self.js(CONTROLS, selector, None, False) or []

    def control(self, pattern, selector=MOVE_CONTROLS, unlike=False):
        """The first enabled control whose name matches the regular expression (a JavaScript
        one, case-insensitive), or with unlike=True the first that does not; or None."""
        return self.js(CONTROLS, selector, pattern, unlike)

    def nth(self, css, n):
        """The n-th element (from 0) that matches css, or None."""
        return self.js("return document.querySelectorAll(arguments[0])[arguments[1]] || null;", css, n)

    def wait_state(self, condition, what, arg=None, timeout=8.0):
        """Waits until `condition` (a JavaScript expression of the state `s` and `arg`) holds,
        and answers the state; fails when anything is then wider than the viewport."""
        found = self.driver.execute_async_script(WAIT_STATE % (STATE_FUNCTION, OVERFLOW_FUNCTION, condition), arg, int(timeout * 1000))
        if found is None:
            raise Failure(f"{what}: not within {timeout:.0f} s (turn: {self.text('#turn')!r}, "
                          f"notice: {self.text('#notice')!r}, latest: {self.text('#latest')!r})")
        check(not found["wide"], f"after {what}: wider than the {self.size[0]} px viewport: {found['wide']}")
        return found["state"]

    def play(self, node_or_action, what="a move", before=None):
        """Plays by a click (or any action), waits until the page has drawn the answer, and
        answers the state then. `before` is the step drawn before, when the caller knows it."""
        if before is None:
            before = self.step()
        if callable(node_or_action):
            node_or_action()
        else:
            self.tap(node_or_action)
        return self.wait_state("s.step !== arg && !s.busy", f"the answer to {what}", before)

    def play_when_ready(self, pattern=r"^$", unlike=True, selector=MOVE_CONTROLS, index=None, timeout=8.0):
        """Waits until this seat is to move, taps the first control whose name matches the
        pattern (with unlike=True, the first that does not; else the first there is), or the
        control of that index among those of `selector`, and waits for the answer: a whole move
        in one round trip. Answers the state then, with "tapped" the control's name (None when
        the game was over first)."""
        found = self.driver.execute_async_script(PLAY_WHEN_READY % (STATE_FUNCTION, OVERFLOW_FUNCTION), pattern, unlike, selector, index, int(timeout * 1000))
        if found is None:
            raise Failure(f"a move: not within {timeout:.0f} s (turn: {self.text('#turn')!r}, latest: {self.text('#latest')!r})")
        check("error" not in found, f"a move: {found.get('error')}")
        check(not found["wide"], f"after {found['tapped']}: wider than the {self.size[0]} px viewport: {found['wide']}")
        return dict(found["state"], tapped=found["tapped"])

    def wait_ready_or_over(self, timeout=8.0):
        """Waits until this seat is to move or the game is over; answers the state."""
        return self.wait_state("s.ready || s.over || s.ended", "this seat's turn", timeout=timeout)

    def result(self):
        return self.js("""
            const text = (css) => { const n = document.querySelector(css); return n ? n.textContent : ''; };
            return { title: text('#result-title'), summary: text('#result-summary'),
                     seed: text('#result-facts .seed'), replay: text('#result-facts .replay') };""")

    def stop(self):
        """Answers n after a result: the session ends and the page says so."""
        button = self.wait(lambda: self.control(r"^Stop playing", "#moves button"), "the Stop playing button")
        button.click()
        self.wait(self.ended, "the table's end")


def cards(page):
    """Memory's cards as the page shows them: index, face up, face, playable, matched."""
    return page.js("""
        return [...document.querySelectorAll('#board button.card')].map((c, i) => ({
          i, up: c.classList.contains('up'), face: c.classList.contains('up') ? c.querySelector('.card-face').textContent : '',
          playable: c.classList.contains('playable'), matched: c.classList.contains('matched') || c.classList.contains('gone')}));""")


def play_memory(page, copies, limit=400):
    """Plays Memory (copies 2) or Memory Triples (3) to the end, remembering every face seen."""
    known = {}
    table = page.wait_ready_or_over()
    for _ in range(limit):
        if table["over"]:
            return
        state = cards(page)
        for c in state:
            if c["up"] and c["face"]:
                known[c["i"]] = c["face"]
        playable = [c["i"] for c in state if c["playable"]]
        check(playable, "Memory offers no card to turn")
        open_now = [c for c in state if c["up"] and not c["matched"]]
        target = None
        if 0 < len(open_now) < copies:
            face = open_now[0]["face"]
            target = next((i for i in playable if known.get(i) == face), None)
        else:
            faces = {}
            for i in playable:
                if i in known:
                    faces.setdefault(known[i], []).append(i)
            target = next((group[0] for group in faces.values() if len(group) >= copies), None)
        if target is None:
            target = next((i for i in playable if i not in known), playable[0])
        table = page.play_when_ready(selector="#board button.card", index=target)
    raise Failure("Memory did not end")


# The first letter of arguments[0] that a control plays now (a key of the keyboard element, or
# a move button), and that control.
LETTER = """
const found = new Map();
for (const node of document.querySelectorAll('#board .key, #moves button')) {
  if (node.getAttribute('aria-disabled') === 'true' || node.closest('[hidden]')) continue;
  const name = (node.getAttribute('aria-label') || node.textContent || '').split(',')[0].trim().toLowerCase();
  if (!found.has(name)) found.set(name, node);
}
for (const letter of arguments[0]) if (found.has(letter)) return [letter, found.get(letter)];
return null;
"""


def letter_control(page, letter):
    """The control that plays a letter: a key of the keyboard element, or a move button."""
    found = page.js(LETTER, letter)
    return found[1] if found else None


def play_letters(page, limit=200, typed_every=3):
    """Guesses letters, most frequent first, until the game asks something else or ends.
    Every third letter is typed on the keyboard (the page's shortcuts), the rest tapped."""
    n = 0
    table = page.wait_ready_or_over()
    for _ in range(limit):
        if table["over"]:
            return "over"
        found = page.js(LETTER, LETTERS)
        if found is None:
            return "asked"
        letter = found[0]
        n += 1
        if n % typed_every == 0:
            page.play(lambda: page.press(letter), f"the key {letter}", before=table["step"])
            table = page.wait_ready_or_over()
        else:
            table = page.play_when_ready(f"^{re.escape(letter)}(,|$)", unlike=False, selector="#board .key, #moves button")
            check(table["tapped"] is None or table["tapped"].split(",")[0].strip().lower() == letter, f"tapped {table['tapped']!r} for {letter!r}")
    raise Failure("the word game did not end")


def shot(page, path):
    """Saves the page as a PNG of its viewport size."""
    page.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": 0, "y": 0})
    time.sleep(0.6)  # card flips and meters settle
    page.driver.save_screenshot(path)
