package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// answer is one answer line.
type answer struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Name    string `json:"name"`
		Message string `json:"message"`
	} `json:"error"`
}

// serve runs Serve on the input and returns its answers in the order
// written, each checked to be one JSON object on one line.
func serve(t *testing.T, in string) []answer {
	t.Helper()
	var out bytes.Buffer
	if err := Serve(strings.NewReader(in), &out, session.NewTable(session.Options{})); err != nil {
		t.Fatal(err)
	}
	var as []answer
	for _, line := range strings.SplitAfter(out.String(), "\n") {
		if line == "" {
			continue
		}
		if !strings.HasSuffix(line, "\n") {
			t.Fatalf("the output does not end with a line end: %q", line)
		}
		var a answer
		d := json.NewDecoder(strings.NewReader(line))
		d.DisallowUnknownFields()
		if err := d.Decode(&a); err != nil {
			t.Fatalf("answer %.200s: %v", line, err)
		}
		if (a.Error == nil) == (a.Result == nil) {
			t.Fatalf("answer %.200s: want a result or an error", line)
		}
		as = append(as, a)
	}
	return as
}

func byID(t *testing.T, as []answer) map[string]answer {
	t.Helper()
	m := map[string]answer{}
	for _, a := range as {
		m[string(a.ID)] = a
	}
	return m
}

