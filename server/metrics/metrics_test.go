package metrics

import (
	"errors"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/server/store"
)

// An error's name becomes a label's value only when it is one as the
// module names its errors; anything else a client could make up is
// "other", and so is a method not served.
func TestLabelsStayFew(t *testing.T) {
	for answer, want := range map[string]string{
		`{"error":{"name":"ErrIllegalMove","message":"x"}}`:    "ErrIllegalMove",
		`{"error":{"name":"Err bad\n","message":"x"}}`:         "other",
		`{"error":{"name":"` + strings.Repeat("E", 60) + `"}}`: "other",
		`{"seat":1}`: "",
		``:           "",
	} {
		if got := ErrorName([]byte(answer)); got != want {
			t.Errorf("ErrorName(%q) = %q, want %q", answer, got, want)
		}
	}
	m := New("state")
	m.Call("state", "")
	m.Call("made-up-by-a-client", "ErrNotServed")
	m.Store("steps", time.Millisecond, store.ErrConflict)
	m.Store("steps", time.Millisecond, errors.New("down"))
	w := httptest.NewRecorder()
	m.Handler().ServeHTTP(w, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(w.Body)
	for _, want := range []string{
		`brettspiel_calls_total{method="state"} 1`,
		`brettspiel_calls_total{method="other"} 1`,
		`brettspiel_refusals_total{error="ErrNotServed",method="other"} 1`,
		`brettspiel_store_errors_total{kind="conflict",op="steps"} 1`,
		`brettspiel_store_errors_total{kind="failed",op="steps"} 1`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("the figures lack %s", want)
		}
	}
	if strings.Contains(string(body), "made-up") {
		t.Error("a method not served named in a label")
	}
}

// A nil *Metrics counts nothing, and does not fail.
func TestNilCountsNothing(t *testing.T) {
	var m *Metrics
	m.Call("state", "ErrBusy")
	m.Answer("state", []byte(`{"error":{"name":"ErrBusy"}}`))
	m.Store("read", time.Second, nil)
	m.NotifyLag(time.Second)
	m.Archived("idle")
	m.Connected()
	m.Spared()
	m.Gauge("x", "x", func() float64 { return 0 })
}
