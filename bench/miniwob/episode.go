package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"flow/internal/cdpclient"
)

// startScript starts a MiniWoB episode the way BrowserGym does: seed the
// page's random numbers, lengthen the episode timer so the runner's pace is
// not scored, start, wait until the task says it is ready, read the goal,
// then take away what a runner must not see — the goal itself (#query is
// emptied: the flow gets it as facts), the reward display and the click
// canvas — and keep the START cover from coming back after the episode ends
// (pressing it would start a new episode and reset the reward). %s is the
// seed, %d the episode time in milliseconds.
const startScript = `(async () => {
  const sleep = ms => new Promise(r => setTimeout(r, ms));
  const until = Date.now() + 15000;
  while (typeof core === 'undefined' || !core.cover_div || typeof Math.seedrandom !== 'function') {
    if (Date.now() > until) throw new Error('the task page did not get ready');
    await sleep(50);
  }
  Math.seedrandom(%s);
  core.EPISODE_MAX_TIME = %d;
  core.startEpisodeReal();
  while (!WOB_TASK_READY) {
    if (Date.now() > until) throw new Error('the task did not get ready');
    await sleep(50);
  }
  let utterance = core.getUtterance();
  if (utterance && typeof utterance === 'object') utterance = utterance.utterance; // the -nl tasks add fields

  core.startEpisode = function () {};
  for (const id of ['reward-display', 'click-canvas', 'sync-task-cover']) {
    const e = document.getElementById(id);
    if (e) e.style.display = 'none';
  }
  document.getElementById('query').innerHTML = '';
  return utterance;
})()`

// loadedScript says whether the tab's document is the task page, loaded.
const loadedScript = `location.pathname.endsWith(%s) && document.readyState === 'complete'`

