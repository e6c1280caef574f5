//go:build !js

package session_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/session"
	"pgregory.net/rapid"
)

// The standalone verifier, doc/verify_dice.py, checks a game's dice with
// Python's standard library alone. These tests run it beside VerifyDice:
// on every game of the catalogue, whole and doctored, both must say the
// same; its generator and its IntN must be Go's bit for bit; and its
// command line must say ok or name the bad step, with its exit status.

// verifier is the standalone verifier run by python3: the paths of both.
type verifier struct{ python, script string }

// pyVerifier returns the verifier, or skips the test when python3 is not
// installed.
func pyVerifier(t *testing.T) verifier {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the standalone verifier doc/verify_dice.py is not run (CI installs python3, see .ci/run)")
	}
	script, err := filepath.Abs(filepath.Join("..", "doc", "verify_dice.py"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(script); err != nil {
		t.Fatal(err)
	}
	return verifier{python, script}
}

// fataler is what the helpers need of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// run runs python3 with args and stdin, writing no bytecode into the
// tree, and returns its output and exit status; it fails the test when
// python3 does not run at all.
func (v verifier) run(t fataler, stdin []byte, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(v.python, args...)
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		status = exit.ExitCode()
	case err != nil:
		t.Fatalf("python3: %v", err)
	}
	return out.String(), errOut.String(), status
}

// program runs a Python program that imports the verifier (pyImport).
func (v verifier) program(t fataler, program string, stdin []byte) (stdout, stderr string, status int) {
	t.Helper()
	return v.run(t, stdin, "-c", program, filepath.Dir(v.script))
}

// pyImport is the start of a Python program that uses the verifier as a
// module: its folder is the program's first argument.
const pyImport = "import json, sys\nsys.dont_write_bytecode = True\nsys.path.insert(0, sys.argv[1])\nimport verify_dice as v\n"

// pyCase is a record and a proof for the verifier's check; Length is nil
// when the game's length is not given.
type pyCase struct {
	Text       string `json:"text"`
	Commitment string `json:"commitment"`
	Seed       string `json:"seed"`
	Salt       string `json:"salt"`
	Length     *int   `json:"length"`
}

// pyCheck is the verifier's outcome: DiceCheck's keys but over, which
// needs the rules; Error for a record it cannot read.
type pyCheck struct {
	OK         bool              `json:"ok"`
	Commitment bool              `json:"commitment"`
	Throws     int               `json:"throws"`
	Steps      int               `json:"steps"`
	Bad        *session.BadThrow `json:"bad"`
	Reason     string            `json:"reason"`
	Error      string            `json:"error"`
}

// checks runs the verifier's check on every case in one python3.
func (v verifier) checks(t fataler, cases []pyCase) []pyCheck {
	t.Helper()
	const program = pyImport + `out = []
for c in json.load(sys.stdin):
    try:
        out.append(v.check(c["text"], c["commitment"], int(c["seed"]), c["salt"], c["length"]))
    except v.BadInput as e:
        out.append({"error": str(e)})
json.dump(out, sys.stdout)
`
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatalf("%v", err)
	}
	stdout, stderr, status := v.program(t, program, in)
	var out []pyCheck
	if err := json.Unmarshal([]byte(stdout), &out); status != 0 || err != nil || len(out) != len(cases) {
		t.Fatalf("the verifier's check: status %d, %v\n%s\n%s", status, err, stdout, stderr)
	}
	return out
}

// caseOf is the verifier's case of a record and a proof.
func caseOf(text string, p session.DiceProof) pyCase {
	c := pyCase{Text: text, Commitment: p.Commitment, Seed: strconv.FormatUint(uint64(p.Seed), 10), Salt: p.Salt}
	if p.Length != 0 {
		c.Length = &p.Length
	}
	return c
}

