package hub

// Stop refuses new calls and waits for those under way, each stored.
func (h *Hub) Stop() {
	h.running.Lock()
	h.stopping.Store(true)
	h.running.Unlock()
}

// Close stops the hub's timers and its listening, and closes the store.
func (h *Hub) Close() error {
	h.Stop()
	h.stop()
	for _, lg := range h.all() {
		lg.mu.Lock()
		if lg.clock != nil {
			lg.clock.Stop()
		}
		lg.mu.Unlock()
	}
	return h.store.Close()
}
