// Lumen ID: sign-in page and account settings, talking to /api.
(function () {
  'use strict';
  function api(method, url, body) {
    return fetch(url, {
      method: method, credentials: 'same-origin',
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined
    }).then(function (r) {
      if (r.status === 204) return {};
      return r.json().then(function (b) { if (!r.ok) { var e = new Error(b.error); e.status = r.status; throw e; } return b; });
    });
  }

  var login = document.getElementById('login-form');
  if (login) {
    document.getElementById('toggle-password').addEventListener('click', function () {
      var p = document.getElementById('password'), show = p.type === 'password';
      p.type = show ? 'text' : 'password';
      this.setAttribute('aria-pressed', String(show));
      this.setAttribute('aria-label', show ? 'Hide password' : 'Show password');
    });
    login.addEventListener('submit', function (e) {
      e.preventDefault();
      var err = document.getElementById('login-error');
      var f = login.elements;
      if (!f.login.value.trim()) { err.textContent = 'Enter your email or username.'; f.login.focus(); return; }
      if (!f.password.value) { err.textContent = 'Enter your password.'; f.password.focus(); return; }
      err.textContent = '';
      var btn = document.getElementById('sign-in');
      btn.disabled = true; btn.textContent = 'Signing in…';
      api('POST', '/api/login', { login: f.login.value, password: f.password.value, remember: f.remember.checked }).then(function (res) {
        location.href = '/' + res.next;
      }).catch(function (e2) {
        err.textContent = e2.message;
        btn.disabled = false; btn.textContent = 'Sign in';
        f.password.value = '';
      });
    });
    return;
  }

  var form = document.getElementById('settings-form');
  if (!form) return;
  var saved = null;
  function fill(s) {
    saved = s;
    form.elements.display_name.value = s.display_name;
    document.getElementById('email').value = s.email;
    form.elements.newsletter.checked = s.newsletter;
    form.elements.language.value = s.language;
    form.elements.time_zone.value = s.time_zone;
    document.getElementById('who-name').textContent = s.display_name;
  }
  api('GET', '/api/settings').then(fill).catch(function () { location.href = '/?next=account.html'; });
  form.addEventListener('input', function () { document.getElementById('saved').textContent = ''; });
  form.addEventListener('reset', function (e) { e.preventDefault(); if (saved) fill(saved); });
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var status = document.getElementById('saved');
    api('POST', '/api/settings', {
      display_name: form.elements.display_name.value, newsletter: form.elements.newsletter.checked,
      language: form.elements.language.value, time_zone: form.elements.time_zone.value
    }).then(function (s) {
      fill(s);
      status.style.color = '';
      status.textContent = 'Settings saved.';
    }).catch(function (e2) {
      status.style.color = '#b3261e';
      status.textContent = e2.message;
    });
  });

  // Subscriptions: one card per plan, each with the same Renew button.
  var subs = document.getElementById('subs');
  function subState(s) {
    return s.status === 'active' ? 'Renews ' + s.date : s.status === 'expired' ? 'Expired ' + s.date : 'Renewed ' + s.date;
  }
  function subCard(s) {
    var li = document.createElement('li');
    li.className = 'sub-card ' + s.status;
    li.innerHTML = '<div class="sub-info"><h3></h3><p class="help"></p><p class="sub-state"></p></div>' +
      '<button type="button" class="secondary">Renew</button>';
    li.querySelector('h3').textContent = s.name;
    li.querySelector('.help').textContent = s.detail;
    li.querySelector('.sub-state').textContent = subState(s);
    var btn = li.querySelector('button');
    if (s.status === 'renewed') { btn.disabled = true; btn.textContent = 'Renewed'; }
    btn.addEventListener('click', function () {
      var err = document.getElementById('subs-error');
      err.textContent = '';
      btn.disabled = true;
      api('POST', '/api/subscriptions/' + encodeURIComponent(s.id) + '/renew').then(function (renewed) {
        subs.replaceChild(subCard(renewed), li);
      }).catch(function (e2) {
        err.textContent = e2.message;
        btn.disabled = false;
      });
    });
    return li;
  }
  api('GET', '/api/subscriptions').then(function (list) {
    subs.innerHTML = '';
    list.forEach(function (s) { subs.appendChild(subCard(s)); });
  });

  document.getElementById('sign-out').addEventListener('click', function () {
    api('POST', '/api/logout').then(function () { location.href = '/'; });
  });
  var confirmBox = document.getElementById('confirm');
  document.getElementById('delete-account').addEventListener('click', function () {
    confirmBox.hidden = false;
    document.getElementById('confirm-input').value = '';
    document.getElementById('confirm-input').focus();
  });
  document.getElementById('confirm-cancel').addEventListener('click', function () { confirmBox.hidden = true; });
  document.getElementById('confirm-delete').addEventListener('click', function () {
    var v = document.getElementById('confirm-input').value.trim();
    if (v !== 'DELETE') { document.getElementById('confirm-error').textContent = 'Type DELETE in capital letters to confirm.'; return; }
    api('POST', '/api/account/delete', { confirm: v }).then(function (res) { location.href = '/' + res.next; });
  });
  document.querySelectorAll('.side a').forEach(function (a) {
    a.addEventListener('click', function (e) { if (a.getAttribute('href') !== '#profile') { e.preventDefault(); } });
  });
})();
