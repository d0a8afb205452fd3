package decide

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"flow/guard"
)

// Options configure a provider made by [New]. The zero value is usable.
type Options struct {
	// Masker masks secret values in every request a model provider sends.
	// Nil masks nothing (a run without secrets).
	Masker *guard.Masker
	// BaseURL overrides OPENAI_BASE_URL / ANTHROPIC_BASE_URL.
	BaseURL string
	// APIKey overrides OPENAI_API_KEY / ANTHROPIC_API_KEY.
	APIKey string
	// Timeout bounds one HTTP request (default 30s).
	Timeout time.Duration
	// Retries is how many times a failed request is tried again on 429,
	// 5xx or a timeout (default 2; a negative value means none).
	Retries int
	// Backoff is the first retry delay, doubled for each further retry,
	// with up to 50% jitter added (default 500ms). A Retry-After header
	// wins when it asks for longer, up to [MaxRetryAfter].
	Backoff time.Duration
	// HTTPClient sends the requests (default: a client without its own
	// timeout; Timeout applies per request).
	HTTPClient *http.Client
	// Getenv reads the environment (default os.Getenv); tests replace it.
	Getenv func(string) string
}

// MaxRetryAfter caps how long a Retry-After header can make a provider wait.
const MaxRetryAfter = 30 * time.Second

func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	if o.Retries == 0 {
		o.Retries = 2
	}
	if o.Retries < 0 {
		o.Retries = 0
	}
	if o.Backoff <= 0 {
		o.Backoff = 500 * time.Millisecond
	}
	if o.HTTPClient == nil {
		o.HTTPClient = &http.Client{}
	}
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	return o
}

// Specs lists the provider spec forms [New] accepts, for help texts.
var Specs = []string{"local", "openai:MODEL", "anthropic:MODEL", "script:FILE"}

// New makes the decider a spec names: "local" (also ""), "openai:MODEL",
// "anthropic:MODEL" or "script:FILE". A model provider needs an API key
// (from Options or the environment) unless its base URL is set (a local
// server such as Ollama often needs none).
func New(spec string, opts Options) (Decider, error) {
	opts = opts.withDefaults()
	kind, arg, hasArg := strings.Cut(strings.TrimSpace(spec), ":")
	switch kind {
	case "", "local":
		if hasArg {
			return nil, fmt.Errorf("decide: model %q: local takes no argument (use \"local\")", spec)
		}
		return NewLocal(), nil
	case "openai", "anthropic":
		if strings.TrimSpace(arg) == "" {
			return nil, fmt.Errorf("decide: model %q names no model; write %s:MODEL (e.g. %s)", spec, kind, exampleModel[kind])
		}
		if kind == "openai" {
			return newOpenAI(strings.TrimSpace(arg), opts)
		}
		return newAnthropic(strings.TrimSpace(arg), opts)
	case "script":
		if strings.TrimSpace(arg) == "" {
			return nil, fmt.Errorf("decide: model %q names no file; write script:FILE.yaml", spec)
		}
		return LoadScript(arg)
	}
	return nil, fmt.Errorf("decide: unknown model %q; use one of %s", spec, strings.Join(Specs, ", "))
}

var exampleModel = map[string]string{"openai": "openai:gpt-4o-mini", "anthropic": "anthropic:claude-sonnet-4-5"}
