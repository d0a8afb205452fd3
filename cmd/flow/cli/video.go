package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"flow/guard"
	"flow/surfaces/browser"

	ucli "github.com/urfave/cli/v2"
)

// videoFlag is --video FILE of `flow run` and `flow demo`.
var videoFlag = flagSpec{
	name: "video", value: "FILE",
	usage: "record the run's viewport into FILE (.mp4: H.264, .webm: VP9) with ffmpeg; secret fields are painted black",
}

// videoStartTimeout bounds the start of the screencast.
const videoStartTimeout = 10 * time.Second

// checkVideo checks --video before any browser starts: the file's
// extension picks the format, its folder must exist, and ffmpeg must be
// on PATH. Each mistake exits 2 with nothing launched.
func checkVideo(c *ucli.Context) error {
	path := c.String("video")
	if path == "" {
		return nil
	}
	if err := browser.CheckVideoPath(path); err != nil {
		return usagef(c, "--video %v", err)
	}
	if fi, err := os.Stat(filepath.Dir(path)); err != nil || !fi.IsDir() {
		return usagef(c, "--video %q: its folder %s does not exist", path, filepath.Dir(path))
	}
	if _, err := browser.FindFFmpeg(); err != nil {
		return usagef(c, "--video needs ffmpeg to encode the video, and %v\n  hint: %s", err, browser.FFmpegHint)
	}
	return nil
}

// videoRun is the video of one run: started on the surface before the
// first step, stopped before the surface closes, and named in the summary.
// A video that cannot be made is said in the summary; the run goes on and
// keeps its outcome.
type videoRun struct {
	path   string
	masker *guard.Masker
	video  *browser.Video
	stats  browser.VideoStats
	err    error
}

// startVideo starts --video on surf, or returns nil when it was not asked
// for. Call stop and then writeSummary on the result (both accept nil).
func startVideo(ctx context.Context, c *ucli.Context, surf *browser.Surface, secrets map[string]string) *videoRun {
	path := c.String("video")
	if path == "" || surf == nil {
		return nil
	}
	vr := &videoRun{path: path, masker: guard.NewMasker(secrets)}
	sctx, cancel := context.WithTimeout(ctx, videoStartTimeout)
	defer cancel()
	vr.video, vr.err = surf.StartVideo(sctx, path, browser.VideoOptions{})
	return vr
}

// stop finishes the file; call it before the surface closes.
func (vr *videoRun) stop() {
	if vr == nil || vr.video == nil {
		return
	}
	vr.stats, vr.err = vr.video.Stop()
}

// writeSummary adds the video's line to the run's summary: where it is,
// how long and how large, or why there is none.
func (vr *videoRun) writeSummary(w io.Writer) {
	if vr == nil {
		return
	}
	if vr.err != nil {
		msg := strings.TrimPrefix(vr.err.Error(), "video: ")
		if errors.Is(vr.err, browser.ErrNoFFmpeg) {
			msg += "; " + browser.FFmpegHint
		}
		fmt.Fprintf(w, "  video: not recorded: %s\n", vr.masker.Mask(msg))
		return
	}
	fmt.Fprintf(w, "  video: %s (%.1fs, %s)\n", vr.path, vr.stats.Duration.Seconds(), byteSize(vr.stats.Bytes))
}

// byteSize prints a file size the way a person reads it.
func byteSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d kB", n>>10)
	default:
		return fmt.Sprintf("%d bytes", n)
	}
}
