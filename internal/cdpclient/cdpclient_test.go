package cdpclient

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeBrowser is a DevTools endpoint in the test: /json/version names its
// WebSocket, and each message a client sends is handed to handle, which
// answers through the server's side of the socket (frames unmasked, as a
// server sends them).
type fakeBrowser struct {
	*httptest.Server
	handle func(s *serverSide, req request)
	pongs  chan []byte
}

type request struct {
	ID        int64           `json:"id"`
	Method    string          `json:"method"`
	SessionID string          `json:"sessionId"`
	Params    json.RawMessage `json:"params"`
}

// serverSide writes frames to the client.
type serverSide struct {
	conn net.Conn
	mu   sync.Mutex
}

// frame writes one unmasked frame; fin false leaves a message open.
func (s *serverSide) frame(fin bool, op byte, payload []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b0 := op
	if fin {
		b0 |= 0x80
	}
	head := []byte{b0}
	switch n := len(payload); {
	case n < 126:
		head = append(head, byte(n))
	case n <= 0xFFFF:
		head = append(head, 126, byte(n>>8), byte(n))
	default:
		head = binary.BigEndian.AppendUint64(append(head, 127), uint64(n))
	}
	s.conn.Write(append(head, payload...))
}

// send writes v as one text message.
func (s *serverSide) send(v any) {
	b, _ := json.Marshal(v)
	s.frame(true, opText, b)
}

func newFakeBrowser(t *testing.T, handle func(s *serverSide, req request)) *fakeBrowser {
	f := &fakeBrowser{handle: handle, pongs: make(chan []byte, 4)}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/json/version" {
			json.NewEncoder(w).Encode(map[string]string{"webSocketDebuggerUrl": "ws://" + r.Host + "/devtools/browser/fake"})
			return
		}
		if r.Header.Get("Upgrade") != "websocket" {
			http.NotFound(w, r)
			return
		}
		conn, rw, err := http.NewResponseController(w).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close()
		rw.WriteString("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
			"Sec-WebSocket-Accept: " + acceptKey(r.Header.Get("Sec-WebSocket-Key")) + "\r\n\r\n")
		rw.Flush()
		s := &serverSide{conn: conn}
		var msg []byte
		for {
			fin, op, payload, err := readClientFrame(rw.Reader)
			if err != nil {
				return
			}
			if op == opPong {
				f.pongs <- payload
				continue
			}
			if op == opClose {
				// The client's close, or its answer to ours (TestConnectionLost
				// closes from the server's side and the client echoes it, which
				// can arrive before the handler has shut the socket).
				return
			}
			msg = append(msg, payload...)
			if !fin {
				continue
			}
			var req request
			if err := json.Unmarshal(msg, &req); err != nil {
				t.Errorf("client sent %q: %v", msg, err)
				return
			}
			msg = nil
			go f.handle(s, req)
		}
	}))
	t.Cleanup(f.Close)
	return f
}

