package browser

import (
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"flow/surfaces"
)

// needFFmpeg skips nothing: ffmpeg is part of the set-up (scripts/setup),
// so a machine without it fails the test with the hint.
func needFFmpeg(t *testing.T) {
	t.Helper()
	if _, err := FindFFmpeg(); err != nil {
		t.Fatalf("%v: %s", err, FFmpegHint)
	}
	if _, err := exec.LookPath("ffprobe"); err != nil {
		t.Fatalf("ffprobe (Debian's ffmpeg package) is not on PATH: %s", FFmpegHint)
	}
}

// probed is what ffprobe says about a video file.
type probed struct {
	Codec    string
	PixFmt   string
	W, H     int
	Duration float64
}

func probe(t *testing.T, path string) probed {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0",
		"-show_entries", "stream=codec_name,pix_fmt,width,height:format=duration", "-of", "json", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	var res struct {
		Streams []struct {
			CodecName string `json:"codec_name"`
			PixFmt    string `json:"pix_fmt"`
			Width     int    `json:"width"`
			Height    int    `json:"height"`
		} `json:"streams"`
		Format struct {
			Duration string `json:"duration"`
		} `json:"format"`
	}
	if err := json.Unmarshal(out, &res); err != nil || len(res.Streams) != 1 {
		t.Fatalf("ffprobe %s: %s (%v)", path, out, err)
	}
	st := res.Streams[0]
	d, _ := strconv.ParseFloat(res.Format.Duration, 64)
	return probed{Codec: st.CodecName, PixFmt: st.PixFmt, W: st.Width, H: st.Height, Duration: d}
}

// decodeFrames extracts every frame of a video as an image, in order.
func decodeFrames(t *testing.T, path string) []image.Image {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("ffmpeg", "-v", "error", "-i", path, "-fps_mode", "passthrough", filepath.Join(dir, "%05d.png")).CombinedOutput(); err != nil {
		t.Fatalf("extract frames of %s: %v\n%s", path, err, out)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	sort.Strings(names)
	var imgs []image.Image
	for _, n := range names {
		f, err := os.Open(n)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		imgs = append(imgs, img)
	}
	if len(imgs) == 0 {
		t.Fatalf("%s has no frames", path)
	}
	return imgs
}

// region is the inside of b, inset by 4 pixels (past borders, focus rings
// and the blur of the encoder at edges).
func region(b surfaces.Bounds) image.Rectangle {
	return image.Rect(int(b.X)+4, int(b.Y)+4, int(b.X+b.W)-4, int(b.Y+b.H)-4)
}

// lumas returns the luma of every pixel of r in img.
func lumas(img image.Image, r image.Rectangle) []float64 {
	var out []float64
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			out = append(out, (0.299*float64(cr)+0.587*float64(cg)+0.114*float64(cb))/257)
		}
	}
	return out
}

// dark reports whether r is painted black in img: every pixel near black.
func dark(img image.Image, r image.Rectangle) bool {
	for _, l := range lumas(img, r) {
		if l > 60 {
			return false
		}
	}
	return true
}

// alike reports whether r looks the same in two frames (mean difference
// of luma under 6 of 255: encoder noise and a caret, not a line of text).
func alike(a, b image.Image, r image.Rectangle) bool {
	la, lb := lumas(a, r), lumas(b, r)
	sum := 0.0
	for i := range la {
		sum += math.Abs(la[i] - lb[i])
	}
	return sum/float64(len(la)) < 6
}

// changed counts the pixels of r that differ clearly between two frames.
func changed(a, b image.Image, r image.Rectangle) int {
	la, lb := lumas(a, r), lumas(b, r)
	n := 0
	for i := range la {
		if math.Abs(la[i]-lb[i]) > 40 {
			n++
		}
	}
	return n
}

