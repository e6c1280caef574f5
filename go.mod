module github.com/brettspiel/brettspiel

go 1.23

require (
	github.com/google/go-cmp v0.7.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	pgregory.net/rapid v1.3.0
)

require golang.org/x/text v0.14.0 // indirect
