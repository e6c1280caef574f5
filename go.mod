module github.com/brettspiel/brettspiel

go 1.23

require (
	github.com/google/go-cmp v0.7.0 // indirect
	pgregory.net/rapid v1.3.0 // indirect
)
