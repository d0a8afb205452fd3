// Shared by the trust pages: send a request the way a page's own script
// does, and show a short status line where a page has one.
function api(path, body, method) {
  var init = { method: method || 'POST', headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return fetch(path, init).then(function (r) {
    if (!r.ok) throw new Error('request failed: ' + r.status);
    return r;
  });
}
function say(text) {
  var s = document.querySelector('[role=status]');
  if (s) s.textContent = text;
}