// waitLoaded waits until the tab shows the task page, loaded: a new tab
// starts on about:blank, and an evaluation that lands before the
// navigation commits dies with its document.
func waitLoaded(ctx context.Context, t *cdpclient.Session, task string) error {
	expr := fmt.Sprintf(loadedScript, jsonString("/"+task+".html"))
	var lastErr error
	for {
		var ok bool
		if lastErr = t.Eval(ctx, expr, &ok); lastErr == nil && ok {
			return nil
		}
		select {
		case <-ctx.Done():
			if lastErr != nil {
				return fmt.Errorf("the task page did not load: %w", lastErr)
			}
			return fmt.Errorf("the task page did not load: %w", ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// resultScript reads the episode's end state.
const resultScript = `({done: !!WOB_DONE_GLOBAL, raw: Number(WOB_RAW_REWARD_GLOBAL) || 0, reason: WOB_REWARD_REASON == null ? '' : String(WOB_REWARD_REASON)})`

// episodeResult is what one episode came to.
type episodeResult struct {
	Task      string  `json:"task"`
	Seed      int     `json:"seed"`
	Utterance string  `json:"utterance"`
	Done      bool    `json:"done"`
	Raw       float64 `json:"raw_reward"`
	Reason    string  `json:"reward_reason,omitempty"`
	// Outcome is the flow run's outcome ("completed", "failed", …), or
	// "harness" when the episode could not be run.
	Outcome string `json:"flow_outcome"`
	// Failure says why the episode did not succeed, in one line: the
	// failing step (path, kind) and reason, or what the page said.
	Failure  string        `json:"failure,omitempty"`
	Duration time.Duration `json:"duration_ns"`
	// Output is the flow run's JSON result (kept for -v and the JSON file).
	Output json.RawMessage `json:"flow_result,omitempty"`
}

// Success is MiniWoB's: the page ended the episode with a positive raw reward.
func (r episodeResult) Success() bool { return r.Done && r.Raw > 0 }

// runner runs episodes one at a time on one browser.
type runner struct {
	dt          *cdpclient.Conn
	browserURL  string
	site        string // the served MiniWoB folder, http://127.0.0.1:PORT/
	flowBin     string
	flowsDir    string
	workDir     string
	flowTimeout time.Duration
	approve     bool
	traceDir    string // where each run's JSONL trace goes; empty for none
}

// runEpisode plays one task at one seed: fresh tab, episode started, goal
// turned into facts, the task's flow run against the tab, the reward read.
func (r *runner) runEpisode(ctx context.Context, task string, seed int) episodeResult {
	start := time.Now()
	res := r.play(ctx, task, seed)
	res.Duration = time.Since(start)
	return res
}

// play is runEpisode without the clock.
func (r *runner) play(ctx context.Context, task string, seed int) episodeResult {
	res := episodeResult{Task: task, Seed: seed, Outcome: "harness"}
	fail := func(format string, a ...any) episodeResult {
		res.Failure = fmt.Sprintf(format, a...)
		return res
	}

	parse, ok := parsers[task]
	if !ok {
		return fail("no utterance parser for %s", task)
	}
	flowFile := filepath.Join(r.flowsDir, task+".flow")
	if _, err := os.Stat(flowFile); err != nil {
		return fail("no flow: %v", err)
	}

	setupCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	t, err := r.dt.NewPage(setupCtx, r.site+"miniwob/"+task+".html")
	if err != nil {
		return fail("open tab: %v", err)
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		t.CloseTarget(closeCtx)
	}()
	if err := waitLoaded(setupCtx, t, task); err != nil {
		return fail("%v", err)
	}
	episodeMS := int((r.flowTimeout + 60*time.Second).Milliseconds())
	if err := t.Eval(setupCtx, startScriptFor(seed, episodeMS), &res.Utterance); err != nil {
		return fail("start episode: %v", err)
	}
	facts, err := parse(res.Utterance)
	if err != nil {
		return fail("utterance: %v", err)
	}
	facts, secrets := splitSecrets(facts)
	factsFile := filepath.Join(r.workDir, fmt.Sprintf("%s-%d.facts.yaml", task, seed))
	if err := writeFacts(factsFile, facts); err != nil {
		return fail("facts: %v", err)
	}
	secretsFile := ""
	if len(secrets) > 0 {
		secretsFile = filepath.Join(r.workDir, fmt.Sprintf("%s-%d.secrets.yaml", task, seed))
		if err := writeSecrets(secretsFile, secrets); err != nil {
			return fail("secrets: %v", err)
		}
	}
	if err := t.Activate(setupCtx); err != nil {
		return fail("activate tab: %v", err)
	}

	// Every episode is judged cold: a resolution cache could replay what
	// an earlier seed resolved on a screen that happens to repeat.
	args := []string{"run", flowFile, "--browser-url", r.browserURL, "--facts", factsFile,
		"--json", "--timeout", r.flowTimeout.String(), "--cache", "off"}
	if secretsFile != "" {
		args = append(args, "--secrets", secretsFile)
	}
	if r.approve {
		args = append(args, "--approve")
	}
	if r.traceDir != "" {
		args = append(args, "--trace", filepath.Join(r.traceDir, fmt.Sprintf("%s-%d.jsonl", task, seed)))
	}
	runCtx, cancelRun := context.WithTimeout(ctx, r.flowTimeout+30*time.Second)
	defer cancelRun()
	cmd := exec.CommandContext(runCtx, r.flowBin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	flowFailure := ""
	if out := bytes.TrimSpace(stdout.Bytes()); json.Valid(out) {
		res.Output = json.RawMessage(out)
		res.Outcome, flowFailure = summarizeRun(out)
	} else {
		res.Outcome = "no result"
		flowFailure = "flow run: " + firstLine(strings.TrimSpace(stderr.String()+" "+errString(runErr)))
	}

	readCtx, cancelRead := context.WithTimeout(ctx, 10*time.Second)
	defer cancelRead()
	var end struct {
		Done   bool    `json:"done"`
		Raw    float64 `json:"raw"`
		Reason string  `json:"reason"`
	}
	if err := t.Eval(readCtx, resultScript, &end); err != nil {
		return fail("read reward: %v", err)
	}
	res.Done, res.Raw, res.Reason = end.Done, end.Raw, end.Reason
	switch {
	case res.Success():
	case res.Done && flowFailure != "":
		// The page scored a wrong answer and the flow failed too: say both,
		// since a step that passed may have done the wrong thing.
		res.Failure = fmt.Sprintf("wrong result (raw reward %g); %s", res.Raw, flowFailure)
	case res.Done:
		res.Failure = fmt.Sprintf("flow %s, wrong result (raw reward %g)", res.Outcome, res.Raw)
	case flowFailure != "":
		res.Failure = flowFailure
	default:
		res.Failure = "flow " + res.Outcome + ", episode not ended"
	}
	return res
}

// summarizeRun reads a `flow run --json` result: its outcome and, when it
// did not complete or stop where written, the failing step and reason.
func summarizeRun(out []byte) (outcome, failure string) {
	var r struct {
		Outcome string `json:"outcome"`
		Steps   []struct {
			Path string `json:"path"`
			Kind string `json:"kind"`
		} `json:"steps"`
		Stop *struct {
			Path    string `json:"path"`
			Control string `json:"control"`
			Reason  string `json:"reason"`
			Pressed bool   `json:"pressed"`
		} `json:"stop"`
		Failure *struct {
			Path   string `json:"path"`
			Reason string `json:"reason"`
		} `json:"failure"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		return "no result", "flow result: " + err.Error()
	}
	switch {
	case r.Failure != nil:
		kind := ""
		for _, s := range r.Steps {
			if s.Path == r.Failure.Path {
				kind = s.Kind
			}
		}
		where := strings.TrimSpace("step " + r.Failure.Path + " " + kind)
		if r.Failure.Path == "" {
			where = "run"
		}
		return r.Outcome, where + ": " + r.Outcome + ": " + r.Failure.Reason
	case r.Outcome == "stopped_before" && r.Stop != nil && !r.Stop.Pressed:
		return r.Outcome, fmt.Sprintf("step %s stop_before: stopped in front of %s (%s)", r.Stop.Path, r.Stop.Control, r.Stop.Reason)
	}
	return r.Outcome, ""
}

// writeFacts writes a facts file: text values as YAML strings, so that "007"
// stays text; numbers and lists as themselves.
func writeFacts(path string, f facts) error {
	b, err := factsYAML(f)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// factsYAML is the facts file's content.
func factsYAML(f facts) ([]byte, error) { return yaml.Marshal(f) }

// writeSecrets writes a secrets file (flow run --secrets), readable by its
// owner only: the values a task's flow declares as secrets, as text.
func writeSecrets(path string, s map[string]string) error {
	b, err := yaml.Marshal(s)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o600)
}

// startScriptFor is startScript for a seed (handed to Math.seedrandom as
// its decimal text) and an episode time.
func startScriptFor(seed, episodeMS int) string {
	return fmt.Sprintf(startScript, jsonString(fmt.Sprint(seed)), episodeMS)
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
