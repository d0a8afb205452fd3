package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestVideoWithoutFFmpeg: --video on a machine without ffmpeg exits 2
// before anything runs (no trace file, no browser), with the hint.
func TestVideoWithoutFFmpeg(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PATH", filepath.Join(dir, "empty")) // no ffmpeg, no chromium
	for _, args := range [][]string{
		{"run", "testdata/run/here.flow", "--video", filepath.Join(dir, "run.mp4"), "--trace", filepath.Join(dir, "run.jsonl")},
		{"demo", "--video", filepath.Join(dir, "demo.webm"), "--trace", filepath.Join(dir, "demo.jsonl")},
	} {
		code, stdout, stderr := flowRun(args...)
		if code != 2 {
			t.Errorf("%s: exit %d, want 2\nstdout:\n%s\nstderr:\n%s", args[0], code, stdout, stderr)
		}
		for _, want := range []string{"--video needs ffmpeg", "ffmpeg is not installed", "apt-get install -y ffmpeg", "scripts/setup"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("%s: stderr lacks %q:\n%s", args[0], want, stderr)
			}
		}
		if stdout != "" {
			t.Errorf("%s: something ran:\n%s", args[0], stdout)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) > 0 {
		t.Errorf("files written although nothing ran: %v", left)
	}
}

// TestVideoFileChecked: the extension picks the format, and the folder
// must exist; either mistake is a usage error before anything runs.
func TestVideoFileChecked(t *testing.T) {
	dir := t.TempDir()
	for file, want := range map[string]string{
		filepath.Join(dir, "run.avi"):            ".mp4 (H.264) or .webm (VP9)",
		filepath.Join(dir, "missing", "run.mp4"): "does not exist",
	} {
		code, stdout, stderr := flowRun("run", "testdata/run/here.flow", "--video", file)
		if code != 2 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "flow run --help") {
			t.Errorf("--video %s: exit %d, want 2 saying %q\nstdout:\n%s\nstderr:\n%s", file, code, want, stdout, stderr)
		}
	}
}

// TestDemoVideo records the demo: the summary names the video, and the
// file is an H.264 MP4 as long as the run.
func TestDemoVideo(t *testing.T) {
	path := filepath.Join(t.TempDir(), "demo.mp4")
	code, stdout, stderr := flowRun("demo", "--quiet", "--video", path)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "  video: "+path+" (") {
		t.Errorf("the summary does not name the video:\n%s", stdout)
	}
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0",
		"-show_entries", "stream=codec_name,width,height:format=duration", "-of", "default=nw=1", path).Output()
	if err != nil {
		t.Fatalf("ffprobe: %v", err)
	}
	probe := string(out)
	for _, want := range []string{"codec_name=h264", "width=1280", "height=800"} {
		if !strings.Contains(probe, want) {
			t.Errorf("ffprobe lacks %s:\n%s", want, probe)
		}
	}
	i := strings.Index(probe, "duration=")
	secs, _ := strconv.ParseFloat(strings.TrimSpace(probe[i+len("duration="):]), 64)
	if secs < 2 {
		t.Errorf("the video lasts %.1fs for the whole demo", secs)
	}
	if strings.Contains(stdout+stderr, "4242424242424242") {
		t.Errorf("the test card number is in the output")
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() < 10_000 {
		t.Errorf("video file: %v %v", fi, err)
	}
}
