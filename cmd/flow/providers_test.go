package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"

	"flow/flows"
)

// The secrets of the provider runs. The password is the account fixture's
// own (the sign-in must succeed); the nickname is typed into the display
// name field, which shows it, so it is on every screen a model is shown
// afterwards. Its <, > and & make its JSON-escaped and URL-encoded forms
// differ from the raw one, so a leak in any of those shapes is caught.
const (
	providerPassword = flows.AccountPassword
	providerNickname = "Zephyrine<Quill>&Vantablack-5821"
	// providerAPIKey is the key the model servers expect; it must reach
	// them in the right header and never be printed.
	providerAPIKey = "sk-test-Hushed-Key-9f3a71c2e5"
)

// modelRequest is one request a fake model server received.
type modelRequest struct {
	method, path string
	header       http.Header
	body         []byte
}

// fakeModel is an in-process model server speaking one provider's wire
// format ("openai" chat completions with a json_schema response format,
// or "anthropic" Messages with a forced tool). It records every request
// and answers from the request alone: a choice picks the offered option
// whose label shares the most words with the step, a judgement is likely
// when the statement's words are on the screen in the request.
type fakeModel struct {
	t    *testing.T
	wire string
	// fail, when not zero, is the HTTP status of every answer; the error
	// message quotes the key the request carried, as some real servers do.
	fail int

	mu   sync.Mutex
	reqs []modelRequest
	// acted holds the do steps a control was picked for.
	acted map[string]bool
}

// start serves f for the test and returns its base URL.
func (f *fakeModel) start(t *testing.T) string {
	f.t = t
	f.acted = map[string]bool{}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return srv.URL
}

func (f *fakeModel) requests() []modelRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.reqs)
}

func (f *fakeModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	data, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.reqs = append(f.reqs, modelRequest{method: r.Method, path: r.URL.Path, header: r.Header.Clone(), body: data})
	f.mu.Unlock()

	w.Header().Set("Content-Type", "application/json")
	if f.fail != 0 {
		sent := r.Header.Get("x-api-key")
		if f.wire == "openai" {
			sent = strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		}
		w.WriteHeader(f.fail)
		json.NewEncoder(w).Encode(map[string]any{"type": "error", "error": map[string]any{
			"type": "server_error", "message": "cannot serve the request made with key " + sent}})
		return
	}
	var body map[string]any
	if err := json.Unmarshal(data, &body); err != nil {
		f.t.Errorf("%s request body is not JSON: %v", f.wire, err)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	var user, tool string
	var schema any
	if f.wire == "openai" {
		user, _ = jsonAt(body, "messages", 1, "content").(string)
		tool, _ = jsonAt(body, "response_format", "json_schema", "name").(string)
		schema = jsonAt(body, "response_format", "json_schema", "schema")
	} else {
		user, _ = jsonAt(body, "messages", 0, "content").(string)
		tool, _ = jsonAt(body, "tool_choice", "name").(string)
		schema = jsonAt(body, "tools", 0, "input_schema")
	}
	step := promptLine(user, "Step of the flow: ")
	var answer map[string]any
	if enum, ok := jsonAt(schema, "properties", "key", "enum").([]any); ok {
		answer = chooseByWords(user, enum)
		if strings.HasPrefix(step, "do ") && answer["key"] != "none" {
			f.mu.Lock()
			f.acted[step] = true
			f.mu.Unlock()
		}
	} else {
		// A do step's intent (e.g. "sign in") is achieved once a control
		// has been picked for it, whatever words the screen shows.
		f.mu.Lock()
		acted := f.acted[step]
		f.mu.Unlock()
		answer = map[string]any{"probability": judgeByWords(user, acted)}
	}
	if f.wire == "openai" {
		content, _ := json.Marshal(answer)
		json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "model": jsonAt(body, "model"),
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": string(content), "refusal": nil}}},
		})
		return
	}
	json.NewEncoder(w).Encode(map[string]any{
		"id": "msg_1", "type": "message", "role": "assistant", "model": jsonAt(body, "model"),
		"content":     []any{map[string]any{"type": "tool_use", "id": "toolu_1", "name": tool, "input": answer}},
		"stop_reason": "tool_use",
	})
}

// jsonAt walks a decoded JSON value by keys and indexes.
func jsonAt(v any, keys ...any) any {
	for _, k := range keys {
		switch k := k.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			a, _ := v.([]any)
			if k >= len(a) {
				return nil
			}
			v = a[k]
		}
	}
	return v
}

