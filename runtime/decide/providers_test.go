package decide

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"flow/guard"
	"flow/surfaces"
)

// recorded is one request as the server saw it.
type recorded struct {
	path   string
	header http.Header
	body   []byte
}

// fakeAPI is an in-process server speaking a provider's wire format. Its
// reply func sees the attempt number (0 first) and the decoded body.
type fakeAPI struct {
	t     *testing.T
	mu    sync.Mutex
	reqs  []recorded
	reply func(w http.ResponseWriter, r *http.Request, attempt int, body map[string]any)
}

func (f *fakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	data, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	attempt := len(f.reqs)
	f.reqs = append(f.reqs, recorded{path: r.URL.Path, header: r.Header.Clone(), body: data})
	f.mu.Unlock()
	var body map[string]any
	if err := json.Unmarshal(data, &body); err != nil {
		f.t.Errorf("request body is not JSON: %v", err)
	}
	f.reply(w, r, attempt, body)
}

func (f *fakeAPI) requests() []recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.reqs)
}

func serve(t *testing.T, f *fakeAPI) string {
	f.t = t
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return srv.URL
}

// openAIReply answers like chat completions, with content as the message.
func openAIReply(w http.ResponseWriter, content string) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-test",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": content, "refusal": nil}}},
		"usage": map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
	})
}

// anthropicReply answers like the Messages API with one tool_use block.
func anthropicReply(w http.ResponseWriter, tool string, input any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-test",
		"content":     []any{map[string]any{"type": "tool_use", "id": "toolu_1", "name": tool, "input": input}},
		"stop_reason": "tool_use", "usage": map[string]any{"input_tokens": 10, "output_tokens": 5},
	})
}

func apiError(w http.ResponseWriter, status int, typ, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"type": "error", "error": map[string]any{"type": typ, "message": msg}})
}

func sampleQuestion() Question {
	s := surfaces.Screen{URL: "http://shop.test/cart", Title: "Cart", Layer: surfaces.LayerPage,
		Candidates: []surfaces.Candidate{btn("e1", "Continue shopping"), btn("e2", "Go to cart"), btn("e3", "Proceed to checkout")},
		Context:    []surfaces.ContextLine{line("t1", "Subtotal (1 item): €29.99")}}
	q := askScreen(s, "4/target", PurposeTarget, "go to the cart", "")
	q.Step = `do "go to the cart"`
	return q
}

// path walks a decoded JSON value by keys and indexes.
func path(v any, keys ...any) any {
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

func strs(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

func fastOpts(base string) Options {
	return Options{BaseURL: base, APIKey: "test-key-123", Timeout: 2 * time.Second, Backoff: 5 * time.Millisecond,
		Getenv: func(string) string { return "" }}
}

func TestOpenAIWireFormat(t *testing.T) {
	f := &fakeAPI{reply: func(w http.ResponseWriter, r *http.Request, _ int, body map[string]any) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
			t.Errorf("request %s %s, want POST /v1/chat/completions", r.Method, r.URL.Path)
		}
		if got := r.Header.Get("Authorization"); got != "Bearer test-key-123" {
			t.Errorf("Authorization = %q", got)
		}
		if got := r.Header.Get("Content-Type"); got != "application/json" {
			t.Errorf("Content-Type = %q", got)
		}
		if body["model"] != "gpt-test" || body["temperature"] != 0.0 {
			t.Errorf("model/temperature = %v/%v", body["model"], body["temperature"])
		}
		if path(body, "messages", 0, "role") != "system" || path(body, "messages", 1, "role") != "user" {
			t.Errorf("messages = %v", body["messages"])
		}
		if path(body, "response_format", "type") != "json_schema" || path(body, "response_format", "json_schema", "strict") != true ||
			path(body, "response_format", "json_schema", "name") == "" {
			t.Errorf("response_format = %v", body["response_format"])
		}
		schema := path(body, "response_format", "json_schema", "schema")
		if got := strs(path(schema, "properties", "key", "enum")); !slices.Equal(got, []string{"e1", "e2", "e3", "none"}) {
			t.Errorf("key enum = %v", got)
		}
		if path(schema, "additionalProperties") != false || len(path(schema, "required").([]any)) != 3 {
			t.Errorf("schema = %v", schema)
		}
		openAIReply(w, "```json\n{\"key\":\"e2\",\"confidence\":0.9}\n```")
	}}
	d, err := New("openai:gpt-test", fastOpts(serve(t, f)+"/v1/"))
	if err != nil {
		t.Fatal(err)
	}
	ch, err := d.Choose(context.Background(), sampleQuestion())
	if err != nil || ch.Key != "e2" || ch.Confidence != 0.9 {
		t.Fatalf("Choose = %+v, %v", ch, err)
	}
	if d.Name() != "openai:gpt-test" {
		t.Errorf("Name = %q", d.Name())
	}
}

