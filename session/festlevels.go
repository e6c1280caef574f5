package session

// The Festungsspiel's strongest level (festung-best) joins bot's registry when
// its package is linked in; it is small, so every build, WebAssembly too,
// offers it.
import _ "github.com/brettspiel/brettspiel/bot/festungbot"
