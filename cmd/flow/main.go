// Command flow checks, formats, plans and runs .flow files.
//
// All of its behaviour lives in package [flow/cmd/flow/cli]; this file only
// hands it the process's arguments and streams and exits with its code, so
// that tests run the very same Main in-process.
package main

import (
	"os"

	"flow/cmd/flow/cli"
)

func main() {
	os.Exit(cli.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
