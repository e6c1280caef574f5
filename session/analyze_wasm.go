//go:build wasm && !nets

package session

// A WebAssembly build without the tag nets leaves the analysis out with the
// learned nets it judges by (see levels.go): "analyze" is refused there.
type analyzeArgs struct {
	handleArgs
	Plies int `json:"plies"`
}

func analyzeCall(name string, h int, g *Game, in *analyzeArgs) ([]byte, error) {
	return nil, bad(name, "", ErrUnknownMethod, "the analysis is not in this build")
}
