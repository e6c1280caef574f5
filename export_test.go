package brettspiel

// SetCheckpointEvery sets how many steps lie between a History's checkpoints
// for the length of a test or benchmark; call the returned func to restore it.
func SetCheckpointEvery(n int) (restore func()) {
	old := checkpointEvery
	checkpointEvery = n
	return func() { checkpointEvery = old }
}
