"""A client of the brettspiel engine (go run ./examples/engine), standard
library only.

The engine speaks JSON lines over its standard input and output: one
request {"id", "method", "args"} per line, one answer {"id", "result"} or
{"id", "error"} per line. This client starts it as a subprocess and makes
one call at a time:

    from brettspiel_engine import Engine
    with Engine() as e:
        st = e.call("newGame", variant="verkehren", seats=["greedy", "random"])
        while st["state"]["turn"] != "over":
            st = e.call("advance", handle=st["handle"], log=False)

The command is the argument command, else the environment variable
BRETTSPIEL_ENGINE (a path to a built engine, with arguments if any), else
`go run ./examples/engine` in the module that holds this file. A relative
path to the engine is taken from the current directory of the caller, as
a shell would; the engine runs in the caller's directory (cwd), and
`go run` in the module's. So the client works from any folder.

Every request has a timeout (the Engine's timeout, 60 seconds by default;
call_with gives one per call). A request that is not answered in time
raises EngineTimeout and the client stays usable: the engine goes on with
the request (its game changes as if it had been answered: ask "state" to
see), and its answer, when it comes, is skipped. close() ends the engine,
killing it if it has not exited in its own timeout.
"""

import json
import os
import queue
import shlex
import subprocess
import threading
import time

MODULE_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))

DEFAULT_TIMEOUT = 60.0


class EngineError(Exception):
    """An error answer, its keys kept: name is the library's sentinel (e.g.
    "ErrIllegalMove"), message the text for programmers, say the sentence
    for the player (None where the session gives none), refusal the refused
    move as data (a dict with code, player, steps, at, dice, need, count;
    None unless a move was refused), rules the rules that refused, with
    their texts."""

    def __init__(self, method, error):
        self.method = method
        self.name = error.get("name", "Error")
        self.message = error.get("message", "")
        self.say = error.get("say")
        self.refusal = error.get("refusal")
        self.rules = error.get("rules", [])
        super().__init__(f"{method}: {self.name}: {self.message}")


class EngineTimeout(TimeoutError):
    """A request not answered within its timeout. The engine goes on with
    it; the client stays usable and skips its answer when it comes."""

    def __init__(self, method, request_id, timeout):
        self.method = method
        self.id = request_id
        self.timeout = timeout
        super().__init__(f"{method}: no answer within {timeout:g} s (request {request_id})")


class EngineEnded(EOFError):
    """The engine ended (or was closed) before it answered."""


def default_command():
    """The engine's command: BRETTSPIEL_ENGINE if set, else None (go run in
    the module)."""
    exe = os.environ.get("BRETTSPIEL_ENGINE")
    if exe:
        return shlex.split(exe)
    return None


def resolve(command):
    """Returns command with a relative path to the program made absolute
    from the current directory ("./engine", "bin/engine"); a bare name
    ("brettspiel-engine") is left for the PATH, as a shell leaves it."""
    if isinstance(command, str):
        command = shlex.split(command)
    command = list(command)
    if command and not os.path.isabs(command[0]) and os.sep in command[0]:
        command[0] = os.path.abspath(command[0])
    return command


class Engine:
    """One engine subprocess, one table of games.

    command: the engine's command (a list, or a string split as a shell
    would); by default BRETTSPIEL_ENGINE, else go run in the module.
    cwd: the engine's working directory (by default the caller's; the
    module's for go run). timeout: seconds a request may take before
    EngineTimeout (None waits for ever).
    """

    def __init__(self, command=None, cwd=None, timeout=DEFAULT_TIMEOUT):
        command = command or default_command()
        if command is None:
            command, cwd = ["go", "run", "./examples/engine"], cwd or MODULE_ROOT
        self.timeout = timeout
        self.proc = subprocess.Popen(
            resolve(command),
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        self._next = 0
        self._lines = queue.Queue()
        self._reader = threading.Thread(target=self._read_lines, daemon=True)
        self._reader.start()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _read_lines(self):
        # The engine's answers, one per item; None once its output ends.
        try:
            for line in self.proc.stdout:
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(None)

    def close(self, timeout=10.0):
        """Ends the input; the engine answers what runs and exits. If it has
        not exited within timeout seconds it is killed. Returns its exit
        status (negative: the signal that ended it)."""
        if self.proc.stdin and not self.proc.stdin.closed:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
        try:
            status = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            status = self.proc.wait()
        self._reader.join(timeout=5)
        if self.proc.stdout:
            self.proc.stdout.close()
        return status

    def send_line(self, line, timeout=None):
        """Sends a raw line (for tests of the framing) and returns the next
        answer line, decoded."""
        self._write(line)
        return self._read(self.timeout if timeout is None else timeout, "send_line")

    def _write(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError) as e:
            raise EngineEnded(f"the engine ended (status {self.proc.poll()})") from e

    def _read(self, timeout, method, request_id=None):
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                raise EngineTimeout(method, request_id, timeout) from None
            if line is None:
                self._lines.put(None)  # every later read sees the end too
                raise EngineEnded(f"the engine ended (status {self.proc.poll()})")
            return json.loads(line)

    def call(self, method, **args):
        """Calls a method with keyword arguments and returns its result,
        within the Engine's timeout; an error answer is raised as
        EngineError, no answer in time as EngineTimeout."""
        return self.call_with(method, args)

    def call_with(self, method, args=None, timeout=None):
        """Calls a method with its arguments as a dict, within timeout
        seconds (the Engine's timeout if None)."""
        timeout = self.timeout if timeout is None else timeout
        self._next += 1
        request_id = self._next
        req = {"id": request_id, "method": method, "args": args or {}}
        self._write(json.dumps(req, separators=(",", ":")))
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                ans = self._read(left, method, request_id)
            except EngineTimeout:
                raise EngineTimeout(method, request_id, timeout) from None
            # Answers to requests that timed out come later: skipped.
            if isinstance(ans.get("id"), int) and ans["id"] < request_id:
                continue
            if ans.get("id") != request_id:
                raise RuntimeError(f"answer to id {ans.get('id')!r}, want {request_id}")
            if "error" in ans:
                raise EngineError(method, ans["error"])
            return ans["result"]

    def play_to_end(self, handle, pick=None, max_steps=20000):
        """Plays the game to its end: the throws by "throw", the bots'
        moves by "advance", a person's move by pick(legal moves) (the first
        legal move if pick is None). Returns the last state answer."""
        st = self.call("state", handle=handle, log=False)
        for _ in range(max_steps):
            turn = st["state"]["turn"]
            if turn == "over":
                return st
            if turn == "chance" or st["seats"][st["state"]["player"]] != "person":
                st = self.call("advance", handle=handle, limit=1, log=False)
                continue
            legal = self.call("legal", handle=handle)["legal"]
            move = pick(legal) if pick else legal[0]
            st = self.call("apply", handle=handle, notation=move["notation"], log=False)
        raise RuntimeError(f"no end after {max_steps} steps")