func Example() {
	in := `{"id":1,"method":"newGame","args":{"variant":"verkehren","seed":3,"seats":["random","random"],"log":false,"legal":false}}
{"id":2,"method":"advance","args":{"handle":1,"limit":2,"log":false,"legal":false}}
{"id":3,"method":"apply","args":{"handle":1,"notation":"no such move"}}
{"id":4,"method":"positionID","args":{"handle":1}}
`
	var out bytes.Buffer
	if err := Serve(strings.NewReader(in), &out, session.NewTable(session.Options{})); err != nil {
		fmt.Println(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var a struct {
			ID     int
			Result struct {
				Length int
				Move   string
				ID     string
			}
			Error struct{ Name string }
		}
		json.Unmarshal([]byte(line), &a)
		switch {
		case a.Error.Name != "":
			fmt.Println(a.ID, "error:", a.Error.Name)
		case a.Result.ID != "":
			fmt.Println(a.ID, "position:", a.Result.ID)
		default:
			fmt.Println(a.ID, "steps:", a.Result.Length)
		}
	}
	// Output:
	// 1 steps: 0
	// 2 steps: 2
	// 3 error: ErrBadNotation
	// 4 position: verkehren:1:AAAAAAAAAgEAAAAABQD-_wP-_wOKdQ
}

// Each request gets one answer with its id, the protocol's result or its
// error; a game's requests sent at once run in their order.
func TestRequestsAndAnswers(t *testing.T) {
	in := `{"id":1,"method":"version"}
{"id":"two","method":"newGame","args":{"variant":"toccateglio","seats":["random","greedy"],"log":false}}
{"id":3,"method":"advance","args":{"handle":1,"log":false}}
{"id":4,"method":"state","args":{"handle":1,"log":false}}
{"id":5,"method":"nosuch"}
{"method":"games","args":null}
{"id":7,"method":"state","args":{"handle":99}}
`
	as := serve(t, in)
	if len(as) != 7 {
		t.Fatalf("%d answers to 7 requests", len(as))
	}
	m := byID(t, as)
	var v session.VersionJSON
	if err := json.Unmarshal(m["1"].Result, &v); err != nil || v.Protocol != session.Protocol {
		t.Errorf("version: %s %v", m["1"].Result, err)
	}
	var st struct {
		Handle int
		State  struct{ Turn string }
	}
	if err := json.Unmarshal(m["4"].Result, &st); err != nil || st.Handle != 1 || st.State.Turn != "over" {
		t.Errorf("state after advance: %.200s %v", m["4"].Result, err)
	}
	if e := m["5"].Error; e == nil || e.Name != "ErrUnknownMethod" {
		t.Errorf("nosuch: %+v", m["5"])
	}
	if m["null"].Result == nil {
		t.Errorf("a request without id: %+v", m["null"])
	}
	if e := m["7"].Error; e == nil || e.Name != "ErrUnknownHandle" {
		t.Errorf("handle 99: %+v", m["7"])
	}
	if string(as[0].ID) == "" {
		t.Error("no id")
	}
}

// A line that is no request gets an error line and the engine goes on.
func TestMalformedLines(t *testing.T) {
	lines := []struct{ line, id, want string }{
		{`not json`, "null", "ErrBadCall"},
		{`[1,2]`, "null", "ErrBadCall"},
		{`{"id":1`, "1", "ErrBadCall"},
		{`{"id":2}`, "2", "ErrBadCall"},
		{`{"id":3,"method":7}`, "3", "ErrBadCall"},
		{`{"id":4,"method":"version","extra":1}`, "4", "ErrBadCall"},
		{`{"id":5,"method":"version","ID":5}`, "5", "ErrBadCall"},
		{`{"id":{"a":1},"method":"version"}`, "null", "ErrBadCall"},
		{`{"id":[6],"method":"version"}`, "null", "ErrBadCall"},
		{`{"id":8,"method":"version","method":"games"}`, "8", "ErrBadCall"},
		{`{"id":9,"method":"state","args":[1]}`, "9", "ErrBadCall"},
		{`{"id":10,"method":"state","args":"{\"handle\":1}"}`, "10", "ErrBadCall"},
		{`{"id":11,"method":"version"} {"id":12}`, "11", "ErrBadCall"},
		{`{"id":13,"method":"state","args":` + strings.Repeat("[", 5000) + `}`, "13", "ErrBadCall"},
		{"{\"id\":14,\"method\":\"ver\xffsion\"}", "14", "ErrUnknownMethod"},
	}
	var in strings.Builder
	for _, l := range lines {
		in.WriteString(l.line + "\n")
	}
	in.WriteString(`{"id":"last","method":"version"}` + "\n")
	as := serve(t, in.String())
	if len(as) != len(lines)+1 {
		t.Fatalf("%d answers to %d lines", len(as), len(lines)+1)
	}
	// the lines on no handle run side by side: match by order of the
	// null ids and by id for the others
	nulls := 0
	m := byID(t, as)
	for _, l := range lines {
		if l.id == "null" {
			nulls++
			continue
		}
		a, ok := m[l.id]
		if !ok || a.Error == nil || a.Error.Name != l.want {
			t.Errorf("%.60s: %+v", l.line, a)
		}
	}
	n := 0
	for _, a := range as {
		if string(a.ID) == "null" {
			n++
			if a.Error == nil || a.Error.Name != "ErrBadCall" {
				t.Errorf("a null id: %+v", a)
			}
		}
	}
	if n != nulls {
		t.Errorf("%d answers with a null id, want %d", n, nulls)
	}
	if m[`"last"`].Result == nil {
		t.Error("the engine did not go on after the bad lines")
	}
}

// A line longer than MaxLine is refused, the engine goes on, and the line
// is not kept: what the engine allocates stays far below the line's size.
func TestLongLineIsRefusedUnkept(t *testing.T) {
	long := `{"id":1,"method":"version","args":{"x":"` + strings.Repeat("a", 8*MaxLine) + `"}}`
	in := long + "\n" + `{"id":2,"method":"version"}` + "\n" + strings.Repeat("b", MaxLine+1) + "\r\n" + `{"id":3,"method":"version"}`
	as := serve(t, in)
	if len(as) != 4 {
		t.Fatalf("%d answers, want 4", len(as))
	}
	tooLarge := 0
	for _, a := range as {
		if a.Error != nil && a.Error.Name == "ErrTooLarge" && string(a.ID) == "null" {
			tooLarge++
		}
	}
	m := byID(t, as)
	if tooLarge != 2 || m["2"].Result == nil || m["3"].Result == nil {
		t.Errorf("answers: %+v", as)
	}
	// A line of exactly MaxLine bytes is read and answered (an unknown
	// key of version's arguments), not refused for its length.
	exact := `{"id":4,"method":"version","args":{"x":"`
	exact += strings.Repeat("a", MaxLine-len(exact)-3) + `"}}`
	as = serve(t, exact+"\r\n")
	if len(as) != 1 || string(as[0].ID) != "4" || as[0].Error == nil || as[0].Error.Name != "ErrBadCall" {
		t.Errorf("a line of MaxLine bytes: %+v", as)
	}
}

func TestLongLineAllocations(t *testing.T) {
	in := strings.Repeat("x", 64*MaxLine) + "\n"
	allocs := testing.AllocsPerRun(1, func() {
		Serve(strings.NewReader(in), io.Discard, session.NewTable(session.Options{}))
	})
	// a 64 MiB line read through a 64 KiB buffer, kept up to MaxLine
	// then dropped: a few dozen allocations, not thousands
	if allocs > 200 {
		t.Errorf("%v allocations for one long line", allocs)
	}
}

// The end of the input ends Serve cleanly, after the requests under way
// are answered; a last line without a line end is read.
func TestEOF(t *testing.T) {
	as := serve(t, "")
	if len(as) != 0 {
		t.Errorf("no input: %d answers", len(as))
	}
	as = serve(t, "\n\n  \r\n")
	if len(as) != 0 {
		t.Errorf("blank lines: %d answers", len(as))
	}
	as = serve(t, `{"id":1,"method":"newGame","args":{"variant":"festung","players":6,"seats":["random","random","random","random","random","random"],"log":false}}
{"id":2,"method":"advance","args":{"handle":1,"log":false}}`)
	if len(as) != 2 || as[1].Result == nil {
		t.Errorf("answers: %+v", as)
	}
}

// The engine reads while a request runs: over a pipe, a request on no
// handle sent after a long one on a game is answered first.
func TestReadsWhileRunning(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Serve(inR, outW, session.NewTable(session.Options{})); outW.Close() }()
	lines := bufio.NewScanner(outR)
	lines.Buffer(nil, 4<<20)
	send := func(s string) {
		if _, err := io.WriteString(inW, s+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	read := func() answer {
		if !lines.Scan() {
			t.Fatalf("no answer: %v", lines.Err())
		}
		var a answer
		if err := json.Unmarshal(lines.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		return a
	}
	send(`{"id":1,"method":"newGame","args":{"variant":"toccateglio","seats":["greedy","greedy"],"log":false}}`)
	if a := read(); a.Result == nil {
		t.Fatalf("newGame: %+v", a)
	}
	// a whole Partie between two greedy bots (a second or so), and
	// meanwhile a version: its answer comes first
	send(`{"id":"game","method":"advance","args":{"handle":1,"log":false}}`)
	send(`{"id":"v","method":"version"}`)
	if a := read(); string(a.ID) != `"v"` {
		t.Errorf("first answer: %s, want the version's", a.ID)
	}
	if a := read(); string(a.ID) != `"game"` || a.Result == nil {
		t.Errorf("second answer: %+v", a)
	}
	inW.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute):
		t.Fatal("Serve did not end at the end of the input")
	}
}

// A failing output ends Serve with the error.
func TestWriteError(t *testing.T) {
	err := Serve(strings.NewReader(`{"id":1,"method":"version"}`+"\n"), failWriter{}, session.NewTable(session.Options{}))
	if !errors.Is(err, errBroken) {
		t.Errorf("Serve = %v", err)
	}
}

var errBroken = errors.New("broken pipe")

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errBroken }

