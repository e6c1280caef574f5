//go:build js && wasm

// Command wasm is the WebAssembly side of the web page and of the
// JavaScript package (examples/web/npm): it puts the Call protocol of
// package session on the global object and waits. It starts the same in a
// browser, a Web Worker and Node.
//
// JavaScript calls
//
//	brettspiel.call(method, argsJSON) // → result JSON (a string)
//
// where method names a method of session.Table.Call and argsJSON is a JSON object
// as a string. Every result is a JSON string; failures are error values
// ({"error": {...}}), a wrong call from JavaScript included: a missing
// method name, arguments that are not a string. The object goes on
// globalThis under the name of the program's first argument (go.argv[1] on
// the JavaScript side), "brettspiel" without one, so that one realm can
// hold several instances. Its "ready" is set to true once "call" is in
// place; then, where the global object dispatches events (a page, a
// worker; Node's does not), the event "brettspiel-ready" is dispatched on
// it.
package main

import (
	"encoding/json"
	"os"
	"syscall/js"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/session"
)

func main() {
	name := "brettspiel"
	if len(os.Args) > 1 && os.Args[1] != "" {
		name = os.Args[1]
	}
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
	global := js.Global()
	obj := global.Get("Object").New()
	obj.Set("call", call)
	obj.Set("protocol", session.Protocol)
	obj.Set("ready", true)
	global.Set(name, obj)
	// Node's global object is no EventTarget: calling its dispatchEvent
	// would panic and end the program, leaving a "ready" object whose
	// calls fail.
	if global.Get("dispatchEvent").Type() == js.TypeFunction && global.Get("Event").Type() == js.TypeFunction {
		global.Call("dispatchEvent", global.Get("Event").New("brettspiel-ready"))
	}
	select {}
}

func badCall(msg string) string {
	err := &brettspiel.Error{Op: "call", Err: session.ErrBadCall, Reason: msg}
	b, _ := json.Marshal(map[string]any{"error": session.NewErrorJSON(err)})
	return string(b)
}
