package store

import (
	"context"
	"errors"
	"sync"
)

// ErrClosed: the store is closed.
var ErrClosed = errors.New("the store is closed")

// A Batcher hands what is sent to it, in order, to one goroutine, which
// takes all that waits (up to a bound) as one batch.
type Batcher[T any] struct {
	ch     chan T
	done   chan struct{}
	mu     sync.RWMutex // held to send; Close holds it to close
	closed bool
}

// NewBatcher starts the goroutine that calls f with each batch of at most
// max items; up to queue items wait to be taken.
func NewBatcher[T any](queue, max int, f func([]T)) *Batcher[T] {
	b := &Batcher[T]{ch: make(chan T, queue), done: make(chan struct{})}
	go func() {
		defer close(b.done)
		var batch []T
		for v := range b.ch {
			batch = append(batch[:0], v)
			for len(batch) < max && len(b.ch) > 0 { // this goroutine alone takes
				batch = append(batch, <-b.ch)
			}
			f(batch)
			clear(batch) // let go of what the batch held
		}
	}()
	return b
}

// Send queues v, waiting while the queue is full until ctx ends.
func (b *Batcher[T]) Send(ctx context.Context, v T) error {
	b.mu.RLock()
	defer b.mu.RUnlock()
	if b.closed {
		return ErrClosed
	}
	select {
	case b.ch <- v:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close takes no more, and returns once the last batch is handled.
func (b *Batcher[T]) Close() {
	b.mu.Lock()
	if !b.closed {
		b.closed = true
		close(b.ch)
	}
	b.mu.Unlock()
	<-b.done
}
