package store

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
)

// What is sent is handed over in order, in batches of at most the bound,
// and all of it before Close returns; after Close nothing is taken.
func TestBatcherKeepsOrderAndBatches(t *testing.T) {
	var mu sync.Mutex
	var got []int
	largest := 0
	gate := make(chan struct{})
	first := true
	b := NewBatcher(100, 8, func(batch []int) {
		if first { // the first batch waits, so that more pile up behind it
			first = false
			<-gate
		}
		mu.Lock()
		got = append(got, batch...)
		largest = max(largest, len(batch))
		mu.Unlock()
	})
	ctx := context.Background()
	for i := range 50 {
		if err := b.Send(ctx, i); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			for len(b.ch) > 0 { // the first is taken alone
			}
		}
	}
	close(gate)
	b.Close()
	if want := make([]int, 50); !slices.Equal(got, func() []int {
		for i := range want {
			want[i] = i
		}
		return want
	}()) {
		t.Fatalf("handed over %v", got)
	}
	if largest != 8 {
		t.Fatalf("the largest batch held %d, want the bound 8", largest)
	}
	if err := b.Send(ctx, 1); !errors.Is(err, ErrClosed) {
		t.Fatalf("a send after Close: %v", err)
	}
	b.Close() // twice is harmless
}
