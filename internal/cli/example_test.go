package cli_test

import (
	"fmt"
	"os"

	"github.com/brettspiel/brettspiel/internal/cli"
)

func ExampleParse() {
	fs := cli.FlagSet("demo", os.Stdout)
	games := fs.Int("games", 10, "games to play")
	fmt.Println(cli.Parse(fs, []string{"-games", "3"}), *games)
	fmt.Println(cli.Parse(cli.FlagSet("demo", os.Stdout), []string{"left", "over"}))
	// Output:
	// <nil> 3
	// unexpected arguments ["left" "over"]
}
