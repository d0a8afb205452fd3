package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
)

// devtools is a small DevTools protocol client on the browser's WebSocket:
// commands with an optional session (flattened target sessions), answers
// matched by id. Events are read and dropped: the harness only asks.
type devtools struct {
	ws      *wsConn
	mu      sync.Mutex
	nextID  int64
	waiting map[int64]chan cdpAnswer
	done    chan struct{}
	err     error
}

type cdpAnswer struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// connectDevTools attaches to a browser by its http://host:port or ws://
// DevTools address.
func connectDevTools(browserURL string) (*devtools, error) {
	addr, err := wsAddress(browserURL)
	if err != nil {
		return nil, err
	}
	ws, err := dialWebSocket(addr, 10*time.Second)
	if err != nil {
		return nil, err
	}
	d := &devtools{ws: ws, waiting: map[int64]chan cdpAnswer{}, done: make(chan struct{})}
	go d.read()
	return d, nil
}

func (d *devtools) read() {
	for {
		msg, err := d.ws.ReadMessage()
		if err != nil {
			d.mu.Lock()
			d.err = err
			d.mu.Unlock()
			close(d.done)
			return
		}
		var m struct {
			ID int64 `json:"id"`
			cdpAnswer
		}
		if json.Unmarshal(msg, &m) != nil || m.ID == 0 {
			continue // an event
		}
		d.mu.Lock()
		ch := d.waiting[m.ID]
		delete(d.waiting, m.ID)
		d.mu.Unlock()
		if ch != nil {
			ch <- m.cdpAnswer
		}
	}
}

// call sends method with params (on a target's session when session is not
// empty) and decodes the result into out (when not nil).
func (d *devtools) call(ctx context.Context, session, method string, params, out any) error {
	d.mu.Lock()
	d.nextID++
	id := d.nextID
	ch := make(chan cdpAnswer, 1)
	d.waiting[id] = ch
	d.mu.Unlock()
	req := map[string]any{"id": id, "method": method}
	if params != nil {
		req["params"] = params
	}
	if session != "" {
		req["sessionId"] = session
	}
	b, err := json.Marshal(req)
	if err != nil {
		return err
	}
	if err := d.ws.WriteText(b); err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	select {
	case a := <-ch:
		if a.Error != nil {
			return fmt.Errorf("%s: %s (%d)", method, a.Error.Message, a.Error.Code)
		}
		if out != nil {
			return json.Unmarshal(a.Result, out)
		}
		return nil
	case <-d.done:
		return fmt.Errorf("%s: connection to the browser lost: %v", method, d.err)
	case <-ctx.Done():
		d.mu.Lock()
		delete(d.waiting, id)
		d.mu.Unlock()
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// Close disconnects; the browser keeps running.
func (d *devtools) Close() error { return d.ws.Close() }

// tab is one page target with a flattened session on it.
type tab struct {
	d       *devtools
	id      string
	session string
}

// newTab opens a fresh tab on url and attaches to it.
func (d *devtools) newTab(ctx context.Context, url string) (*tab, error) {
	var created struct {
		TargetID string `json:"targetId"`
	}
	if err := d.call(ctx, "", "Target.createTarget", map[string]any{"url": url}, &created); err != nil {
		return nil, err
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := d.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": created.TargetID, "flatten": true}, &attached); err != nil {
		d.call(ctx, "", "Target.closeTarget", map[string]any{"targetId": created.TargetID}, nil)
		return nil, err
	}
	return &tab{d: d, id: created.TargetID, session: attached.SessionID}, nil
}

// activate brings the tab to the front, so a run attached with
// --browser-url takes it as the active page.
func (t *tab) activate(ctx context.Context) error {
	return t.d.call(ctx, "", "Target.activateTarget", map[string]any{"targetId": t.id}, nil)
}

// close closes the tab.
func (t *tab) close(ctx context.Context) error {
	return t.d.call(ctx, "", "Target.closeTarget", map[string]any{"targetId": t.id}, nil)
}

// eval evaluates a JavaScript expression in the page (awaiting a promise)
// and decodes its JSON value into out.
func (t *tab) eval(ctx context.Context, expr string, out any) error {
	var res struct {
		Result struct {
			Type  string          `json:"type"`
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception *struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	params := map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}
	if err := t.d.call(ctx, t.session, "Runtime.evaluate", params, &res); err != nil {
		return err
	}
	if e := res.ExceptionDetails; e != nil {
		msg := e.Text
		if e.Exception != nil && e.Exception.Description != "" {
			msg = e.Exception.Description
		}
		return errors.New("page script: " + msg)
	}
	if out == nil || len(res.Result.Value) == 0 {
		return nil
	}
	return json.Unmarshal(res.Result.Value, out)
}

func jsonDecode(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }
