// Greenleaf shop: products and the cart live on the server (/api), and
// one block per page (body[data-page]) draws them.
(function () {
  'use strict';
  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]; });
  }
  function euros(cents) {
    return '€' + Math.floor(cents / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',') + '.' + String(cents % 100).padStart(2, '0');
  }
  function updateBadge(cart) {
    var n = cart.count;
    document.querySelector('.cart-count').textContent = n;
    document.querySelector('.cart-link').setAttribute('aria-label', 'Cart, ' + n + (n === 1 ? ' item' : ' items'));
    return cart;
  }
  function getCart() { return json('/api/cart').then(updateBadge); }
  function post(url, body) {
    return json(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body || {}) });
  }
  function stars(r) {
    var full = Math.round(r);
    return '<span aria-hidden="true">' + '★★★★★'.slice(0, full) + '☆☆☆☆☆'.slice(0, 5 - full) + '</span>';
  }
  function ratingHTML(p) {
    return '<div class="rating" title="' + p.rating + ' out of 5 stars">' + stars(p.rating) +
      ' <span class="sr-only">' + p.rating + ' out of 5 stars</span>' + p.rating.toFixed(1) +
      ' <a class="n" href="#" onclick="return false">(' + p.reviews.toLocaleString('en-GB') + ')</a></div>';
  }
  function priceHTML(cents) {
    return '<span class="sr-only">' + euros(cents) + '</span><span aria-hidden="true">€' + Math.floor(cents / 100) + '<span class="cents">' + String(cents % 100).padStart(2, '0') + '</span></span>';
  }
  function toast(text) {
    var t = document.querySelector('.toast');
    t.textContent = text; t.hidden = false;
    setTimeout(function () { t.hidden = true; }, 4000);
  }
  function json(url, opts) { return fetch(url, opts).then(function (r) { return r.json().then(function (b) { if (!r.ok) throw new Error(b.error); return b; }); }); }
  function card(p) {
    var li = document.createElement('li');
    li.className = 'product-card';
    li.innerHTML = '<a href="/product.html?id=' + p.id + '" tabindex="-1" aria-hidden="true"><img src="/img/' + p.image + '" alt=""></a>' +
      '<a class="title" href="/product.html?id=' + p.id + '">' + esc(p.name) + '</a>' +
      '<span class="brand">' + esc(p.brand) + '</span>' + ratingHTML(p) +
      '<p class="price">' + priceHTML(p.price_cents) + '</p>' + (p.in_stock ? '' : '<span class="oos">Currently unavailable</span>');
    return li;
  }

  var q = new URLSearchParams(location.search);
  var search = document.querySelector('.search input');
  if (q.get('q') !== null && search) search.value = q.get('q');
  getCart();

  var pages = {
    home: function () {
      json('/api/products?q=').then(function (ps) {
        var ul = document.getElementById('featured');
        ps.slice(0, 8).forEach(function (p) { ul.appendChild(card(p)); });
      });
    },
    search: function () {
      var all = [];
      var ul = document.getElementById('results');
      function render() {
        var order = document.getElementById('sort').value, ps = all.slice();
        if (order === 'price-asc') ps.sort(function (a, b) { return a.price_cents - b.price_cents; });
        if (order === 'price-desc') ps.sort(function (a, b) { return b.price_cents - a.price_cents; });
        if (order === 'rating') ps.sort(function (a, b) { return b.rating - a.rating; });
        ul.innerHTML = '';
        ps.forEach(function (p) { ul.appendChild(card(p)); });
      }
      json('/api/products?q=' + encodeURIComponent(q.get('q') || '')).then(function (ps) {
        all = ps;
        document.getElementById('results-title').textContent = ps.length + (ps.length === 1 ? ' result' : ' results') + (q.get('q') ? ' for “' + q.get('q') + '”' : '');
        document.title = (q.get('q') || 'All products') + ' · Greenleaf';
        if (!ps.length) ul.innerHTML = '<li class="empty-cart">No results. Try checking your spelling or use more general terms.</li>';
        render();
      });
      document.getElementById('sort').addEventListener('change', render);
    },
    product: function () {
      json('/api/products/' + encodeURIComponent(q.get('id') || '')).then(function (p) {
        document.title = p.name + ' · Greenleaf';
        document.getElementById('p-name').textContent = p.name;
        document.getElementById('crumb-name').textContent = p.name;
        var cat = document.getElementById('crumb-cat');
        cat.textContent = p.category[0].toUpperCase() + p.category.slice(1);
        cat.href = '/search.html?q=' + p.category;
        document.getElementById('p-brand').textContent = p.brand;
        document.getElementById('p-img').src = '/img/' + p.image;
        document.getElementById('p-rating').outerHTML = ratingHTML(p);
        document.getElementById('p-price').innerHTML = priceHTML(p.price_cents);
        document.getElementById('p-price2').innerHTML = priceHTML(p.price_cents);
        document.getElementById('p-desc').textContent = p.description;
        var stock = document.getElementById('p-stock');
        stock.textContent = p.in_stock ? 'In stock' : 'Currently unavailable.';
        stock.style.color = p.in_stock ? '' : '#b00020';
        document.getElementById('add').disabled = !p.in_stock;
        document.getElementById('buy-now').disabled = !p.in_stock;
        document.getElementById('buy-box').addEventListener('submit', function (e) {
          e.preventDefault();
          var n = Number(document.getElementById('qty').value);
          post('/api/cart', { id: p.id, quantity: n }).then(function (c) {
            updateBadge(c);
            document.getElementById('added-text').textContent = n + ' × ' + p.name + ' · Cart subtotal (' + c.count +
              (c.count === 1 ? ' item' : ' items') + '): ' + c.subtotal;
            document.getElementById('added').hidden = false;
          }).catch(function (err) { toast(err.message); });
        });
        document.getElementById('buy-now').addEventListener('click', function () {
          post('/api/cart', { id: p.id, quantity: Number(document.getElementById('qty').value) }).then(function () {
            location.href = '/checkout.html';
          });
        });
      }).catch(function () {
        document.getElementById('product').innerHTML = '<p>Sorry, we could not find that product. <a href="/">Back to the shop</a></p>';
      });
      document.getElementById('continue-shopping').addEventListener('click', function (e) {
        e.preventDefault();
        document.getElementById('added').hidden = true;
      });
    },
    cart: function () {
      var box = document.getElementById('cart-lines');
      function render(c) {
        updateBadge(c);
        document.getElementById('cart-count-text').textContent = c.count + (c.count === 1 ? ' item' : ' items');
        document.getElementById('subtotal').textContent = c.subtotal;
        var sub = c.subtotal_cents;
        document.getElementById('shipping-note').textContent = sub >= 5000 ? 'Your order qualifies for FREE delivery.' : 'Add ' + euros(5000 - sub) + ' for FREE delivery.';
        document.getElementById('checkout').hidden = !c.lines.length;
        if (!c.lines.length) { box.innerHTML = '<p class="empty-cart">Your cart is empty. <a href="/">Continue shopping</a></p>'; return; }
        box.innerHTML = '';
        c.lines.forEach(function (l) {
          var div = document.createElement('div');
          div.className = 'cart-line';
          div.innerHTML = '<img src="/img/' + l.image + '" alt="">' +
            '<div><a class="name" href="/product.html?id=' + l.id + '">' + esc(l.name) + '</a><div class="unit">' + euros(l.price_cents) + ' each · In stock</div>' +
            '<div class="line-actions"><div class="qty" role="group" aria-label="Quantity of ' + esc(l.name) + '">' +
              '<button type="button" class="dec" aria-label="Decrease quantity">−</button>' +
              '<input type="number" min="1" max="99" value="' + l.quantity + '" aria-label="Quantity">' +
              '<button type="button" class="inc" aria-label="Increase quantity">+</button></div>' +
            '<button type="button" class="link-btn remove">Remove</button> | <button type="button" class="link-btn" onclick="this.textContent=\'Saved\'">Save for later</button></div></div>' +
            '<span></span><span class="line-total">' + euros(l.price_cents * l.quantity) + '</span>';
          function set(qty) {
            post('/api/cart/' + l.id, { quantity: Math.max(1, Math.min(99, qty || 1)) }).then(render);
          }
          div.querySelector('.dec').addEventListener('click', function () { if (l.quantity > 1) set(l.quantity - 1); });
          div.querySelector('.inc').addEventListener('click', function () { set(l.quantity + 1); });
          div.querySelector('input').addEventListener('change', function () { set(parseInt(this.value, 10)); });
          div.querySelector('.remove').addEventListener('click', function () {
            post('/api/cart/' + l.id + '/remove').then(function (c2) { render(c2); toast(l.name + ' was removed from your cart.'); });
          });
          box.appendChild(div);
        });
      }
      getCart().then(render);
    },
    checkout: function () {
      var form = document.getElementById('checkout-form');
      getCart().then(function (c) {
        if (!c.lines.length) { location.href = '/cart.html'; return; }
        function totals() {
          var sub = c.subtotal_cents;
          var express = form.elements.delivery.value === 'express';
          var ship = express ? 690 : (sub >= 5000 ? 0 : 490);
          document.getElementById('co-items').textContent = euros(sub);
          document.getElementById('co-delivery').textContent = ship ? euros(ship) : 'FREE';
          document.getElementById('co-total').textContent = euros(sub + ship);
        }
        document.getElementById('mini-lines').innerHTML = c.lines.map(function (l) { return '<li>' + l.quantity + ' × ' + esc(l.name) + '</li>'; }).join('');
        form.addEventListener('change', totals);
        totals();
        form.addEventListener('submit', function (e) {
          e.preventDefault();
          var f = form.elements, err = document.getElementById('checkout-error');
          if (!f.name.value.trim() || !f.address.value.trim() || !f.city.value.trim() || !f.postcode.value.trim()) {
            err.textContent = 'Please complete your delivery address.'; return;
          }
          post('/api/order', {
            name: f.name.value, address: f.address.value, city: f.city.value, postcode: f.postcode.value,
            delivery: f.delivery.value, payment: f.payment.value
          }).then(function (res) {
            location.href = '/order.html?ref=' + encodeURIComponent(res.reference) + '&total=' + encodeURIComponent(res.total);
          }).catch(function (e2) { err.textContent = e2.message; });
        });
      });
    },
    done: function () {
      document.getElementById('order-ref').textContent = q.get('ref') || '';
      document.getElementById('order-total').textContent = q.get('total') || '';
    }
  };
  var page = pages[document.body.dataset.page];
  if (page) page();
})();
