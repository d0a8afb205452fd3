package decide

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"

	"flow/guard"
)

// ProviderError is a failed model request: the provider, the HTTP status
// (0 when no response came) and a short reason. It never holds the API key
// or a secret value.
type ProviderError struct {
	Provider string
	Status   int
	Reason   string
	// Attempts is how many requests were sent.
	Attempts int
}

// Error renders "decide: PROVIDER: HTTP STATUS: reason (after N attempts)".
func (e *ProviderError) Error() string {
	s := "decide: " + e.Provider + ": "
	if e.Status != 0 {
		s += "HTTP " + strconv.Itoa(e.Status) + ": "
	}
	s += e.Reason
	if e.Attempts > 1 {
		s += " (after " + strconv.Itoa(e.Attempts) + " attempts)"
	}
	return s
}

// maxBody caps how much of a response is read.
const maxBody = 1 << 20

// client sends one provider's requests with the timeout, retry and masking
// rules of the package.
type client struct {
	provider string
	key      string // never printed
	opts     Options
}

// post sends body (masked once more as a whole) to url and returns the
// response body of a 2xx answer.
func (c *client) post(ctx context.Context, url string, header http.Header, body []byte) ([]byte, error) {
	body = []byte(c.opts.Masker.Mask(string(body)))
	attempts := 0
	for try := 0; ; try++ {
		attempts++
		status, data, retryAfter, err := c.once(ctx, url, header, body)
		if err == nil && status/100 == 2 {
			return data, nil
		}
		var reason string
		retry := false
		switch {
		case err != nil && ctx.Err() != nil:
			return nil, &ProviderError{Provider: c.provider, Reason: "cancelled: " + ctx.Err().Error(), Attempts: attempts}
		case err != nil:
			reason = c.clean(err.Error())
			retry = true // a timeout or a broken connection
		default:
			reason = c.clean(errorMessage(data))
			retry = status == http.StatusTooManyRequests || status >= 500
		}
		if !retry || try >= c.opts.Retries {
			return nil, &ProviderError{Provider: c.provider, Status: status, Reason: reason, Attempts: attempts}
		}
		delay := c.opts.Backoff << try
		delay += time.Duration(rand.Int64N(int64(delay)/2 + 1))
		if retryAfter > delay {
			delay = min(retryAfter, MaxRetryAfter)
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, &ProviderError{Provider: c.provider, Reason: "cancelled: " + ctx.Err().Error(), Attempts: attempts}
		case <-t.C:
		}
	}
}

// once sends one request under the per-request timeout.
func (c *client) once(ctx context.Context, url string, header http.Header, body []byte) (status int, data []byte, retryAfter time.Duration, err error) {
	rctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, nil, 0, err
	}
	req.Header = header.Clone()
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.opts.HTTPClient.Do(req)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			return 0, nil, 0, fmt.Errorf("request timed out after %s", c.opts.Timeout)
		}
		return 0, nil, 0, err
	}
	defer resp.Body.Close()
	data, err = io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		if ctx.Err() == nil && rctx.Err() != nil {
			err = fmt.Errorf("request timed out after %s", c.opts.Timeout)
		}
		return resp.StatusCode, nil, 0, err
	}
	return resp.StatusCode, data, parseRetryAfter(resp.Header.Get("Retry-After")), nil
}

// parseRetryAfter reads seconds or an HTTP date.
func parseRetryAfter(v string) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t)
	}
	return 0
}

// errorMessage takes the message of an error body in the shape both APIs
// use ({"error": {"message": …}}), else the body's start.
func errorMessage(data []byte) string {
	var e struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(data, &e) == nil && len(e.Error) > 0 {
		var inner struct {
			Message string `json:"message"`
			Type    string `json:"type"`
		}
		if json.Unmarshal(e.Error, &inner) == nil && inner.Message != "" {
			if inner.Type != "" {
				return inner.Type + ": " + inner.Message
			}
			return inner.Message
		}
		var s string
		if json.Unmarshal(e.Error, &s) == nil && s != "" {
			return s
		}
	}
	s := strings.TrimSpace(string(data))
	if s == "" {
		return "empty response"
	}
	return s
}

// clean makes a reason safe to print: one line, short, with the API key
// and every secret masked.
func (c *client) clean(s string) string {
	if c.key != "" {
		s = strings.ReplaceAll(s, c.key, "[api key]")
	}
	s = c.opts.Masker.Mask(s)
	return clip(oneLine(s), 300)
}

// masker returns the options' masker (nil masks nothing).
func (c *client) masker() *guard.Masker { return c.opts.Masker }

// trimBase drops a trailing slash of a base URL.
func trimBase(u string) string { return strings.TrimRight(strings.TrimSpace(u), "/") }
