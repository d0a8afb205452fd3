package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"

	ucli "github.com/urfave/cli/v2"
)

// Version is flow's version. Release builds set it with
// -ldflags "-X flow/cmd/flow/cli.Version=v1.2.3"; otherwise it comes from the
// module's build information, or reads "devel".
var Version = ""

func versionString() string {
	if Version != "" {
		return Version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

func (e *env) version(c *ucli.Context) error {
	fmt.Fprintf(e.stdout, "flow %s (%s, %s/%s)\n", versionString(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return nil
}