// promptWords are words that say nothing about which option or screen is
// meant.
var promptWords = map[string]bool{
	"a": true, "an": true, "the": true, "is": true, "are": true, "in": true, "on": true, "of": true,
	"to": true, "or": true, "and": true, "that": true, "it": true, "so": true, "be": true, "for": true,
	"do": true, "enter": true, "visible": true, "show": true, "page": true, "user": true, "field": true,
	"not": true, "if": true, "this": true, "with": true, "by": true, "me": true,
}

// wordsOf returns the content words of s, lower case, with a plural or
// past-tense ending dropped.
func wordsOf(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		for _, suffix := range []string{"ed", "s"} {
			if len(w) > 4 {
				w = strings.TrimSuffix(w, suffix)
			}
		}
		if !promptWords[w] {
			out = append(out, w)
		}
	}
	return out
}

// promptLine returns the text after prefix on the line of the prompt that
// starts with it.
func promptLine(prompt, prefix string) string {
	for _, l := range strings.Split(prompt, "\n") {
		if rest, ok := strings.CutPrefix(l, prefix); ok {
			return rest
		}
	}
	return ""
}

// chooseByWords picks the offered key whose label shares the most words
// with the step, what it concerns and the value sought; fewer extra words
// break a tie. No shared word is none.
func chooseByWords(prompt string, enum []any) map[string]any {
	want := map[string]bool{}
	for _, p := range []string{"Step of the flow: ", "It concerns: ", "Value sought: "} {
		for _, w := range wordsOf(promptLine(prompt, p)) {
			want[w] = true
		}
	}
	labels := map[string]string{}
	for _, l := range strings.Split(prompt, "\n") {
		if k, label, ok := strings.Cut(strings.TrimPrefix(l, "  "), ": "); ok && strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "   ") {
			labels[k] = label
		}
	}
	best, bestShared, bestExtra := "none", 0, 0
	for _, k := range enum {
		key, _ := k.(string)
		words := wordsOf(labels[key])
		shared := 0
		for _, w := range words {
			if want[w] {
				shared++
			}
		}
		if extra := len(words) - shared; shared > bestShared || (shared == bestShared && shared > 0 && extra < bestExtra) {
			best, bestShared, bestExtra = key, shared, extra
		}
	}
	return map[string]any{"key": best, "confidence": 0.9}
}

// judgeByWords gives a high probability when every word of the statement
// is in the screen part of the prompt, a low one otherwise, and the
// complement for a question asked the other way ("Is it false that …",
// "… NOT been reached yet"). A do step's goal is reached once acted, never
// before. It reads the prompt as a model would: the wording of the
// question, not the flow's step kind.
func judgeByWords(prompt string, acted bool) float64 {
	text, goal, negated := statementOf(prompt)
	p := judgeWords(prompt, wordsOf(text))
	if goal {
		p = 0.05
		if acted {
			p = 0.95
		}
	}
	if negated {
		return 1 - p
	}
	return p
}

// statementOf finds what a judgement prompt asks about, and how: a plain
// statement, a goal of a do step, or either asked negated.
func statementOf(prompt string) (text string, goal, negated bool) {
	if t := promptLine(prompt, "Statement: "); t != "" {
		return t, false, false
	}
	q := promptLine(prompt, "Question: ")
	for _, form := range []struct {
		prefix, suffix string
		goal, negated  bool
	}{
		{"Has this goal of the step NOT been reached yet: ", "?", true, true},
		{"Has this goal of the step been reached: ", "?", true, false},
		{"Is it false that ", " on the screen below?", false, true},
	} {
		if rest, ok := strings.CutPrefix(q, form.prefix); ok {
			t, err := strconv.Unquote(strings.TrimSuffix(rest, form.suffix))
			if err != nil {
				return "", false, false
			}
			return t, form.goal, form.negated
		}
	}
	return "", false, false
}

// judgeWords is 0.95 when every word of statement is on the screen part of
// the prompt, else 0.05.
func judgeWords(prompt string, statement []string) float64 {
	screen := map[string]bool{}
	if _, data, ok := strings.Cut(prompt, "screen:\n"); ok {
		for _, w := range wordsOf(data) {
			screen[w] = true
		}
	}
	found := 0
	for _, w := range statement {
		if screen[w] {
			found++
		}
	}
	if len(statement) > 0 && found == len(statement) {
		return 0.95
	}
	return 0.05
}

