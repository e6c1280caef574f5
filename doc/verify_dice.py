#!/usr/bin/env python3
"""Check the dice of a finished brettspiel game of owned seats, with nothing
but Python 3 and its standard library: not the module, not the server.

A game of owned seats commits to its secret seed at the start and reveals
the seed and the salt at its end (doc/fair-dice.md). Given the game's
record (the text saveRecord gives) and those three values, this checks

  - that the commitment is SHA-256("brettspiel dice 1\\n" || salt || seed
    as 8 bytes big-endian);
  - that every throw of the record is the throw the seed gives at its step:
    the throw at the step of index n (0 for the record's first step) is one
    draw of IntN(36) (two dice) or IntN(216) (three dice), as Go's
    math/rand/v2 makes it, from the generator PCG(seed, 2n), read in the
    game's table of throws;
  - with --length, that the record has as many steps as the game played
    (the "length" of its last state), so that a record cut short does not
    pass for the whole game.

    python3 doc/verify_dice.py --commitment HEX --seed N --salt HEX [--length N] [RECORD]

RECORD is a file, or "-" or nothing for standard input. It prints "ok"
and the throws it checked, or "not ok" and the first bad step, and exits
with 0 when the check holds, 1 when it does not, 2 when the input cannot
be read. --json prints the outcome as one JSON object instead.

What it does not check: that the record's moves are legal. It knows the
throws by their notation and by the layout saveRecord writes (a line holds
a turn's throws, then the play they are for), not by the rules; replaying
the moves needs the rules, which the module's verifyDice has.
"""

import argparse
import hashlib
import json
import re
import sys

MASK64 = (1 << 64) - 1
MASK128 = (1 << 128) - 1

# Go's math/rand/v2 PCG: a 128-bit linear congruential generator (the
# multiplier and increment of the PCG reference, 128 bits each) whose
# output is the DXSM permutation of the new state.
PCG_MULTIPLIER = (2549297995355413924 << 64) | 4865540595714422341
PCG_INCREMENT = (6364136223846793005 << 64) | 1442695040888963407
DXSM_MULTIPLIER = 0xDA942042E4DD58B5


class PCG:
    """rand.NewPCG(seed1, seed2): the state is seed1 (high 64 bits) and
    seed2 (low 64 bits), taken as they are."""

    def __init__(self, seed1, seed2):
        self.state = (seed1 << 64) | seed2

    def uint64(self):
        # step first, then permute the new state: DXSM ("double xorshift
        # multiply") of its high half, times its low half made odd
        self.state = (self.state * PCG_MULTIPLIER + PCG_INCREMENT) & MASK128
        hi, lo = self.state >> 64, self.state & MASK64
        hi ^= hi >> 32
        hi = (hi * DXSM_MULTIPLIER) & MASK64
        hi ^= hi >> 48
        return (hi * (lo | 1)) & MASK64


def int_n(next_uint64, n):
    """rand.Rand.IntN(n) on a 64-bit source, bit for bit: a power of two is
    masked from one draw; any other n takes the high 64 bits of draw * n,
    drawing again while the low 64 bits fall below 2^64 mod n (Lemire's
    method, which keeps each outcome equally likely). next_uint64 gives the
    source's draws."""
    if n <= 0:
        raise ValueError("int_n of %d" % n)
    if n & (n - 1) == 0:
        return next_uint64() & (n - 1)
    product = next_uint64() * n
    hi, lo = product >> 64, product & MASK64
    if lo < n:
        threshold = (1 << 64) % n
        while lo < threshold:
            product = next_uint64() * n
            hi, lo = product >> 64, product & MASK64
    return hi


class Dice:
    """The throws of a game: their table (the outcome of each draw of the
    total weight, in the order the game lists them), the shape of a throw in
    its notation and its canonical form."""

    def __init__(self, table, shape, canonical):
        self.table = table
        self.shape = shape
        self.canonical = canonical

    def throw_at(self, seed, step, redraws=()):
        """The throw the seed gives at the step of index step: one draw of
        IntN(len(table)) from PCG(seed, e<<40 | 2*step), the stream of the
        dice (the bots draw from 2*step+1), where e is the last of the
        redraws (1 for the first) at step or before, 0 for none: a takeback
        granted by the other people draws the throws it took back anew."""
        epoch = 0
        for k, m in enumerate(redraws):
            if m <= step:
                epoch = k + 1
        source = PCG(seed, ((epoch << 40) | (2 * step)) & MASK64)
        return self.table[int_n(source.uint64, len(self.table))]


def two_dice():
    """Toccateglio and Verkehren, every preset, the draw for the start too:
    the 21 throws of two dice, higher die first, ordered by the higher die
    and then the lower (1-1, 2-1, 2-2, 3-1, ..., 6-6), a doublet once of 36
    draws and any other throw twice."""
    table = []
    for hi in range(1, 7):
        for lo in range(1, hi + 1):
            table += ["%d-%d" % (hi, lo)] * (1 if hi == lo else 2)
    return table


