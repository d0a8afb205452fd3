// Results page: fetch the search, list flight cards, filter and sort them.
(function () {
  'use strict';
  var q = new URLSearchParams(location.search);
  var search = {
    from: q.get('from') || '', to: q.get('to') || '', date: q.get('date') || '',
    return_date: q.get('return') || '', adults: Number(q.get('adults') || 1)
  };
  var COLORS = { TP: '#d5232f', SK: '#0a1f5c', LH: '#f9a825', KL: '#00a1de', DY: '#c8102e', AF: '#002157', IB: '#d7192d', LX: '#e2001a', AY: '#0b1560', SN: '#003e7e' };
  var flights = [];
  var list = document.getElementById('results');
  var title = document.getElementById('results-title');

  function card(f) {
    var li = document.createElement('li');
    li.className = 'result';
    li.dataset.stops = Math.min(f.stops, 2);
    li.dataset.cabin = f.cabin;
    li.innerHTML =
      '<article class="flight-card">' +
        '<div class="fc-main">' +
          '<div class="fc-airline"><span class="fc-logo" style="background:' + (COLORS[f.airline_code] || '#555') + '" aria-hidden="true">' + f.airline_code + '</span>' +
            escapeHTML(f.airline) + ' · ' + escapeHTML(f.number) + '</div>' +
          '<div class="fc-times">' +
            '<div><div class="fc-time">' + f.depart + '</div><div class="fc-code">' + f.from.code + '</div></div>' +
            '<div class="fc-mid"><span class="duration">' + f.duration + '</span><div class="line"></div>' +
              '<span class="' + (f.stops === 0 ? 'stops-ok' : 'stops') + '">' + f.stops_text + (f.via ? ' · ' + f.via : '') + '</span></div>' +
            '<div><div class="fc-time">' + f.arrive + (f.arrive_day_plus ? '<sup title="Arrives ' + f.arrive_day_plus + ' day later">+' + f.arrive_day_plus + '</sup>' : '') +
              '</div><div class="fc-code">' + f.to.code + '</div></div>' +
          '</div>' +
          '<div class="fc-badges">' + (f.cabin !== 'Economy' ? '<span class="badge cabin">' + f.cabin + '</span>' : '') +
            (f.seats_left ? '<span class="badge">Only ' + f.seats_left + (f.seats_left === 1 ? ' seat' : ' seats') + ' left at this price</span>' : '') + '</div>' +
        '</div>' +
        '<div class="fc-price"><span class="amount">' + escapeHTML(f.price_text) + '</span><span class="per">per adult</span>' +
          '<button type="button" class="btn btn-primary select-btn">Select</button></div>' +
      '</article>';
    li.querySelector('.select-btn').addEventListener('click', function () {
      Booking.set({ from: search.from, to: search.to, date: search.date, return_date: search.return_date, adults: search.adults, flight_id: f.id, flight: f });
      location.href = '/details.html?id=' + encodeURIComponent(f.id);
    });
    return li;
  }

  function render() {
    var order = document.getElementById('sort').value;
    var shown = flights.slice();
    if (order === 'departure') shown.sort(function (a, b) { return a.depart.localeCompare(b.depart); });
    if (order === 'duration') shown.sort(function (a, b) { return a.minutes - b.minutes; });
    var stops = [].map.call(document.querySelectorAll('input[name="stops"]:checked'), function (c) { return c.value; });
    var cabins = [].map.call(document.querySelectorAll('input[name="cabin"]:checked'), function (c) { return c.value; });
    shown = shown.filter(function (f) { return stops.indexOf(String(Math.min(f.stops, 2))) >= 0 && cabins.indexOf(f.cabin) >= 0; });
    list.innerHTML = '';
    shown.forEach(function (f) { list.appendChild(card(f)); });
    title.textContent = shown.length + ' flights from ' + flights[0].from.name + ' to ' + flights[0].to.name;
  }

  document.getElementById('route-meta').textContent = (search.date ? longDate(search.date) : '') +
    (search.return_date ? ' – ' + longDate(search.return_date) + ' (return)' : '') + ' · ' + travellersText(search.adults);
  document.getElementById('route').textContent = search.from.replace(/\s*\(.*/, '') + ' → ' + search.to.replace(/\s*\(.*/, '');

  var url = '/api/search?from=' + encodeURIComponent(search.from) + '&to=' + encodeURIComponent(search.to) + '&date=' + encodeURIComponent(search.date);
  fetch(url).then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); }).then(function (res) {
    // Real result pages take a moment; so does this one.
    setTimeout(function () {
      document.getElementById('loading').hidden = true;
      if (!res.ok) {
        title.textContent = 'No flights found';
        list.innerHTML = '<li class="loading">We could not search this route: ' + escapeHTML(res.body.error) + '. <a href="/">Change your search</a></li>';
        return;
      }
      flights = res.body;
      render();
    }, 700);
  });
  document.getElementById('sort').addEventListener('change', render);
  document.querySelectorAll('.filters input').forEach(function (c) { c.addEventListener('change', render); });
  document.getElementById('clear-filters').addEventListener('click', function () {
    document.querySelectorAll('.filters input').forEach(function (c) { c.checked = true; });
    render();
  });
})();
