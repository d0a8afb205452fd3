package main

import (
	"flow/internal/cdpclient"
	"flow/surfaces/browser"
)

// launchChromium starts a headless Chromium for the harness with flow's own
// switches and a DevTools port (cdpclient.Launch: a fresh profile, a
// process group of its own).
func launchChromium(execPath string) (*cdpclient.Browser, error) {
	if execPath == "" {
		p, err := browser.FindChromium()
		if err != nil {
			return nil, err
		}
		execPath = p
	}
	return cdpclient.Launch(execPath, browser.Flags(false)...)
}
