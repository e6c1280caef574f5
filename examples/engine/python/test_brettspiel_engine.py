"""Tests of the engine through the Python client: every variant and preset
played to its end, by bots and by moves picked from the legal ones, bad
requests answered without ending the engine, a refused move's say and
refusal, a request's timeout, and the client run from another folder.

    python3 -m unittest discover -s examples/engine/python -v
    BRETTSPIEL_ENGINE=./brettspiel-engine python3 -m unittest discover -s examples/engine/python
"""

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

from brettspiel_engine import Engine, EngineError, EngineTimeout, default_command

HERE = os.path.dirname(os.path.abspath(__file__))

# A match of 1,000 Partien between two greedy bots: an advance on it plays
# 10,000 steps (MaxAdvance), a few seconds.
LONG_MATCH = "# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\noption: partien=1000\n\n"


class EngineTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.engine = Engine()
        cls.games = cls.engine.call("games")["games"]

    @classmethod
    def tearDownClass(cls):
        status = cls.engine.close()
        assert status == 0, f"the engine exited with status {status}"

    def test_catalogue(self):
        names = sorted(g["name"] for g in self.games)
        self.assertEqual(names, ["festung", "toccateglio", "verkehren"])

    def test_every_variant_played_by_bots(self):
        for g in self.games:
            for i, preset in enumerate(g["presets"]):
                for players in sorted({g["minPlayers"], g["maxPlayers"]}):
                    with self.subTest(variant=g["name"], preset=preset["name"], players=players):
                        seats = ["greedy" if k % 2 else "random" for k in range(players)]
                        st = self.engine.call("newGame", variant=g["name"], preset=preset["name"],
                                              players=players, seed=str(2**64 - 1 - i), seats=seats, log=False)
                        st = self.engine.play_to_end(st["handle"])
                        self.assertEqual(st["state"]["turn"], "over")
                        self.assertEqual(len(st["state"]["returns"]), players)
                        self.engine.call("close", handle=st["handle"])

    def test_every_variant_played_by_picking_legal_moves(self):
        rng = random.Random(5)
        for g in self.games:
            for preset in g["presets"]:
                with self.subTest(variant=g["name"], preset=preset["name"]):
                    st = self.engine.call("newGame", variant=g["name"], preset=preset["name"], seed=11, log=False)
                    st = self.engine.play_to_end(st["handle"], pick=rng.choice)
                    self.assertEqual(st["state"]["turn"], "over")
                    self.assertGreater(st["length"], 0)
                    rec = self.engine.call("saveRecord", handle=st["handle"])["text"]
                    again = self.engine.call("loadRecord", text=rec, log=False)
                    self.assertEqual(again["length"], st["length"])
                    self.engine.call("close", handle=st["handle"])
                    self.engine.call("close", handle=again["handle"])

    def test_an_illegal_move_names_its_error(self):
        st = self.engine.call("newGame", variant="toccateglio", log=False)
        with self.assertRaises(EngineError) as cm:
            self.engine.call("apply", handle=st["handle"], notation="24/1")
        self.assertIn(cm.exception.name, ("ErrIllegalMove", "ErrBadNotation"))
        with self.assertRaises(EngineError) as cm:
            self.engine.call("nosuch")
        self.assertEqual(cm.exception.name, "ErrUnknownMethod")

    def test_a_refused_move_keeps_say_and_refusal(self):
        st = self.engine.call("newGame", variant="verkehren", seats=["person", "person"], seed=3, log=False)
        while st["state"]["turn"] == "chance":
            st = self.engine.call("throw", handle=st["handle"], log=False)
        self.assertEqual(st["state"]["dice"], [6, 4])
        with self.assertRaises(EngineError) as cm:
            self.engine.call("apply", handle=st["handle"], notation="1/7 1/8", lang="de")
        e = cm.exception
        self.assertEqual(e.name, "ErrIllegalMove")
        self.assertIn("no number of the throw left (4) moves a stone from 1 to 8 (V-D2)", e.message)
        self.assertEqual(e.say, "Du hast 4 zu spielen; der Zug von 13 nach 20 braucht eine 7.")
        self.assertEqual(e.refusal["code"], "no-number")
        self.assertEqual((e.refusal["player"], e.refusal["at"], e.refusal["dice"], e.refusal["need"]), (1, 1, [4], 7))
        self.assertEqual([(s["from"], s["to"]) for s in e.refusal["steps"]], [(13, 19), (13, 20)])
        self.assertEqual([r["id"] for r in e.rules], ["V-D2"])
        # an error no move causes has neither
        with self.assertRaises(EngineError) as cm:
            self.engine.call("state", handle=99)
        self.assertEqual((cm.exception.name, cm.exception.say, cm.exception.refusal), ("ErrUnknownHandle", None, None))
        self.engine.call("close", handle=st["handle"])

    def test_bad_lines_get_error_lines(self):
        for line in ["not json", "[]", '{"id":1}', '{"id":2,"method":"version","x":1}', "{" * 10000]:
            with self.subTest(line=line[:20]):
                ans = self.engine.send_line(line)
                self.assertEqual(ans["error"]["name"], "ErrBadCall")
        self.assertEqual(self.engine.call("version")["protocol"], 1)

    def test_a_line_too_long_is_refused(self):
        ans = self.engine.send_line('{"id":1,"method":"version","args":{"x":"' + "a" * (2 << 20) + '"}}')
        self.assertEqual(ans["error"]["name"], "ErrTooLarge")
        self.assertEqual(self.engine.call("version")["protocol"], 1)