def three_dice():
    """The Festungsspiel: the large die L and the two small dice as a pair
    a <= b, ordered by L, then a, then b (1/1-1, 1/1-2, ..., 6/6-6), a small
    doublet once of 216 draws and any other throw twice."""
    table = []
    for big in range(1, 7):
        for a in range(1, 7):
            for b in range(a, 7):
                table += ["%d/%d-%d" % (big, a, b)] * (1 if a == b else 2)
    return table


def canonical_two(step):
    # the dice in either order, as the games read them; None for a die
    # outside 1...6, which is no throw
    a, b = int(step[0]), int(step[2])
    if not (1 <= a <= 6 and 1 <= b <= 6):
        return None
    return "%d-%d" % (max(a, b), min(a, b))


def canonical_three(step):
    big, a, b = int(step[0]), int(step[2]), int(step[4])
    if not (1 <= big <= 6 and 1 <= a <= 6 and 1 <= b <= 6):
        return None
    return "%d/%d-%d" % (big, min(a, b), max(a, b))


GAMES = {
    "toccateglio": Dice(two_dice(), re.compile(r"[0-9]-[0-9]\Z"), canonical_two),
    "verkehren": Dice(two_dice(), re.compile(r"[0-9]-[0-9]\Z"), canonical_two),
    "festung": Dice(three_dice(), re.compile(r"[0-9]/[0-9]-[0-9]\Z"), canonical_three),
}

COMMIT_PREFIX = b"brettspiel dice 1\n"
SALT_SIZE = 32
HEX64 = re.compile(r"[0-9a-fA-F]{64}\Z")


class BadInput(Exception):
    """Input that cannot be read: the check says nothing."""


def commitment_refuted(commitment, seed, salt):
    """Why the commitment is not that of the seed and the salt; None when
    it is."""
    if not HEX64.match(commitment):
        return "the commitment is not 64 hex digits"
    if not HEX64.match(salt):
        return "the salt is not %d bytes in hex (%d digits)" % (SALT_SIZE, 2 * SALT_SIZE)
    data = COMMIT_PREFIX + bytes.fromhex(salt) + seed.to_bytes(8, "big")
    if hashlib.sha256(data).hexdigest() != commitment.lower():
        return "the commitment is not that of the seed and the salt"
    return None


def read_record(text):
    """The game's name and the record's steps as (index, line, step, last):
    last says the step ends its line. The head is read as the module reads
    it: "key: value" lines up to a blank line, "#" lines are comments."""
    lines = text.split("\n")
    game = None
    at = 0
    while at < len(lines):
        line = lines[at].strip()
        at += 1
        if line.startswith("#"):
            continue
        if line == "":
            if game is not None:
                break
            continue
        key, colon, value = line.partition(":")
        if not colon:
            raise BadInput("line %d: want a header line 'key: value'" % at)
        key, value = key.strip(), value.strip()
        if key == "game":
            game = value
        elif key not in ("start", "preset", "players", "option"):
            raise BadInput("line %d: unknown header key %s" % (at, json.dumps(key)))
    if game is None:
        raise BadInput("no 'game:' header: not a brettspiel record")
    if game not in GAMES:
        raise BadInput("a record of %s; this knows %s" % (json.dumps(game), ", ".join(sorted(GAMES))))
    steps = []
    for number in range(at + 1, len(lines) + 1):
        line = lines[number - 1].strip()
        if line == "" or line.startswith("#"):
            continue
        parts = [s.strip() for s in line.split(";")]
        if "" in parts:
            raise BadInput("line %d: empty step" % number)
        for i, s in enumerate(parts):
            steps.append((len(steps), number, s, i == len(parts) - 1))
    return game, steps


def check(text, commitment, seed, salt, length=None, redraws=()):
    """The outcome of the check, as a dict with the keys of the module's
    DiceCheck: ok, commitment, throws (those checked and found the seed's),
    steps (those read before the check ended), bad (the first bad throw:
    index, line, thrown, expected) and reason; over, which needs the rules,
    is not among them. redraws are the game's: the lengths its granted
    takebacks went back to, in order."""
    game, steps = read_record(text)
    dice = GAMES[game]
    why = []
    refuted = commitment_refuted(commitment, seed, salt)
    if refuted:
        why.append(refuted)
    out = {"ok": False, "commitment": refuted is None, "throws": 0, "steps": len(steps)}
    for index, line, step, last in steps:
        # a step is a throw by its notation; before a line's last step
        # saveRecord writes nothing but throws
        if not dice.shape.match(step) and last:
            continue
        expected = dice.throw_at(seed, index, redraws)
        if dice.shape.match(step) and dice.canonical(step) == expected:
            out["throws"] += 1
            continue
        out["steps"] = index
        out["bad"] = {"index": index, "line": line, "thrown": step, "expected": expected}
        why.append("step %d (line %d) throws %s where the seed throws %s" % (index, line, json.dumps(step), expected))
        break
    if length is not None and "bad" not in out and len(steps) != length:
        if len(steps) < length:
            why.append("the record has %d steps where the game played %d: it is cut short" % (len(steps), length))
        else:
            why.append("the record has %d steps where the game played %d" % (len(steps), length))
    out["ok"] = not why
    if why:
        out["reason"] = "; ".join(why)
    return out


