package cache

import "fmt"

// Mode says what a run does with its book.
type Mode uint8

// The modes of `flow run --cache`.
const (
	// Off neither reads nor writes: every question goes to the decider.
	Off Mode = iota
	// Read replays what matches and never writes.
	Read
	// Write asks the decider everything and stores the answers.
	Write
	// ReadWrite replays what matches and stores, and heals, the rest.
	ReadWrite
)

// Modes are the words of --cache, in the order of the constants.
var Modes = []string{"off", "read", "write", "rw"}

// ParseMode reads a --cache value.
func ParseMode(s string) (Mode, error) {
	for i, m := range Modes {
		if s == m {
			return Mode(i), nil
		}
	}
	return Off, fmt.Errorf("unknown cache mode %q: use off, read, write or rw", s)
}

// String is the word of --cache for m.
func (m Mode) String() string {
	if int(m) < len(Modes) {
		return Modes[m]
	}
	return fmt.Sprintf("Mode(%d)", m)
}

// Reads reports whether m replays entries.
func (m Mode) Reads() bool { return m == Read || m == ReadWrite }

// Writes reports whether m stores answers.
func (m Mode) Writes() bool { return m == Write || m == ReadWrite }
