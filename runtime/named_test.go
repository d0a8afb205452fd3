package runtime_test

import (
	"strings"
	"testing"

	"flow/runtime"
)

// lockedTodoPage is a todo list whose first item is someone else's and
// shows no box; each press on a box is logged.
const lockedTodoPage = `<!doctype html><title>Todo</title>
<h1>To do</h1>
<p>Book the dentist (Noor's task)</p>
<div class="card"><input type="checkbox" aria-label="Return library books"><span>Return library books</span> <a href="#" class="del">del</a></div>
<div class="card"><input type="checkbox" aria-label="Walk the dog"><span>Walk the dog</span> <a href="#" class="del">del</a></div>
<div class="card"><input type="checkbox" aria-label="Repot the basil"><span>Repot the basil</span> <a href="#" class="del">del</a></div>
<p id="log">pressed:</p>
<script>
for (const b of document.querySelectorAll("input")) b.addEventListener("click", () => { document.getElementById("log").textContent += " " + b.getAttribute("aria-label"); });
</script>`

// TestNoBoxOfAnotherItemForAThingNamedWhole: a step that names an item
// whole in lower case ("book the dentist"), which the screen shows with
// no box, presses no box of another item whose name shares a word
// ("Return library books"): it fails and presses nothing. Sources: the
// property tests' todo pages (random seed 554297966, case 131), the trust
// site's camping list ("tick off the sleeping bag" beside the mat).
func TestNoBoxOfAnotherItemForAThingNamedWhole(t *testing.T) {
	res, page := runPage(t, lockedTodoPage, `flow f "Tick an item" {
  fact site: url "The page"
  browse "${site}"
  do "tick off book the dentist"
}
`)
	if res.Outcome == runtime.Completed {
		t.Errorf("completed; want a failure that presses nothing:\n%s", page)
	}
	if !strings.Contains(page, "pressed:") || strings.Contains(page, "pressed: ") {
		t.Errorf("a box was pressed:\n%s", page)
	}
}

// lockedTaskPage is a todo list of look-alike blocks with no list
// markup, classed by state ("task", "task locked"): the second is someone
// else's and holds no box.
const lockedTaskPage = `<!doctype html><title>Todo</title>
<h1>My tasks</h1>
<div class="task"><input type="checkbox" checked><div class="title">Clean the gutters</div><a href="#" class="del">del</a></div>
<div class="task locked"><span>Pick up dry cleaning</span> <small>(Sam's task)</small></div>
<div class="task"><input type="checkbox"><div class="title">Get new glasses</div><a href="#" class="del">del</a></div>
<p id="log">pressed:</p>
<script>
for (const b of document.querySelectorAll("input")) b.addEventListener("click", () => { document.getElementById("log").textContent += " " + b.closest(".task").textContent.trim(); });
</script>`

// TestNoBoxOfAnotherBlockForAQuotedTaskWithNoBox: a step that quotes a
// task shown in a block of its own with no box presses the box of no
// other block: the blocks are one run of cards whatever state their class
// names, so the quoted task is an item the box is not in. Sources: the
// property tests' todo pages (random seed 454797090, case 264), the trust
// site's checklist of items packed by someone else.
func TestNoBoxOfAnotherBlockForAQuotedTaskWithNoBox(t *testing.T) {
	res, page := runPage(t, lockedTaskPage, `flow f "Tick a task" {
  fact site: url "The page"
  browse "${site}"
  do "check off \"Pick up dry cleaning\""
}
`)
	if res.Outcome == runtime.Completed {
		t.Errorf("completed; want a failure that presses nothing:\n%s", page)
	}
	if !strings.Contains(page, "pressed:") || strings.Contains(page, "pressed: ") {
		t.Errorf("a box was pressed:\n%s", page)
	}
}
