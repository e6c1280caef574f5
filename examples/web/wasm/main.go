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
// method name, arguments that are not a string, a string longer than the
// session reads (refused by its length before it is copied into the
// module's memory). The object goes on
// globalThis under the name of the program's first argument (go.argv[1] on
// the JavaScript side), "brettspiel" without one, so that one realm can
// hold several instances. The arguments after the name set the table's
// options: "-max-games=N" its session.Options.MaxGames (the loader's
// option maxGames). Its "ready" is set to true once "call" is in
// place; then, where the global object dispatches events (a page, a
// worker; Node's does not), the event "brettspiel-ready" is dispatched on
// it.
//
// The loader of the JavaScript package calls through three functions its
// module exports instead (brettspielBuffer, brettspielCall and
// brettspielAnswer in direct.go, left out of the page's build with the tag
// nets, whose script calls the global object): the method name, the
// arguments and the answer pass as bytes in the module's memory. That path
// makes no JavaScript string on the Go side and holds no js.Value, whose
// making, finalizers and event round trip cost a call through js.FuncOf
// nearly as much as the session's own work for a move. An exported
// function must not wait for JavaScript (a timer, an event): Table.Call
// never does.
package main

import (
	"encoding/json"
	"os"
	"runtime/debug"
	"strconv"
	"syscall/js"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/session"
)

func main() {
	name := "brettspiel"
	if len(os.Args) > 1 && os.Args[1] != "" {
		name = os.Args[1]
	}
	if os.Getenv("GOGC") == "" {
		// The collector runs on the one JavaScript thread, between the
		// calls' own work, and the live heap is small: twice the default
		// let the module's memory grow to about 20 MiB instead of 11 in
		// the package's bench.js and made its calls about a third faster
		// (three runs each, alternating).
		debug.SetGCPercent(gcPercent)
	}
	opts, ok := tableOptions(os.Args[min(2, len(os.Args)):])
	if !ok {
		// The loader checks its options before it starts the module; this
		// is for a caller going around it. Ending here leaves no global
		// object, and the loader says the engine did not start. (Returning
		// ends the program as os.Exit would, without the kilobyte it adds.)
		return
	}
	table = session.NewTable(opts)
	a := table
	call := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeString {
			return badCall("call(method, argsJSON): the method name must be a string")
		}
		// The lengths are looked at before a string is copied into the
		// module's memory: a string of n UTF-16 code units takes at least
		// n bytes in UTF-8, so one longer than the session reads is
		// refused uncopied (a 300 MiB string took a minute to copy and
		// grew the memory for good before it was refused).
		if n := jsLength(args[0]); n > maxMethod {
			return callError(session.ErrUnknownMethod, "a method name of "+strconv.Itoa(n)+" characters is no method's")
		}
		in := ""
		if len(args) > 1 {
			switch args[1].Type() {
			case js.TypeString:
				if n := jsLength(args[1]); n > session.MaxArgs {
					return callError(session.ErrTooLarge, "arguments of "+strconv.Itoa(n)+" characters; at most "+strconv.Itoa(session.MaxArgs)+" bytes")
				}
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

// gcPercent is the collector's GOGC in this program unless the
// environment (go.env on the JavaScript side) sets one.
const gcPercent = 200

// table holds the games of both entries, call and the exported functions;
// main makes it before either can be called.
var table *session.Table

// maxMethod is the longest method name, in UTF-16 code units, that the
// global call copies to look up; every method's name is far shorter.
const maxMethod = 64

// jsLength returns the length of the JavaScript string s in UTF-16 code
// units without copying it. (Value.Length and Value.Get take objects only:
// the string is wrapped in its String object, which shares its characters.)
func jsLength(s js.Value) int { return js.Global().Get("Object").Invoke(s).Get("length").Int() }

func badCall(msg string) string { return callError(session.ErrBadCall, msg) }

// callError is the error answer of a call refused before the session saw it.
func callError(sentinel error, msg string) string {
	err := &brettspiel.Error{Op: "call", Err: sentinel, Reason: msg}
	b, _ := json.Marshal(map[string]any{"error": session.NewErrorJSON(err)})
	return string(b)
}
