package flowgen

import (
	"fmt"
	"strings"
)

// Faulty returns [Library]'s files with problems planted in two files of
// every three, for tests that need a library full of diagnostics: errors
// of names, types, syntax, calls, recursion, imports between the files and
// duplicates, and warnings of most lint rules, suppressions included.
// File i gets fault i/3 of a fixed list, in turn; every third file stays
// clean. The same arguments always give the same files.
func Faulty(n, steps int, seed int64) []GeneratedFile {
	files := Library(n, steps, seed)
	names := make([]flowNames, len(files))
	for i, f := range files {
		names[i] = namesOf(string(f.Source))
	}
	for i := range files {
		if i%3 == 2 {
			continue
		}
		fault := faults[(i/3)%len(faults)]
		files[i].Source = []byte(fault(string(files[i].Source), names, i))
	}
	return files
}

// flowNames are the names of a generated file's two flows.
type flowNames struct{ main, helper string }

// namesOf reads the flow names of a generated file: its first two lines
// that start with "flow ".
func namesOf(src string) flowNames {
	var found []string
	for _, line := range strings.Split(src, "\n") {
		if rest, ok := strings.CutPrefix(line, "flow "); ok {
			found = append(found, strings.Fields(rest)[0])
		}
	}
	return flowNames{main: found[0], helper: found[1]}
}

// A fault rewrites the source of file i; names holds every file's flows.
type fault func(src string, names []flowNames, i int) string

var faults = []fault{
	// Unknown and misused names, expression type errors.
	func(src string, names []flowNames, i int) string {
		return atMainEnd(src,
			`verify "the total is ${totl}"`,
			`check quantity + "two" > 1, "never true"`,
			`set per_unit = "cheap"`,
			`verify "the password is ${password}"`,
			`if choice == "x" {`, `  press "Tab"`, `}`)
	},
	// Warnings: typing in a do, an irreversible do, a change, an
	// unconditional dismissal, a sign-in stop, a bare name; some after
	// the stop.
	func(src string, names []flowNames, i int) string {
		return atMainEnd(src,
			`do "type the password into the box"`,
			`do "delete the account"`,
			`wait_for "the cart has updated"`,
			`do "close the cookie banner"`,
			`stop_before "signing in"`,
			`verify "the page shows per_unit"`)
	},
	// A syntax error: the file is not linted.
	func(src string, names []flowNames, i int) string {
		return atMainEnd(src, `enter "x" = = 3`, `do "delete the account"`)
	},
	// Unused declarations and suppressions, good and bad.
	func(src string, names []flowNames, i int) string {
		src = strings.Replace(src, "  payment stop\n", "  payment stop\n  fact spare: text \"Never used\"\n  secret token \"Never typed\"\n", 1)
		return atMainEnd(src,
			`do "delete the account"  # lint:ignore L004 the test page has no such button`,
			`# lint:ignore L003`,
			`do "submit the form"`,
			`verify "done"  # lint:ignore L004 nothing irreversible here`,
			`do "pay now"  # lint:ignore E016 errors cannot be ignored`)
	},
	// Calls: missing and mistyped arguments, an unknown flow.
	func(src string, names []flowNames, i int) string {
		h := names[i].helper
		return atMainEnd(src,
			h+"()",
			h+"(query = quantity)",
			h+"(query = query, query = query)",
			h+"(querry = query)",
			strings.TrimSuffix(h, "h")+"x(query = query)")
	},
	// Recursion: the helper calls the entry flow back.
	func(src string, names []flowNames, i int) string {
		return strings.Replace(src, "  enter \"search\" = query\n",
			"  enter \"search\" = query\n  "+names[i].main+"(query = query)\n", 1)
	},
	// Imports: the previous file's flows called from this one, which
	// makes its entry flow a called flow (its allow, budget and payment
	// are then ignored), and an import that does not exist.
	func(src string, names []flowNames, i int) string {
		prev := (i + len(names) - 1) % len(names)
		src = fmt.Sprintf("import %q as other\nimport \"./missing.flow\"\n\n", fmt.Sprintf("./f%04d.flow", prev)) + src
		return atMainEnd(src,
			"other."+names[prev].helper+"(query = query)",
			"other."+names[prev].main+"(query = query, contact = contact, password = password)",
			"other.nothing()")
	},
	// A duplicate flow and a duplicate name.
	func(src string, names []flowNames, i int) string {
		h := names[i].helper
		src = strings.Replace(src, "  fact query: text \"What to look for\"\n", "  fact query: text \"What to look for\"\n  fact contact: text \"Again\"\n", 1)
		return src + fmt.Sprintf("\nflow %s \"Again\" {\n  do \"open it\"\n  verify \"it is open\"\n}\n", h)
	},
}

// atMainEnd adds lines at the end of the file's first flow, indented.
func atMainEnd(src string, lines ...string) string {
	i := strings.Index(src, "\n}\n")
	if i < 0 {
		return src
	}
	var b strings.Builder
	b.WriteString(src[:i+1])
	for _, l := range lines {
		b.WriteString("  " + l + "\n")
	}
	b.WriteString(src[i+1:])
	return b.String()
}
