package runtime_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"flow/runtime"
	"flow/runtime/decide"
)

// failingModel is an OpenAI-compatible server that answers every request
// with status, and counts the requests.
func failingModel(t *testing.T, status int) (decide.Decider, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write([]byte(`{"error":{"message":"nope","type":"server_error"}}`))
	}))
	t.Cleanup(srv.Close)
	dec, err := decide.New("openai:test-model", decide.Options{BaseURL: srv.URL, APIKey: "sk-test", Retries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return dec, &n
}

// TestUnjudgedConditionFailsTheStep: when the model cannot judge an if's
// condition, the run must not take a branch nobody decided.
func TestUnjudgedConditionFailsTheStep(t *testing.T) {
	dec, _ := failingModel(t, http.StatusInternalServerError)
	o := run(t, setup{
		src: `flow f "Branch on the screen" {
  browse "http://forms.test/search"
  if "a newsletter offer is shown" {
    do "close the newsletter offer"
  }
  verify "the search page is shown"
}
`,
		script:  "forms.yaml",
		decider: dec,
	})
	if o.res.Outcome != runtime.Failed || o.res.Failure == nil {
		t.Fatalf("outcome %s, want failed at the if; steps %+v", o.res.Outcome, o.res.Steps)
	}
	if o.res.Failure.Path != "2" || !strings.Contains(o.res.Failure.Reason, "decision model could not answer") ||
		!strings.Contains(o.res.Failure.Reason, "HTTP 500") {
		t.Errorf("failure %+v, want step 2 naming the model's error", o.res.Failure)
	}
	if !strings.Contains(o.res.Failure.Hint, "--model local") {
		t.Errorf("hint %q does not say what to do", o.res.Failure.Hint)
	}
}

// TestRefusedKeyFailsAtOnce: a 401 will not turn into an answer on the next
// question, so the step fails after the first request instead of asking on.
func TestRefusedKeyFailsAtOnce(t *testing.T) {
	dec, n := failingModel(t, http.StatusUnauthorized)
	o := run(t, setup{
		src: `flow f "Press a button" {
  browse "http://forms.test/search"
  do "open the advanced search"
  verify "the advanced search is shown"
}
`,
		script:  "forms.yaml",
		decider: dec,
	})
	if o.res.Outcome != runtime.Failed || o.res.Failure == nil || o.res.Failure.Path != "2" {
		t.Fatalf("outcome %s failure %+v, want failed at step 2", o.res.Outcome, o.res.Failure)
	}
	if !strings.Contains(o.res.Failure.Reason, "HTTP 401") {
		t.Errorf("reason %q does not name the refusal", o.res.Failure.Reason)
	}
	if got := n.Load(); got != 1 {
		t.Errorf("the model was asked %d times after refusing the key, want 1", got)
	}
	if strings.Contains(o.json+o.trace, "sk-test") {
		t.Errorf("the API key is in the result or the trace")
	}
}
