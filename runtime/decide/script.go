package decide

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync"

	"gopkg.in/yaml.v3"
)

// Script answers questions from a YAML file, for tests and reproductions:
//
//	answers:
//	  "4/target": e12                        # a key
//	  "5/option": {key: e7, confidence: 0.8} # a key with a confidence
//	  "6/target": none                       # no option fits
//	  "7/judge": 0.9                         # a probability
//	  "3/target": [e4, e9]                   # asked again: answers in turn, the last repeats
//
// A key that the question did not offer is answered as none, as for every
// decider. A question or statement the file does not answer is an error
// naming its ID.
type Script struct {
	file string
	mu   sync.Mutex
	ans  map[string][]scriptAnswer
	used map[string]int
}

type scriptAnswer struct {
	key         string
	confidence  float64
	probability float64
	isProb      bool
	pos         string // file:line:col
}

// ErrUnanswered is returned (wrapped) for a question a script does not
// answer.
var ErrUnanswered = errors.New("no answer in script")

// LoadScript reads a script file; errors name file:line:col.
func LoadScript(path string) (*Script, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("decide: script: %w", err)
	}
	return ParseScript(path, data)
}

// ParseScript parses script YAML; name is used in errors.
func ParseScript(name string, data []byte) (*Script, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v (hint: a script is a YAML mapping with an answers: key)", name, err)
	}
	s := &Script{file: name, ans: map[string][]scriptAnswer{}, used: map[string]int{}}
	at := func(n *yaml.Node) string { return name + ":" + strconv.Itoa(n.Line) + ":" + strconv.Itoa(n.Column) }
	if len(doc.Content) == 0 {
		return nil, fmt.Errorf("%s:1:1: empty script (hint: write answers: {\"1/target\": e3})", name)
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: the script must be a mapping with an answers: key", at(root))
	}
	var answers *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i]
		if k.Value != "answers" {
			return nil, fmt.Errorf("%s: unknown key %q (hint: the only key is answers)", at(k), k.Value)
		}
		answers = root.Content[i+1]
	}
	if answers == nil {
		return nil, fmt.Errorf("%s: no answers: key", at(root))
	}
	if answers.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: answers must map question IDs to answers", at(answers))
	}
	for i := 0; i+1 < len(answers.Content); i += 2 {
		k, v := answers.Content[i], answers.Content[i+1]
		if k.Value == "" {
			return nil, fmt.Errorf("%s: empty question ID", at(k))
		}
		if _, dup := s.ans[k.Value]; dup {
			return nil, fmt.Errorf("%s: question %q answered twice (hint: use a list for answers in turn)", at(k), k.Value)
		}
		list := []*yaml.Node{v}
		if v.Kind == yaml.SequenceNode {
			if len(v.Content) == 0 {
				return nil, fmt.Errorf("%s: empty answer list for %q", at(v), k.Value)
			}
			list = v.Content
		}
		for _, n := range list {
			a, err := parseAnswer(n, at)
			if err != nil {
				return nil, err
			}
			s.ans[k.Value] = append(s.ans[k.Value], a)
		}
	}
	return s, nil
}

func parseAnswer(n *yaml.Node, at func(*yaml.Node) string) (scriptAnswer, error) {
	a := scriptAnswer{pos: at(n), confidence: 1}
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "!!float" || n.Tag == "!!int" {
			p, err := strconv.ParseFloat(n.Value, 64)
			if err != nil || p < 0 || p > 1 {
				return a, fmt.Errorf("%s: probability %s is not within 0 and 1", at(n), n.Value)
			}
			a.probability, a.isProb = p, true
			return a, nil
		}
		if n.Value == "" {
			return a, fmt.Errorf("%s: empty answer (hint: write none for no option)", at(n))
		}
		a.key = n.Value
		if a.key == NoneKey {
			a.key = ""
		}
		return a, nil
	case yaml.MappingNode:
		hasKey := false
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			switch k.Value {
			case "key":
				if v.Kind != yaml.ScalarNode || v.Value == "" {
					return a, fmt.Errorf("%s: key must be an option key or none", at(v))
				}
				a.key, hasKey = v.Value, true
				if a.key == NoneKey {
					a.key = ""
				}
			case "confidence":
				c, err := strconv.ParseFloat(v.Value, 64)
				if err != nil || c < 0 || c > 1 {
					return a, fmt.Errorf("%s: confidence %q is not a number within 0 and 1", at(v), v.Value)
				}
				a.confidence = c
			case "probability":
				p, err := strconv.ParseFloat(v.Value, 64)
				if err != nil || p < 0 || p > 1 {
					return a, fmt.Errorf("%s: probability %q is not a number within 0 and 1", at(v), v.Value)
				}
				a.probability, a.isProb = p, true
			default:
				return a, fmt.Errorf("%s: unknown field %q (hint: key, confidence or probability)", at(k), k.Value)
			}
		}
		if hasKey == a.isProb {
			return a, fmt.Errorf("%s: an answer has either a key or a probability", at(n))
		}
		return a, nil
	}
	return a, fmt.Errorf("%s: an answer is a key, none, a probability or {key, confidence}", at(n))
}

// Name returns "script:FILE".
func (s *Script) Name() string { return "script:" + s.file }

// next returns the answer for id, advancing through a list.
func (s *Script) next(id string) (scriptAnswer, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	list, ok := s.ans[id]
	if !ok {
		return scriptAnswer{}, fmt.Errorf("decide: %s: question %q: %w (add %q under answers:)", s.file, id, ErrUnanswered, id)
	}
	i := s.used[id]
	if i >= len(list) {
		i = len(list) - 1
	}
	s.used[id]++
	return list[i], nil
}

// Choose answers q from the script.
func (s *Script) Choose(ctx context.Context, q Question) (Choice, error) {
	if err := q.Validate(); err != nil {
		return Choice{}, err
	}
	a, err := s.next(q.ID)
	if err != nil {
		return Choice{}, err
	}
	if a.isProb {
		return Choice{}, fmt.Errorf("decide: %s: question %q is answered with a probability, it needs a key", a.pos, q.ID)
	}
	if a.key == "" || !q.offered(a.key) {
		return Choice{}, nil
	}
	return Choice{Key: a.key, Confidence: a.confidence}, nil
}

// Judge answers st from the script.
func (s *Script) Judge(ctx context.Context, st Statement) (Judgement, error) {
	if err := st.Validate(); err != nil {
		return Judgement{}, err
	}
	a, err := s.next(st.ID)
	if err != nil {
		return Judgement{}, err
	}
	if !a.isProb {
		return Judgement{}, fmt.Errorf("decide: %s: statement %q is answered with a key, it needs a probability", a.pos, st.ID)
	}
	return Judgement{Probability: a.probability}, nil
}
