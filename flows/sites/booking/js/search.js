// Search page: cookie consent, city autocomplete, calendar popup, submit.
(function () {
  'use strict';

  // Cookie consent: shown until the visitor answers, remembered per browser.
  var consent = document.getElementById('consent');
  if (!localStorage.getItem('skyway.consent')) consent.hidden = false;
  function answer(value) {
    localStorage.setItem('skyway.consent', value);
    consent.hidden = true;
  }
  document.getElementById('consent-accept').addEventListener('click', function () { answer('all'); });
  document.getElementById('consent-reject').addEventListener('click', function () { answer('necessary'); });
  document.getElementById('consent-settings').addEventListener('click', function () {
    var prefs = document.getElementById('consent-prefs');
    if (prefs.hidden) {
      prefs.hidden = false;
      this.textContent = 'Save preferences';
    } else {
      answer(document.getElementById('c-analytics').checked ? 'analytics' : 'necessary');
    }
  });

  // City autocomplete, one per combobox.
  function autocomplete(input, list) {
    var items = [], active = -1, timer = null, seq = 0;
    function close() {
      list.hidden = true; list.innerHTML = ''; items = []; active = -1;
      input.setAttribute('aria-expanded', 'false');
      input.removeAttribute('aria-activedescendant');
    }
    function pick(city) {
      input.value = city.name + ' (' + city.code + ')';
      input.dataset.code = city.code;
      close();
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }
    function highlight(i) {
      active = i;
      Array.prototype.forEach.call(list.children, function (li, j) {
        li.setAttribute('aria-selected', j === i ? 'true' : 'false');
      });
      if (i >= 0) input.setAttribute('aria-activedescendant', list.children[i].id);
    }
    function render(cities) {
      items = cities;
      list.innerHTML = '';
      if (!cities.length) { close(); return; }
      cities.forEach(function (c, i) {
        var li = document.createElement('li');
        li.id = list.id + '-opt-' + i;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        li.innerHTML = '<span class="city">' + escapeHTML(c.name) + ' (' + c.code + ')</span><span class="country">' + escapeHTML(c.country) + '</span>';
        li.addEventListener('mousedown', function (e) { e.preventDefault(); });
        li.addEventListener('click', function () { pick(c); });
        list.appendChild(li);
      });
      list.hidden = false;
      input.setAttribute('aria-expanded', 'true');
    }
    input.addEventListener('input', function () {
      delete input.dataset.code;
      clearTimeout(timer);
      var q = input.value.trim();
      if (q.length < 2) { close(); return; }
      var mine = ++seq;
      timer = setTimeout(function () {
        fetch('/api/cities?q=' + encodeURIComponent(q)).then(function (r) { return r.json(); }).then(function (cities) {
          if (mine === seq) render(cities);
        });
      }, 150);
    });
    input.addEventListener('keydown', function (e) {
      if (list.hidden) return;
      if (e.key === 'ArrowDown') { e.preventDefault(); highlight(Math.min(active + 1, items.length - 1)); }
      else if (e.key === 'ArrowUp') { e.preventDefault(); highlight(Math.max(active - 1, 0)); }
      else if (e.key === 'Enter' && active >= 0) { e.preventDefault(); pick(items[active]); }
      else if (e.key === 'Escape') { close(); }
    });
    input.addEventListener('blur', function () { setTimeout(close, 150); });
  }
  var from = document.getElementById('from-input'), to = document.getElementById('to-input');
  autocomplete(from, document.getElementById('from-list'));
  autocomplete(to, document.getElementById('to-list'));

  document.getElementById('swap').addEventListener('click', function () {
    var v = from.value, c = from.dataset.code;
    from.value = to.value; to.value = v;
    if (to.dataset.code) from.dataset.code = to.dataset.code; else delete from.dataset.code;
    if (c) to.dataset.code = c; else delete to.dataset.code;
  });

  // Trip type: Return shows the return date.
  document.querySelectorAll('input[name="trip"]').forEach(function (r) {
    r.addEventListener('change', function () {
      var isReturn = document.querySelector('input[name="trip"]:checked').value === 'return';
      document.getElementById('return-field').hidden = !isReturn;
      document.getElementById('return').disabled = !isReturn;
    });
  });

  // Calendar popup filling the native date input.
  var depart = document.getElementById('depart');
  var cal = document.getElementById('calendar');
  var calBtn = document.getElementById('cal-btn');
  var today = new Date(); today.setHours(0, 0, 0, 0);
  var shown = new Date(today.getFullYear(), today.getMonth(), 1);
  var MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  function iso(d) {
    return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0');
  }
  function drawCalendar() {
    var first = new Date(shown.getFullYear(), shown.getMonth(), 1);
    var days = new Date(shown.getFullYear(), shown.getMonth() + 1, 0).getDate();
    var lead = (first.getDay() + 6) % 7; // weeks start on Monday
    var html = '<header><button type="button" data-nav="-1" aria-label="Previous month">‹</button>' +
      '<span aria-live="polite">' + MONTHS[shown.getMonth()] + ' ' + shown.getFullYear() + '</span>' +
      '<button type="button" data-nav="1" aria-label="Next month">›</button></header><table role="grid"><thead><tr>';
    ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].forEach(function (d) { html += '<th scope="col">' + d + '</th>'; });
    html += '</tr></thead><tbody><tr>';
    for (var i = 0; i < lead; i++) html += '<td></td>';
    for (var d = 1; d <= days; d++) {
      var date = new Date(shown.getFullYear(), shown.getMonth(), d);
      var label = date.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
      html += '<td><button type="button" data-date="' + iso(date) + '" aria-label="' + label + '"' +
        (iso(date) === depart.value ? ' aria-pressed="true"' : '') + (date < today ? ' disabled' : '') + '>' + d + '</button></td>';
      if ((lead + d) % 7 === 0 && d < days) html += '</tr><tr>';
    }
    cal.innerHTML = html + '</tr></tbody></table>';
  }
  calBtn.addEventListener('click', function () {
    if (cal.hidden) {
      if (depart.value) { var v = new Date(depart.value + 'T00:00:00'); shown = new Date(v.getFullYear(), v.getMonth(), 1); }
      drawCalendar();
    }
    cal.hidden = !cal.hidden;
    calBtn.setAttribute('aria-expanded', String(!cal.hidden));
  });
  cal.addEventListener('click', function (e) {
    var b = e.target.closest('button');
    if (!b) return;
    if (b.dataset.nav) {
      shown = new Date(shown.getFullYear(), shown.getMonth() + Number(b.dataset.nav), 1);
      drawCalendar();
    } else if (b.dataset.date) {
      depart.value = b.dataset.date;
      depart.dispatchEvent(new Event('change', { bubbles: true }));
      cal.hidden = true;
      calBtn.setAttribute('aria-expanded', 'false');
    }
  });
  document.addEventListener('click', function (e) {
    if (!cal.hidden && !e.target.closest('#date-field')) { cal.hidden = true; calBtn.setAttribute('aria-expanded', 'false'); }
  });

  // Submit: check the form, then let the browser go to the results page.
  document.getElementById('search-form').addEventListener('submit', function (e) {
    var err = document.getElementById('search-error');
    var problem = !from.value.trim() ? 'Choose where you fly from.' :
      !to.value.trim() ? 'Choose where you fly to.' :
      !depart.value ? 'Choose a departure date.' : '';
    if (problem) {
      e.preventDefault();
      err.textContent = problem;
      return;
    }
    err.textContent = '';
    Booking.clear();
  });
})();
