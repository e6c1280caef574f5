package session_test

import (
	"fmt"

	"github.com/brettspiel/brettspiel/session"
)

// A rule's text for a player, in English by default and in German with
// "lang": "de".
func ExampleTable_Call_rule() {
	t := session.NewTable(session.Options{})
	fmt.Println(string(t.Call("rule", []byte(`{"id":"V-J1"}`))))
	fmt.Println(string(t.Call("rule", []byte(`{"id":"V-J1","lang":"de"}`))))
	fmt.Println(string(t.Call("rule", []byte(`{"id":"V-J1","lang":"fr"}`))))
	// Output:
	// {"id":"V-J1","title":"Junker","text":"When a player's stones off the board outnumber his open entry points as his turn begins, he is Junker: he may enter none of them, and all his numbers are lost until enough entry points open.","source":"Das Verkehren im Bretspiel (VK)"}
	// {"id":"V-J1","title":"Junker","text":"Hat ein Spieler zu Beginn seines Zuges mehr Steine außerhalb des Bretts als offene Einsetzfelder, ist er Junker: er darf keinen davon einsetzen, und alle seine Zahlen verfallen, bis genug Einsetzfelder frei werden.","source":"Das Verkehren im Bretspiel (VK)"}
	// {"error":{"name":"ErrBadCall","message":"brettspiel: rule \"fr\": bad call: lang is \"en\" or \"de\""}}
}