// boundsOf reads an element's box in the page (test use only: the page's
// own world).
func boundsOf(t *testing.T, s *Surface, id string) surfaces.Bounds {
	t.Helper()
	ctx, cancel := s.actCtx(testCtx(t))
	defer cancel()
	res, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{
		Expression:    fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; })()`, id),
		ReturnByValue: new(true),
	})
	if err != nil || res.Result == nil {
		t.Fatalf("bounds of #%s: %v", id, err)
	}
	var b surfaces.Bounds
	if err := json.Unmarshal(res.Result.Value, &b); err != nil {
		t.Fatal(err)
	}
	return b
}

// TestVideoPlaysInRealTime records an animated page and checks the file:
// its codec and pixel format by extension, the viewport's size, and a
// length equal to the time it recorded although the browser sends frames
// only when the screen changes.
func TestVideoPlaysInRealTime(t *testing.T) {
	needFFmpeg(t)
	for _, tc := range []struct{ ext, codec string }{{".mp4", "h264"}, {".webm", "vp9"}} {
		t.Run(tc.ext, func(t *testing.T) {
			s := newSurface(t)
			open(t, s, "/testdata/video.html")
			path := filepath.Join(t.TempDir(), "run"+tc.ext)
			v, err := s.StartVideo(testCtx(t), path, VideoOptions{})
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			time.Sleep(1500 * time.Millisecond)
			// A still page: no frames come, yet the video goes on.
			s.Act(testCtx(t), surfaces.Navigate(site.URL+"/testdata/other.html"))
			time.Sleep(1000 * time.Millisecond)
			before := time.Since(start)
			st, err := v.Stop()
			after := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d frames from the browser, %d written, %s, %d bytes; Stop called after %s, done after %s", tc.ext, st.Frames, st.Written, st.Duration, st.Bytes, before, after)
			if st.Frames < 5 {
				t.Errorf("only %d frames from the browser for 1.5 s of animation", st.Frames)
			}
			// Stop takes the last screen and then ends the file: the video
			// lasts until a moment between the call and its return.
			if st.Duration < before-200*time.Millisecond || st.Duration > after+200*time.Millisecond {
				t.Errorf("video lasts %s, Stop called after %s, done after %s", st.Duration, before, after)
			}
			fi, err := os.Stat(path)
			if err != nil || fi.Size() != st.Bytes || st.Bytes == 0 {
				t.Errorf("file %s: %v, size %v, stats say %d bytes", path, err, fi, st.Bytes)
			}
			p := probe(t, path)
			if p.Codec != tc.codec || p.PixFmt != "yuv420p" || p.W != 1280 || p.H != 800 {
				t.Errorf("probed %+v, want %s yuv420p 1280x800", p, tc.codec)
			}
			if math.Abs(p.Duration-st.Duration.Seconds()) > 0.25 {
				t.Errorf("ffprobe says %.2fs, stats %s", p.Duration, st.Duration)
			}
			// The second half is the still page after the navigation.
			frames := decodeFrames(t, path)
			if last := frames[len(frames)-1]; changed(last, frames[0], image.Rect(0, 0, 1280, 800)) < 500 {
				t.Errorf("the last frame still shows the first page")
			}
		})
	}
}

// TestVideoNeverShowsASecret fills secrets while recording and reads
// every frame back: the field a secret is typed into, one filled before
// the video started, and the page's own echo of the secret are black in
// every frame they hold it; a field filled with a plain value shows it
// (the check can see text).
func TestVideoNeverShowsASecret(t *testing.T) {
	needFFmpeg(t)
	s := newSurface(t)
	sc := open(t, s, "/testdata/video.html")
	ctx := testCtx(t)
	const card, early, plain = "4111111111111111", "9876543210123456", "5555444433332222"
	if out, err := s.Act(ctx, surfaces.FillSecret(find(t, sc, "textbox", "Earlier secret").Ref, early)); err != nil || !out.ReadbackOK {
		t.Fatalf("fill before the video: %v %+v", err, out)
	}
	path := filepath.Join(t.TempDir(), "secret.mp4")
	if keep := os.Getenv("VIDEO_KEEP"); keep != "" {
		path = keep
	}
	v, err := s.StartVideo(ctx, path, VideoOptions{FPS: 25})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Stop()
	time.Sleep(400 * time.Millisecond)
	sc = observe(t, s)
	out, err := s.Act(ctx, surfaces.FillSecret(find(t, sc, "textbox", "Card number").Ref, card))
	if err != nil || !out.ReadbackOK {
		t.Fatalf("secret fill while recording: %v %+v", err, out)
	}
	if _, err := s.Act(ctx, surfaces.Fill(find(t, sc, "textbox", "Name on card").Ref, plain)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Act(ctx, surfaces.Click(find(t, sc, "button", "Show what I typed").Ref)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(400 * time.Millisecond)
	cardBox, earlyBox, nameBox, echoBox := boundsOf(t, s, "card"), boundsOf(t, s, "early"), boundsOf(t, s, "name"), boundsOf(t, s, "echo")
	if _, err := v.Stop(); err != nil {
		t.Fatal(err)
	}
	// The page still holds what was typed, and its echo: the veil only
	// paints, and it is lifted when the video ends.
	ectx, cancel := s.actCtx(ctx)
	defer cancel()
	res, err := chromedp.Call(ectx, runtime.Evaluate, runtime.EvaluateParams{
		Expression: fmt.Sprintf(`(() => { const c = document.getElementById("card"), e = document.getElementById("echo");
			return [c.value === %q && e.textContent.includes(%q), c.getAttribute("style"), e.getAttribute("style"), getComputedStyle(c).backgroundColor]; })()`, card, card),
		ReturnByValue: new(true),
	})
	if err != nil || res.Result == nil || string(res.Result.Value) != `[true,null,null,"rgb(255, 255, 255)"]` {
		t.Errorf("after the video, want the typed value and its echo, unveiled; got %v %v", res, err)
	}

	frames := decodeFrames(t, path)
	first, last := frames[0], frames[len(frames)-1]
	for i, f := range frames {
		if !dark(f, region(earlyBox)) {
			t.Errorf("frame %d: the field filled before the video shows through", i)
		}
		if !dark(f, region(cardBox)) && !alike(f, first, region(cardBox)) {
			t.Errorf("frame %d: the card field is neither empty nor black", i)
		}
		if !dark(f, region(echoBox)) && !alike(f, first, region(echoBox)) {
			t.Errorf("frame %d: the page's echo of the secret is neither empty nor black", i)
		}
	}
	if !dark(last, region(cardBox)) || !dark(last, region(echoBox)) {
		t.Errorf("the last frame does not veil the card field (%v) or the echo (%v)", dark(last, region(cardBox)), dark(last, region(echoBox)))
	}
	// The negative control: a plain value is there to see.
	if dark(last, region(nameBox)) || alike(last, first, region(nameBox)) {
		t.Errorf("the plain field shows no text in the last frame: the check would not see a secret either")
	}
}

// TestVideoSaysWhyFFmpegFailed: a file ffmpeg cannot write ends the video
// with ffmpeg's own words, and the surface goes on.
func TestVideoSaysWhyFFmpegFailed(t *testing.T) {
	needFFmpeg(t)
	s := newSurface(t)
	open(t, s, "/testdata/video.html")
	v, err := s.StartVideo(testCtx(t), filepath.Join(t.TempDir(), "missing", "run.mp4"), VideoOptions{})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	_, err = v.Stop()
	if err == nil || !strings.Contains(err.Error(), "ffmpeg") || !strings.Contains(err.Error(), "No such file or directory") {
		t.Errorf("Stop: %v, want ffmpeg's complaint about the missing folder", err)
	}
	if _, err := s.Observe(testCtx(t)); err != nil {
		t.Errorf("the surface after a failed video: %v", err)
	}
	if _, err := s.StartVideo(testCtx(t), filepath.Join(t.TempDir(), "again.webm"), VideoOptions{}); err != nil {
		t.Errorf("a second video after the first stopped: %v", err)
	}
}

// TestVideoVeilsASecretOnALaterPage types a secret while recording, then
// goes to a page that shows it (a receipt): no frame of the later page
// shows the secret, from its first paint, and its plain text shows (the
// check can see text). The veil for later pages ends with the video.
func TestVideoVeilsASecretOnALaterPage(t *testing.T) {
	needFFmpeg(t)
	s := newSurface(t)
	sc := open(t, s, "/testdata/video.html")
	ctx := testCtx(t)
	const card = "4111111111111111"
	path := filepath.Join(t.TempDir(), "receipt.mp4")
	v, err := s.StartVideo(ctx, path, VideoOptions{FPS: 25})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Stop()
	if out, err := s.Act(ctx, surfaces.FillSecret(find(t, sc, "textbox", "Card number").Ref, card)); err != nil || !out.ReadbackOK {
		t.Fatalf("secret fill while recording: %v %+v", err, out)
	}
	if sc = open(t, s, "/testdata/receipt.html"); !hasLine(sc, "Order 5555444433332222") {
		t.Fatalf("the receipt page did not load:\n%s", sc)
	}
	time.Sleep(400 * time.Millisecond)
	receiptBox, orderBox := boundsOf(t, s, "receipt"), boundsOf(t, s, "order")
	if _, err := v.Stop(); err != nil {
		t.Fatal(err)
	}
	frames := decodeFrames(t, path)
	last := frames[len(frames)-1]
	if !dark(last, region(receiptBox)) {
		t.Fatal("the last frame shows the receipt's secret unveiled")
	}
	// The receipt's box is blank on the first page: every frame shows it
	// blank or black, never the secret.
	for i, f := range frames {
		if !dark(f, region(receiptBox)) && !alike(f, frames[0], region(receiptBox)) {
			t.Errorf("frame %d: the receipt's secret shows through", i)
		}
	}
	if dark(last, region(orderBox)) || alike(last, frames[0], region(orderBox)) {
		t.Errorf("the receipt's plain text shows nowhere in the last frame: the check would not see a secret either")
	}
	// The video's end lifts the later page's veil too, and a page opened
	// after it is left as it is.
	if style := mainWorld[any](t, s, `document.getElementById("receipt").getAttribute("style")`); style != nil {
		t.Errorf("the receipt is still veiled after the video: style %v", style)
	}
	open(t, s, "/testdata/receipt.html")
	if style := mainWorld[any](t, s, `document.getElementById("receipt").getAttribute("style")`); style != nil {
		t.Errorf("a page opened after the video is veiled: style %v", style)
	}
}
