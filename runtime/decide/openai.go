package decide

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// openAI asks an OpenAI-compatible chat-completions server.
type openAI struct {
	model string
	base  string
	c     client
}

// DefaultOpenAIBase is used when neither Options.BaseURL nor
// OPENAI_BASE_URL is set.
const DefaultOpenAIBase = "https://api.openai.com/v1"

func newOpenAI(model string, opts Options) (*openAI, error) {
	base := firstNonEmpty(opts.BaseURL, opts.Getenv("OPENAI_BASE_URL"))
	key := firstNonEmpty(opts.APIKey, opts.Getenv("OPENAI_API_KEY"))
	if base == "" {
		if key == "" {
			return nil, fmt.Errorf("decide: openai:%s needs an API key: set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)", model)
		}
		base = DefaultOpenAIBase
	}
	return &openAI{model: model, base: trimBase(base), c: client{provider: "openai", key: key, opts: opts}}, nil
}

func (p *openAI) Name() string { return "openai:" + p.model }

// openAIRequest is the chat-completions request body.
type openAIRequest struct {
	Model          string          `json:"model"`
	Messages       []openAIMessage `json:"messages"`
	Temperature    float64         `json:"temperature"`
	ResponseFormat struct {
		Type       string `json:"type"`
		JSONSchema struct {
			Name   string         `json:"name"`
			Strict bool           `json:"strict"`
			Schema map[string]any `json:"schema"`
		} `json:"json_schema"`
	} `json:"response_format"`
}

type openAIMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

func (p *openAI) ask(ctx context.Context, pr prompt, name string, schema map[string]any) (answer, error) {
	var req openAIRequest
	req.Model = p.model
	req.Messages = []openAIMessage{{Role: "system", Content: pr.system}, {Role: "user", Content: pr.user}}
	req.ResponseFormat.Type = "json_schema"
	req.ResponseFormat.JSONSchema.Name = name
	req.ResponseFormat.JSONSchema.Strict = true
	req.ResponseFormat.JSONSchema.Schema = schema
	body, err := json.Marshal(req)
	if err != nil {
		return answer{}, err
	}
	h := http.Header{}
	if p.c.key != "" {
		h.Set("Authorization", "Bearer "+p.c.key)
	}
	data, err := p.c.post(ctx, p.base+"/chat/completions", h, body)
	if err != nil {
		return answer{}, err
	}
	var resp struct {
		Choices []struct {
			Message struct {
				Content *string `json:"content"`
				Refusal *string `json:"refusal"`
			} `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(data, &resp); err != nil || len(resp.Choices) == 0 {
		return answer{}, &ProviderError{Provider: "openai", Status: 200, Reason: "malformed response: no choices"}
	}
	msg := resp.Choices[0].Message
	if msg.Content == nil {
		reason := "the model gave no content"
		if msg.Refusal != nil {
			reason = "the model refused: " + p.c.clean(*msg.Refusal)
		}
		return answer{}, &ProviderError{Provider: "openai", Status: 200, Reason: reason}
	}
	var a answer
	if err := json.Unmarshal([]byte(unfence(*msg.Content)), &a); err != nil {
		return answer{}, &ProviderError{Provider: "openai", Status: 200, Reason: "malformed answer: " + p.c.clean(clip(*msg.Content, 80))}
	}
	return a, nil
}

// Choose asks the model to pick one offered key or none.
func (p *openAI) Choose(ctx context.Context, q Question) (Choice, error) {
	if err := q.Validate(); err != nil {
		return Choice{}, err
	}
	pr := questionPrompt(q, p.c.masker())
	a, err := p.ask(ctx, pr, "choice", choiceSchema(pr.keys))
	if err != nil {
		return Choice{}, err
	}
	ch, err := a.toChoice(q, p.c.masker())
	if err != nil {
		return Choice{}, &ProviderError{Provider: "openai", Status: 200, Reason: "malformed answer: " + err.Error()}
	}
	return ch, nil
}

// Judge asks the model for a probability.
func (p *openAI) Judge(ctx context.Context, s Statement) (Judgement, error) {
	if err := s.Validate(); err != nil {
		return Judgement{}, err
	}
	a, err := p.ask(ctx, statementPrompt(s, p.c.masker()), "judgement", judgementSchema())
	if err != nil {
		return Judgement{}, err
	}
	j, err := a.toJudgement()
	if err != nil {
		return Judgement{}, &ProviderError{Provider: "openai", Status: 200, Reason: "malformed answer: " + err.Error()}
	}
	return j, nil
}

// unfence drops a Markdown code fence some compatible servers put around
// JSON content even under a schema; what is inside must still be JSON.
func unfence(s string) string {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "```") {
		return s
	}
	t = strings.TrimPrefix(t, "```")
	t = strings.TrimPrefix(t, "json")
	return strings.TrimSuffix(strings.TrimSpace(t), "```")
}