// secretForms are the shapes a secret value could leak in: raw, URL
// encoded (query and path) and JSON escaped (with and without HTML
// escaping).
func secretForms(secret string) []string {
	forms := []string{secret, url.QueryEscape(secret), url.PathEscape(secret)}
	for _, html := range []bool{true, false} {
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(html)
		enc.Encode(secret)
		forms = append(forms, strings.TrimSuffix(strings.TrimSpace(b.String()), `"`)[1:])
	}
	slices.Sort(forms)
	return slices.Compact(forms)
}

// noValue fails when any form of any of values is in any artefact.
func noValue(t *testing.T, artefacts map[string]string, values map[string]string) {
	t.Helper()
	for what, value := range values {
		for _, form := range secretForms(value) {
			for name, text := range artefacts {
				if i := strings.Index(text, form); i >= 0 {
					t.Errorf("the %s (as %q) is in %s: …%s…", what, form, name, text[max(0, i-60):min(len(text), i+len(form)+60)])
				}
			}
		}
	}
}

// providerRun is one `flow run` of the secret profile flow on the account
// site with the given decider, and everything it left behind.
type providerRun struct {
	code                  int
	stdout, stderr, trace string
	result                struct {
		Outcome  string `json:"outcome"`
		ExitCode int    `json:"exit_code"`
		Decider  string `json:"decider"`
		Failure  *struct {
			Path, Reason, Hint string
		} `json:"failure"`
		Steps []struct {
			Path, Kind, Outcome string
		} `json:"steps"`
		Decisions int `json:"decisions"`
	}
	events []map[string]any
}

// runProfile runs testdata/providers/profile.flow with --model model,
// --json and a trace, the two secrets set through FLOW_SECRET_*.
func runProfile(t *testing.T, chromium, model string) *providerRun {
	t.Helper()
	site, _ := serve(t, "account")
	t.Setenv("FLOW_SECRET_PASSWORD", providerPassword)
	t.Setenv("FLOW_SECRET_NICKNAME", providerNickname)
	trace := filepath.Join(t.TempDir(), "run.jsonl")
	r := &providerRun{}
	r.code, r.stdout, r.stderr = flowRun("run", "testdata/providers/profile.flow", "--model", model,
		"--fact", "site="+site, "--fact", "user="+flows.AccountUser,
		"--browser-url", chromium, "--new-page", "--trace", trace, "--json")
	if r.code < 0 || r.code > 5 {
		t.Errorf("exit %d is not a documented exit code (0 to 5)", r.code)
	}
	if err := json.Unmarshal([]byte(r.stdout), &r.result); err != nil {
		t.Fatalf("--json output is not one JSON object: %v\nstdout:\n%s\nstderr:\n%s", err, r.stdout, r.stderr)
	}
	if r.result.ExitCode != r.code {
		t.Errorf("exit %d, but the result says %d", r.code, r.result.ExitCode)
	}
	r.events = readTrace(t, trace)
	if last := r.events[len(r.events)-1]; last["outcome"] != r.result.Outcome {
		t.Errorf("run_ended outcome %v, result outcome %s", last["outcome"], r.result.Outcome)
	}
	b, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	r.trace = string(b)
	t.Logf("%s: %s (exit %d), %d decisions", model, r.result.Outcome, r.code, r.result.Decisions)
	return r
}

// artefacts names every text of a run a person or a log could see.
func (r *providerRun) artefacts() map[string]string {
	return map[string]string{"stdout (the --json result)": r.stdout, "stderr": r.stderr, "the trace": r.trace}
}

// typedNickname reports whether the run typed the nickname: the enter
// step of the flow (step 3) ended done.
func (r *providerRun) typedNickname() bool {
	for _, s := range r.result.Steps {
		if s.Path == "3" && s.Kind == "enter" && s.Outcome == "done" {
			return true
		}
	}
	return false
}

