package server

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
)

// scrape reads the figures at base's /metrics, in Prometheus's text format.
func scrape(t *testing.T, base string) map[string]*dto.MetricFamily {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("/metrics: %s, %s", resp.Status, resp.Header.Get("Content-Type"))
	}
	p := expfmt.NewTextParser(model.LegacyValidation)
	fams, err := p.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatalf("/metrics is not Prometheus's text format: %v", err)
	}
	return fams
}

// value returns the value of the series of family name whose labels
// include labels (name=value pairs), summed over those that match, and
// whether any did.
func value(fams map[string]*dto.MetricFamily, name string, labels ...string) (float64, bool) {
	f := fams[name]
	if f == nil {
		return 0, false
	}
	sum, found := 0.0, false
next:
	for _, m := range f.GetMetric() {
		for i := 0; i+1 < len(labels); i += 2 {
			ok := false
			for _, l := range m.GetLabel() {
				ok = ok || l.GetName() == labels[i] && l.GetValue() == labels[i+1]
			}
			if !ok {
				continue next
			}
		}
		found = true
		switch {
		case m.Counter != nil:
			sum += m.Counter.GetValue()
		case m.Gauge != nil:
			sum += m.Gauge.GetValue()
		case m.Histogram != nil:
			sum += float64(m.Histogram.GetSampleCount())
		}
	}
	return sum, found
}

// After some calls, /metrics serves the server's figures in Prometheus's
// text format, named brettspiel_…: the games held and waiting, the
// connections open, the calls and refusals by method and error, the
// store's latency by operation; a method the server does not serve is
// counted as "other", never by its name.
func TestMetricsAfterSomeCalls(t *testing.T) {
	_, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), loose())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := create(t, base, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
	create(t, base, hub.CreateArgs{Variant: "festung", Seats: []string{"person", "greedy"}})
	var j client.Joined
	if err := client.Post(ctx, base, "/api/join", map[string]any{"game": c.Game, "invite": "nope"}, &j); errName(err) != "ErrBadInvite" {
		t.Fatalf("a join by no invitation: %v", err)
	}
	cn, err := client.Dial(ctx, base, "")
	if err != nil {
		t.Fatal(err)
	}
	defer cn.Close()
	if _, err := cn.Hello(ctx, c.Game, c.Secret, 0); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"state", "legal", "no-such-method-ab12"} {
		cn.Call(ctx, m, nil)
	}
	fams := scrape(t, base)
	for _, want := range []struct {
		name   string
		labels []string
		min    float64
	}{
		{"brettspiel_games_held", nil, 2},
		{"brettspiel_games_waiting", nil, 1},
		{"brettspiel_connections_open", nil, 1},
		{"brettspiel_connections_total", nil, 1},
		{"brettspiel_calls_total", []string{"method", "create"}, 2},
		{"brettspiel_calls_total", []string{"method", "join"}, 1},
		{"brettspiel_calls_total", []string{"method", "hello"}, 1},
		{"brettspiel_calls_total", []string{"method", "state"}, 1},
		{"brettspiel_calls_total", []string{"method", "other"}, 1},
		{"brettspiel_calls_total", []string{"method", "rematch"}, 0},
		{"brettspiel_refusals_total", []string{"method", "join", "error", "ErrBadInvite"}, 1},
		{"brettspiel_refusals_total", []string{"method", "other", "error", "ErrNotServed"}, 1},
		{"brettspiel_store_seconds", []string{"op", "create"}, 2},
		{"brettspiel_store_seconds", []string{"op", "open"}, 1},
		{"brettspiel_notify_lag_seconds", nil, 0},
		{"go_goroutines", nil, 1},
	} {
		if v, ok := value(fams, want.name, want.labels...); !ok || v < want.min {
			t.Errorf("%s%v: %v (found %v), want at least %v", want.name, want.labels, v, ok, want.min)
		}
	}
	for name, f := range fams {
		if name == "brettspiel_store_seconds" && f.GetType() != dto.MetricType_HISTOGRAM {
			t.Errorf("%s is a %v, want a histogram", name, f.GetType())
		}
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if strings.Contains(l.GetValue(), "no-such") || strings.Contains(l.GetValue(), c.Game) {
					t.Errorf("%s has a label of a client's words: %s=%q", name, l.GetName(), l.GetValue())
				}
			}
		}
	}
}

// With Options.MetricsApart, Handler serves no /metrics: the operator
// serves MetricsHandler elsewhere.
func TestMetricsApart(t *testing.T) {
	o := loose()
	o.MetricsApart = true
	s, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), o)
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("/metrics apart: %s on the main handler", resp.Status)
	}
	if s.MetricsHandler() == nil {
		t.Fatal("no handler of the figures")
	}
}

// On PostgreSQL a process counts the lag of the notifications of the
// changes another process commits.
func TestNotifyLagOnPostgres(t *testing.T) {
	_, dsn := pgDatabase(t)
	_, base1 := pgProcess(t, dsn)
	_, base2 := pgProcess(t, dsn)
	create(t, base1, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if n, _ := value(scrape(t, base2), "brettspiel_notify_lag_seconds"); n > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the other process counted no notification's lag")
		}
	}
}
