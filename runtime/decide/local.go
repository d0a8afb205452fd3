package decide

// Local is the embedded decider: no network, deterministic. It answers a
// question through a pipeline of stages, each in its own file, the data of
// one question passed forward once: frame (frame.go: the step parsed),
// describe (describe.go: every option described), score (score.go, with
// anchors in anchor.go), choose (choose.go: the bar, ties, ordinals) and
// explain (explain.go: why). It judges a statement as predicates the
// screen asserts (judge.go). The zero value is ready to use.
type Local struct{}

// NewLocal returns the local decider.
func NewLocal() *Local { return &Local{} }

// Name returns "local".
func (*Local) Name() string { return "local" }
