//go:build js && wasm

// Command wasm is the WebAssembly side of the web page: it puts the Call
// protocol of package session on the global object as globalThis.brettspiel
// and waits.
//
// JavaScript calls
//
//	brettspiel.call(method, argsJSON) // → result JSON (a string)
//
// where method names a method of session.Table.Call and argsJSON is a JSON object
// as a string. Every result is a JSON string; failures are error values
// ({"error": {...}}), a wrong call from JavaScript included: a missing
// method name, arguments that are not a string. brettspiel.ready is set to
// true once the functions are in place, and the event "brettspiel-ready" is
// dispatched on globalThis.
package main

import (
	"encoding/json"
	"syscall/js"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/session"
)

func main() {
	a := session.NewTable(session.Options{})
	call := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeString {
			return badCall("call(method, argsJSON): the method name must be a string")
		}
		in := ""
		if len(args) > 1 {
			switch args[1].Type() {
			case js.TypeString:
				in = args[1].String()
			case js.TypeUndefined, js.TypeNull:
			default:
				return badCall("call(method, argsJSON): the arguments must be a JSON string")
			}
		}
		return string(a.Call(args[0].String(), []byte(in)))
	})
	obj := js.Global().Get("Object").New()
	obj.Set("call", call)
	obj.Set("ready", true)
	js.Global().Set("brettspiel", obj)
	js.Global().Call("dispatchEvent", js.Global().Get("Event").New("brettspiel-ready"))
	select {}
}

func badCall(msg string) string {
	err := &brettspiel.Error{Op: "call", Err: session.ErrBadCall, Reason: msg}
	b, _ := json.Marshal(map[string]any{"error": session.NewErrorJSON(err)})
	return string(b)
}
