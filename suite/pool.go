package suite

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"flow/surfaces/browser"
)

// Pool is the browsers a suite runs on: Chromium processes reached at CDP
// endpoints (a browser farm, Selenium Grid's or browserless's CDP address,
// a Chromium started with --remote-debugging-port), or one Chromium
// launched for the suite. Cases go to the live browser running the fewest;
// a browser that goes away is left out from then on.
type Pool struct {
	mu      sync.Mutex
	members []*member
	stop    context.CancelFunc // ends the watchers
	probe   time.Duration
}

// member is one browser of the pool.
type member struct {
	url     string // the endpoint; "" for the launched browser
	b       *browser.Browser
	running int
	gone    error           // why it went away; nil while it serves
	ctx     context.Context // done when it goes away
	cancel  context.CancelFunc
}

// name is how reasons name the browser.
func (m *member) name() string {
	if m.url == "" {
		return "the local Chromium"
	}
	return "the browser at " + m.url
}

// ProbeEvery is how often the pool checks that a remote browser still
// answers, so the cases on one that went away end at once rather than at
// their timeouts.
const ProbeEvery = 500 * time.Millisecond

// A probe waits probeTimeout for an answer. A browser whose endpoint
// refuses or drops the connection is gone at once; one that accepts it but
// does not answer in time may only be slow (a loaded machine, a browser
// still starting), so it is gone only after probeTries such probes in a row.
const (
	probeTimeout = 5 * time.Second
	probeTries   = 3
)

// OpenPool attaches to every endpoint, or launches one Chromium with opts
// when there are none. An endpoint that cannot be reached is in the pool
// as gone, with the reason, so the cases it would have run go elsewhere;
// OpenPool itself fails only on a bad URL.
func OpenPool(ctx context.Context, endpoints []string, opts browser.Options) (*Pool, error) {
	for _, u := range endpoints {
		if err := CheckEndpoint(u); err != nil {
			return nil, err
		}
	}
	wctx, stop := context.WithCancel(context.Background())
	p := &Pool{stop: stop, probe: ProbeEvery}
	if len(endpoints) == 0 {
		m := newMember("")
		b, err := browser.Start(ctx, opts)
		if err != nil {
			m.leave(fmt.Errorf("cannot start Chromium: %w", err))
		}
		m.b = b
		p.members = []*member{m}
		return p, nil
	}
	var wg sync.WaitGroup
	for _, u := range endpoints {
		m := newMember(u)
		p.members = append(p.members, m)
		wg.Add(1)
		go func() {
			defer wg.Done()
			o := opts
			o.BrowserURL = u
			b, err := browser.Start(ctx, o)
			if err != nil {
				m.leave(fmt.Errorf("cannot attach to %s: %w", u, err))
				return
			}
			m.b = b
		}()
	}
	wg.Wait()
	for _, m := range p.members {
		if m.gone == nil {
			go p.watch(wctx, m)
		}
	}
	return p, nil
}

func newMember(u string) *member {
	m := &member{url: u}
	m.ctx, m.cancel = context.WithCancel(context.Background())
	return m
}

// leave marks the member gone (the first reason stays) and ends the cases
// running on it.
func (m *member) leave(why error) {
	if m.gone == nil {
		m.gone = why
	}
	m.cancel()
}

// CheckEndpoint reports whether u is a CDP address the pool can use:
// http(s)://host:port or ws(s)://host:port/devtools/browser/ID.
func CheckEndpoint(u string) error {
	p, err := url.Parse(u)
	if err != nil || p.Host == "" || (p.Scheme != "http" && p.Scheme != "https" && p.Scheme != "ws" && p.Scheme != "wss") {
		return fmt.Errorf("%q is not an http://host:port or ws://host:port/devtools/browser/… address of a browser's DevTools", u)
	}
	return nil
}

// Endpoints lists the pool's endpoints ("" for a launched browser).
func (p *Pool) Endpoints() []string {
	var out []string
	for _, m := range p.members {
		out = append(out, m.url)
	}
	return out
}