func TestOpenAIJudge(t *testing.T) {
	f := &fakeAPI{reply: func(w http.ResponseWriter, r *http.Request, _ int, body map[string]any) {
		schema := path(body, "response_format", "json_schema", "schema")
		if path(schema, "properties", "probability", "type") != "number" {
			t.Errorf("judge schema = %v", schema)
		}
		openAIReply(w, `{"probability":0.2}`)
	}}
	d, _ := New("openai:gpt-test", fastOpts(serve(t, f)+"/v1"))
	j, err := d.Judge(context.Background(), Statement{ID: "5/judge", Text: "the cart is empty", Screen: sampleQuestion().Screen})
	if err != nil || j.Probability != 0.2 {
		t.Fatalf("Judge = %+v, %v", j, err)
	}
}

func TestAnthropicWireFormat(t *testing.T) {
	f := &fakeAPI{reply: func(w http.ResponseWriter, r *http.Request, _ int, body map[string]any) {
		if r.URL.Path != "/v1/messages" {
			t.Errorf("path %s, want /v1/messages", r.URL.Path)
		}
		if r.Header.Get("x-api-key") != "test-key-123" || r.Header.Get("anthropic-version") != "2023-06-01" {
			t.Errorf("headers %v", r.Header)
		}
		if r.Header.Get("Authorization") != "" {
			t.Errorf("Anthropic requests carry x-api-key, not Authorization")
		}
		if body["model"] != "claude-test" || body["max_tokens"] == nil || body["temperature"] != 0.0 || body["system"] == "" {
			t.Errorf("body = %v", body)
		}
		if path(body, "messages", 0, "role") != "user" || path(body, "messages", 1) != nil {
			t.Errorf("messages = %v", body["messages"])
		}
		tool := path(body, "tools", 0)
		name, _ := path(tool, "name").(string)
		if name == "" || path(tool, "description") == "" {
			t.Errorf("tool = %v", tool)
		}
		if path(body, "tool_choice", "type") != "tool" || path(body, "tool_choice", "name") != name {
			t.Errorf("tool_choice = %v", body["tool_choice"])
		}
		if name == "choose" {
			if got := strs(path(tool, "input_schema", "properties", "key", "enum")); !slices.Equal(got, []string{"e1", "e2", "e3", "none"}) {
				t.Errorf("key enum = %v", got)
			}
			anthropicReply(w, name, map[string]any{"key": "e3", "confidence": 0.7})
			return
		}
		anthropicReply(w, name, map[string]any{"probability": 0.85})
	}}
	d, err := New("anthropic:claude-test", fastOpts(serve(t, f)))
	if err != nil {
		t.Fatal(err)
	}
	ch, err := d.Choose(context.Background(), sampleQuestion())
	if err != nil || ch.Key != "e3" || ch.Confidence != 0.7 {
		t.Fatalf("Choose = %+v, %v", ch, err)
	}
	j, err := d.Judge(context.Background(), Statement{ID: "5/judge", Text: "the cart is empty", Screen: sampleQuestion().Screen})
	if err != nil || j.Probability != 0.85 {
		t.Fatalf("Judge = %+v, %v", j, err)
	}
}

