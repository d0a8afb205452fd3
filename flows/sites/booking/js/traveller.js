// Traveller page: the lead traveller's details.
(function () {
  'use strict';
  var b = Booking.require(['flight_id', 'fare']);
  if (!b) return;
  renderPriceBox(b);
  var form = document.getElementById('traveller-form');
  if (b.adults > 1) {
    document.getElementById('others-note').textContent = 'You can add the names of the other ' + (b.adults - 1) +
      (b.adults === 2 ? ' traveller' : ' travellers') + ' in Manage booking until 48 hours before departure.';
  }
  ['title', 'fullname', 'email', 'dob', 'phone'].forEach(function (k) { if (b[k]) form.elements[k].value = b[k]; });
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var err = document.getElementById('traveller-error');
    var name = form.elements.fullname.value.trim(), email = form.elements.email.value.trim();
    if (name.split(/\s+/).length < 2) { err.textContent = 'Enter the full name: first and last name.'; form.elements.fullname.focus(); return; }
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) { err.textContent = 'Enter a valid email address.'; form.elements.email.focus(); return; }
    Booking.set({ title: form.elements.title.value, fullname: name, email: email, dob: form.elements.dob.value, phone: form.elements.phone.value });
    location.href = '/insurance.html';
  });
})();
