package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"flow/internal/cdpclient"
	"flow/surfaces"
)

// Flow's candidates carry no DOM identity the measurement can read (their
// refs live in flow's isolated world), but they carry where they are
// drawn: Bounds, the element's border box rounded to whole pixels, or for
// a checkbox or radio hidden behind its styled label (GOV.UK's are), the
// label's box, since that is what a person clicks. locate finds, in a
// world of our own in the same document and with nothing scrolled or
// changed since Observe, the elements drawn at exactly each candidate's
// box, and turns them into DOM node ids, which is what Chromium's
// accessibility nodes name. Several elements can share a box (a link and
// the one span it holds); compare chooses among them.

// locateJS is called with the candidates' boxes ([[x, y, w, h], …]) and
// returns [JSON of [[element index, [candidate indexes], control]], element,
// element, …]: control is 1 when the element is a control by its markup
// alone, which breaks a tie between boxes.
const locateJS = `function (boxes) {
  const key = (r) => [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)].join(",");
  const want = new Map();
  boxes.forEach((b, i) => { const k = b.join(","); if (!want.has(k)) want.set(k, []); want.get(k).push(i); });
  const pairs = [], els = [];
  const add = (el, hits) => {
    const control = el.matches("a[href],button,input,select,textarea,summary,[role],[tabindex],[contenteditable],[onclick]") ? 1 : 0;
    pairs.push([els.length, hits, control]);
    els.push(el);
  };
  const visit = (root) => {
    for (const el of root.querySelectorAll("*")) {
      let hits = want.get(key(el.getBoundingClientRect()));
      if (el.tagName === "INPUT" && (el.type === "checkbox" || el.type === "radio") && el.labels && el.labels.length) {
        const more = want.get(key(el.labels[0].getBoundingClientRect()));
        if (more) hits = (hits || []).concat(more);
      }
      if (hits) add(el, hits);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  return [JSON.stringify(pairs)].concat(els);
}`

// placed is an element drawn at a candidate's box.
type placed struct {
	backend int64
	control bool
}

// locate returns, for each candidate, the elements drawn at its box.
func locate(ctx context.Context, t *cdpclient.Session, cands []surfaces.Candidate) ([][]placed, error) {
	out := make([][]placed, len(cands))
	if len(cands) == 0 {
		return out, nil
	}
	var tree struct {
		FrameTree struct {
			Frame struct {
				ID string `json:"id"`
			} `json:"frame"`
		} `json:"frameTree"`
	}
	if err := t.Call(ctx, "Page.getFrameTree", nil, &tree); err != nil {
		return nil, err
	}
	var world struct {
		ExecutionContextID int64 `json:"executionContextId"`
	}
	if err := t.Call(ctx, "Page.createIsolatedWorld", map[string]any{
		"frameId": tree.FrameTree.Frame.ID, "worldName": "govuk-parity",
	}, &world); err != nil {
		return nil, err
	}
	boxes := make([][4]float64, len(cands))
	for i, c := range cands {
		boxes[i] = [4]float64{c.Bounds.X, c.Bounds.Y, c.Bounds.W, c.Bounds.H}
	}
	const group = "govuk-parity"
	defer t.Call(context.WithoutCancel(ctx), "Runtime.releaseObjectGroup", map[string]any{"objectGroup": group}, nil)
	var res struct {
		Result struct {
			ObjectID string `json:"objectId"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := t.Call(ctx, "Runtime.callFunctionOn", map[string]any{
		"functionDeclaration": locateJS, "executionContextId": world.ExecutionContextID,
		"arguments": []any{map[string]any{"value": boxes}}, "objectGroup": group,
	}, &res); err != nil {
		return nil, err
	}
	if res.ExceptionDetails != nil {
		return nil, fmt.Errorf("locate script: %s", res.ExceptionDetails.Text)
	}
	var props struct {
		Result []struct {
			Name  string `json:"name"`
			Value struct {
				Value    json.RawMessage `json:"value"`
				ObjectID string          `json:"objectId"`
			} `json:"value"`
		} `json:"result"`
	}
	if err := t.Call(ctx, "Runtime.getProperties", map[string]any{
		"objectId": res.Result.ObjectID, "ownProperties": true,
	}, &props); err != nil {
		return nil, err
	}
	var pairsJSON string
	objects := map[int]string{} // element index → its object
	for _, p := range props.Result {
		i, err := strconv.Atoi(p.Name)
		if err != nil {
			continue // length, __proto__
		}
		if i == 0 {
			if err := json.Unmarshal(p.Value.Value, &pairsJSON); err != nil {
				return nil, fmt.Errorf("locate script: %w", err)
			}
			continue
		}
		objects[i-1] = p.Value.ObjectID
	}
	var pairs [][3]json.RawMessage
	if err := json.Unmarshal([]byte(pairsJSON), &pairs); err != nil {
		return nil, fmt.Errorf("locate script: %w", err)
	}
	for _, p := range pairs {
		var el, control int
		var hits []int
		if json.Unmarshal(p[0], &el) != nil || json.Unmarshal(p[1], &hits) != nil || json.Unmarshal(p[2], &control) != nil {
			return nil, fmt.Errorf("locate script: bad pair %s", p)
		}
		var node struct {
			Node struct {
				BackendNodeID int64 `json:"backendNodeId"`
			} `json:"node"`
		}
		if err := t.Call(ctx, "DOM.describeNode", map[string]any{"objectId": objects[el]}, &node); err != nil {
			return nil, err
		}
		for _, h := range hits {
			if h >= 0 && h < len(out) {
				out[h] = append(out[h], placed{backend: node.Node.BackendNodeID, control: control == 1})
			}
		}
	}
	return out, nil
}

// boxOf returns the border box of a DOM node in viewport pixels, or false
// when it has none (not rendered).
func boxOf(ctx context.Context, t *cdpclient.Session, backend int64) (surfaces.Bounds, bool) {
	var res struct {
		Model struct {
			Border []float64 `json:"border"`
		} `json:"model"`
	}
	if err := t.Call(ctx, "DOM.getBoxModel", map[string]any{"backendNodeId": backend}, &res); err != nil || len(res.Model.Border) != 8 {
		return surfaces.Bounds{}, false
	}
	q := res.Model.Border
	x0, y0, x1, y1 := min(q[0], q[2], q[4], q[6]), min(q[1], q[3], q[5], q[7]), max(q[0], q[2], q[4], q[6]), max(q[1], q[3], q[5], q[7])
	return surfaces.Bounds{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}, true
}

// elementOf returns a DOM node's tag name and attributes, the zero element
// when it cannot be told.
func elementOf(ctx context.Context, t *cdpclient.Session, backend int64) element {
	var res struct {
		Node struct {
			NodeName   string   `json:"nodeName"`
			Attributes []string `json:"attributes"` // name, value, name, value…
		} `json:"node"`
	}
	if err := t.Call(ctx, "DOM.describeNode", map[string]any{"backendNodeId": backend}, &res); err != nil {
		return element{}
	}
	e := element{Tag: res.Node.NodeName, Attrs: map[string]string{}}
	for i := 0; i+1 < len(res.Node.Attributes); i += 2 {
		e.Attrs[res.Node.Attributes[i]] = res.Node.Attributes[i+1]
	}
	return e
}
