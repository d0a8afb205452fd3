// Shared helpers for the SkyWay booking pages: the booking kept in
// sessionStorage while the traveller moves from page to page, and formats.
(function () {
  'use strict';
  var KEY = 'skyway.booking';

  window.Booking = {
    get: function () {
      try { return JSON.parse(sessionStorage.getItem(KEY)) || {}; } catch (e) { return {}; }
    },
    set: function (patch) {
      var b = Booking.get();
      Object.keys(patch).forEach(function (k) { b[k] = patch[k]; });
      sessionStorage.setItem(KEY, JSON.stringify(b));
      return b;
    },
    clear: function () { sessionStorage.removeItem(KEY); },
    // require sends the traveller back to the search when a page is opened
    // without the earlier steps done.
    require: function (fields) {
      var b = Booking.get();
      var missing = fields.filter(function (f) { return b[f] === undefined || b[f] === null || b[f] === ''; });
      if (missing.length) {
        document.querySelector('main').innerHTML =
          '<div class="panel"><h1>Your session has expired</h1><p>Please start a new search.</p>' +
          '<a class="btn btn-primary" href="/">New search</a></div>';
        return null;
      }
      return b;
    },
    total: function (b) {
      var fare = (b.fares || []).filter(function (f) { return f.key === b.fare; })[0];
      if (!fare) return 0;
      return fare.price_cents * b.adults + (b.insurance ? b.insurance_cents * b.adults : 0);
    }
  };

  window.euros = function (cents) {
    var whole = Math.floor(cents / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    var c = (cents % 100).toString();
    return '€' + whole + '.' + (c.length < 2 ? '0' + c : c);
  };

  window.longDate = function (iso) {
    var d = new Date(iso + 'T12:00:00Z');
    return d.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  };

  window.travellersText = function (n) {
    return n + (n === 1 ? ' traveller' : ' travellers');
  };

  window.escapeHTML = function (s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  };
})();

// The "Price details" box every checkout page shows.
window.renderPriceBox = function (b) {
  var lines = document.getElementById('price-lines');
  if (!lines) return;
  var fare = (b.fares || []).filter(function (f) { return f.key === b.fare; })[0];
  var html = '';
  if (fare) html += '<dt>' + fare.name + ' fare × ' + b.adults + '</dt><dd>' + euros(fare.price_cents * b.adults) + '</dd>';
  if (b.insurance) html += '<dt>Travel insurance × ' + b.adults + '</dt><dd>' + euros(b.insurance_cents * b.adults) + '</dd>';
  lines.innerHTML = html;
  document.getElementById('total-price').textContent = fare ? euros(Booking.total(b)) : '—';
};
