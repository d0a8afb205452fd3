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
	res, page := runStep(t, lockedTodoPage, `do "tick off book the dentist"`)
	pressedNothing(t, res, page)
}

// TestNoBoxOfAnotherItemForAnItemNotShown: a step that names an item
// the list does not show ticks no other item's box, though a word is
// shared ("book" and "Return library books"); a step that names a shown
// item ticks its box and no other. Sources: the property tests' todo
// pages (random seed 300200100, case 26), the trust site's camping list.
func TestNoBoxOfAnotherItemForAnItemNotShown(t *testing.T) {
	absent := strings.Replace(lockedTodoPage, "<p>Book the dentist (Noor's task)</p>\n", "", 1)
	if absent == lockedTodoPage {
		t.Fatal("the page still shows the dentist's task")
	}
	res, page := runStep(t, absent, `do "tick off book the dentist"`)
	pressedNothing(t, res, page)

	res, page = runStep(t, absent, `do "tick off walk the dog"`)
	if res.Outcome != runtime.Completed || !strings.Contains(page, `"pressed: Walk the dog"`) {
		t.Errorf("%s; want the box of Walk the dog ticked, and no other:\n%s", res.Outcome, page)
	}
}

// pressedNothing fails the test unless the run failed and the page's log
// of presses ("pressed:") is empty.
func pressedNothing(t *testing.T, res *runtime.Result, page string) {
	t.Helper()
	if res.Outcome == runtime.Completed {
		t.Errorf("completed; want a failure that presses nothing:\n%s", page)
	}
	if !strings.Contains(page, "pressed:") || strings.Contains(page, "pressed: ") {
		t.Errorf("something was pressed:\n%s", page)
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
// site's camping list (what someone else brings has no box).
func TestNoBoxOfAnotherBlockForAQuotedTaskWithNoBox(t *testing.T) {
	res, page := runStep(t, lockedTaskPage, `do "check off \"Pick up dry cleaning\""`)
	pressedNothing(t, res, page)
}

// markAllPage is a task list with a control for all its tasks and one
// per task but the second, which is someone else's; each press is logged.
const markAllPage = `<!doctype html><title>Tasks</title>
<h1>Chores</h1>
<button type="button" id="all">Mark all done</button>
<ul>
<li><span>Clean the gutters</span> <button type="button">Done</button></li>
<li><span>Pick up dry cleaning</span> <small>(Sam's task)</small></li>
<li><span>Get new glasses</span> <button type="button">Done</button></li>
</ul>
<p id="log">pressed:</p>
<script>
for (const b of document.querySelectorAll("button")) b.addEventListener("click", () => { document.getElementById("log").textContent += " " + (b.id || b.closest("li").firstChild.textContent); });
</script>`

// TestMarkAllIsNoOneTasksControl: a step about one task never presses
// the list's control for all of them, though its words ("mark", "done")
// are the step's: the task has no control of its own here, so the step
// fails and presses nothing. Sources: the property tests' todo pages
// ("Mark all as complete", "Complete all"), the trust site's todo app
// (todos-wc.html: "Mark all as complete").
func TestMarkAllIsNoOneTasksControl(t *testing.T) {
	res, page := runStep(t, markAllPage, `do "mark \"Pick up dry cleaning\" as done"`)
	pressedNothing(t, res, page)
}

// deleteAllPage is a task list whose one delete control deletes every
// task: no task has one of its own.
const deleteAllPage = `<!doctype html><title>Tasks</title>
<h1>Chores</h1>
<button type="button">Delete all tasks</button>
<ul>
<li>Clean the gutters</li>
<li>Pick up dry cleaning</li>
<li>Get new glasses</li>
</ul>`

// TestStopBeforeDeletingOneIsNeverDeleteAll: the target of a stop_before
// that deletes one task is never the list's control that deletes them
// all, though it reads as the act: a person approving "Delete all tasks"
// for one task would lose every one. It fails or stops before another
// control, never that one. Sources: the property tests' todo pages
// ("Clear completed"), the trust site's addresses ("Remove all addresses"
// over addresses with no remove control of their own).
func TestStopBeforeDeletingOneIsNeverDeleteAll(t *testing.T) {
	res, page := runStep(t, deleteAllPage, `stop_before "deleting the dry cleaning task"`)
	if res.Stop != nil && strings.Contains(res.Stop.Control, "all") {
		t.Errorf("%s before %s; want no control for all tasks:\n%s", res.Outcome, res.Stop.Control, page)
	}
	if res.Outcome == runtime.Completed {
		t.Errorf("completed:\n%s", page)
	}
}

// sectionsPage is people in labelled sections with no list or card
// markup, each with its own Follow; a press is logged and shown.
const sectionsPage = `<!doctype html><title>People you may know</title>
<h1>People you may know</h1>
<section aria-label="Jonas Nair"><p>Jonas Nair</p><p>Volunteers at the food bank</p><button type="button">Follow</button> <button type="button">Message</button></section>
<section aria-label="Hana Lindqvist"><p>Hana Lindqvist</p><p>Product designer in Lisbon</p><button type="button">Follow</button> <button type="button">Message</button></section>
<p id="log">pressed:</p>
<script>
for (const b of document.querySelectorAll("button")) b.addEventListener("click", () => {
  document.getElementById("log").textContent += " " + b.textContent + " of " + b.closest("section").getAttribute("aria-label");
  if (b.textContent === "Follow") b.textContent = "Following";
});
</script>`

// TestNoLookAlikeInAnotherSectionForAQuotedName: a step that quotes a
// person no section holds presses no look-alike of another section,
// though that section shares a word of the name ("Hana"); a step that
// quotes a person a section holds presses that section's control and
// no other. The sections are no items (no list, row or card), but the
// section that tells a control from its look-alikes is its group.
// Sources: the property tests' labelled sections (random seed 906463744,
// case 67), the trust site's notification settings
// (TestNoLookAlikeInAnotherFieldset).
func TestNoLookAlikeInAnotherSectionForAQuotedName(t *testing.T) {
	res, page := runStep(t, sectionsPage, `do "follow \"Hana Silva\""`)
	pressedNothing(t, res, page)

	res, page = runStep(t, sectionsPage, `do "follow \"Hana Lindqvist\""`)
	if res.Outcome != runtime.Completed || !strings.Contains(page, `"pressed: Follow of Hana Lindqvist"`) {
		t.Errorf("%s; want Follow of Hana Lindqvist pressed, and nothing else:\n%s", res.Outcome, page)
	}
}

// channelsPage is notification channels in fieldsets named by their
// legends (the trust site's alerts.html), each with its own look-alike
// Preview; a press is logged and shows the preview in its fieldset.
const channelsPage = `<!doctype html><title>Notification settings</title>
<h1>Notification settings</h1>
<fieldset><legend>Email notifications</legend><p>A message for every mention.</p>
<button type="button">Preview</button><output></output></fieldset>
<fieldset><legend>Push notifications</legend><p>Alerts on your phone.</p>
<button type="button">Preview</button><output></output></fieldset>
<p id="log">pressed:</p>
<script>
for (const b of document.querySelectorAll("button")) b.addEventListener("click", () => {
  const set = b.closest("fieldset");
  set.querySelector("output").textContent = "Showing a sample of " + set.querySelector("legend").textContent;
  document.getElementById("log").textContent += " Preview of " + set.querySelector("legend").textContent;
});
</script>`

// TestNoLookAlikeInAnotherFieldset: a step that quotes a channel the
// page does not have previews no other channel, though one shares a
// word of it ("Email"). Sources: the trust site's notification settings
// (alerts.html: a fieldset per channel, each with its own controls), the
// property tests' labelled sections.
func TestNoLookAlikeInAnotherFieldset(t *testing.T) {
	res, page := runStep(t, channelsPage, `do "preview \"Email digest\""`)
	pressedNothing(t, res, page)
}

// oneLineCartPage is a cart of one line whose quantity steppers sit in
// a group named for its product (the shop site's cart).
const oneLineCartPage = `<!doctype html><title>Your cart</title>
<h1>Your cart</h1>
<div class="cart-line"><a href="#">Wool hat</a> <span>€18.00 each</span>
<div role="group" aria-label="Quantity of Wool hat"><button type="button" aria-label="Decrease quantity">−</button><input type="number" value="1" aria-label="Quantity"><button type="button" aria-label="Increase quantity">+</button></div></div>
<p id="log">pressed:</p>
<script>
for (const b of document.querySelectorAll("button")) b.addEventListener("click", () => {
  const q = b.parentElement.querySelector("input");
  q.value = Number(q.value) + (b.textContent === "+" ? 1 : -1);
  document.getElementById("log").textContent += " " + b.getAttribute("aria-label") + " of " + b.parentElement.getAttribute("aria-label");
});
</script>`

// TestNoControlOfAnotherGroupForAQuotedPlaceNotShown: a step that
// quotes the group it acts in ("the quantity of \"Wool socks\"") where
// no group says that name presses nothing, though the one control that
// fits sits in another group and has no look-alike. Sources: the shop
// site's cart (a quantity group per line), the property tests' look-alike
// pages with the named block absent.
func TestNoControlOfAnotherGroupForAQuotedPlaceNotShown(t *testing.T) {
	res, page := runStep(t, oneLineCartPage, `do "increase the quantity of \"Wool socks\""`)
	pressedNothing(t, res, page)
}