// readClientFrame reads one frame from a client, which must mask it.
func readClientFrame(r *bufio.Reader) (fin bool, op byte, payload []byte, err error) {
	var h [2]byte
	if _, err = io.ReadFull(r, h[:]); err != nil {
		return
	}
	fin, op = h[0]&0x80 != 0, h[0]&0x0F
	if h[1]&0x80 == 0 {
		return fin, op, nil, errors.New("an unmasked client frame")
	}
	n := uint64(h[1] & 0x7F)
	switch n {
	case 126:
		var b [2]byte
		_, err = io.ReadFull(r, b[:])
		n = uint64(binary.BigEndian.Uint16(b[:]))
	case 127:
		var b [8]byte
		_, err = io.ReadFull(r, b[:])
		n = binary.BigEndian.Uint64(b[:])
	}
	var mask [4]byte
	if err == nil {
		_, err = io.ReadFull(r, mask[:])
	}
	if err != nil {
		return
	}
	payload = make([]byte, n)
	if _, err = io.ReadFull(r, payload); err != nil {
		return
	}
	for i := range payload {
		payload[i] ^= mask[i%4]
	}
	return
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// TestCallsAndEvents: answers find their calls whatever their order, an
// error answer is the call's error, messages of every length and in
// fragments arrive whole, pings are answered, and events reach the
// listener of their method and session only, in order, from when it was
// made until it stops.
func TestCallsAndEvents(t *testing.T) {
	big := strings.Repeat("x", 70000) // a 64-bit length
	mid := strings.Repeat("y", 300)   // a 16-bit length
	f := newFakeBrowser(t, func(s *serverSide, req request) {
		switch req.Method {
		case "Echo":
			s.send(map[string]any{"id": req.ID, "result": req.Params})
		case "Fail":
			s.send(map[string]any{"id": req.ID, "error": map[string]any{"code": -32000, "message": "no such thing"}})
		case "Sizes":
			s.send(map[string]any{"id": req.ID, "result": map[string]any{"big": big, "mid": mid}})
		case "Fragments":
			msg, _ := json.Marshal(map[string]any{"id": req.ID, "result": map[string]any{"v": "in three parts"}})
			s.frame(false, opText, msg[:5])
			s.frame(true, opPing, []byte("are you there"))
			s.frame(false, opContinuation, msg[5:12])
			s.frame(true, opContinuation, msg[12:])
		case "Emit":
			// Events for another session and another method first: the
			// listener must not see them.
			s.send(map[string]any{"method": "Test.happened", "sessionId": "other", "params": map[string]any{"n": -1}})
			s.send(map[string]any{"method": "Test.other", "sessionId": req.SessionID, "params": map[string]any{"n": -2}})
			for n := 1; n <= 3; n++ {
				s.send(map[string]any{"method": "Test.happened", "sessionId": req.SessionID, "params": map[string]any{"n": n}})
			}
			s.send(map[string]any{"id": req.ID, "result": map[string]any{}})
		case "Target.attachToTarget":
			s.send(map[string]any{"id": req.ID, "result": map[string]any{"sessionId": "S1"}})
		case "Hang":
		}
	})
	c, err := Connect(f.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx := testCtx(t)

	// Many calls at once: each gets its own answer.
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			var out struct{ I int }
			if err := c.Call(ctx, "Echo", map[string]any{"i": i}, &out); err != nil || out.I != i {
				t.Errorf("Echo %d: %v, %d", i, err, out.I)
			}
		})
	}
	wg.Wait()

	if err := c.Call(ctx, "Fail", nil, nil); err == nil || err.Error() != "Fail: no such thing (-32000)" {
		t.Errorf("Fail: %v", err)
	}
	var sizes struct{ Big, Mid string }
	if err := c.Call(ctx, "Sizes", nil, &sizes); err != nil || sizes.Big != big || sizes.Mid != mid {
		t.Errorf("Sizes: %v, %d and %d bytes", err, len(sizes.Big), len(sizes.Mid))
	}
	var parts struct{ V string }
	if err := c.Call(ctx, "Fragments", nil, &parts); err != nil || parts.V != "in three parts" {
		t.Errorf("Fragments: %v, %q", err, parts.V)
	}
	select {
	case p := <-f.pongs:
		if string(p) != "are you there" {
			t.Errorf("pong %q", p)
		}
	case <-time.After(5 * time.Second):
		t.Error("the ping was not answered")
	}

	s, err := c.Attach(ctx, "T1")
	if err != nil || s.ID != "S1" || s.TargetID != "T1" {
		t.Fatalf("Attach: %v, %+v", err, s)
	}
	l := s.Listen("Test.happened")
	if err := s.Call(ctx, "Emit", nil, nil); err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 3; n++ {
		p, err := l.Next(ctx)
		var ev struct{ N int }
		if err != nil || json.Unmarshal(p, &ev) != nil || ev.N != n {
			t.Fatalf("event %d: %v, %s", n, err, p)
		}
	}
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if p, err := l.Next(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a fourth event: %s, %v", p, err)
	}
	l.Stop()
	if err := s.Call(ctx, "Emit", nil, nil); err != nil {
		t.Fatal(err)
	}
	if len(l.queue) != 0 {
		t.Errorf("a stopped listener collected %d events", len(l.queue))
	}

	// A call the browser never answers ends with its context.
	if err := c.Call(short, "Hang", nil, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Hang: %v", err)
	}
	c.mu.Lock()
	left := len(c.waiting)
	c.mu.Unlock()
	if left != 0 {
		t.Errorf("%d calls still waiting", left)
	}
}

