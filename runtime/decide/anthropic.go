package decide

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// anthropicProvider asks the Anthropic Messages API, forcing one tool whose
// input schema is the answer.
type anthropicProvider struct {
	model string
	base  string
	c     client
}

// DefaultAnthropicBase is used when neither Options.BaseURL nor
// ANTHROPIC_BASE_URL is set.
const DefaultAnthropicBase = "https://api.anthropic.com"

// AnthropicVersion is the API version header sent.
const AnthropicVersion = "2023-06-01"

func newAnthropic(model string, opts Options) (*anthropicProvider, error) {
	base := firstNonEmpty(opts.BaseURL, opts.Getenv("ANTHROPIC_BASE_URL"))
	key := firstNonEmpty(opts.APIKey, opts.Getenv("ANTHROPIC_API_KEY"))
	if base == "" {
		if key == "" {
			return nil, fmt.Errorf("decide: anthropic:%s needs an API key: set ANTHROPIC_API_KEY", model)
		}
		base = DefaultAnthropicBase
	}
	// Accept a base given with or without the /v1 of the path.
	base = strings.TrimSuffix(trimBase(base), "/v1")
	return &anthropicProvider{model: model, base: base, c: client{provider: "anthropic", key: key, opts: opts}}, nil
}

func (p *anthropicProvider) Name() string { return "anthropic:" + p.model }

type anthropicRequest struct {
	Model       string              `json:"model"`
	MaxTokens   int                 `json:"max_tokens"`
	Temperature float64             `json:"temperature"`
	System      string              `json:"system"`
	Messages    []openAIMessage     `json:"messages"`
	Tools       []anthropicTool     `json:"tools"`
	ToolChoice  anthropicToolChoice `json:"tool_choice"`
}

type anthropicTool struct {
	Name        string         `json:"name"`
	Description string         `json:"description"`
	InputSchema map[string]any `json:"input_schema"`
}

type anthropicToolChoice struct {
	Type string `json:"type"`
	Name string `json:"name"`
}

func (p *anthropicProvider) ask(ctx context.Context, pr prompt, tool, desc string, schema map[string]any) (answer, error) {
	req := anthropicRequest{
		Model: p.model, MaxTokens: 256, System: pr.system,
		Messages:   []openAIMessage{{Role: "user", Content: pr.user}},
		Tools:      []anthropicTool{{Name: tool, Description: desc, InputSchema: schema}},
		ToolChoice: anthropicToolChoice{Type: "tool", Name: tool},
	}
	body, err := json.Marshal(req)
	if err != nil {
		return answer{}, err
	}
	h := http.Header{}
	if p.c.key != "" {
		h.Set("x-api-key", p.c.key)
	}
	h.Set("anthropic-version", AnthropicVersion)
	data, err := p.c.post(ctx, p.base+"/v1/messages", h, body)
	if err != nil {
		return answer{}, err
	}
	var resp struct {
		Content []struct {
			Type  string          `json:"type"`
			Name  string          `json:"name"`
			Input json.RawMessage `json:"input"`
		} `json:"content"`
	}
	if err := json.Unmarshal(data, &resp); err != nil {
		return answer{}, &ProviderError{Provider: "anthropic", Status: 200, Reason: "malformed response"}
	}
	for _, c := range resp.Content {
		if c.Type == "tool_use" && c.Name == tool {
			var a answer
			if err := json.Unmarshal(c.Input, &a); err != nil {
				return answer{}, &ProviderError{Provider: "anthropic", Status: 200, Reason: "malformed tool input"}
			}
			return a, nil
		}
	}
	return answer{}, &ProviderError{Provider: "anthropic", Status: 200, Reason: "malformed response: no " + tool + " tool_use block"}
}

// Choose asks the model to pick one offered key or none.
func (p *anthropicProvider) Choose(ctx context.Context, q Question) (Choice, error) {
	if err := q.Validate(); err != nil {
		return Choice{}, err
	}
	pr := questionPrompt(q, p.c.masker())
	a, err := p.ask(ctx, pr, "choose", "Give the chosen option key (or none) and a confidence.", choiceSchema(pr.keys))
	if err != nil {
		return Choice{}, err
	}
	ch, err := a.toChoice(q, p.c.masker())
	if err != nil {
		return Choice{}, &ProviderError{Provider: "anthropic", Status: 200, Reason: "malformed answer: " + err.Error()}
	}
	return ch, nil
}

// Judge asks the model for a probability.
func (p *anthropicProvider) Judge(ctx context.Context, s Statement) (Judgement, error) {
	if err := s.Validate(); err != nil {
		return Judgement{}, err
	}
	a, err := p.ask(ctx, statementPrompt(s, p.c.masker()), "judge", "Give the probability that the statement is true.", judgementSchema())
	if err != nil {
		return Judgement{}, err
	}
	j, err := a.toJudgement()
	if err != nil {
		return Judgement{}, &ProviderError{Provider: "anthropic", Status: 200, Reason: "malformed answer: " + err.Error()}
	}
	return j, nil
}
