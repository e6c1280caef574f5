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

The command is the environment variable BRETTSPIEL_ENGINE (a path to a
built engine) if set, else `go run ./examples/engine` in the module that
holds this file.
"""

import json
import os
import shlex
import subprocess

MODULE_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


class EngineError(Exception):
    """An error answer: name is the library's sentinel (e.g.
    "ErrIllegalMove"), rules the rules that refused, with their texts."""

    def __init__(self, method, error):
        self.method = method
        self.name = error.get("name", "Error")
        self.message = error.get("message", "")
        self.rules = error.get("rules", [])
        super().__init__(f"{method}: {self.name}: {self.message}")


def default_command():
    exe = os.environ.get("BRETTSPIEL_ENGINE")
    if exe:
        return shlex.split(exe)
    return ["go", "run", "./examples/engine"]


class Engine:
    """One engine subprocess, one table of games."""

    def __init__(self, command=None, cwd=None):
        self.proc = subprocess.Popen(
            command or default_command(),
            cwd=cwd or MODULE_ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        self._next = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """Ends the input; the engine answers what runs and exits. Returns
        its exit status."""
        if self.proc.stdin and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            return self.proc.wait(timeout=60)
        finally:
            if self.proc.stdout:
                self.proc.stdout.close()

    def send_line(self, line):
        """Sends a raw line (for tests of the framing) and returns the
        decoded answer line."""
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self._read()

    def _read(self):
        line = self.proc.stdout.readline()
        if not line:
            raise EOFError(f"the engine ended (status {self.proc.poll()})")
        return json.loads(line)

    def call(self, method, **args):
        """Calls a method with keyword arguments and returns its result;
        an error answer is raised as EngineError."""
        self._next += 1
        req = {"id": self._next, "method": method, "args": args}
        ans = self.send_line(json.dumps(req, separators=(",", ":")))
        if ans.get("id") != self._next:
            raise RuntimeError(f"answer to id {ans.get('id')!r}, want {self._next}")
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
