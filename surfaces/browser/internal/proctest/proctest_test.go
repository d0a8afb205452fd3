package proctest

import (
	"os/exec"
	"strings"
	"testing"
	"time"
)

func TestLeftoversFindsMarkedChildren(t *testing.T) {
	id := t.TempDir()
	Mark(id)
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The child shows its own command line once it has exec'd, a moment
	// after Start returned (longer on a busy machine).
	var left []string
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if left = Leftovers(id, 0); len(left) == 1 && strings.Contains(left[0], "sleep 30") {
			break
		}
	}
	if len(left) != 1 || !strings.Contains(left[0], "sleep 30") {
		t.Errorf("running child: %v", left)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if left := Leftovers(id, time.Second); len(left) != 0 {
		t.Errorf("after the child ended: %v", left)
	}
	if left := Leftovers("another-id", 0); len(left) != 0 {
		t.Errorf("unmarked processes reported: %v", left)
	}
}
