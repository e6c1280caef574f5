"""Tests of the engine through the Python client: every variant and preset
played to its end, by bots and by moves picked from the legal ones, and bad
requests answered without ending the engine.

    python3 -m unittest discover -s examples/engine/python -v
    BRETTSPIEL_ENGINE=./brettspiel-engine python3 -m unittest discover -s examples/engine/python
"""

import random
import unittest

from brettspiel_engine import Engine, EngineError


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


if __name__ == "__main__":
    unittest.main()
