// Search page: cookie consent, city autocomplete, travellers stepper,
// departure and return calendars, submit.
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

  // Travellers stepper: − N + for 1 to 9 adults. The count is text for
  // people; the hidden adults field is what the form submits.
  var MAX_ADULTS = 9;
  var adults = document.getElementById('adults');
  var adultsDec = document.getElementById('adults-dec');
  var adultsInc = document.getElementById('adults-inc');
  var adultsCount = document.getElementById('adults-count');
  function setAdults(n) {
    n = Math.min(MAX_ADULTS, Math.max(1, n));
    adults.value = String(n);
    adultsCount.textContent = n + (n === 1 ? ' adult' : ' adults');
    adultsDec.disabled = n === 1;
    adultsInc.disabled = n === MAX_ADULTS;
  }
  adultsDec.addEventListener('click', function () { setAdults(Number(adults.value) - 1); });
  adultsInc.addEventListener('click', function () { setAdults(Number(adults.value) + 1); });
  setAdults(Number(adults.value) || 1); // the browser may restore the field on Back

  // Dates. Both calendars draw a month of day buttons named by their full
  // date; weeks start on Monday.
  var MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  var DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  var today = new Date(); today.setHours(0, 0, 0, 0);
  function iso(d) {
    return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0');
  }
  function parseISO(s) {
    var m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s || '');
    return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
  }
  function fullDate(d) { return DAYS[d.getDay()] + ' ' + d.getDate() + ' ' + MONTHS[d.getMonth()] + ' ' + d.getFullYear(); }
  function shortDate(d) { return DAYS[d.getDay()].slice(0, 3) + ' ' + d.getDate() + ' ' + MONTHS[d.getMonth()].slice(0, 3) + ' ' + d.getFullYear(); }
  function firstOfMonth(d) { return new Date(d.getFullYear(), d.getMonth(), 1); }

  // monthHTML draws the month of shown with selected pressed and the days
  // before min disabled.
  function monthHTML(shown, selected, min) {
    var days = new Date(shown.getFullYear(), shown.getMonth() + 1, 0).getDate();
    var lead = (shown.getDay() + 6) % 7;
    var html = '<div class="cal-head"><button type="button" data-nav="-1" aria-label="Previous month">‹</button>' +
      '<h2 class="cal-month" aria-live="polite">' + MONTHS[shown.getMonth()] + ' ' + shown.getFullYear() + '</h2>' +
      '<button type="button" data-nav="1" aria-label="Next month">›</button></div><table role="grid"><thead><tr>';
    ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].forEach(function (d) { html += '<th scope="col">' + d + '</th>'; });
    html += '</tr></thead><tbody><tr>';
    for (var i = 0; i < lead; i++) html += '<td></td>';
    for (var d = 1; d <= days; d++) {
      var date = new Date(shown.getFullYear(), shown.getMonth(), d);
      html += '<td><button type="button" data-date="' + iso(date) + '" aria-label="' + fullDate(date) + '"' +
        (iso(date) === selected ? ' aria-pressed="true"' : '') + (date < min ? ' disabled' : '') + '>' + d + '</button></td>';
      if ((lead + d) % 7 === 0 && d < days) html += '</tr><tr>';
    }
    return html + '</tr></tbody></table>';
  }

  // popupCalendar runs one calendar popup: opener toggles it, a day button
  // calls pick with the date, a click outside field or Escape closes it.
  // current returns the chosen ISO date, min the first day allowed, and
  // start the month to open on.
  function popupCalendar(field, opener, cal, o) {
    var shown = firstOfMonth(today);
    function draw() { cal.innerHTML = monthHTML(shown, o.current(), o.min()); }
    function setOpen(open) {
      if (open) {
        shown = firstOfMonth(o.start());
        draw();
      }
      cal.hidden = !open;
      opener.setAttribute('aria-expanded', String(open));
    }
    opener.addEventListener('click', function () { setOpen(cal.hidden); });
    if (opener.tagName === 'INPUT') {
      // A read-only field opens on the keys a button would.
      opener.addEventListener('keydown', function (e) {
        if ((e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') && cal.hidden) { e.preventDefault(); setOpen(true); }
      });
    }
    cal.addEventListener('click', function (e) {
      var b = e.target.closest('button');
      if (!b || b.disabled) return;
      if (b.dataset.nav) {
        shown = new Date(shown.getFullYear(), shown.getMonth() + Number(b.dataset.nav), 1);
        draw();
      } else if (b.dataset.date) {
        o.pick(b.dataset.date);
        setOpen(false);
        opener.focus();
      }
    });
    cal.addEventListener('keydown', function (e) {
      if (e.key === 'Escape') { setOpen(false); opener.focus(); }
    });
    // The path, not the target: a month change has already replaced the
    // button that was clicked.
    document.addEventListener('click', function (e) {
      if (!cal.hidden && e.composedPath().indexOf(field) < 0) setOpen(false);
    });
  }

  // Departure: a native date input, with a calendar popup as a shortcut.
  var depart = document.getElementById('depart');
  popupCalendar(document.getElementById('date-field'), document.getElementById('cal-btn'), document.getElementById('calendar'), {
    current: function () { return depart.value; },
    min: function () { return today; },
    start: function () { return parseISO(depart.value) || today; },
    pick: function (date) {
      depart.value = date;
      depart.dispatchEvent(new Event('change', { bubbles: true }));
    }
  });

  // Return: a read-only text field that only the calendar fills, shown for
  // return trips. The hidden return field carries the ISO date.
  var returnField = document.getElementById('return-field');
  var returnText = document.getElementById('return-input');
  var returnDate = document.getElementById('return');
  function setReturn(date) {
    var d = parseISO(date);
    returnDate.value = d ? iso(d) : '';
    returnText.value = d ? shortDate(d) : '';
    returnDate.dispatchEvent(new Event('change', { bubbles: true }));
  }
  popupCalendar(returnField, returnText, document.getElementById('return-calendar'), {
    current: function () { return returnDate.value; },
    min: function () { var d = parseISO(depart.value); return d && d > today ? d : today; },
    start: function () { return parseISO(returnDate.value) || parseISO(depart.value) || today; },
    pick: setReturn
  });
  // A return before a new departure date no longer makes a trip.
  depart.addEventListener('change', function () {
    var d = parseISO(depart.value), r = parseISO(returnDate.value);
    if (d && r && r < d) setReturn('');
  });

  // Trip type: Return shows the return date and submits it.
  function syncTrip() {
    var isReturn = document.querySelector('input[name="trip"]:checked').value === 'return';
    returnField.hidden = !isReturn;
    returnDate.disabled = !isReturn;
  }
  document.querySelectorAll('input[name="trip"]').forEach(function (r) { r.addEventListener('change', syncTrip); });
  syncTrip(); // the browser may restore the choice on Back

  // Submit: check the form, then let the browser go to the results page.
  document.getElementById('search-form').addEventListener('submit', function (e) {
    var err = document.getElementById('search-error');
    var problem = !from.value.trim() ? 'Choose where you fly from.' :
      !to.value.trim() ? 'Choose where you fly to.' :
      !depart.value ? 'Choose a departure date.' :
      !returnDate.disabled && !returnDate.value ? 'Choose a return date.' : '';
    if (problem) {
      e.preventDefault();
      err.textContent = problem;
      return;
    }
    err.textContent = '';
    Booking.clear();
  });
})();