// acquire picks the live browser running the fewest cases, or returns the
// reason none is left.
func (p *Pool) acquire() (*member, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var best *member
	var reasons []string
	for _, m := range p.members {
		if m.gone != nil {
			reasons = append(reasons, m.gone.Error())
			continue
		}
		if best == nil || m.running < best.running {
			best = m
		}
	}
	if best == nil {
		return nil, errors.New("no browser is left: " + strings.Join(reasons, "; "))
	}
	best.running++
	return best, nil
}

func (p *Pool) release(m *member) {
	p.mu.Lock()
	m.running--
	p.mu.Unlock()
}

// goneReason returns why m went away, or nil while it serves.
func (p *Pool) goneReason(m *member) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return m.gone
}

// check probes m after a case on it went wrong, and marks it gone when it
// no longer answers. It returns the reason it is gone, or nil.
func (p *Pool) check(m *member) error {
	if err := p.goneReason(m); err != nil {
		return err
	}
	var err error
	if m.url != "" {
		for try := 1; try <= probeTries; try++ {
			if err = alive(m.url); err == nil || !slow(err) {
				break
			}
		}
	} else {
		err = opensTab(m.b)
	}
	if err != nil {
		p.markGone(m, err)
	}
	return p.goneReason(m)
}

// opensTab reports whether the launched browser still opens a tab: it has
// no address to probe, and a crashed one would fail every case after.
func opensTab(b *browser.Browser) error {
	ctx, cancel := context.WithTimeout(context.Background(), surfaceTimeout)
	defer cancel()
	s, err := b.NewSurface(ctx, browser.SurfaceOptions{})
	if err != nil {
		return err
	}
	closeSurface(s)
	return nil
}

func (p *Pool) markGone(m *member, err error) {
	p.mu.Lock()
	m.leave(fmt.Errorf("%s went away (%v)", m.name(), err))
	p.mu.Unlock()
}

// watch probes a remote browser until it goes away or the pool closes.
func (p *Pool) watch(ctx context.Context, m *member) {
	t := time.NewTicker(p.probe)
	defer t.Stop()
	unanswered := 0
	for {
		select {
		case <-ctx.Done():
			return
		case <-m.ctx.Done():
			return
		case <-t.C:
			err := alive(m.url)
			switch {
			case err == nil:
				unanswered = 0
				continue
			case slow(err):
				if unanswered++; unanswered < probeTries {
					continue
				}
			}
			p.markGone(m, err)
			return
		}
	}
}

// slow reports whether a probe failed only for want of an answer in time.
func slow(err error) bool {
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout()
}

// alive reports whether the DevTools endpoint at u still answers: its
// /json/version for an http address, a connection to its host and port for
// a ws address (whose path only the browser knows).
func alive(u string) error {
	p, err := url.Parse(u)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), probeTimeout)
	defer cancel()
	if p.Scheme == "http" || p.Scheme == "https" {
		req, err := http.NewRequestWithContext(ctx, "GET", strings.TrimSuffix(u, "/")+"/json/version", nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return errors.Unwrap(err) // the url.Error repeats the address
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("its /json/version answers %s", resp.Status)
		}
		return nil
	}
	host := p.Host
	if p.Port() == "" {
		host = net.JoinHostPort(p.Hostname(), map[string]string{"ws": "80", "wss": "443"}[p.Scheme])
	}
	c, err := (&net.Dialer{}).DialContext(ctx, "tcp", host)
	if err != nil {
		return err
	}
	return c.Close()
}

// Close ends the watchers and closes the launched browser or disconnects
// from the attached ones.
func (p *Pool) Close() {
	p.stop()
	for _, m := range p.members {
		if m.b != nil {
			done := make(chan struct{})
			go func() { m.b.Close(); close(done) }()
			select { // a browser that went away may not answer a close
			case <-done:
			case <-time.After(5 * time.Second):
			}
		}
		m.cancel()
	}
}