// checkWording reads every request of a run as a model would and checks
// that each asks a well-formed question: no do step is judged (a do ends
// on evidence, issue 19), and a negation reads as a sentence ("Is it
// false that …"), never as "not sign in". It logs the requests' sizes.
func checkWording(t *testing.T, wire string, reqs []modelRequest) {
	t.Helper()
	goals, negations, total, most := 0, 0, 0, 0
	for i, q := range reqs {
		var body any
		if err := json.Unmarshal(q.body, &body); err != nil {
			t.Fatalf("request %d is not JSON: %v", i+1, err)
		}
		at := []any{"messages", 1, "content"}
		if wire == "anthropic" {
			at = []any{"messages", 0, "content"}
		}
		user, _ := jsonAt(body, at...).(string)
		step := promptLine(user, "Step of the flow: ")
		text, goal, negated := statementOf(user)
		switch {
		case strings.Contains(user, "Statement: not "):
			t.Errorf("request %d asks a negation as %q", i+1, promptLine(user, "Statement: "))
		case text != "" && strings.HasPrefix(step, "do ") && !goal:
			t.Errorf("request %d judges the do step %s as a statement, not as a goal:\n%s", i+1, step, user)
		case goal && !strings.Contains(user, "Done so far:"):
			t.Errorf("request %d asks about a goal without what the step did so far", i+1)
		}
		if goal {
			goals++
		}
		if negated {
			negations++
		}
		total += len(q.body)
		most = max(most, len(q.body))
	}
	// A do ends only on evidence the runtime reads itself: no model is
	// asked whether a goal was reached. A verify asks its statement and
	// its negation.
	if goals != 0 || negations == 0 {
		t.Errorf("%d goal and %d negated judgements: the run should ask no goal and some negations", goals, negations)
	}
	if len(reqs) > 0 {
		t.Logf("%s: %d requests, %d bytes each on average (about %d tokens), the largest %d bytes", wire, len(reqs), total/len(reqs), total/len(reqs)/4, most)
	}
}

// requestTexts returns the recorded requests' bodies and, apart, their
// method, path and headers, named for error messages.
func requestTexts(reqs []modelRequest) (bodies, headers map[string]string) {
	bodies, headers = map[string]string{}, map[string]string{}
	for i, q := range reqs {
		var h strings.Builder
		q.header.Write(&h)
		bodies[fmt.Sprintf("request %d body", i+1)] = string(q.body)
		headers[fmt.Sprintf("request %d headers", i+1)] = q.method + " " + q.path + "\n" + h.String()
	}
	return bodies, headers
}

