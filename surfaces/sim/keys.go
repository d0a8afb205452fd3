package sim

import (
	"fmt"
	"slices"
	"strings"
)

// namedKeys maps lower-case key names and their aliases to the DOM names
// the browser surface understands.
var namedKeys = func() map[string]string {
	m := map[string]string{}
	for _, k := range []string{
		"Enter", "Tab", "Escape", "Backspace", "Delete", "Insert", "Home", "End",
		"PageUp", "PageDown", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight",
		"CapsLock", "ContextMenu", "Control", "Shift", "Alt", "Meta",
		"F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12",
	} {
		m[strings.ToLower(k)] = k
	}
	m["return"] = "Enter"
	m["esc"] = "Escape"
	m["del"] = "Delete"
	m["space"] = " "
	return m
}()

var modifierNames = map[string]string{
	"control": "Control", "ctrl": "Control",
	"shift": "Shift",
	"alt":   "Alt", "option": "Alt",
	"meta": "Meta", "cmd": "Meta", "command": "Meta", "super": "Meta",
}

// normalizeKeys parses a key combination as the browser surface does
// ("Control+Shift+a", "enter", "Ctrl++") and returns its canonical form:
// modifiers in a fixed order, then the key's DOM name, so "ctrl+Return"
// and "Control+Enter" compare equal.
func normalizeKeys(combo string) (string, error) {
	parts := strings.Split(combo, "+")
	if strings.HasSuffix(combo, "++") || combo == "+" {
		parts = append(parts[:len(parts)-2], "+")
	}
	var mods []string
	for _, p := range parts[:len(parts)-1] {
		m, ok := modifierNames[strings.ToLower(strings.TrimSpace(p))]
		if !ok {
			return "", fmt.Errorf("key combination %q: unknown modifier %q (want Control, Shift, Alt or Meta)", combo, p)
		}
		if !slices.Contains(mods, m) {
			mods = append(mods, m)
		}
	}
	slices.Sort(mods)
	key := parts[len(parts)-1]
	if len([]rune(key)) != 1 {
		k, ok := namedKeys[strings.ToLower(strings.TrimSpace(key))]
		if !ok {
			return "", fmt.Errorf("key combination %q: unknown key %q (e.g. Enter, Tab, Escape, ArrowDown, a)", combo, key)
		}
		key = k
	}
	return strings.Join(append(mods, key), "+"), nil
}