// Failures, both wire formats: retries on 429 (Retry-After) and 5xx, none
// on other 4xx, timeouts, malformed answers and keys never offered.
func TestProviderFailures(t *testing.T) {
	type reply func(w http.ResponseWriter, attempt int)
	ok := func(w http.ResponseWriter, provider, key string) {
		if provider == "openai" {
			openAIReply(w, `{"key":"`+key+`","confidence":1}`)
		} else {
			anthropicReply(w, "choose", map[string]any{"key": key, "confidence": 1})
		}
	}
	for _, provider := range []string{"openai", "anthropic"} {
		tests := []struct {
			name     string
			reply    func(provider string) reply
			attempts int
			wantKey  string
			wantErr  string
		}{
			{"429 then ok", func(p string) reply {
				return func(w http.ResponseWriter, a int) {
					if a == 0 {
						w.Header().Set("Retry-After", "1")
						apiError(w, 429, "rate_limit_error", "slow down")
						return
					}
					ok(w, p, "e2")
				}
			}, 2, "e2", ""},
			{"5xx twice then ok", func(p string) reply {
				return func(w http.ResponseWriter, a int) {
					if a < 2 {
						apiError(w, 529-a*29, "overloaded_error", "busy")
						return
					}
					ok(w, p, "e1")
				}
			}, 3, "e1", ""},
			{"5xx beyond retries", func(p string) reply {
				return func(w http.ResponseWriter, a int) { apiError(w, 503, "api_error", "down") }
			}, 3, "", "HTTP 503: api_error: down (after 3 attempts)"},
			{"400 is not retried and hides the key", func(p string) reply {
				return func(w http.ResponseWriter, a int) {
					apiError(w, 401, "authentication_error", "Incorrect API key provided: test-key-123")
				}
			}, 1, "", "HTTP 401: authentication_error: Incorrect API key provided: [api key]"},
			{"key not offered is none", func(p string) reply {
				return func(w http.ResponseWriter, a int) { ok(w, p, "e99") }
			}, 1, "", ""},
			{"none is none", func(p string) reply {
				return func(w http.ResponseWriter, a int) { ok(w, p, "none") }
			}, 1, "", ""},
			{"malformed answer", func(p string) reply {
				return func(w http.ResponseWriter, a int) {
					if p == "openai" {
						openAIReply(w, "I think e2")
					} else {
						w.Header().Set("Content-Type", "application/json")
						io.WriteString(w, `{"type":"message","content":[{"type":"text","text":"I think e2"}]}`)
					}
				}
			}, 1, "", "malformed"},
		}
		for _, tc := range tests {
			t.Run(provider+"/"+tc.name, func(t *testing.T) {
				r := tc.reply(provider)
				f := &fakeAPI{reply: func(w http.ResponseWriter, _ *http.Request, a int, _ map[string]any) { r(w, a) }}
				base := serve(t, f)
				if provider == "openai" {
					base += "/v1"
				}
				d, err := New(provider+":m", fastOpts(base))
				if err != nil {
					t.Fatal(err)
				}
				ch, err := d.Choose(context.Background(), sampleQuestion())
				if n := len(f.requests()); n != tc.attempts {
					t.Errorf("%d requests, want %d", n, tc.attempts)
				}
				if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				if err != nil && strings.Contains(err.Error(), "test-key-123") {
					t.Errorf("error holds the API key: %v", err)
				}
				var pe *ProviderError
				if err != nil && !errors.As(err, &pe) {
					t.Errorf("error %T is not a *ProviderError", err)
				}
				if ch.Key != tc.wantKey {
					t.Errorf("key %q, want %q", ch.Key, tc.wantKey)
				}
			})
		}
	}
}

func TestProviderTimeout(t *testing.T) {
	release := make(chan struct{})
	f := &fakeAPI{reply: func(w http.ResponseWriter, r *http.Request, _ int, _ map[string]any) {
		select { // hang until the client gives up
		case <-r.Context().Done():
		case <-release:
		}
	}}
	base := serve(t, f)
	defer close(release)
	opts := fastOpts(base + "/v1")
	opts.Timeout = 50 * time.Millisecond
	opts.Retries = 1
	d, _ := New("openai:m", opts)
	_, err := d.Choose(context.Background(), sampleQuestion())
	if err == nil || !strings.Contains(err.Error(), "timed out") {
		t.Fatalf("error %v, want a timeout", err)
	}
	if n := len(f.requests()); n != 2 {
		t.Errorf("%d requests, want 2 (one retry)", n)
	}
	// A cancelled run stops at once, without retrying.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := d.Choose(ctx, sampleQuestion()); err == nil || !strings.Contains(err.Error(), "cancel") {
		t.Errorf("cancelled: %v", err)
	}
}

