package metrics

import (
	"bytes"
	"errors"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/brettspiel/brettspiel/server/store"
)

// Metrics are the figures of one server, in a registry of their own (not
// Prometheus's global one), so that servers in one process keep theirs.
type Metrics struct {
	reg     *prometheus.Registry
	methods map[string]bool

	calls, refusals, archived, storeErrors *prometheus.CounterVec
	storeTime                              *prometheus.HistogramVec
	notifyLag                              prometheus.Histogram
	conns, spared                          prometheus.Counter
}

// New returns the figures of a server whose calls are of methods: a call
// of any other is counted as "other".
func New(methods ...string) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry(), methods: map[string]bool{}}
	m.calls = m.counter("calls_total", "Calls answered, refused or not, by method: the WebSocket's methods, hello and connect, and the API's create, join, rematch, lobby and record.", "method")
	m.refusals = m.counter("refusals_total", "Calls answered with an error, by method and the error's name.", "method", "error")
	m.conns = prometheus.NewCounter(prometheus.CounterOpts{Name: "brettspiel_connections_total", Help: "WebSocket connections accepted."})
	m.archived = m.counter("games_archived_total", "Games archived, by why: idle (nobody acted for -idle), waiting (a seat waited for -waiting), room (a waiting game made room), asked.", "why")
	m.storeErrors = m.counter("store_errors_total", "Calls of the store that failed, by operation and kind: conflict (another process wrote first) or failed.", "op", "kind")
	m.storeTime = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "brettspiel_store_seconds",
		Help:    "The time of a call of the store, by operation.",
		Buckets: prometheus.ExponentialBuckets(0.0005, 2, 15)}, []string{"op"})
	m.notifyLag = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "brettspiel_notify_lag_seconds",
		Help:    "From a change's commit by any process to its notification reaching this one (PostgreSQL only; across hosts it includes their clocks' difference).",
		Buckets: prometheus.ExponentialBuckets(0.0005, 2, 15)})
	m.spared = prometheus.NewCounter(prometheus.CounterOpts{Name: "brettspiel_games_spared_total",
		Help: "Games idle in this process that its sweep kept, a person having been at them through another process."})
	m.reg.MustRegister(m.conns, m.spared, m.storeTime, m.notifyLag,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	for _, name := range append(methods, "other") {
		m.methods[name] = true
		m.calls.WithLabelValues(name) // at zero from the start, so that a rate has a beginning
	}
	return m
}

// counter registers a counter brettspiel_name of labels.
func (m *Metrics) counter(name, help string, labels ...string) *prometheus.CounterVec {
	c := prometheus.NewCounterVec(prometheus.CounterOpts{Name: "brettspiel_" + name, Help: help}, labels)
	m.reg.MustRegister(c)
	return c
}

// Gauge registers the gauge brettspiel_name, read by f at each scrape.
func (m *Metrics) Gauge(name, help string, f func() float64) {
	if m != nil {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "brettspiel_" + name, Help: help}, f))
	}
}

// Handler serves the figures in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// method is the label of a method: itself when served, else "other".
func (m *Metrics) method(name string) string {
	if m.methods[name] {
		return name
	}
	return "other"
}

// Call counts a call of method, refused with the error of name errName
// unless "".
func (m *Metrics) Call(method, errName string) {
	if m == nil {
		return
	}
	method = m.method(method)
	m.calls.WithLabelValues(method).Inc()
	if errName != "" {
		m.refusals.WithLabelValues(method, label(errName)).Inc()
	}
}

// Answer counts a call of method by its answer ({"error": …} a refusal).
func (m *Metrics) Answer(method string, answer []byte) {
	m.Call(method, ErrorName(answer))
}

// ErrorName returns the name of the error an answer {"error": {"name", …}}
// carries, or "" for an answer that is none.
func ErrorName(answer []byte) string {
	rest, ok := bytes.CutPrefix(answer, []byte(`{"error":{"name":"`))
	if !ok {
		return ""
	}
	name, _, _ := bytes.Cut(rest, []byte(`"`))
	return label(string(name))
}

// label keeps an error's name as the label's value when it is one as
// the module names its errors (ErrIllegalMove: letters and digits, not
// long), else "other": whatever an error carries, the values stay few.
func label(name string) string {
	if len(name) == 0 || len(name) > 48 {
		return "other"
	}
	for _, r := range name {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return "other"
		}
	}
	return name
}

// Connected counts a WebSocket connection accepted.
func (m *Metrics) Connected() {
	if m != nil {
		m.conns.Inc()
	}
}

// Store counts a call of the store's operation op that took d and ended
// with err.
func (m *Metrics) Store(op string, d time.Duration, err error) {
	if m == nil {
		return
	}
	m.storeTime.WithLabelValues(op).Observe(d.Seconds())
	switch {
	case errors.Is(err, store.ErrConflict):
		m.storeErrors.WithLabelValues(op, "conflict").Inc()
	case err != nil:
		m.storeErrors.WithLabelValues(op, "failed").Inc()
	}
}

// NotifyLag counts a notification that came d after its change's commit.
func (m *Metrics) NotifyLag(d time.Duration) {
	if m != nil {
		m.notifyLag.Observe(max(d, 0).Seconds())
	}
}

// Archived counts a game archived for why (idle, waiting, room, asked).
func (m *Metrics) Archived(why string) {
	if m != nil {
		m.archived.WithLabelValues(why).Inc()
	}
}

// Spared counts a game idle here that the sweep kept, a person having been
// at it through another process.
func (m *Metrics) Spared() {
	if m != nil {
		m.spared.Inc()
	}
}
