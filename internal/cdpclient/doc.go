// Package cdpclient is a small Chrome DevTools protocol client over the
// standard library, for the benchmark commands that drive a browser beside
// flow (bench/miniwob, bench/govuk): chromedp and its cdproto types belong
// to surfaces/browser alone (the import policy in deps_test.go), and
// Surface exposes no DevTools context.
//
// Input: a DevTools address (http://host:port, whose /json/version names
// the browser's WebSocket, or that ws:// address), or a Chromium binary and
// switches for [Launch], which starts one with a DevTools port of its own.
//
// Output: a [Conn] on the browser's WebSocket, which calls methods on the
// browser ([Conn.Call]) and on a target's flattened session ([Session.Call],
// made by [Conn.Attach] or [Conn.NewPage]), and hands out the events of a
// method to a [Listener] made before the call that causes them.
//
// Invariants:
//   - One WebSocket per Conn, written one frame at a time and read by one
//     goroutine, which matches answers to calls by id and events to
//     listeners by method and session; a call ends with its answer, its
//     context, or the connection's end (the error says which).
//   - The WebSocket client (RFC 6455, client side) speaks only what
//     DevTools needs: ws:// (no TLS), text messages out, masked as a
//     client's must be; text and binary messages in, reassembled from
//     fragments; pings answered; no extensions.
//   - A launched browser runs in a process group of its own with a fresh
//     profile; [Browser.Close] kills the group, waits for it and removes
//     the profile.
//   - Nothing here knows flow: callers bring the binary and switches
//     (browser.FindChromium, browser.Flags) and their own scripts.
package cdpclient
