// Details page: the chosen flight and its fare options.
(function () {
  'use strict';
  var b = Booking.require(['flight_id', 'adults']);
  if (!b) return;
  var id = new URLSearchParams(location.search).get('id') || b.flight_id;
  fetch('/api/flight?id=' + encodeURIComponent(id)).then(function (r) { return r.json(); }).then(function (data) {
    var f = data.flight;
    b = Booking.set({ flight_id: f.id, flight: f, fares: data.fares, insurance_cents: data.insurance_cents, fare: b.fare || 'basic' });
    document.getElementById('flight-line').innerHTML =
      '<strong>' + escapeHTML(f.from.name) + ' (' + f.from.code + ') → ' + escapeHTML(f.to.name) + ' (' + f.to.code + ')</strong><br>' +
      longDate(f.date) + ' · ' + f.depart + ' – ' + f.arrive + (f.arrive_day_plus ? ' (+' + f.arrive_day_plus + ')' : '') +
      ' · ' + f.duration + ' · ' + f.stops_text + '<br>' + escapeHTML(f.airline) + ' ' + escapeHTML(f.number) + ' · ' + f.cabin +
      ' · ' + travellersText(b.adults);
    var box = document.getElementById('fares');
    data.fares.forEach(function (fare) {
      var label = document.createElement('label');
      label.className = 'fare-card';
      label.innerHTML = '<input type="radio" name="fare" value="' + fare.key + '"' + (fare.key === b.fare ? ' checked' : '') + '>' +
        '<h3>' + fare.name + '</h3><ul>' + fare.features.map(function (x) { return '<li>' + escapeHTML(x) + '</li>'; }).join('') + '</ul>' +
        '<span class="fare-price">' + fare.price_text + '</span> <span class="hint">per adult</span>';
      label.querySelector('input').addEventListener('change', function () { renderPriceBox(Booking.set({ fare: fare.key })); });
      box.appendChild(label);
    });
    renderPriceBox(b);
  });
  document.getElementById('fare-form').addEventListener('submit', function (e) {
    e.preventDefault();
    if (!document.querySelector('input[name="fare"]:checked')) {
      document.getElementById('fare-error').textContent = 'Choose a fare to continue.';
      return;
    }
    location.href = '/traveller.html';
  });
})();
