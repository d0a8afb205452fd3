package report

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"

	"flow/runtime"
)

// ReadTrace reads the events of a JSONL trace (`flow run --trace`). A line
// that is not an event is an error naming its number; a trace cut short
// (a run killed before run_ended) is read as far as it goes.
func ReadTrace(r io.Reader) ([]runtime.Event, error) {
	var events []runtime.Event
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 64<<20) // a screen of a long page is one line
	for n := 1; sc.Scan(); n++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var e runtime.Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("line %d is not an event of a trace: %v", n, err)
		}
		if e.Kind == "" {
			return nil, fmt.Errorf("line %d is not an event of a trace: it has no kind", n)
		}
		events = append(events, e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(events) == 0 {
		return nil, fmt.Errorf("the trace holds no events")
	}
	return events, nil
}

// ReadTraceFile reads the trace at path.
func ReadTraceFile(path string) ([]runtime.Event, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadTrace(f)
}

// Recorder is a [runtime.Sink] that keeps the events of a run for a report
// written when the run ends. It is safe for concurrent use.
type Recorder struct {
	mu     sync.Mutex
	events []runtime.Event
}

// Emit keeps e.
func (r *Recorder) Emit(e runtime.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, e)
}

// Events returns the events kept so far.
func (r *Recorder) Events() []runtime.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]runtime.Event(nil), r.events...)
}