// TestProviderSecrets runs a flow with two secrets under every decision
// model provider (in-process model servers record every request) and
// searches every output and every request for the secrets and the API key.
func TestProviderSecrets(t *testing.T) {
	chromium := startChromium(t)
	secrets := map[string]string{"password": providerPassword, "nickname": providerNickname}
	withKey := map[string]string{"password": providerPassword, "nickname": providerNickname, "API key": providerAPIKey}

	t.Run("local", func(t *testing.T) {
		r := runProfile(t, chromium, "local")
		if r.result.Outcome != "completed" || r.code != 0 {
			t.Errorf("outcome %s (exit %d), want completed; failure %+v", r.result.Outcome, r.code, r.result.Failure)
		}
		if !r.typedNickname() {
			t.Errorf("the nickname was not typed: %+v", r.result.Steps)
		}
		noValue(t, r.artefacts(), secrets)
	})

	for _, wire := range []string{"openai", "anthropic"} {
		env := strings.ToUpper(wire)
		t.Run(wire, func(t *testing.T) {
			model := &fakeModel{wire: wire}
			t.Setenv(env+"_BASE_URL", model.start(t))
			t.Setenv(env+"_API_KEY", providerAPIKey)
			r := runProfile(t, chromium, wire+":test-model")
			if r.result.Outcome != "completed" || r.code != 0 {
				t.Errorf("outcome %s (exit %d), want completed; failure %+v", r.result.Outcome, r.code, r.result.Failure)
			}
			if r.result.Decider != wire+":test-model" {
				t.Errorf("decider %q", r.result.Decider)
			}
			reqs := model.requests()
			if len(reqs) == 0 || r.result.Decisions == 0 {
				t.Fatalf("%d requests, %d decisions: the run never asked the model", len(reqs), r.result.Decisions)
			}
			if !r.typedNickname() {
				t.Errorf("the nickname was not typed, so no screen showed it: %+v", r.result.Steps)
			}
			checkWording(t, wire, reqs)
			sawScreenNickname := false
			for i, q := range reqs {
				wantPath, got, want := "/chat/completions", q.header.Get("Authorization"), "Bearer "+providerAPIKey
				if wire == "anthropic" {
					wantPath, got, want = "/v1/messages", q.header.Get("x-api-key"), providerAPIKey
					if q.header.Get("Authorization") != "" {
						t.Errorf("request %d: an Anthropic request carries an Authorization header", i+1)
					}
				}
				if q.method != http.MethodPost || q.path != wantPath || got != want {
					t.Errorf("request %d: %s %s with key header %q, want POST %s with %q", i+1, q.method, q.path, got, wantPath, want)
				}
				// The typed nickname is masked where the screen shows it.
				if strings.Contains(string(q.body), `\"${nickname}\"`) {
					sawScreenNickname = true
				}
			}
			if r.typedNickname() && !sawScreenNickname {
				t.Errorf("no request showed the display name field holding the masked nickname")
			}
			// The key belongs in the headers only: they are searched for
			// the secrets, everything else for the key too.
			a := r.artefacts()
			bodies, headers := requestTexts(reqs)
			maps.Copy(a, bodies)
			noValue(t, a, withKey)
			noValue(t, headers, secrets)
		})
	}

	t.Run("script", func(t *testing.T) {
		r := runProfile(t, chromium, "script:testdata/providers/profile.answers.yaml")
		if r.result.Outcome != "completed" || r.code != 0 {
			t.Errorf("outcome %s (exit %d), want completed; failure %+v", r.result.Outcome, r.code, r.result.Failure)
		}
		if !r.typedNickname() {
			t.Errorf("the nickname was not typed: %+v", r.result.Steps)
		}
		noValue(t, r.artefacts(), secrets)
	})

	// A model server that refuses every request: the run fails at its
	// first question, and the error names the provider and the status but
	// neither the key (which the server's message quotes) nor a secret.
	for _, tc := range []struct {
		wire   string
		status int
	}{{"openai", http.StatusUnauthorized}, {"anthropic", http.StatusUnauthorized}, {"openai", http.StatusInternalServerError}, {"anthropic", http.StatusInternalServerError}} {
		env := strings.ToUpper(tc.wire)
		t.Run(fmt.Sprintf("%s_%d", tc.wire, tc.status), func(t *testing.T) {
			model := &fakeModel{wire: tc.wire, fail: tc.status}
			t.Setenv(env+"_BASE_URL", model.start(t))
			t.Setenv(env+"_API_KEY", providerAPIKey)
			r := runProfile(t, chromium, tc.wire+":test-model")
			if r.code != 1 || r.result.Outcome != "failed" || r.result.Failure == nil {
				t.Fatalf("outcome %s (exit %d), want failed (exit 1)\nstderr:\n%s", r.result.Outcome, r.code, r.stderr)
			}
			// The step fails for want of an answer; its hint says why.
			f := r.result.Failure
			why := f.Reason + "; " + f.Hint
			want := fmt.Sprintf("decide: %s: HTTP %d: ", tc.wire, tc.status)
			if !strings.Contains(why, want) || !strings.Contains(r.stderr, want) {
				t.Errorf("the failure does not name %q:\nfailure: %s\nstderr:\n%s", want, why, r.stderr)
			}
			if !strings.Contains(why, "with key [api key]") {
				t.Errorf("the server's message quoting the key is not shown with the key masked: %s", why)
			}
			// Each question is one request on 401 (not retried) and three
			// on 500 (retried twice, the default).
			attempts := 1
			if tc.status >= 500 {
				attempts = 3
				if !strings.Contains(why, "(after 3 attempts)") {
					t.Errorf("the failure does not count the attempts: %s", why)
				}
			}
			if n := len(model.requests()); r.result.Decisions == 0 || n != r.result.Decisions*attempts {
				t.Errorf("%d requests for %d decisions, want %d each", n, r.result.Decisions, attempts)
			}
			a := r.artefacts()
			bodies, headers := requestTexts(model.requests())
			maps.Copy(a, bodies)
			noValue(t, a, withKey)
			noValue(t, headers, secrets)
		})
	}
}

// TestProviderKeyMissing runs a model provider with no key and no base
// URL: exit 2 before any browser starts, naming the variable to set.
func TestProviderKeyMissing(t *testing.T) {
	for _, wire := range []string{"openai", "anthropic"} {
		env := strings.ToUpper(wire)
		t.Run(wire, func(t *testing.T) {
			t.Setenv(env+"_BASE_URL", "")
			t.Setenv(env+"_API_KEY", "")
			t.Setenv("FLOW_SECRET_PASSWORD", providerPassword)
			t.Setenv("FLOW_SECRET_NICKNAME", providerNickname)
			code, stdout, stderr := flowRun("run", "testdata/providers/profile.flow", "--model", wire+":test-model",
				"--fact", "site=http://127.0.0.1:1/", "--fact", "user="+flows.AccountUser)
			if code != 2 || !regexp.MustCompile(env+`_API_KEY`).MatchString(stderr) {
				t.Errorf("exit %d, want 2 naming %s_API_KEY\nstdout:\n%s\nstderr:\n%s", code, env, stdout, stderr)
			}
			noValue(t, map[string]string{"stdout": stdout, "stderr": stderr}, map[string]string{"password": providerPassword, "nickname": providerNickname})
		})
	}
}
