// Review page: everything the traveller chose, before paying.
(function () {
  'use strict';
  var b = Booking.require(['flight_id', 'fare', 'fullname', 'insurance']);
  if (!b) return;
  renderPriceBox(b);
  var f = b.flight, fare = b.fares.filter(function (x) { return x.key === b.fare; })[0];
  var rows = [
    ['Flight', f.from.name + ' → ' + f.to.name + ', ' + longDate(f.date) + ', ' + f.depart + ' – ' + f.arrive + (f.arrive_day_plus ? ' (+' + f.arrive_day_plus + ')' : '')],
    b.return_date ? ['Return date', longDate(b.return_date)] : null,
    ['Airline', f.airline + ' ' + f.number],
    ['Fare', fare.name],
    ['Travellers', travellersText(b.adults) + ' (' + b.adults + (b.adults === 1 ? ' adult' : ' adults') + ')'],
    ['Lead traveller', (b.title ? b.title + ' ' : '') + b.fullname],
    ['Email', b.email],
    ['Travel insurance', b.insurance ? 'Included' : 'Not included'],
    ['Total price', euros(Booking.total(b))]
  ];
  document.getElementById('summary').innerHTML = rows.filter(Boolean).map(function (r) {
    return '<dt>' + r[0] + '</dt><dd>' + escapeHTML(r[1]) + '</dd>';
  }).join('');
})();