class TimeoutTest(unittest.TestCase):
    """A request not answered in time raises EngineTimeout; the client stays
    usable, and close() ends an engine still at work."""

    def test_timeout_leaves_the_client_usable(self):
        e = Engine(timeout=30)
        try:
            h = e.call("loadRecord", text=LONG_MATCH, seats=["greedy", "greedy"], log=False, legal=False)["handle"]
            with self.assertRaises(EngineTimeout) as cm:
                e.call_with("advance", {"handle": h, "log": False, "legal": False}, timeout=0.2)
            self.assertIsInstance(cm.exception, TimeoutError)
            self.assertEqual((cm.exception.method, cm.exception.timeout), ("advance", 0.2))
            # the engine answers while the advance runs on its game
            self.assertEqual(e.call_with("version", timeout=5)["protocol"], 1)
            # the game's next request comes after the advance; the advance's
            # own answer is skipped on the way
            st = e.call("state", handle=h, log=False, legal=False)
            self.assertEqual(st["length"], 10000)
            # another long advance, and close kills the engine at its timeout
            with self.assertRaises(EngineTimeout):
                e.call_with("advance", {"handle": h, "log": False, "legal": False}, timeout=0.1)
        finally:
            t0 = time.monotonic()
            status = e.close(timeout=0.2)
        self.assertLess(time.monotonic() - t0, 5)
        self.assertNotEqual(status, 0, "the engine was killed at close's timeout")
        self.assertIsNotNone(e.proc.poll())


class AnyFolderTest(unittest.TestCase):
    """The client works from any folder: a relative engine path is taken
    from the caller's directory, not the client's."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="brettspiel-client-")
        self.addCleanup(shutil.rmtree, self.dir)
        self.env = dict(os.environ, PYTHONPATH=HERE, PYTHONDONTWRITEBYTECODE="1")
        command = default_command()
        if command:
            # the engine given, under a relative path from another folder
            os.makedirs(os.path.join(self.dir, "bin"))
            os.symlink(os.path.abspath(shutil.which(command[0]) or command[0]), os.path.join(self.dir, "bin", "engine"))
            self.env["BRETTSPIEL_ENGINE"] = os.path.join("bin", "engine")

    def test_from_another_folder(self):
        script = (
            "from brettspiel_engine import Engine\n"
            "with Engine() as e:\n"
            "    st = e.call('newGame', variant='verkehren', seats=['greedy', 'random'], seed=4, log=False)\n"
            "    print(e.play_to_end(st['handle'])['state']['turn'])\n"
        )
        out = subprocess.run([sys.executable, "-c", script], cwd=self.dir, env=self.env,
                             capture_output=True, text=True, timeout=300)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stdout.strip(), "over")

    def test_relative_command_from_the_callers_folder(self):
        if "BRETTSPIEL_ENGINE" not in self.env:
            self.skipTest("BRETTSPIEL_ENGINE is not set: go run is the command")
        old = os.getcwd()
        os.chdir(self.dir)
        try:
            with Engine(command="bin/engine") as e:
                self.assertEqual(e.call("version")["protocol"], 1)
        finally:
            os.chdir(old)


if __name__ == "__main__":
    unittest.main()