def say(out, length):
    """The outcome in words, for a person."""
    if out["ok"]:
        if length is None:
            return ("ok: all %d throws of the record are the seed's (in its %d steps), and the commitment is that of the seed and the salt\n"
                    "note: the record was not checked against the game's length (--length, the \"length\" of its last state): a record cut short would pass too"
                    % (out["throws"], out["steps"]))
        return "ok: all %d throws of the game are the seed's (the record has all %d of its steps), and the commitment is that of the seed and the salt" % (
            out["throws"], length)
    text = "not ok: " + out["reason"]
    if out["commitment"] and "bad" in out:
        text += "\n(the %d throws before it are the seed's)" % out["throws"]
    return text


def seed_value(s):
    if not re.fullmatch(r"[0-9]+", s) or int(s) > MASK64:
        raise argparse.ArgumentTypeError("a seed is a whole number 0...2^64-1 in decimal, not %s" % json.dumps(s))
    return int(s)


def length_value(s):
    if not re.fullmatch(r"[0-9]+", s):
        raise argparse.ArgumentTypeError("a length is a whole number of steps, not %s" % json.dumps(s))
    return int(s)


def proof_lines(text):
    """The proof an archived game's record keeps as comment lines ("# dice
    seed: 77"): commitment, seed, salt and redraws, where present."""
    out = {}
    for line in text.split("\n"):
        m = re.fullmatch(r"#\s*dice (commitment|seed|salt|redraws):\s*(\S*)\s*", line.strip())
        if not m:
            continue
        key, value = m.group(1), m.group(2)
        try:
            if key == "seed":
                out[key] = seed_value(value)
            elif key == "redraws":
                out[key] = redraws_value(value)
            else:
                out[key] = value
        except argparse.ArgumentTypeError as e:
            raise BadInput("the record's '# dice %s:' line: %s" % (key, e))
    return out


def redraws_value(s):
    parts = [x for x in re.split(r"[\s,]+", s.strip()) if x]
    if not all(re.fullmatch(r"[0-9]+", x) for x in parts):
        raise argparse.ArgumentTypeError("redraws are whole numbers of steps, separated by commas, not %s" % json.dumps(s))
    return [int(x) for x in parts]


def main(argv=None):
    p = argparse.ArgumentParser(
        description="Check the dice of a finished brettspiel game of owned seats against the commitment given at its start.")
    p.add_argument("record", nargs="?", default="-", help='the record, as saveRecord gives it; "-" or nothing for standard input')
    p.add_argument("--commitment", help="the commitment given at the start: 64 hex digits (else the record's '# dice commitment:' line)")
    p.add_argument("--seed", type=seed_value, help="the seed revealed at the end, in decimal (else the record's '# dice seed:' line)")
    p.add_argument("--salt", help="the salt revealed at the end: 64 hex digits (else the record's '# dice salt:' line)")
    p.add_argument("--length", type=length_value, help="the steps the game played (its last state's length): a record of another number fails")
    p.add_argument("--redraws", type=redraws_value, default=None, help='the game\'s "redraws", e.g. 12,30: the lengths its granted takebacks went back to (none when absent)')
    p.add_argument("--json", action="store_true", help="print the outcome as one JSON object")
    args = p.parse_args(argv)
    try:
        # bytes, split at line feeds only, as the module reads a record
        if args.record == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(args.record, "rb") as f:
                data = f.read()
        text = data.decode("utf-8", errors="surrogateescape")
        # an archived game's record carries its proof as comment lines; a
        # value given on the command line goes first
        kept = proof_lines(text)
        commitment = args.commitment if args.commitment is not None else kept.get("commitment")
        seed = args.seed if args.seed is not None else kept.get("seed")
        salt = args.salt if args.salt is not None else kept.get("salt")
        redraws = args.redraws if args.redraws is not None else kept.get("redraws", [])
        missing = [k for k, v in (("commitment", commitment), ("seed", seed), ("salt", salt)) if v is None]
        if missing:
            raise BadInput("no %s: give it (--%s) or a record that keeps it ('# dice %s: ...')" % (missing[0], missing[0], missing[0]))
        out = check(text, commitment, seed, salt, args.length, redraws)
    except (OSError, BadInput) as e:
        print("verify_dice: %s" % e, file=sys.stderr)
        return 2
    print(json.dumps(out) if args.json else say(out, args.length))
    return 0 if out["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
