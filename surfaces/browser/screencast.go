package browser

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/jpeg"
	"io"
	"iter"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// A video of a surface is the tab's screencast (Page.startScreencast: a
// JPEG each time the compositor draws a changed frame) piped into ffmpeg.
// The browser sends a frame only when the screen changes, so a writer
// feeds ffmpeg a constant frame rate from the latest frame, repeating it
// while nothing moves: the file plays in real time. ffmpeg starts with the
// first frame: the video is as wide as it, in the viewport's aspect, with
// even sides for yuv420p.
//
// Secrets: see veil.js and [Surface.veilSecretFill]. The field a secret is
// typed into is painted black before the first character reaches it,
// while a video runs, so no frame holds the secret.

// Stop waits for the last screen: until no frame came for lastFrameQuiet,
// at most lastFrameWait (a page that animates never goes quiet).
const (
	lastFrameQuiet = 150 * time.Millisecond
	lastFrameWait  = time.Second
)

// videoCodecs maps an output file's extension to ffmpeg's encoder
// arguments: H.264 in MP4 (plays everywhere), VP9 in WebM.
var videoCodecs = map[string][]string{
	".mp4":  {"-c:v", "libx264", "-preset", "veryfast", "-crf", "28", "-pix_fmt", "yuv420p", "-movflags", "+faststart"},
	".webm": {"-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1", "-b:v", "0", "-crf", "40", "-pix_fmt", "yuv420p"},
}

// ErrNoFFmpeg is returned by [FindFFmpeg] and [Surface.StartVideo] when no
// ffmpeg is on PATH.
var ErrNoFFmpeg = errors.New("ffmpeg is not installed (not found on PATH)")

// FFmpegHint says how to get ffmpeg on Debian, as the set-up script does.
const FFmpegHint = "install it: apt-get install -y ffmpeg (./scripts/setup installs it beside Chromium)"

// FindFFmpeg returns the path of ffmpeg on PATH, or an error wrapping
// [ErrNoFFmpeg].
func FindFFmpeg() (string, error) {
	p, err := exec.LookPath("ffmpeg")
	if err != nil {
		return "", ErrNoFFmpeg
	}
	return p, nil
}

// CheckVideoPath reports whether path names a video flow can write: its
// extension picks the format, .mp4 (H.264) or .webm (VP9).
func CheckVideoPath(path string) error {
	if _, ok := videoCodecs[strings.ToLower(filepath.Ext(path))]; !ok {
		return fmt.Errorf("%q: a video file's name ends in .mp4 (H.264) or .webm (VP9)", path)
	}
	return nil
}

// VideoOptions configures [Surface.StartVideo].
type VideoOptions struct {
	// FPS is the frame rate of the file (default 10): the latest screen is
	// written this often, so a change shows within 1/FPS seconds.
	FPS int
	// Quality is the JPEG quality of the browser's frames, 1–100
	// (default 80).
	Quality int
}

// VideoStats describe a finished video.
type VideoStats struct {
	Path     string
	Frames   int           // frames the browser sent (one per screen change)
	Written  int           // frames encoded: the browser's and the repeats that keep real time
	Duration time.Duration // the video's length
	Bytes    int64         // the file's size
}

// Video is a recording of a surface's viewport in progress; [Video.Stop]
// ends it and finishes the file.
type Video struct {
	s      *Surface
	path   string
	ffmpeg string
	fps    int
	cancel context.CancelFunc // ends the frame subscription

	mu     sync.Mutex
	latest []byte    // the latest JPEG the browser sent
	lastAt time.Time // when it came
	aspect float64   // the viewport's height over its width, as the browser says
	start  time.Time // the video's time 0
	frames int       // frames taken (not dropped by the gate)
	// gate drops frames drawn before it (browser clock, seconds): ones
	// that may show a secret typed before the video began, before the
	// veil was on screen.
	gate float64

	flush    chan struct{} // closed by Stop: ack at once, so the last screen comes
	received chan struct{} // closed when the frame loop ends
	stop     chan struct{} // closed by Stop: the writer finishes
	written  chan struct{} // closed when the writer is done

	// Owned by the writer until written is closed.
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	errOut limitedBuffer // ffmpeg's complaints
	n      int           // frames written
	werr   error

	once  sync.Once
	stats VideoStats
	err   error
}