// No request to any provider holds a secret value, in any encoding, wherever
// the secret stood: on the screen, in the step, in an option label, in the
// URL.
func TestRequestsHoldNoSecret(t *testing.T) {
	secrets := map[string]string{"card_number": "4242424242424242", "password": "Analytical-Engine-1843 & <co>"}
	masker := guard.NewMasker(secrets)
	pw := secrets["password"]
	s := surfaces.Screen{
		URL: "http://bank.test/login?pw=" + url.QueryEscape(pw), Title: "Signed in with " + pw, Layer: surfaces.LayerPage,
		Candidates: []surfaces.Candidate{
			{Ref: "e1", Role: "textbox", Name: "Card number", Value: "4242424242424242", Editable: true},
			btn("e2", "Use "+pw),
			{Ref: "e3", Role: "textbox", Name: "Note", Value: `said "` + pw + `"`, Editable: true},
		},
		Context: []surfaces.ContextLine{line("t1", "Your password is "+pw), line("t2", "Card 4242424242424242 saved")},
	}
	q := askScreen(s, "6/field", PurposeField, "card number "+pw, "")
	q.Step = `enter "card number" = ` + pw
	q.Value = pw
	st := Statement{ID: "7/judge", Step: "verify " + pw, Text: "the card 4242424242424242 is saved", Screen: BriefOf(s)}

	for _, provider := range []string{"openai", "anthropic"} {
		f := &fakeAPI{reply: func(w http.ResponseWriter, r *http.Request, _ int, body map[string]any) {
			if provider == "openai" {
				if path(body, "response_format", "json_schema", "name") == "judgement" {
					openAIReply(w, `{"probability":0.5}`)
				} else {
					openAIReply(w, `{"key":"e1","confidence":0.5}`)
				}
				return
			}
			name := path(body, "tools", 0, "name").(string)
			if name == "judge" {
				anthropicReply(w, name, map[string]any{"probability": 0.5})
			} else {
				anthropicReply(w, name, map[string]any{"key": "e1", "confidence": 0.5})
			}
		}}
		base := serve(t, f)
		if provider == "openai" {
			base += "/v1"
		}
		opts := fastOpts(base)
		opts.Masker = masker
		d, err := New(provider+":m", opts)
		if err != nil {
			t.Fatal(err)
		}
		if ch, err := d.Choose(context.Background(), q); err != nil || ch.Key != "e1" {
			t.Fatalf("%s: Choose = %+v, %v", provider, ch, err)
		}
		if _, err := d.Judge(context.Background(), st); err != nil {
			t.Fatalf("%s: Judge: %v", provider, err)
		}
		reqs := f.requests()
		if len(reqs) != 2 {
			t.Fatalf("%s: %d requests", provider, len(reqs))
		}
		for _, r := range reqs {
			all := string(r.body) + r.path
			for k, vs := range r.header {
				all += k + strings.Join(vs, ",")
			}
			for _, v := range secrets {
				for _, form := range []string{v, url.QueryEscape(v), url.PathEscape(v), "4242 4242", "Analytical-Engine", "Analytical\\u002dEngine"} {
					if strings.Contains(all, form) {
						t.Errorf("%s: a request holds secret form %q", provider, form)
					}
				}
			}
			if !strings.Contains(all, "${password}") || !strings.Contains(all, "${card_number}") {
				t.Errorf("%s: secrets were not replaced by their names: %s", provider, clip(string(r.body), 400))
			}
		}
	}
}

func TestParseRetryAfter(t *testing.T) {
	if got := parseRetryAfter("3"); got != 3*time.Second {
		t.Errorf("3 → %v", got)
	}
	if got := parseRetryAfter(time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)); got < 59*time.Minute {
		t.Errorf("date → %v", got)
	}
	if got := parseRetryAfter("soon"); got != 0 {
		t.Errorf("soon → %v", got)
	}
}

// A local server from the environment needs no key: none is sent, and
// Retries < 0 sends one request only.
func TestOpenAIBaseFromEnvWithoutKey(t *testing.T) {
	f := &fakeAPI{reply: func(w http.ResponseWriter, r *http.Request, _ int, _ map[string]any) {
		if r.Header.Get("Authorization") != "" {
			t.Errorf("Authorization sent without a key: %q", r.Header.Get("Authorization"))
		}
		apiError(w, 500, "server_error", "model not loaded")
	}}
	base := serve(t, f) + "/v1"
	env := map[string]string{"OPENAI_BASE_URL": base}
	d, err := New("openai:llama", Options{Getenv: func(k string) string { return env[k] }, Retries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = d.Choose(context.Background(), sampleQuestion())
	if err == nil || !strings.Contains(err.Error(), "decide: openai: HTTP 500: server_error: model not loaded") {
		t.Errorf("error %v", err)
	}
	if n := len(f.requests()); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}
