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
	left := Leftovers(id, 0)
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
