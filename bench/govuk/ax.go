package main

import (
	"context"
	"encoding/json"

	"flow/internal/cdpclient"
)

// axNode is one node of Chromium's accessibility tree as
// Accessibility.getFullAXTree returns it (the fields the measurement reads).
type axNode struct {
	NodeID  string `json:"nodeId"`
	Ignored bool   `json:"ignored"`
	Role    *struct {
		Value string `json:"value"`
	} `json:"role"`
	Name *struct {
		Value string `json:"value"`
	} `json:"name"`
	Properties []struct {
		Name  string `json:"name"`
		Value struct {
			Value json.RawMessage `json:"value"`
		} `json:"value"`
	} `json:"properties"`
	ParentID  string   `json:"parentId"`
	ChildIDs  []string `json:"childIds"`
	BackendID int64    `json:"backendDOMNodeId"`
}

func (n *axNode) role() string {
	if n.Role == nil {
		return ""
	}
	return n.Role.Value
}

func (n *axNode) name() string {
	if n.Name == nil {
		return ""
	}
	return n.Name.Value
}

// prop returns the JSON value of the named property, or nil.
func (n *axNode) prop(name string) json.RawMessage {
	for _, p := range n.Properties {
		if p.Name == name {
			return p.Value.Value
		}
	}
	return nil
}

// flag reports whether the named boolean property is true.
func (n *axNode) flag(name string) bool { return string(n.prop(name)) == "true" }

// axTree is a document's accessibility tree, its nodes by id and by the DOM
// node they stand for.
type axTree struct {
	nodes     []*axNode
	byID      map[string]*axNode
	byBackend map[int64]*axNode
}

// fullAXTree asks Chromium for the tab's whole accessibility tree (the main
// frame: the fixtures hold no iframes), ignored nodes included.
func fullAXTree(ctx context.Context, t *cdpclient.Session) (*axTree, error) {
	var res struct {
		Nodes []*axNode `json:"nodes"`
	}
	if err := t.Call(ctx, "Accessibility.getFullAXTree", map[string]any{}, &res); err != nil {
		return nil, err
	}
	tr := &axTree{nodes: res.Nodes, byID: map[string]*axNode{}, byBackend: map[int64]*axNode{}}
	for _, n := range res.Nodes {
		tr.byID[n.NodeID] = n
		if n.BackendID != 0 {
			tr.byBackend[n.BackendID] = n
		}
	}
	return tr, nil
}
