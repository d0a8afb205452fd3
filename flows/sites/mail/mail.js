// Postbox webmail: folders, reading, composing, drafts and deleting, all
// through the server's /api endpoints (which record the events).
(function () {
  'use strict';
  var listView = document.getElementById('list-view');
  var msgView = document.getElementById('message-view');
  var list = document.getElementById('msg-list');
  var compose = document.getElementById('compose');
  var toastEl = document.getElementById('toast');
  var toastTimer = null;
  var current = null;   // the open message
  var draftId = 0;      // the draft being edited, 0 for a new message
  var NAMES = { inbox: 'Inbox', starred: 'Starred', sent: 'Sent', drafts: 'Drafts', trash: 'Trash' };

  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]; });
  }
  function api(method, url, body) {
    return fetch(url, {
      method: method,
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined
    }).then(function (r) { return r.json().then(function (b) { if (!r.ok) throw new Error(b.error); return b; }); });
  }
  function toast(text) {
    toastEl.textContent = text;
    toastEl.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { toastEl.hidden = true; }, 8000);
  }

  function folder() {
    var h = location.hash.replace('#', '');
    return NAMES[h] ? h : 'inbox';
  }

  function showList() {
    var f = folder();
    msgView.hidden = true;
    listView.hidden = false;
    document.title = NAMES[f] + ' · Postbox Mail';
    document.getElementById('folder-title').textContent = NAMES[f];
    document.querySelectorAll('#folders a').forEach(function (a) { a.classList.toggle('active', a.dataset.folder === f); });
    api('GET', '/api/messages?folder=' + f).then(function (data) {
      document.querySelectorAll('#folders a').forEach(function (a) {
        var n = data.counts[a.dataset.folder];
        a.querySelector('.count').textContent = n ? n : '';
      });
      document.getElementById('range').textContent = data.messages.length ? '1–' + data.messages.length + ' of ' + data.messages.length : '';
      list.innerHTML = '';
      if (!data.messages.length) {
        list.innerHTML = '<div class="empty">' + (f === 'drafts' ? 'You don\'t have any saved drafts.' : 'No conversations in ' + NAMES[f] + '.') + '</div>';
        return;
      }
      data.messages.forEach(function (m) {
        var row = document.createElement('div');
        row.className = 'msg-row' + (m.unread ? ' unread' : '');
        row.setAttribute('role', 'listitem');
        var who = f === 'sent' || f === 'drafts' ? (f === 'drafts' ? '<span style="color:#c5221f">Draft</span> ' : 'To: ') + esc(m.to || '(no recipient)') : esc(m.from_name);
        row.innerHTML =
          '<input type="checkbox" aria-label="Select conversation">' +
          '<button type="button" class="star" aria-label="' + (m.starred ? 'Starred' : 'Not starred') + '" aria-pressed="' + m.starred + '">★</button>' +
          '<span class="sender">' + who + '</span>' +
          '<span class="line">' + esc(m.subject || '(no subject)') + ' <span class="snippet">– ' + esc(m.body.split('\n').join(' ').slice(0, 90)) + '</span></span>' +
          '<span class="date">' + esc(m.date) + '</span>' +
          '<span class="row-actions"><button type="button" class="row-action icon-archive" title="Archive"></button>' +
          '<button type="button" class="row-action icon-trash"></button></span>';
        row.addEventListener('click', function (e) {
          if (e.target.closest('input, .star, .row-actions')) return;
          if (f === 'drafts') openCompose(m); else location.hash = '#msg/' + m.id;
        });
        row.querySelector('.icon-trash').addEventListener('click', function () { remove(m); });
        row.querySelector('.icon-archive').addEventListener('click', function () { toast('Archiving is not available in this demo.'); });
        list.appendChild(row);
      });
    });
  }

  function showMessage(id) {
    api('GET', '/api/messages/' + id).then(function (m) {
      current = m;
      listView.hidden = true;
      msgView.hidden = false;
      document.title = m.subject + ' · Postbox Mail';
      document.getElementById('msg-subject').textContent = m.subject;
      document.getElementById('msg-from').textContent = m.from_name;
      document.getElementById('msg-addr').textContent = '<' + m.from + '>';
      document.getElementById('msg-date').textContent = m.date;
      document.getElementById('msg-to').textContent = 'to ' + (m.to === 'ada@example.com' ? 'me' : m.to);
      document.getElementById('msg-body').textContent = m.body;
    }).catch(function () { location.hash = '#inbox'; });
  }

  function remove(m) {
    api('POST', '/api/messages/' + m.id + '/delete').then(function () {
      toast(m.folder === 'trash' ? 'Conversation deleted forever.' : 'Conversation moved to Trash.');
      if (location.hash.indexOf('#msg/') === 0) location.hash = '#inbox'; else showList();
    });
  }

  function route() {
    var m = /^#msg\/(\d+)$/.exec(location.hash);
    if (m) showMessage(m[1]); else showList();
  }

  // Compose window.
  var to = document.getElementById('compose-to'), subject = document.getElementById('compose-subject'), body = document.getElementById('compose-body');
  function openCompose(m) {
    draftId = m ? m.id : 0;
    to.value = m ? m.to : '';
    subject.value = m ? m.subject : '';
    body.innerText = m ? m.body : '';
    document.getElementById('compose-error').textContent = '';
    document.getElementById('compose-title').textContent = m && m.subject ? m.subject : 'New message';
    compose.hidden = false;
    to.focus();
  }
  function closeCompose() { compose.hidden = true; draftId = 0; }
  function message() { return { draft_id: draftId, to: to.value.trim(), subject: subject.value.trim(), body: body.innerText.trim() }; }

  document.getElementById('compose-btn').addEventListener('click', function () { openCompose(null); });
  subject.addEventListener('input', function () { document.getElementById('compose-title').textContent = subject.value || 'New message'; });
  document.getElementById('save-draft').addEventListener('click', function () {
    api('POST', '/api/drafts', message()).then(function (d) {
      draftId = d.id;
      toast('Draft saved.');
      if (folder() === 'drafts' && !listView.hidden) showList();
    });
  });
  document.getElementById('compose-close').addEventListener('click', function () {
    var m = message();
    if (m.to || m.subject || m.body) {
      api('POST', '/api/drafts', m).then(function () { toast('Draft saved.'); closeCompose(); route(); });
    } else {
      closeCompose();
    }
  });
  document.getElementById('discard').addEventListener('click', function () { closeCompose(); toast('Draft discarded.'); });
  document.getElementById('send').addEventListener('click', function () {
    var m = message();
    if (!/@/.test(m.to)) { document.getElementById('compose-error').textContent = 'Please specify at least one recipient.'; return; }
    if (!m.subject && !confirm('Send this message without a subject?')) return;
    api('POST', '/api/send', m).then(function () { closeCompose(); toast('Message sent.'); route(); })
      .catch(function (e) { document.getElementById('compose-error').textContent = e.message; });
  });

  // Message view toolbar.
  document.getElementById('back').addEventListener('click', function () { location.hash = '#inbox'; });
  document.getElementById('delete-msg').addEventListener('click', function () { if (current) remove(current); });
  document.getElementById('archive').addEventListener('click', function () { toast('Archiving is not available in this demo.'); });
  document.getElementById('mark-unread').addEventListener('click', function () { location.hash = '#inbox'; });
  document.getElementById('reply').addEventListener('click', function () {
    if (current) openCompose({ id: 0, to: current.from, subject: 'Re: ' + current.subject, body: '' });
  });
  document.getElementById('forward').addEventListener('click', function () {
    if (current) openCompose({ id: 0, to: '', subject: 'Fwd: ' + current.subject, body: '\n\n---------- Forwarded message ---------\n' + current.body });
  });
  document.getElementById('refresh').addEventListener('click', route);

  window.addEventListener('hashchange', route);
  route();
})();