// TestConnectionLost: when the browser goes away, a call waiting for its
// answer and a listener waiting for its event end at once and say so;
// events that came before are still handed out.
func TestConnectionLost(t *testing.T) {
	f := newFakeBrowser(t, func(s *serverSide, req request) {
		if req.Method == "Bye" {
			s.send(map[string]any{"method": "Test.last", "params": map[string]any{}})
			s.frame(true, opClose, nil)
			s.conn.Close()
		}
	})
	c, err := Connect(f.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx := testCtx(t)
	l := c.Listen("Test.last")
	if err := c.Call(ctx, "Bye", nil, nil); err == nil || !strings.Contains(err.Error(), "Bye: connection to the browser lost") {
		t.Errorf("Bye: %v", err)
	}
	if _, err := l.Next(ctx); err != nil {
		t.Errorf("the event before the end: %v", err)
	}
	if _, err := l.Next(ctx); err == nil || !strings.Contains(err.Error(), "waiting for Test.last: connection to the browser lost") {
		t.Errorf("after the end: %v", err)
	}
	if err := c.Call(ctx, "Echo", nil, nil); err == nil {
		t.Error("a call after the end succeeded")
	}
}

func TestConnectRefusesOtherSchemes(t *testing.T) {
	if _, err := Connect("wss://127.0.0.1:1/devtools"); err == nil {
		t.Error("wss:// accepted")
	}
	f := newFakeBrowser(t, nil)
	// A server that does not upgrade.
	if _, err := dialWebSocket("ws"+strings.TrimPrefix(f.URL, "http")+"/json/version", time.Second); err == nil {
		t.Error("a plain HTTP answer accepted as a handshake")
	}
}

// TestChromium drives a real headless Chromium: launched with a DevTools
// port, a new tab attached, a load event waited for, a script evaluated
// (and its exception reported), the tab closed. About a second; skipped
// without Chromium. (bench/govuk's TestParity and bench/miniwob's
// TestEpisodeProtocol drive it further, with flow's own switches.)
func TestChromium(t *testing.T) {
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Skip("no Chromium on the PATH")
	}
	b, err := Launch(path, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	c, err := Connect(b.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx := testCtx(t)
	pages, err := c.Pages(ctx)
	if err != nil || len(pages) != 1 {
		t.Fatalf("pages of a fresh browser: %v, %v", pages, err)
	}
	s, err := c.NewPage(ctx, "about:blank")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Call(ctx, "Page.enable", nil, nil); err != nil {
		t.Fatal(err)
	}
	loaded := s.Listen("Page.loadEventFired")
	defer loaded.Stop()
	if err := s.Call(ctx, "Page.navigate", map[string]any{"url": "data:text/html,<title>cdpclient</title>"}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := loaded.Next(ctx); err != nil {
		t.Fatal(err)
	}
	var title string
	if err := s.Eval(ctx, "new Promise(r => setTimeout(() => r(document.title), 10))", &title); err != nil || title != "cdpclient" {
		t.Errorf("title %q, %v", title, err)
	}
	if err := s.Eval(ctx, "(() => { throw new Error('on purpose') })()", nil); err == nil || !strings.Contains(err.Error(), "page script: Error: on purpose") {
		t.Errorf("exception: %v", err)
	}
	// The browser's own events: the tab's end.
	if err := c.Call(ctx, "Target.setDiscoverTargets", map[string]any{"discover": true}, nil); err != nil {
		t.Fatal(err)
	}
	destroyed := c.Listen("Target.targetDestroyed")
	defer destroyed.Stop()
	if err := s.CloseTarget(ctx); err != nil {
		t.Fatal(err)
	}
	for {
		p, err := destroyed.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var ev struct{ TargetID string }
		if json.Unmarshal(p, &ev) == nil && ev.TargetID == s.TargetID {
			break
		}
	}
	if pages, err := c.Pages(ctx); err != nil || len(pages) != 1 {
		t.Errorf("pages after closing the new tab: %v, %v", pages, err)
	}
}
