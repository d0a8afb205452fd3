package runtime_test

import (
	"strings"
	"testing"

	"flow/runtime"
)

// bookingBarPage is a compact booking bar whose date and time fields carry
// only an icon (no label, no placeholder), beside labelled month, week
// and date-and-time fields; a line under the form echoes each field's
// value as the page holds it, so the test reads what Chromium took.
const bookingBarPage = `<!doctype html><title>Book a table</title>
<h1>Book a table</h1>
<form id=bar>
  <span aria-hidden=true>📅</span><input type=date id=day>
  <span aria-hidden=true>🕑</span><input type=time id=at>
  <label>Billing month <input type=month id=month></label>
  <label>Delivery week <input type=week id=week></label>
  <label>Reminder <input type=datetime-local id=remind></label>
</form>
<p id=held></p>
<script>
const held = document.getElementById("held");
document.getElementById("bar").addEventListener("input", () => {
  held.textContent = ["day", "at", "month", "week", "remind"].map(id => id + "=" + document.getElementById(id).value).join(" ");
});
</script>`

// TestEnterNativeDateAndTimeFields types values written as people write
// them into Chromium's native date, time, month, week and datetime-local
// fields (two of them known only by their kind) and reads back what the
// page holds. Sources: MiniWoB++ enter-time and enter-date, and this
// booking bar.
func TestEnterNativeDateAndTimeFields(t *testing.T) {
	res, page := runPage(t, bookingBarPage, `flow b "Fill the booking bar" {
  fact site: url "The page"
  browse "${site}"
  enter {
    "the date" = "14 March 2026"
    "the time" = "7:55 PM"
    "billing month" = "March 2026"
    "delivery week" = "week 11 of 2026"
    "reminder" = "13/03/2026 at 18:30"
  }
}
`)
	if res.Outcome != runtime.Completed {
		t.Fatalf("outcome %s: %v\n%s", res.Outcome, res.Failure, page)
	}
	want := "day=2026-03-14 at=19:55 month=2026-03 week=2026-W11 remind=2026-03-13T18:30"
	if !strings.Contains(page, want) {
		t.Errorf("the page holds other values; want %q in:\n%s", want, page)
	}
}

// twiceSuggestedPage lists each matching town twice under the field (two
// sources merged), as MiniWoB++ book-flight lists an airport.
const twiceSuggestedPage = `<!doctype html><title>Where to</title>
<label>Destination <input id=to autocomplete=off></label>
<ul id=sugg></ul>
<p id=held></p>
<script>
const to = document.getElementById("to"), sugg = document.getElementById("sugg");
to.addEventListener("input", () => {
  sugg.innerHTML = "";
  if (!to.value) return;
  for (const t of ["Lisbon, Portugal", "Lisbon, Portugal", "Lismore, Australia"].filter(t => t.toLowerCase().startsWith(to.value.toLowerCase()))) {
    const li = document.createElement("li");
    li.innerHTML = "<button type=button></button>";
    li.firstChild.textContent = t;
    li.firstChild.onclick = () => { to.value = t; sugg.innerHTML = ""; document.getElementById("held").textContent = "to=" + t; };
    sugg.appendChild(li);
  }
});
</script>`

// TestEnterTakesASuggestionListedTwice: one suggestion listed twice is one
// choice, not an ambiguity; the one that differs is not taken.
func TestEnterTakesASuggestionListedTwice(t *testing.T) {
	res, page := runPage(t, twiceSuggestedPage, `flow b "Choose a destination" {
  fact site: url "The page"
  browse "${site}"
  enter "destination" = "Lisbon"
}
`)
	if res.Outcome != runtime.Completed {
		t.Fatalf("outcome %s: %v\n%s", res.Outcome, res.Failure, page)
	}
	if !strings.Contains(page, "to=Lisbon, Portugal") {
		t.Errorf("the page holds no Lisbon, Portugal:\n%s", page)
	}
}
