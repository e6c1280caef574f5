module github.com/brettspiel/brettspiel/examples/frontend

go 1.23

require github.com/brettspiel/brettspiel v0.0.0-00010101000000-000000000000

replace github.com/brettspiel/brettspiel => ../..
