package e2e

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// workerPage plays a game in a module Web Worker through the JavaScript
// package's startWorker, counting the page's timer ticks meanwhile, then
// loads the engine in the page itself (fetched and streamed) and asks for
// its version.
const workerPage = `<!doctype html>
<meta charset="utf-8">
<title>worker</title>
<script type="module">
import { startWorker, load } from './index.js';
try {
  const w = await startWorker();
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  let st = await w.call('newGame', { variant: 'festung', players: 3, seats: ['greedy', 'random', 'greedy'], log: false });
  while (st.state.turn !== 'over') {
    st = await w.call('advance', { handle: st.handle, limit: 50, log: false });
  }
  clearInterval(timer);
  let refused = '';
  try { await w.call('apply', { handle: st.handle, notation: 'nonsense' }); } catch (e) { refused = e.code; }
  w.terminate();
  const e = await load();
  globalThis.result = JSON.stringify({ turn: st.state.turn, length: st.length, ticks, refused, protocol: e.call('version').protocol });
} catch (err) {
  globalThis.result = JSON.stringify({ error: String(err && err.stack || err) });
}
</script>`

// The JavaScript package runs in a browser: the engine in a module Web
// Worker plays a game to its end while the page's timers run, an error
// comes back as a BrettspielError, and the loader also starts the engine
// in the page.
func TestPackageInAWebWorker(t *testing.T) {
	ctx := page(t)
	dir := t.TempDir()
	build := exec.Command("go", "run", "github.com/brettspiel/brettspiel/examples/web", "-npm", dir)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build the package: %v\n%s", err, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "worker-test.html"), []byte(workerPage), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	if _, err := chromedp.Run(ctx, chromedp.Navigate(srv.URL+"/worker-test.html")); err != nil {
		t.Fatal(err)
	}
	var raw string
	for deadline := time.Now().Add(90 * time.Second); raw == ""; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no result from the page")
		}
		raw = eval[string](t, ctx, `globalThis.result || ''`)
	}
	var res struct {
		Turn     string
		Length   int
		Ticks    int
		Refused  string
		Protocol int
		Error    string
	}
	if err := json.Unmarshal([]byte(raw), &res); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	if res.Error != "" {
		t.Fatal(res.Error)
	}
	if res.Turn != "over" || res.Length == 0 || res.Protocol != 1 || !strings.HasPrefix(res.Refused, "Err") {
		t.Errorf("result: %+v", res)
	}
	if res.Ticks == 0 {
		t.Errorf("the page's timers did not run while the worker played: %+v", res)
	}
	t.Logf("a Festungsspiel for 3 played in a Web Worker: %d steps, %d timer ticks of the page meanwhile", res.Length, res.Ticks)
}
