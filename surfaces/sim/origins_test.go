package sim

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"strings"
	"testing"
)

// The browser surface's table (surfaces/browser/origins_test.go): the two
// copies of the allow-list rules must agree.
func TestOriginPatterns(t *testing.T) {
	rules, err := parseOrigins([]string{"shop.example", "api.example:8443", "*.cdn.example", "https://pay.example"})
	if err != nil {
		t.Fatal(err)
	}
	for url, want := range map[string]bool{
		"http://shop.example/a":        true,
		"https://shop.example:9000/":   true, // a bare host allows any port
		"https://api.example:8443/x":   true,
		"https://api.example/x":        false,
		"https://img.cdn.example/p":    true,
		"https://cdn.example/p":        true,
		"https://evilcdn.example/":     false,
		"https://pay.example/checkout": true,
		"http://pay.example/":          false, // a URL pins the scheme
		"https://pay.example:444/":     false,
		"https://other.example/":       false,
		"about:blank":                  true,
		"ftp://shop.example/":          false,
	} {
		if got := allowedURL(rules, url); got != want {
			t.Errorf("allowed(%s) = %v, want %v", url, got, want)
		}
	}
	for _, bad := range []string{"shop.*.example", "https://", "a/b"} {
		if _, err := parseOrigins([]string{bad}); err == nil {
			t.Errorf("pattern %q accepted", bad)
		}
	}
	if !allowedURL(nil, "https://anything.example/") {
		t.Errorf("an empty allow list must allow everything")
	}
}

// TestOriginsMatchTheBrowser fails when the browser surface's allow-list
// code changes and this copy does not: the declarations must print the
// same. Copy surfaces/browser/origins.go again when it fails (or move the
// code to package surfaces, where both can share it).
func TestOriginsMatchTheBrowser(t *testing.T) {
	decls := func(path string) map[string]string {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, d := range f.Decls {
			var name string
			switch d := d.(type) {
			case *ast.FuncDecl:
				name = d.Name.Name
			case *ast.GenDecl:
				if ts, ok := d.Specs[0].(*ast.TypeSpec); ok {
					name = ts.Name.Name
				}
			}
			if name == "" {
				continue
			}
			var b strings.Builder
			printer.Fprint(&b, fset, d)
			out[name] = b.String()
		}
		return out
	}
	ours, theirs := decls("origins.go"), decls("../browser/origins.go")
	for _, name := range []string{"originPattern", "parseOrigins", "defaultPort", "allowedURL"} {
		if ours[name] == "" || ours[name] != theirs[name] {
			t.Errorf("%s differs from surfaces/browser/origins.go; copy it again", name)
		}
	}
}
