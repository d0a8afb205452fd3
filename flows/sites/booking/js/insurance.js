// Insurance upsell: add it or say no, then review.
(function () {
  'use strict';
  var b = Booking.require(['flight_id', 'fare', 'fullname']);
  if (!b) return;
  renderPriceBox(b);
  document.getElementById('ins-price').textContent = euros(b.insurance_cents);
  function go(insurance) {
    Booking.set({ insurance: insurance });
    location.href = '/summary.html';
  }
  document.getElementById('add-insurance').addEventListener('click', function () { go(true); });
  document.getElementById('no-insurance').addEventListener('click', function () { go(false); });
})();
