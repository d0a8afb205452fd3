package runtime_test

import (
	"strings"
	"testing"

	"flow/runtime"
)

// airportsPage is a destination field whose suggestion list, as jQuery
// UI's autocomplete draws it, shows long airport names with the code in
// parentheses, among them another service of the same cities.
const airportsPage = `<!doctype html><title>Flights</title>
<style>ul{list-style:none;margin:0;padding:0;position:absolute;background:#fff;border:1px solid #999;width:420px}
li{cursor:pointer;padding:2px}</style>
<label for=to>To:</label> <input id=to autocomplete=off><ul id=list hidden></ul>
<p id=chosen></p>
<script>
const airports = ["Fort Collins/Loveland, CO - Municipal Airport (FNL)", "Fort Collins/Loveland, CO - Bus service (QWF)",
  "Springfield, IL - Capital Airport (SPI)", "Chicago, IL - O'Hare (ORD)"];
const to = document.getElementById("to"), list = document.getElementById("list");
to.addEventListener("input", () => {
  const q = to.value.toLowerCase();
  list.innerHTML = "";
  for (const a of airports) if (q && a.toLowerCase().includes(q)) {
    const li = document.createElement("li");
    li.textContent = a;
    li.addEventListener("click", () => { to.value = a; list.hidden = true; document.getElementById("chosen").textContent = "Chosen: " + a; });
    list.append(li);
  }
  list.hidden = !list.children.length;
});
</script>`

// TestSuggestionMarkedWithTheCode types an airport's code into a field
// whose suggestions spell each airport out at length, the code in
// parentheses: the suggestion marked with the code is the one, however
// long its name (MiniWoB++ book-flight's "to: FNL"; the booking site's
// "Oslo (OSL)" as its second source). A word two different airports
// share ("IL", a state) stays ambiguous.
func TestSuggestionMarkedWithTheCode(t *testing.T) {
	res, page := runPage(t, airportsPage, `flow f "Fly to Fort Collins" {
  fact site: url "The page"
  browse "${site}"
  enter "to" = "FNL"
}
`)
	completedShowing(t, res, page, "Chosen: Fort Collins/Loveland, CO - Municipal Airport (FNL)")

	res, page = runPage(t, airportsPage, `flow f "Fly to Illinois" {
  fact site: url "The page"
  browse "${site}"
  enter "to" = "IL"
}
`)
	if res.Outcome != runtime.Failed || res.Failure == nil || !strings.Contains(res.Failure.Reason, "ambiguous") ||
		!strings.Contains(res.Failure.Reason, "Springfield") || !strings.Contains(res.Failure.Reason, "Chicago") {
		t.Errorf("outcome %s, failure %+v; want ambiguous between Springfield and Chicago\n%s", res.Outcome, res.Failure, page)
	}
}
