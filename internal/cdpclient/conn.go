package cdpclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"
)

// Conn is a DevTools connection to a browser, on its WebSocket: calls on
// the browser or on a target's flattened session, answers matched by id,
// events handed to the listeners that wait for them (and dropped when
// none does).
type Conn struct {
	ws        *wsConn
	mu        sync.Mutex
	nextID    int64
	waiting   map[int64]chan answer
	listeners []*Listener
	done      chan struct{} // closed when the connection ends
	err       error         // why it ended
}

// answer is the browser's answer to one call.
type answer struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// Connect connects to a browser by its http://host:port DevTools address
// (or its browser ws:// address).
func Connect(browserURL string) (*Conn, error) {
	addr, err := webSocketURL(browserURL)
	if err != nil {
		return nil, err
	}
	ws, err := dialWebSocket(addr, 10*time.Second)
	if err != nil {
		return nil, err
	}
	c := &Conn{ws: ws, waiting: map[int64]chan answer{}, done: make(chan struct{})}
	go c.read()
	return c, nil
}

// read is the connection's one reader: answers to their calls, events to
// their listeners, until the connection ends.
func (c *Conn) read() {
	for {
		msg, err := c.ws.readMessage()
		if err != nil {
			c.mu.Lock()
			c.err = err
			c.mu.Unlock()
			close(c.done)
			return
		}
		var m struct {
			ID        int64           `json:"id"`
			Method    string          `json:"method"`
			SessionID string          `json:"sessionId"`
			Params    json.RawMessage `json:"params"`
			answer
		}
		if json.Unmarshal(msg, &m) != nil {
			continue
		}
		c.mu.Lock()
		if m.ID == 0 {
			for _, l := range c.listeners {
				if l.method == m.Method && l.session == m.SessionID {
					l.push(m.Params)
				}
			}
			c.mu.Unlock()
			continue
		}
		ch := c.waiting[m.ID]
		delete(c.waiting, m.ID)
		c.mu.Unlock()
		if ch != nil {
			ch <- m.answer
		}
	}
}

// lost is the error of anything cut short by the connection's end.
func (c *Conn) lost(what string) error {
	c.mu.Lock()
	err := c.err
	c.mu.Unlock()
	return fmt.Errorf("%s: connection to the browser lost: %v", what, err)
}

// Call sends method with params to the browser and decodes the result into
// out (when not nil).
func (c *Conn) Call(ctx context.Context, method string, params, out any) error {
	return c.call(ctx, "", method, params, out)
}

