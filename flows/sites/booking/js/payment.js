// Payment page: card fields and the Pay button, which posts the booking.
(function () {
  'use strict';
  var b = Booking.require(['flight_id', 'fare', 'fullname', 'insurance']);
  if (!b) return;
  renderPriceBox(b);
  var total = Booking.total(b);
  var form = document.getElementById('pay-form');
  var btn = document.getElementById('pay-btn');
  btn.textContent = 'Pay ' + euros(total);
  var number = document.getElementById('cc-number');
  number.addEventListener('input', function () {
    // Group digits in fours as the traveller types, like real card forms.
    var digits = number.value.replace(/\D/g, '').slice(0, 19);
    var grouped = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
    if (grouped !== number.value) number.value = grouped;
  });
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var err = document.getElementById('pay-error');
    var f = form.elements;
    var problem = !f.ccname.value.trim() ? 'Enter the name on the card.' :
      f.cardnumber.value.replace(/\D/g, '').length < 12 ? 'Enter the card number.' :
      !/^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})\s*$/.test(f['exp-date'].value) ? 'Enter the expiry date as MM/YY.' :
      !/^\d{3,4}$/.test(f.cvc.value.trim()) ? 'Enter the security code.' :
      !f.terms.checked ? 'Accept the terms and conditions to continue.' : '';
    if (problem) { err.textContent = problem; return; }
    err.textContent = '';
    btn.disabled = true;
    btn.textContent = 'Processing payment…';
    fetch('/api/pay', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        flight: b.flight_id, return_date: b.return_date || '', fare: b.fare, travellers: b.adults, insurance: !!b.insurance,
        name: b.fullname, email: b.email, card_name: f.ccname.value, card_number: f.cardnumber.value,
        card_expiry: f['exp-date'].value, card_code: f.cvc.value, total_cents: total
      })
    }).then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); }).then(function (res) {
      if (!res.ok) {
        err.textContent = 'Payment failed: ' + res.body.error;
        btn.disabled = false;
        btn.textContent = 'Pay ' + euros(total);
        return;
      }
      location.href = '/confirmation.html?ref=' + encodeURIComponent(res.body.reference) + '&total=' + encodeURIComponent(res.body.total);
    });
  });
})();
