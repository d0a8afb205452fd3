// Command flow checks, formats, plans and runs .flow files.
//
// All of its behaviour lives in package [flow/cmd/flow/cli]; this file only
// hands it the process's arguments and streams and exits with its code, so
// that tests run the very same Main in-process.
package main
