// A small list app in the style of the popular todo apps: its state lives in
// memory, the markup is redrawn from it, and every change is reported to the
// server. Shared by todos.html and the <todo-app> element of todos-wc.html.

// The items a page starts with; ?done=buy-milk,call-grandma (or all) says
// which are completed.
function todoStart(search) {
  var items = [
    { id: 'buy-milk', title: 'Buy milk', completed: false },
    { id: 'call-grandma', title: 'Call grandma', completed: true },
    { id: 'return-library-books', title: 'Return library books', completed: false }
  ];
  var done = new URLSearchParams(search).get('done');
  if (done !== null) {
    var ids = done.split(',');
    items.forEach(function (t) { t.completed = done === 'all' || ids.indexOf(t.id) >= 0; });
  }
  return items;
}

function todoApp(root, todos) {
  var ENTER = 'Enter', ESCAPE = 'Escape';
  var list = root.querySelector('.todo-list');
  var newTodo = root.querySelector('.new-todo');
  var toggleAll = root.querySelector('.toggle-all');

  function slug(s) { return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''); }
  function report(path, body) { api('/api/todos' + path, body); }

  function render() {
    list.innerHTML = '';
    todos.forEach(function (todo) {
      var li = document.createElement('li');
      li.dataset.id = todo.id;
      if (todo.completed) li.className = 'completed';
      li.innerHTML = '<div class="view"><input class="toggle" type="checkbox"><label></label><button class="destroy"></button></div>';
      li.querySelector('label').textContent = todo.title;
      li.querySelector('.toggle').checked = todo.completed;
      list.appendChild(li);
    });
    var left = todos.filter(function (t) { return !t.completed; }).length;
    root.querySelector('.todo-count').innerHTML = '<strong>' + left + '</strong> ' + (left === 1 ? 'item' : 'items') + ' left';
    toggleAll.checked = todos.length > 0 && left === 0;
    root.querySelector('.main').hidden = todos.length === 0;
    root.querySelector('.footer').hidden = todos.length === 0;
    root.querySelector('.clear-completed').hidden = todos.length === left;
  }
  function find(el) {
    var id = el.closest('li').dataset.id;
    return todos.filter(function (t) { return t.id === id; })[0];
  }

  newTodo.addEventListener('keydown', function (e) {
    if (e.key !== ENTER) return;
    var title = newTodo.value.trim();
    if (!title) return;
    var todo = { id: slug(title), title: title, completed: false };
    todos.push(todo);
    newTodo.value = '';
    report('', { id: todo.id, title: title });
    render();
  });
  toggleAll.addEventListener('change', function () {
    var done = toggleAll.checked;
    todos.forEach(function (t) { t.completed = done; });
    report('/toggle-all', { done: done });
    render();
  });
  root.querySelector('.clear-completed').addEventListener('click', function () {
    todos = todos.filter(function (t) { return !t.completed; });
    report('/clear-completed');
    render();
  });
  list.addEventListener('change', function (e) {
    if (!e.target.classList.contains('toggle')) return;
    var todo = find(e.target);
    todo.completed = e.target.checked;
    report('/' + todo.id + '/toggle', { done: todo.completed });
    render();
  });
  list.addEventListener('click', function (e) {
    if (!e.target.classList.contains('destroy')) return;
    var todo = find(e.target);
    todos = todos.filter(function (t) { return t !== todo; });
    report('/' + todo.id + '/delete');
    render();
  });
  list.addEventListener('dblclick', function (e) {
    if (e.target.tagName !== 'LABEL') return;
    var li = e.target.closest('li'), todo = find(e.target);
    var edit = document.createElement('input');
    edit.className = 'edit';
    edit.value = todo.title;
    li.classList.add('editing');
    li.appendChild(edit);
    edit.focus();
    var done = false;
    function finish(save) {
      if (done) return;
      done = true;
      var title = edit.value.trim();
      if (save && title && title !== todo.title) {
        todo.title = title;
        report('/' + todo.id + '/rename', { to: title });
      } else if (save && !title) {
        todos = todos.filter(function (t) { return t !== todo; });
        report('/' + todo.id + '/delete');
      }
      render();
    }
    edit.addEventListener('keydown', function (k) {
      if (k.key === ENTER) finish(true);
      if (k.key === ESCAPE) finish(false);
    });
    edit.addEventListener('blur', function () { finish(true); });
  });
  render();
}