// The command itself, as a subprocess: every variant played to its end by
// its bots, and EOF ends it with status 0.
func TestCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), "BRETTSPIEL_ENGINE_MAIN=1")
	var in strings.Builder
	for i, v := range []string{"toccateglio", "verkehren", "festung"} {
		fmt.Fprintf(&in, `{"id":%d,"method":"newGame","args":{"variant":%q,"seats":["greedy","random"],"log":false}}`+"\n", i, v)
		fmt.Fprintf(&in, `{"id":"end%d","method":"advance","args":{"handle":%d,"log":false}}`+"\n", i, i+1)
	}
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var a struct {
			ID     string
			Result struct{ State struct{ Turn string } }
		}
		if json.Unmarshal([]byte(line), &a) == nil && strings.HasPrefix(a.ID, "end") {
			n++
			if a.Result.State.Turn != "over" {
				t.Errorf("%s: %.200s", a.ID, line)
			}
		}
	}
	if n != 3 {
		t.Errorf("%d games ended:\n%.2000s", n, out)
	}
}

// TestMain runs the command's main when BRETTSPIEL_ENGINE_MAIN is set, so
// that TestCommand runs the engine as a subprocess without a build.
func TestMain(m *testing.M) {
	if os.Getenv("BRETTSPIEL_ENGINE_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}
