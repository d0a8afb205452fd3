package main

import (
	"context"
	"fmt"
	"strconv"

	"flow/internal/cdpclient"
	"flow/surfaces/browser"
)

// launchChromium starts the headless Chromium the measurement drives, so
// that two DevTools clients can reach the same tab: flow's surface,
// attached by URL, and ours, which asks for Chromium's accessibility tree.
// It has flow's own switches, the window flow gives a launched browser (an
// attached one keeps the window's) and a DevTools port (cdpclient.Launch: a
// fresh profile, a process group of its own).
func launchChromium(execPath string, width, height int) (*cdpclient.Browser, error) {
	if execPath == "" {
		p, err := browser.FindChromium()
		if err != nil {
			return nil, err
		}
		execPath = p
	}
	return cdpclient.Launch(execPath, append(browser.Flags(false),
		"--window-size="+strconv.Itoa(width)+","+strconv.Itoa(height))...)
}

// firstPage attaches to the browser's one page (the tab a freshly launched
// Chromium opens), so that flow, attaching to the browser's active page,
// takes the same target; our session is beside flow's.
func firstPage(ctx context.Context, d *cdpclient.Conn) (*cdpclient.Session, error) {
	pages, err := d.Pages(ctx)
	if err != nil {
		return nil, err
	}
	if len(pages) != 1 {
		return nil, fmt.Errorf("the browser has %d pages, want the one it opened", len(pages))
	}
	return d.Attach(ctx, pages[0])
}

// setViewport makes the tab's viewport width×height CSS pixels, as flow's
// own launched browser has it (an attached one keeps the window's size,
// which headless Chromium does not make exactly the viewport), so GOV.UK's
// layout is its desktop one, as in a launched run. The override holds
// while our session stays attached.
func setViewport(ctx context.Context, t *cdpclient.Session, width, height int) error {
	if err := t.Call(ctx, "Emulation.setDeviceMetricsOverride", map[string]any{
		"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false,
	}, nil); err != nil {
		return err
	}
	var v []int
	if err := t.Eval(ctx, "[innerWidth, innerHeight]", &v); err != nil {
		return err
	}
	if len(v) != 2 || v[0] != width || v[1] != height {
		return fmt.Errorf("the tab's viewport is %v, want %dx%d", v, width, height)
	}
	return nil
}