// call sends method with params (on a target's session when session is not
// empty) and decodes the result into out (when not nil).
func (c *Conn) call(ctx context.Context, session, method string, params, out any) error {
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	ch := make(chan answer, 1)
	c.waiting[id] = ch
	c.mu.Unlock()
	forget := func() {
		c.mu.Lock()
		delete(c.waiting, id)
		c.mu.Unlock()
	}
	req := map[string]any{"id": id, "method": method}
	if params != nil {
		req["params"] = params
	}
	if session != "" {
		req["sessionId"] = session
	}
	b, err := json.Marshal(req)
	if err != nil {
		forget()
		return err
	}
	if err := c.ws.writeText(b); err != nil {
		forget()
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
	case <-c.done:
		return c.lost(method)
	case <-ctx.Done():
		forget()
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// Listen starts collecting the browser's own events of method (those of no
// target session), such as Target.targetCreated. Make the listener before
// the call that causes the event, and Stop it when done.
func (c *Conn) Listen(method string) *Listener { return c.listen("", method) }

func (c *Conn) listen(session, method string) *Listener {
	l := &Listener{c: c, session: session, method: method, signal: make(chan struct{}, 1)}
	c.mu.Lock()
	c.listeners = append(c.listeners, l)
	c.mu.Unlock()
	return l
}

// Close disconnects; the browser keeps running.
func (c *Conn) Close() error { return c.ws.close() }

// Pages returns the target ids of the browser's pages (tabs), in the
// browser's order.
func (c *Conn) Pages(ctx context.Context) ([]string, error) {
	var list struct {
		TargetInfos []struct {
			TargetID string `json:"targetId"`
			Type     string `json:"type"`
		} `json:"targetInfos"`
	}
	if err := c.Call(ctx, "Target.getTargets", nil, &list); err != nil {
		return nil, err
	}
	var pages []string
	for _, t := range list.TargetInfos {
		if t.Type == "page" {
			pages = append(pages, t.TargetID)
		}
	}
	return pages, nil
}

// Attach opens a flattened session on a target, beside any other client's
// session on it (flow's surface attached to the same tab keeps its own).
func (c *Conn) Attach(ctx context.Context, targetID string) (*Session, error) {
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := c.Call(ctx, "Target.attachToTarget", map[string]any{"targetId": targetID, "flatten": true}, &attached); err != nil {
		return nil, err
	}
	return &Session{c: c, TargetID: targetID, ID: attached.SessionID}, nil
}

// NewPage opens a new tab on url and attaches to it; the tab is closed
// again when it cannot be attached to.
func (c *Conn) NewPage(ctx context.Context, url string) (*Session, error) {
	var created struct {
		TargetID string `json:"targetId"`
	}
	if err := c.Call(ctx, "Target.createTarget", map[string]any{"url": url}, &created); err != nil {
		return nil, err
	}
	s, err := c.Attach(ctx, created.TargetID)
	if err != nil {
		c.Call(context.WithoutCancel(ctx), "Target.closeTarget", map[string]any{"targetId": created.TargetID}, nil)
		return nil, err
	}
	return s, nil
}

// Session is a flattened DevTools session on one target.
type Session struct {
	c *Conn
	// TargetID is the target's id (a tab's, as /json/list names it).
	TargetID string
	// ID is the session's id.
	ID string
}

// Call sends method with params on the session and decodes the result into
// out (when not nil).
func (s *Session) Call(ctx context.Context, method string, params, out any) error {
	return s.c.call(ctx, s.ID, method, params, out)
}

// Listen starts collecting the session's events of method, such as
// Page.loadEventFired (after Page.enable). Make the listener before the
// call that causes the event, and Stop it when done.
func (s *Session) Listen(method string) *Listener { return s.c.listen(s.ID, method) }

// Eval evaluates a JavaScript expression in the page's main world (a
// promise is awaited) and decodes its JSON value into out (when not nil);
// an exception the script throws is the error.
func (s *Session) Eval(ctx context.Context, expr string, out any) error {
	var res struct {
		Result struct {
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
	if err := s.Call(ctx, "Runtime.evaluate", params, &res); err != nil {
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

// Activate brings the target's tab to the front: the first page of
// /json/list, which a client attaching to "the active page" takes.
func (s *Session) Activate(ctx context.Context) error {
	return s.c.Call(ctx, "Target.activateTarget", map[string]any{"targetId": s.TargetID}, nil)
}

// CloseTarget closes the target (its tab), and the session with it.
func (s *Session) CloseTarget(ctx context.Context) error {
	return s.c.Call(ctx, "Target.closeTarget", map[string]any{"targetId": s.TargetID}, nil)
}

// Listener collects the events of one method on one session (or on the
// browser), from when it is made until Stop, in the order they came.
type Listener struct {
	c               *Conn
	session, method string
	mu              sync.Mutex
	queue           []json.RawMessage
	signal          chan struct{} // a push since the last Next looked
}

// push queues an event's params (under the connection's lock).
func (l *Listener) push(params json.RawMessage) {
	l.mu.Lock()
	l.queue = append(l.queue, params)
	l.mu.Unlock()
	select {
	case l.signal <- struct{}{}:
	default:
	}
}

// Next returns the params of the next event, waiting for it until ctx ends
// or the connection does (events that came before the end are returned
// first).
func (l *Listener) Next(ctx context.Context) (json.RawMessage, error) {
	for {
		l.mu.Lock()
		if len(l.queue) > 0 {
			p := l.queue[0]
			l.queue = l.queue[1:]
			l.mu.Unlock()
			return p, nil
		}
		l.mu.Unlock()
		select {
		case <-l.signal:
		case <-l.c.done:
			l.mu.Lock()
			n := len(l.queue)
			l.mu.Unlock()
			if n == 0 {
				return nil, l.c.lost("waiting for " + l.method)
			}
		case <-ctx.Done():
			return nil, fmt.Errorf("waiting for %s: %w", l.method, ctx.Err())
		}
	}
}

// Stop ends the collection; events queued and not taken are dropped.
func (l *Listener) Stop() {
	l.c.mu.Lock()
	l.c.listeners = slices.DeleteFunc(l.c.listeners, func(x *Listener) bool { return x == l })
	l.c.mu.Unlock()
}