// StartVideo records the surface's viewport into path (.mp4 or .webm, see
// [CheckVideoPath]) until [Video.Stop], or until the surface closes.
// While it runs, a field a secret is typed into is painted black before
// the secret reaches it (see veil.js), and so is any text of that
// document that comes to show the secret. Secrets typed before the video
// started are looked for when it starts, in the tab's own document (not
// in cross-site iframes, documents of their own). Every document the tab
// opens while the video runs is watched for all of them from before its
// first paint (veil.go). Stop gives veiled fields their look back. A
// surface records one video at a time.
func (s *Surface) StartVideo(ctx context.Context, path string, opts VideoOptions) (*Video, error) {
	if err := CheckVideoPath(path); err != nil {
		return nil, fmt.Errorf("video: %w", err)
	}
	bin, err := FindFFmpeg()
	if err != nil {
		return nil, err
	}
	if opts.FPS <= 0 {
		opts.FPS = 10
	}
	if opts.Quality <= 0 || opts.Quality > 100 {
		opts.Quality = 80
	}
	v := &Video{
		s: s, path: path, ffmpeg: bin, fps: opts.FPS,
		flush: make(chan struct{}), received: make(chan struct{}), stop: make(chan struct{}), written: make(chan struct{}),
	}
	s.mu.Lock()
	if s.video != nil {
		s.mu.Unlock()
		return nil, errors.New("video: this surface records a video already")
	}
	s.video = v
	secrets := append([]string(nil), s.secrets...)
	s.mu.Unlock()
	fail := func(err error) (*Video, error) {
		s.mu.Lock()
		s.video = nil
		s.mu.Unlock()
		return nil, fmt.Errorf("video: %w", err)
	}

	actx, cancel := s.actCtx(ctx)
	defer cancel()
	if len(secrets) > 0 {
		veiled, err := veilEarlier(actx, s.main, secrets)
		if err != nil {
			return fail(fmt.Errorf("veil secrets typed before it: %w", err))
		}
		if veiled {
			// Until the veil is known to be on screen, drop frames: one
			// drawn before it would show the secret.
			v.gate = math.Inf(1)
		}
		if err := s.veilNewDocuments(actx, secrets); err != nil {
			return fail(err)
		}
	}
	// Subscribe first, so the first frame is not missed.
	vctx, vcancel := context.WithCancel(s.ctx)
	v.cancel = vcancel
	frames := chromedp.Events(vctx, page.ScreencastFrame)
	v.start = time.Now()
	if _, err := chromedp.Call(actx, page.StartScreencast, page.StartScreencastParams{
		Format: page.StartScreencastFormatJpeg, Quality: new(int64(opts.Quality)), EveryNthFrame: 1,
		// One frame at a time, acked no faster than the video's rate: an
		// animation would otherwise make the browser encode 60 JPEGs a
		// second. The frame drawn while the ack waits is kept and sent on
		// the ack, so the last change of a screen is never lost.
		MaxFramesInFlight: 1, SendLastFrame: new(true),
	}); err != nil {
		vcancel()
		return fail(fmt.Errorf("start screencast: %w", err))
	}
	go v.receive(vctx, frames, opts.FPS)
	go v.write()
	if v.gate != 0 {
		var ms float64
		if err := evalVeil(actx, s.main, &ms, "fresh"); err != nil {
			v.Stop()
			return nil, fmt.Errorf("video: veil secrets typed before it: %w", err)
		}
		v.mu.Lock()
		v.gate = ms / 1000
		v.mu.Unlock()
	}
	return v, nil
}

// veilEarlier veils what secrets typed before the video show in the
// tab's document, and reports whether there was any. A headless tab draws
// only when asked, and the screencast may begin with the last frame it
// drew, from before the veil, stamped as new: a screenshot makes it draw
// the veiled page first.
func veilEarlier(ctx context.Context, fc *frameConn, secrets []string) (bool, error) {
	var n int
	if err := evalVeil(ctx, fc, &n, "update", secrets); err != nil || n == 0 {
		return false, err
	}
	_, err := chromedp.Call(ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatJpeg, Quality: new(int64(10))})
	return true, err
}

// receive takes the browser's frames and acks them, paced at the video's
// rate until Stop asks for the last one.
func (v *Video) receive(ctx context.Context, frames iter.Seq2[page.EventScreencastFrame, error], fps int) {
	defer close(v.received)
	var next time.Time
	for ev, err := range frames {
		if err != nil {
			return
		}
		v.mu.Lock()
		if v.gate == 0 || ev.Metadata != nil && float64(ev.Metadata.Timestamp) >= v.gate {
			v.latest = ev.Data
			if m := ev.Metadata; m != nil && m.DeviceWidth > 0 && m.DeviceHeight > 0 {
				v.aspect = m.DeviceHeight / m.DeviceWidth
			}
			v.frames++
		}
		v.lastAt = time.Now()
		v.mu.Unlock()
		// The browser sends the next frame only after this ack.
		select {
		case <-time.After(time.Until(next)):
		case <-v.flush:
		case <-ctx.Done():
			return
		}
		next = time.Now().Add(time.Second / time.Duration(fps))
		ackCtx, ackCancel := context.WithTimeout(ctx, 5*time.Second)
		chromedp.Call(ackCtx, page.ScreencastFrameAck, page.ScreencastFrameAckParams{SessionID: ev.SessionID})
		ackCancel()
	}
}

// write feeds ffmpeg at the video's frame rate until Stop, and once more
// then, so the last screen lasts until the end.
func (v *Video) write() {
	defer close(v.written)
	tick := time.NewTicker(time.Second / time.Duration(v.fps))
	defer tick.Stop()
	for {
		select {
		case <-v.stop:
			v.catchUp(time.Now())
			return
		case now := <-tick.C:
			v.catchUp(now)
		}
	}
}

// catchUp writes the latest frame as many times as the video's clock is
// behind now (a tick the writer missed while ffmpeg was busy is made up).
func (v *Video) catchUp(now time.Time) {
	v.mu.Lock()
	frame, aspect := v.latest, v.aspect
	v.mu.Unlock()
	if frame == nil || v.werr != nil {
		return
	}
	if v.cmd == nil {
		if v.werr = v.startFFmpeg(frame, aspect); v.werr != nil {
			return
		}
	}
	// The first frame also stands for the moment before it came.
	due := int(now.Sub(v.start).Seconds()*float64(v.fps)) + 1
	for ; v.n < due; v.n++ {
		if _, err := v.stdin.Write(frame); err != nil {
			v.werr = fmt.Errorf("ffmpeg stopped taking frames: %w%s", err, v.complaint())
			return
		}
	}
}

// startFFmpeg starts the encoder for frames as wide as first, in the
// viewport's aspect. The first frame of a new tab can be a stale one of
// the window before its viewport was set (1280×713 for 1280×800), so
// the height comes from the metadata, not from it.
func (v *Video) startFFmpeg(first []byte, aspect float64) error {
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(first))
	if err != nil {
		return fmt.Errorf("the browser's first frame: %w", err)
	}
	h := cfg.Height
	if aspect > 0 {
		h = int(float64(cfg.Width)*aspect + 0.5)
	}
	// yuv420p needs even sides; frames of another size are scaled.
	w, h := max(cfg.Width&^1, 2), max(h&^1, 2)
	fps := strconv.Itoa(v.fps)
	args := []string{
		"-hide_banner", "-loglevel", "error", "-nostdin", "-y",
		"-f", "image2pipe", "-framerate", fps, "-c:v", "mjpeg", "-i", "pipe:0",
		"-vf", fmt.Sprintf("scale=%d:%d:flags=bilinear,format=yuv420p", w, h), "-r", fps,
	}
	args = append(args, videoCodecs[strings.ToLower(filepath.Ext(v.path))]...)
	args = append(args, v.path)
	cmd := exec.Command(v.ffmpeg, args...)
	cmd.Stderr = &v.errOut
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start ffmpeg: %w", err)
	}
	v.cmd, v.stdin = cmd, stdin
	return nil
}

