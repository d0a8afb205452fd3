package surfaces

import (
	"errors"
	"fmt"
)

// Sentinel errors; the typed errors below match them with errors.Is.
var (
	// ErrStaleRef: the ref is from an old screen or its element changed;
	// observe again.
	ErrStaleRef = errors.New("stale ref")
	// ErrNotActionable: the element cannot take this operation (disabled,
	// hidden, not a field, no such option, …).
	ErrNotActionable = errors.New("not actionable")
	// ErrCovered: another element is on top of the target.
	ErrCovered = errors.New("covered")
	// ErrNavigationBlocked: a navigation left the allowed origins.
	ErrNavigationBlocked = errors.New("navigation blocked")
	// ErrUnsupported: the surface does not support this operation.
	ErrUnsupported = errors.New("unsupported operation")
	// ErrNoSurface: the workspace has no surface of the requested kind.
	ErrNoSurface = errors.New("no surface")
)

// StaleRefError reports a ref that no longer names a live element.
type StaleRefError struct {
	Ref    string
	Reason string // "unknown ref", "element removed", "element changed", "page navigated"
}

// Error names the ref and why it is stale.
func (e *StaleRefError) Error() string {
	return fmt.Sprintf("stale ref %s (%s): observe again", e.Ref, e.Reason)
}

// Is makes errors.Is(err, ErrStaleRef) hold.
func (e *StaleRefError) Is(target error) bool { return target == ErrStaleRef }

// NotActionableError reports an element that cannot take the operation.
type NotActionableError struct {
	Ref    string
	Op     Op
	Reason string
}

// Error names the operation, the ref and the reason.
func (e *NotActionableError) Error() string {
	return fmt.Sprintf("cannot %s %s: %s", e.Op, e.Ref, e.Reason)
}

// Is makes errors.Is(err, ErrNotActionable) hold.
func (e *NotActionableError) Is(target error) bool { return target == ErrNotActionable }

// CoveredError reports a click target hidden under another element.
type CoveredError struct {
	Ref string
	// By describes the element on top, e.g. `div "Subscribe to our newsletter"`.
	By string
}

// Error names what covers the target.
func (e *CoveredError) Error() string {
	return fmt.Sprintf("%s is covered by %s: close or scroll past it first", e.Ref, e.By)
}

// Is makes errors.Is(err, ErrCovered) hold.
func (e *CoveredError) Is(target error) bool { return target == ErrCovered }

// BlockedError reports a navigation outside the allowed origins.
type BlockedError struct {
	URL string
}

// Error names the blocked URL.
func (e *BlockedError) Error() string {
	return fmt.Sprintf("navigation to %s blocked: its origin is not allowed", e.URL)
}

// Is makes errors.Is(err, ErrNavigationBlocked) hold.
func (e *BlockedError) Is(target error) bool { return target == ErrNavigationBlocked }
