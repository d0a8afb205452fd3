package surfaces

import (
	"context"
	"errors"
	"fmt"
)

// Workspace routes between surfaces by [Kind]. It is itself a [Surface]
// that forwards to the active one, so a caller written against a single
// surface keeps working when more kinds are added.
type Workspace struct {
	surfaces map[Kind]Surface
	order    []Kind
	active   Kind
}

// NewWorkspace makes a workspace of the given surfaces; the first is active.
// Two surfaces of one kind are an error.
func NewWorkspace(ss ...Surface) (*Workspace, error) {
	w := &Workspace{surfaces: map[Kind]Surface{}}
	for _, s := range ss {
		if err := w.Add(s); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// Add registers a surface; the first one added becomes active.
func (w *Workspace) Add(s Surface) error {
	k := s.Kind()
	if _, ok := w.surfaces[k]; ok {
		return fmt.Errorf("workspace already has a %s surface", k)
	}
	w.surfaces[k] = s
	w.order = append(w.order, k)
	if w.active == "" {
		w.active = k
	}
	return nil
}

// Get returns the surface of kind k, or an error wrapping [ErrNoSurface]
// that says which kinds exist.
func (w *Workspace) Get(k Kind) (Surface, error) {
	if s, ok := w.surfaces[k]; ok {
		return s, nil
	}
	return nil, fmt.Errorf("%w: no %s surface in this run (have %v)", ErrNoSurface, k, w.order)
}

// Use makes the surface of kind k active and returns it.
func (w *Workspace) Use(k Kind) (Surface, error) {
	s, err := w.Get(k)
	if err != nil {
		return nil, err
	}
	w.active = k
	return s, nil
}

// Active returns the active surface, or nil when the workspace is empty.
func (w *Workspace) Active() Surface { return w.surfaces[w.active] }

func (w *Workspace) current() (Surface, error) {
	if s := w.Active(); s != nil {
		return s, nil
	}
	return nil, fmt.Errorf("%w: the workspace is empty", ErrNoSurface)
}

// Kind returns the kind of the active surface.
func (w *Workspace) Kind() Kind { return w.active }

// Observe observes the active surface.
func (w *Workspace) Observe(ctx context.Context) (Screen, error) {
	s, err := w.current()
	if err != nil {
		return Screen{}, err
	}
	return s.Observe(ctx)
}

// Act acts on the active surface; a navigation first makes the browser
// surface active, since only a browser navigates to URLs.
func (w *Workspace) Act(ctx context.Context, op Operation) (Outcome, error) {
	if op.Op == OpNavigate && w.active != KindBrowser {
		if _, ok := w.surfaces[KindBrowser]; ok {
			w.active = KindBrowser
		}
	}
	s, err := w.current()
	if err != nil {
		return Outcome{}, err
	}
	return s.Act(ctx, op)
}

// Settle settles the active surface.
func (w *Workspace) Settle(ctx context.Context) error {
	s, err := w.current()
	if err != nil {
		return err
	}
	return s.Settle(ctx)
}

// Screenshot captures the active surface.
func (w *Workspace) Screenshot(ctx context.Context, opts ScreenshotOptions) ([]byte, error) {
	s, err := w.current()
	if err != nil {
		return nil, err
	}
	return s.Screenshot(ctx, opts)
}

// Close closes every surface and joins their errors.
func (w *Workspace) Close() error {
	var errs []error
	for _, k := range w.order {
		errs = append(errs, w.surfaces[k].Close())
	}
	return errors.Join(errs...)
}

// SetAllow passes the allowed origins to every surface that enforces them
// (see [Allower]).
func (w *Workspace) SetAllow(patterns []string) error {
	var errs []error
	for _, k := range w.order {
		if a, ok := w.surfaces[k].(Allower); ok {
			errs = append(errs, a.SetAllow(patterns))
		}
	}
	return errors.Join(errs...)
}

// TakesPress asks the active surface whether the application took a press
// of ref (see [PressTaker]); a surface that cannot tell answers no, which
// is no evidence either way.
func (w *Workspace) TakesPress(ctx context.Context, ref string) bool {
	s, err := w.current()
	if err != nil {
		return false
	}
	t, ok := s.(PressTaker)
	return ok && t.TakesPress(ctx, ref)
}