// complaint is ffmpeg's last words, for an error message.
func (v *Video) complaint() string {
	if s := strings.TrimSpace(v.errOut.String()); s != "" {
		return ": ffmpeg: " + firstLine(s)
	}
	return ""
}

// Stop ends the recording and waits for ffmpeg to finish the file. It is
// safe to call more than once; later calls return the first result.
func (v *Video) Stop() (VideoStats, error) {
	v.once.Do(func() { v.stats, v.err = v.finish() })
	return v.stats, v.err
}

func (v *Video) finish() (VideoStats, error) {
	s := v.s
	s.mu.Lock()
	if s.video == v {
		s.video = nil
	}
	s.mu.Unlock()
	// A frame drawn while its ack waited is sent on the ack: take frames
	// without pacing until the screen has been still for a moment, so the
	// video ends on the screen as it is now.
	close(v.flush)
	for deadline := time.Now().Add(lastFrameWait); time.Now().Before(deadline); {
		time.Sleep(lastFrameQuiet / 2)
		v.mu.Lock()
		quiet := time.Since(v.lastAt) >= lastFrameQuiet
		v.mu.Unlock()
		if quiet {
			break
		}
	}
	// The tab may be gone already; then there is nothing to stop.
	ctx, cancel := context.WithTimeout(s.ctx, 3*time.Second)
	chromedp.Call(ctx, page.StopScreencast, cdp.Empty{})
	cancel()
	// No frame is taken any more: give veiled fields their look back, and
	// load no veil into the documents to come.
	s.mu.Lock()
	veiled := len(s.secrets) > 0
	s.mu.Unlock()
	uctx, ucancel := s.actCtx(context.Background())
	s.unveilNewDocuments(uctx)
	ucancel()
	if veiled {
		fcs := []*frameConn{s.main}
		for _, fc := range s.oopifs {
			fcs = append(fcs, fc)
		}
		for _, fc := range fcs {
			lctx, lcancel := fc.actCtx(context.Background())
			evalVeil(lctx, fc, nil, "lift")
			lcancel()
		}
	}
	v.cancel()
	<-v.received
	close(v.stop)
	<-v.written

	v.mu.Lock()
	st := VideoStats{Path: v.path, Frames: v.frames, Written: v.n, Duration: time.Duration(v.n) * time.Second / time.Duration(v.fps)}
	v.mu.Unlock()
	if v.cmd == nil {
		if v.werr != nil {
			return st, fmt.Errorf("video: %w", v.werr)
		}
		return st, errors.New("video: the browser sent no frame")
	}
	v.stdin.Close() // ffmpeg finishes the file and exits
	err := v.cmd.Wait()
	if v.werr != nil {
		return st, fmt.Errorf("video: %w", v.werr)
	}
	if err != nil {
		return st, fmt.Errorf("video: ffmpeg: %w%s", err, v.complaint())
	}
	if fi, err := os.Stat(v.path); err == nil {
		st.Bytes = fi.Size()
	}
	return st, nil
}

// stopVideo ends a video still running when the surface closes.
func (s *Surface) stopVideo() {
	s.mu.Lock()
	v := s.video
	s.mu.Unlock()
	if v != nil {
		v.Stop()
	}
}

// limitedBuffer keeps the first 4 KiB written to it; ffmpeg writes from
// exec's own goroutine while the writer may read.
type limitedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if room := 4096 - l.buf.Len(); room > 0 {
		l.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (l *limitedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}