// playedOwned plays a whole game of g with owned seats, all held by bots,
// from a seed rapid draws, and returns its record and the proof its end
// revealed, with the game's length.
func playedOwned(t *rapid.T, g diceGame, bots []string) (string, session.DiceProof) {
	seed := session.Seed(rapid.Uint64().Draw(t, "seed"))
	seats := make([]string, g.players)
	for i := range seats {
		seats[i] = rapid.SampledFrom(bots).Draw(t, "seat")
	}
	game, err := session.New(session.Config{Variant: g.variant, Preset: g.preset, Players: g.players, Seed: &seed, Seats: seats, Owned: true})
	if err != nil {
		t.Fatal(err)
	}
	for {
		steps, err := game.Advance(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(steps) == 0 {
			break
		}
	}
	info := game.Info()
	if game.Position().ToMove() != brettspiel.Terminal || info.Seed == nil || *info.Seed != seed || info.Salt == "" {
		t.Fatalf("the game's end revealed %+v", info)
	}
	text, err := game.Record()
	if err != nil {
		t.Fatal(err)
	}
	return text, session.DiceProof{Commitment: info.Commitment, Seed: seed, Salt: info.Salt, Length: game.Len()}
}

// editSteps returns a record's text with each step i replaced by the steps
// f gives for it, none to drop it; a line left without steps goes.
func editSteps(text string, f func(i int, step string) []string) string {
	var out []string
	n, head := 0, true
	for _, l := range strings.Split(text, "\n") {
		s := strings.TrimSpace(l)
		if head || s == "" || strings.HasPrefix(s, "#") {
			head = head && s != ""
			out = append(out, l)
			continue
		}
		var kept []string
		for _, step := range strings.Split(s, ";") {
			kept = append(kept, f(n, strings.TrimSpace(step))...)
			n++
		}
		if len(kept) > 0 {
			out = append(out, strings.Join(kept, " ; "))
		}
	}
	return strings.Join(out, "\n")
}

// lineEnds returns the steps of a record that end their line, by index.
func lineEnds(text string) map[int]bool {
	ends := map[int]bool{}
	n, head := 0, true
	for _, l := range strings.Split(text, "\n") {
		s := strings.TrimSpace(l)
		if head || s == "" || strings.HasPrefix(s, "#") {
			head = head && s != ""
			continue
		}
		n += strings.Count(s, ";") + 1
		ends[n-1] = true
	}
	return ends
}

// throwBeforePlay draws a throw of a record that its line's play follows,
// and returns its index and that play; ok is false when there is none (a
// game's last line may hold throws alone).
func throwBeforePlay(t *rapid.T, text string, index []int) (i int, play string, ok bool) {
	ends := lineEnds(text)
	endOf := func(i int) int {
		for !ends[i] {
			i++
		}
		return i
	}
	before := slices.DeleteFunc(slices.Clone(index), func(i int) bool { return ends[i] || slices.Contains(index, endOf(i)) })
	if len(before) == 0 {
		return 0, "", false
	}
	i = rapid.SampledFrom(before).Draw(t, "throw as a play")
	editSteps(text, func(j int, s string) []string {
		if j == endOf(i) {
			play = s
		}
		return nil
	})
	return i, play, true
}

// reversed writes a throw with its (small) dice the other way round, ""
// for a doublet: "6-2" as "2-6", "5/1-6" as "5/6-1".
func reversed(throw string) string {
	n := len(throw)
	if throw[n-3] == throw[n-1] {
		return ""
	}
	return throw[:n-3] + throw[n-1:] + "-" + throw[n-3:n-2]
}

// verifierCase is one record and proof of a game, with what both checks
// must say of it.
type verifierCase struct {
	what string
	text string
	p    session.DiceProof
	// same: the verifier's outcome is VerifyDice's, key for key; else
	// both say no, and the verifier names no step before from
	same bool
	from int
	ok   bool
}

// checkVerifiersAgree plays a whole game of g with owned seats and checks
// the verifier and VerifyDice on its record and on records and proofs
// doctored from it: a throw changed, a throw written with its dice the
// other way round, a throw dropped, the record cut short, another seed,
// another salt.
func checkVerifiersAgree(t *rapid.T, v verifier, g diceGame, bots []string) {
	text, p := playedOwned(t, g, bots)
	index, others := throwsOf(t, text)
	noLength := p
	noLength.Length = 0
	cases := []verifierCase{
		{what: "the game's record", text: text, p: p, same: true, ok: true},
		{what: "the game's record without its length", text: text, p: noLength, same: true, ok: true},
	}

	k := rapid.IntRange(0, len(index)-1).Draw(t, "changed throw")
	if len(others[k]) > 0 {
		changed, _ := withStep(t, text, index[k], rapid.SampledFrom(others[k]).Draw(t, "other"))
		cases = append(cases, verifierCase{what: fmt.Sprintf("throw %d changed", k), text: changed, p: p, same: true})
	}
	// a throw before its line's play written as that play: saveRecord's
	// layout says a throw stands there, the rules too
	if i, play, ok := throwBeforePlay(t, text, index); ok {
		cases = append(cases, verifierCase{what: fmt.Sprintf("step %d, a throw, written as the play %q", i, play),
			text: editSteps(text, func(j int, s string) []string {
				if j == i {
					return []string{play}
				}
				return []string{s}
			}), p: p, same: true})
	}

	k = rapid.IntRange(0, len(index)-1).Draw(t, "reversed throw")
	cases = append(cases, verifierCase{what: fmt.Sprintf("throw %d reversed", k), text: editSteps(text, func(i int, s string) []string {
		if r := reversed(s); i == index[k] && r != "" {
			return []string{r}
		}
		return []string{s}
	}), p: p, same: true, ok: true})

	k = rapid.IntRange(0, len(index)-1).Draw(t, "dropped throw")
	cases = append(cases, verifierCase{what: fmt.Sprintf("throw %d dropped", k), text: editSteps(text, func(i int, s string) []string {
		if i == index[k] {
			return nil
		}
		return []string{s}
	}), p: p, from: index[k]})

	m := rapid.IntRange(0, p.Length-1).Draw(t, "cut")
	cut := editSteps(text, func(i int, s string) []string {
		if i >= m {
			return nil
		}
		return []string{s}
	})
	cases = append(cases,
		verifierCase{what: fmt.Sprintf("cut after %d steps", m), text: cut, p: p, same: true},
		verifierCase{what: fmt.Sprintf("cut after %d steps, without the length", m), text: cut, p: noLength, same: true, ok: true})

	other := p
	other.Seed = session.Seed(rapid.Uint64().Filter(func(s uint64) bool { return s != uint64(p.Seed) }).Draw(t, "other seed"))
	salt, _ := hex.DecodeString(p.Salt)
	salt[rapid.IntRange(0, len(salt)-1).Draw(t, "salt byte")] ^= 1 << rapid.IntRange(0, 7).Draw(t, "bit")
	otherSalt := p
	otherSalt.Salt = hex.EncodeToString(salt)
	cases = append(cases,
		verifierCase{what: "another seed", text: text, p: other, same: true},
		verifierCase{what: "another salt", text: text, p: otherSalt, same: true})

	in := make([]pyCase, len(cases))
	for i, c := range cases {
		in[i] = caseOf(c.text, c.p)
	}
	for i, py := range v.checks(t, in) {
		c := cases[i]
		goCheck, err := session.VerifyDice(c.text, c.p)
		switch {
		case py.Error != "":
			t.Fatalf("%s: the verifier cannot read the record: %s", c.what, py.Error)
		case c.same && err != nil:
			t.Fatalf("%s: VerifyDice: %v", c.what, err)
		case c.same && (py.OK != goCheck.OK || py.Commitment != goCheck.Commitment || py.Throws != goCheck.Throws ||
			py.Steps != goCheck.Steps || fmt.Sprint(py.Bad) != fmt.Sprint(goCheck.Bad) || (py.Reason == "") != (goCheck.Reason == "")):
			t.Fatalf("%s: the verifier says %+v (bad %+v), VerifyDice %+v (bad %+v)", c.what, py, py.Bad, goCheck, goCheck.Bad)
		case py.OK != c.ok || py.Reason == "" && !c.ok:
			t.Fatalf("%s: the verifier says %+v (bad %+v); want ok %v", c.what, py, py.Bad, c.ok)
		case !c.same && (err == nil && goCheck.OK || py.Bad != nil && py.Bad.Index < c.from):
			t.Fatalf("%s: the verifier says %+v (bad %+v), VerifyDice %+v, %v; want both to say no from step %d on", c.what, py, py.Bad, goCheck, err, c.from)
		}
		switch {
		case c.what == "the game's record" && (!goCheck.Over || goCheck.Throws != len(index) || goCheck.Steps != p.Length):
			t.Fatalf("the game's record: %+v; want over with %d throws in %d steps", goCheck, len(index), p.Length)
		case strings.HasPrefix(c.what, "cut") && (goCheck.Over || goCheck.Bad != nil || goCheck.Steps != m || !c.ok && !strings.Contains(py.Reason, "cut short")):
			t.Fatalf("%s: VerifyDice %+v, the verifier %+v", c.what, goCheck, py)
		case strings.HasSuffix(c.what, "changed") && goCheck.Bad == nil:
			t.Fatalf("%s: no bad throw: %+v", c.what, goCheck)
		}
	}
}

// On every game of the catalogue — each preset of each variant at each
// seat count, played to its end with owned seats — the standalone verifier
// says what VerifyDice says: yes for the game's record, no for a throw
// changed, dropped, the record cut short, another seed or another salt,
// naming the same step. Every game once from random data; with
// BRETTSPIEL_LONG=1 as many as rapid draws, the greedy bot among the
// players.
func TestStandaloneVerifierAgrees(t *testing.T) {
	v := pyVerifier(t)
	data := rand.Uint64()
	defer func() {
		if t.Failed() {
			t.Logf("the data of the games came from %d", data)
		}
	}()
	r := rand.New(rand.NewPCG(data, 1))
	for _, g := range diceGames() {
		t.Run(fmt.Sprintf("%s/%s/%d", g.variant, g.preset, g.players), func(t *testing.T) {
			in := make([]byte, 8<<10)
			for i := range in {
				in[i] = byte(r.Uint32())
			}
			ran := false
			rapid.MakeFuzz(func(t *rapid.T) {
				checkVerifiersAgree(t, v, g, []string{"random"})
				ran = true
			})(t, in)
			if !ran {
				t.Fatal("the random data ran out")
			}
		})
	}
	if os.Getenv("BRETTSPIEL_LONG") == "" {
		return
	}
	games := diceGames()
	rapid.Check(t, func(t *rapid.T) {
		checkVerifiersAgree(t, v, rapid.SampledFrom(games).Draw(t, "game"), []string{"random", "greedy"})
	})
}

// sequence is a source of the numbers it holds, for IntN on numbers
// chosen to be rejected.
type sequence []uint64

func (s *sequence) Uint64() uint64 {
	x := (*s)[0]
	*s = (*s)[1:]
	return x
}

// rejected returns a number x whose product with n IntN rejects (the low
// 64 bits of x·n below 2⁶⁴ mod n), for n not a power of two: the first
// x = ⌈j·2⁶⁴/n⌉, whose product is just above j·2⁶⁴, among the first
// thousand j, else 0, whose product is 0.
func rejected(n uint64) uint64 {
	thresh := -n % n
	for j := int64(1); j <= 1000; j++ {
		x := new(big.Int).Lsh(big.NewInt(j), 64)
		x.Add(x, new(big.Int).SetUint64(n-1)).Div(x, new(big.Int).SetUint64(n))
		if !x.IsUint64() {
			break
		}
		if _, lo := bits.Mul64(x.Uint64(), n); lo < thresh {
			return x.Uint64()
		}
	}
	return 0
}

// The verifier's PCG gives Go's numbers, and its IntN Go's draws, bit for
// bit: the first numbers of PCG from seeds at the edges and at random, and
// IntN of the dice's 36 and 216 (and of other bounds, powers of two among
// them) on random numbers and on numbers IntN rejects once or twice before
// it takes one.
func TestStandaloneVerifierDrawsAsGo(t *testing.T) {
	v := pyVerifier(t)
	type intN struct {
		N        uint64   `json:"n"`
		Seq      []uint64 `json:"seq"`
		rejected int      // the numbers at Seq's start that IntN rejects
	}
	var req struct {
		PCG  [][2]uint64 `json:"pcg"`
		IntN []intN      `json:"intn"`
	}
	req.PCG = [][2]uint64{{0, 0}, {1, 2}, {7, 0}, {7, 2}, {1<<64 - 1, 1<<64 - 1}, {1 << 63, 1}}
	for range 20 {
		req.PCG = append(req.PCG, [2]uint64{rand.Uint64(), rand.Uint64()})
	}
	// random numbers after the chosen ones: enough for any bound
	numbers := func(first ...uint64) []uint64 {
		for range 40 {
			first = append(first, rand.Uint64())
		}
		return first
	}
	for _, n := range []uint64{36, 216, 6, 3, 1, 2, 64, 1 << 40, 1<<63 + 1, 1<<64 - 1} {
		for range 5 {
			req.IntN = append(req.IntN, intN{N: n, Seq: numbers()})
		}
		if n&(n-1) != 0 {
			x := rejected(n)
			if x == 0 && (n == 36 || n == 216) {
				t.Fatalf("no number but 0 that IntN(%d) rejects", n)
			}
			req.IntN = append(req.IntN, intN{n, numbers(x), 1}, intN{n, numbers(x, x), 2})
		}
	}
	const program = pyImport + `req = json.load(sys.stdin)
out = {"pcg": [], "intn": []}
for s1, s2 in req["pcg"]:
    p = v.PCG(s1, s2)
    out["pcg"].append([p.uint64() for _ in range(6)])
for c in req["intn"]:
    seq = iter(c["seq"])
    out["intn"].append([v.int_n(lambda: next(seq), c["n"]), len(list(seq))])
json.dump(out, sys.stdout)
`
	in, _ := json.Marshal(req)
	stdout, stderr, status := v.program(t, program, in)
	var out struct {
		PCG  [][]uint64  `json:"pcg"`
		IntN [][2]uint64 `json:"intn"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); status != 0 || err != nil || len(out.PCG) != len(req.PCG) || len(out.IntN) != len(req.IntN) {
		t.Fatalf("status %d, %v\n%s\n%s", status, err, stdout, stderr)
	}
	for i, s := range req.PCG {
		p := rand.NewPCG(s[0], s[1])
		for j, got := range out.PCG[i] {
			if want := p.Uint64(); got != want {
				t.Errorf("PCG(%d, %d) number %d: the verifier %d, Go %d", s[0], s[1], j, got, want)
			}
		}
	}
	for i, c := range req.IntN {
		seq := sequence(append([]uint64(nil), c.Seq...))
		want := rand.New(&seq).Uint64N(c.N)
		if c.N <= math.MaxInt { // an int of the platform: 32 bits on 386
			seq = sequence(append([]uint64(nil), c.Seq...))
			if n := uint64(rand.New(&seq).IntN(int(c.N))); n != want {
				t.Fatalf("IntN(%d) = %d, Uint64N %d", c.N, n, want)
			}
		}
		if used := len(c.Seq) - len(seq); used <= c.rejected {
			t.Fatalf("IntN(%d) on %d took %d numbers: the case does not test the rejection", c.N, c.Seq[:c.rejected+1], used)
		}
		if got := out.IntN[i]; got != [2]uint64{want, uint64(len(seq))} {
			t.Errorf("IntN(%d) on %d…: the verifier %d leaving %d numbers, Go %d leaving %d", c.N, c.Seq[:c.rejected+1], got[0], got[1], want, len(seq))
		}
	}
}

// The verifier's command line, as a person runs it: the record from a file
// or standard input, ok with the throws and steps checked and exit status
// 0; with a throw changed or the record cut short, not ok with the step or
// the length and status 1; a record it cannot read or a seed that is no
// number, status 2 with the reason. A record that starts at a position ID
// counts its steps from there, as VerifyDice does.
func TestStandaloneVerifierCommandLine(t *testing.T) {
	v := pyVerifier(t)
	seed := session.Seed(7)
	g, err := session.New(session.Config{Variant: "verkehren", Seed: &seed, Owned: true, Seats: []string{"random", "random"}})
	if err != nil {
		t.Fatal(err)
	}
	g.Advance(context.Background(), 0)
	info := g.Info()
	record, _ := g.Record()
	p := session.DiceProof{Commitment: info.Commitment, Seed: seed, Salt: info.Salt, Length: g.Len()}
	file := filepath.Join(t.TempDir(), "record.txt")
	if err := os.WriteFile(file, []byte(record), 0o600); err != nil {
		t.Fatal(err)
	}
	args := func(p session.DiceProof, more ...string) []string {
		a := []string{v.script, "--commitment", p.Commitment, "--seed", strconv.FormatUint(uint64(p.Seed), 10), "--salt", p.Salt}
		if p.Length != 0 {
			a = append(a, "--length", strconv.Itoa(p.Length))
		}
		return append(a, more...)
	}
	noLength := p
	noLength.Length = 0
	changed := strings.Replace(record, "\n4-1 ; 5-4 ; 6-2 ;", "\n4-1 ; 5-4 ; 6-3 ;", 1) // ExampleVerifyDice's
	cut := editSteps(record, func(i int, s string) []string {
		if i >= 100 {
			return nil
		}
		return []string{s}
	})
	for _, c := range []struct {
		what   string
		stdin  string
		args   []string
		status int
		say    string // a line of the output (standard error for status 2), as a pattern
	}{
		{"a file, without the length", "", args(noLength, file), 0,
			`^ok: all 246 throws of the record are the seed's \(in its ` + strconv.Itoa(p.Length) + ` steps\), and the commitment is that of the seed and the salt$`},
		{"a file, without the length: the note", "", args(noLength, file), 0, `^note: the record was not checked against the game's length`},
		{"standard input, with the length", record, args(p), 0,
			`^ok: all 246 throws of the game are the seed's \(the record has all ` + strconv.Itoa(p.Length) + ` of its steps\), and the commitment`},
		{"standard input as -", record, args(p, "-"), 0, `^ok: `},
		{"a throw changed", changed, args(p), 1, `^not ok: step 2 \(line 5\) throws "6-3" where the seed throws 6-2$`},
		{"cut short", cut, args(p), 1, `^not ok: the record has 100 steps where the game played ` + strconv.Itoa(p.Length) + `: it is cut short$`},
		{"cut short, as JSON", cut, args(p, "--json"), 1, `^\{"ok": false, "commitment": true, "throws": \d+, "steps": 100, "reason": "the record has 100 steps`},
		{"another salt", record, args(session.DiceProof{Commitment: p.Commitment, Seed: seed, Salt: strings.Repeat("ab", session.SaltSize)}), 1,
			`^not ok: the commitment is not that of the seed and the salt$`},
		{"no record", "", args(p), 2, `^verify_dice: no 'game:' header`},
		{"a record of another game", "game: chess\n\n", args(p), 2, `^verify_dice: a record of "chess"`},
		{"a file that is not there", "", args(p, file+".not"), 2, `^verify_dice: .*No such file`},
		{"a seed that is no number", record, append(args(p), "--seed", "seven"), 2, `a seed is a whole number`},
		{"a seed too large", record, append(args(p), "--seed", "18446744073709551616"), 2, `a seed is a whole number`},
	} {
		stdout, stderr, status := v.run(t, []byte(c.stdin), c.args...)
		said := stdout
		if c.status == 2 {
			said = stderr
		}
		if status != c.status || !regexp.MustCompile(`(?m)`+c.say).MatchString(said) {
			t.Errorf("%s: status %d, want %d; it said\n%s%s", c.what, status, c.status, stdout, stderr)
		}
	}

	// a record from a position ID: the steps count from its start
	mid, err := session.New(session.Config{Variant: "verkehren", Seed: session.SeedOf(3), Seats: []string{"random", "random"}})
	if err != nil {
		t.Fatal(err)
	}
	mid.Advance(context.Background(), 25)
	id, err := mid.PositionID()
	if err != nil {
		t.Fatal(err)
	}
	g, err = session.LoadID(id, session.Config{Seed: session.SeedOf(11), Owned: true, Seats: []string{"random", "random"}})
	if err != nil {
		t.Fatal(err)
	}
	g.Advance(context.Background(), 0)
	record, _ = g.Record()
	info = g.Info()
	p = session.DiceProof{Commitment: info.Commitment, Seed: 11, Salt: info.Salt, Length: g.Len()}
	want, err := session.VerifyDice(record, p)
	py := v.checks(t, []pyCase{caseOf(record, p)})[0]
	if !strings.Contains(record, "\nstart: ") || err != nil || !want.OK || !want.Over || !py.OK || py.Throws != want.Throws || py.Steps != want.Steps {
		t.Errorf("a record from a position ID: the verifier %+v, VerifyDice %+v, %v", py, want, err)
	}
}

// The record of doc/fair-dice.md, whose command runs the verifier on it,
// checks with VerifyDice too: all its throws, to the game's end.
func TestFairDiceDocRecord(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("..", "doc", "fair-dice-record.txt"))
	if err != nil {
		t.Fatal(err)
	}
	salt := make([]byte, session.SaltSize)
	for i := range salt {
		salt[i] = byte(i)
	}
	p := session.DiceProof{Commitment: "ea2cb3ecce47c12689b7e1b8608405cc442f4dd04266d682a56906166f79476e", Seed: 7, Salt: hex.EncodeToString(salt), Length: 132}
	if c, err := session.VerifyDice(string(text), p); err != nil || !c.OK || !c.Over || c.Throws != 121 || c.Steps != 132 {
		t.Errorf("doc/fair-dice-record.txt: %+v, %v; want ok and over, 121 throws in 132 steps", c, err)
	}
}
