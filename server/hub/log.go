package hub

import "log/slog"

// GameAttr names a game in a record of the log by the first 8 characters
// of its id: enough to find it in the store (id LIKE 'abcdefgh%') and to
// follow it through the log, not the whole id, which lets anyone watch.
func GameAttr(id string) slog.Attr {
	if len(id) > 8 {
		id = id[:8]
	}
	return slog.String("game", id)
}

// storageErr logs a failure of the storage in what (of the game of id,
// unless "") and returns ErrStorage, all a client is told: the failure may
// name the database's user, host or tables.
func (h *Hub) storageErr(what, id string, err error) error {
	if id != "" {
		h.opt.Log.Error("storage failed: "+what, GameAttr(id), "err", err)
	} else {
		h.opt.Log.Error("storage failed: "+what, "err", err)
	}
	return ErrStorage
}
