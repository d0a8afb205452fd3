// Contact form: sections appear as earlier answers ask for them. A hidden
// section is also disabled, so the browser does not post its fields.
(function () {
  'use strict';
  var form = document.getElementById('request-form');
  function show(el, on) {
    el.hidden = !on;
    if (el.tagName === 'FIELDSET') el.disabled = !on;
    el.querySelectorAll('input, select, textarea').forEach(function (c) { c.disabled = !on; });
  }
  function update() {
    var company = form.querySelector('input[name="is_company"]:checked');
    show(document.getElementById('company-fields'), !!company && company.value === 'yes');
    var country = form.elements.country.value;
    show(document.getElementById('state-field'), country === 'United States');
    show(document.getElementById('province-field'), country === 'Canada');
    show(document.getElementById('topic-other-field'), form.elements.topic.value === 'Other');
    var heard = form.querySelector('input[name="heard"]:checked');
    show(document.getElementById('heard-other-field'), !!heard && heard.value === 'Other');
  }
  form.addEventListener('change', update);
  form.addEventListener('reset', function () { setTimeout(update, 0); });
  form.addEventListener('submit', function (e) {
    var missing = [].filter.call(form.querySelectorAll('[required], .reveal:not([hidden]) input:not([id="vat_number"]), .reveal:not([hidden]) select'), function (c) {
      if (c.disabled) return false;
      if (c.type === 'radio') return !form.querySelector('input[name="' + c.name + '"]:checked');
      if (c.type === 'checkbox') return !c.checked;
      return !c.value.trim();
    });
    if (missing.length) {
      e.preventDefault();
      document.getElementById('form-error').textContent = 'Please complete the required fields (' + missing.length + ' missing).';
      missing[0].focus();
    }
  });
  update();
})();
