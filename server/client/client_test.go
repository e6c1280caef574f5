package client

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// DialGame names the game in the WebSocket's URL, escaped, for a proxy;
// Dial names none.
func TestDialGameNamesTheGameInTheURL(t *testing.T) {
	got := make(chan string, 2)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got <- r.URL.Path + " " + r.URL.RawQuery + " " + r.URL.Query().Get("game")
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		c.Close(websocket.StatusNormalClosure, "")
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, c := range []struct{ game, want string }{
		{"aB3-_x&y=z", "/ws game=aB3-_x%26y%3Dz aB3-_x&y=z"},
		{"", "/ws  "},
	} {
		cn, err := DialGame(ctx, srv.URL, "", c.game)
		if err != nil {
			t.Fatal(err)
		}
		cn.Close()
		if g := <-got; g != c.want {
			t.Errorf("DialGame(%q): the server saw %q, want %q", c.game, g, c.want)
		}
	}
}
