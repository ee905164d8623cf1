"""A small client of Chromium's DevTools protocol for the browser checks (scripts/ci-browser.sh,
scripts/ci-viewer.py): start headless Chromium, open a page, run JavaScript, press keys, click,
collect console errors, take a screenshot. Standard library + Debian's python3-websocket."""
import base64
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request

import websocket  # Debian: python3-websocket


class Deadline:
    def __init__(self, seconds):
        self.end = time.monotonic() + seconds

    def left(self):
        t = self.end - time.monotonic()
        if t <= 0:
            raise TimeoutError("out of time")
        return t


class Page:
    def __init__(self, url, deadline):
        self.deadline = deadline
        self.ws = websocket.create_connection(url, timeout=deadline.left(), suppress_origin=True)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        my = self.next_id
        self.ws.send(json.dumps({"id": my, "method": method, "params": params}))
        while True:
            self.ws.settimeout(self.deadline.left())
            msg = json.loads(self.ws.recv())
            if msg.get("id") == my:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            if "method" in msg:
                self.events.append(msg)

    def wait_event(self, name):
        while True:
            for i, e in enumerate(self.events):
                if e["method"] == name:
                    return self.events.pop(i)
            self.ws.settimeout(self.deadline.left())
            msg = json.loads(self.ws.recv())
            if "method" in msg:
                self.events.append(msg)

    def open(self, path):
        self.call("Page.navigate", url="file://" + os.path.abspath(path))
        self.wait_event("Page.loadEventFired")

    def js(self, expr):
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"JS error in check {expr[:60]!r}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def click(self, x, y):
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                      clickCount=0 if kind == "mouseMoved" else 1)

    def key(self, name, code):
        """A real key press (keyDown and keyUp), e.g. key("ArrowRight", 39)."""
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=name, code=name, windowsVirtualKeyCode=code)

    def console_problems(self):
        """Exceptions and console errors seen since the page was opened (after a moment for late ones)."""
        self.call("Runtime.evaluate", expression="new Promise(function(r){setTimeout(r,300);})", awaitPromise=True)
        out = []
        for e in self.events:
            m, p = e["method"], e["params"]
            if m == "Runtime.exceptionThrown":
                d = p["exceptionDetails"]
                out.append("JS exception: " + d.get("exception", {}).get("description", d.get("text", "")))
            elif m == "Runtime.consoleAPICalled" and p["type"] in ("error", "assert"):
                out.append("console." + p["type"] + ": " + " ".join(str(a.get("value", a.get("description", ""))) for a in p["args"]))
            elif m == "Log.entryAdded" and p["entry"]["level"] == "error":
                out.append("console error: " + p["entry"].get("text", "") + " " + p["entry"].get("url", ""))
        return out

    def screenshot(self, path, width=1280, max_height=16000):
        """A full-page PNG; returns its height."""
        size = self.call("Page.getLayoutMetrics")["cssContentSize"]
        height = min(int(size["height"]) + 1, max_height)
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)
        shot = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        return height


class Browser:
    """Headless Chromium with a fresh profile, as a context manager whose value is a Page."""

    def __init__(self, binary, seconds, width=1280, height=900):
        self.binary, self.deadline, self.size = binary, Deadline(seconds), (width, height)

    def __enter__(self):
        self.profile = tempfile.mkdtemp(prefix="mists-chromium-")
        self.log = open(os.path.join(self.profile, "chromium.log"), "w+")
        self.proc = subprocess.Popen(
            [self.binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
             "--disable-background-networking", "--disable-component-update", "--hide-scrollbars",
             "--remote-debugging-port=0", "--remote-allow-origins=*", "--user-data-dir=" + self.profile,
             f"--window-size={self.size[0]},{self.size[1]}", "about:blank"],
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        # The DevTools port chromium chose (port 0): it writes it to DevToolsActivePort in the profile.
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        while not os.path.exists(port_file) or not open(port_file).read().strip():
            if self.proc.poll() is not None:
                self.log.seek(0)
                raise RuntimeError("chromium exited: " + self.log.read()[-2000:])
            self.deadline.left()
            time.sleep(0.1)
        port = int(open(port_file).read().split()[0])
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=self.deadline.left()))
        page = Page(next(t for t in targets if t["type"] == "page")["webSocketDebuggerUrl"], self.deadline)
        for domain in ("Page", "Runtime", "Log"):
            page.call(domain + ".enable")
        page.call("Emulation.setDeviceMetricsOverride", width=self.size[0], height=self.size[1], deviceScaleFactor=1,
                  mobile=False)
        return page

    def __exit__(self, *exc):
        # Chromium and its helpers are one process group of their own (start_new_session): end it.
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.proc.pid, sig)
                self.proc.wait(timeout=10)
                time.sleep(0.5)  # helpers (zygote, GPU, renderer) leave after the browser
            except (ProcessLookupError, subprocess.TimeoutExpired):
                pass
        shutil.rmtree(self.profile, ignore_errors=True)
        return False
