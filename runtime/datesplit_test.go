package runtime_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"flow/runtime"
)

// govukDatePage is GOV.UK's date input component as the design system
// writes it: a fieldset whose legend asks the question, a hint showing
// the form ("31 3 1980", no leading zeros), and three text boxes labelled
// Day, Month and Year. A line under the form echoes what each box holds.
const govukDatePage = `<!doctype html><title>Date of birth</title>
<form id=f>
<div class="govuk-form-group">
  <fieldset class="govuk-fieldset" role="group" aria-describedby="dob-hint">
    <legend class="govuk-fieldset__legend govuk-fieldset__legend--l"><h1 class="govuk-fieldset__heading">%s</h1></legend>
    <div id="dob-hint" class="govuk-hint">For example, 31 3 1980</div>
    <div class="govuk-date-input" id="dob">
      <div class="govuk-date-input__item"><div class="govuk-form-group">
        <label class="govuk-label govuk-date-input__label" for="dob-day">Day</label>
        <input class="govuk-input govuk-date-input__input govuk-input--width-2" id="dob-day" name="dob-day" type="text" inputmode="numeric"></div></div>
      <div class="govuk-date-input__item"><div class="govuk-form-group">
        <label class="govuk-label govuk-date-input__label" for="dob-month">Month</label>
        <input class="govuk-input govuk-date-input__input govuk-input--width-2" id="dob-month" name="dob-month" type="text" inputmode="numeric"></div></div>
      <div class="govuk-date-input__item"><div class="govuk-form-group">
        <label class="govuk-label govuk-date-input__label" for="dob-year">Year</label>
        <input class="govuk-input govuk-date-input__input govuk-input--width-4" id="dob-year" name="dob-year" type="text" inputmode="numeric"></div></div>
    </div>
  </fieldset>
</div>
<button type=button id=save>Save the date</button>
</form>
<p id=held></p>
<p id=saved>saved:</p>
<script>
const held = document.getElementById("held");
const parts = () => ["day", "month", "year"].map(p => document.getElementById("dob-" + p).value);
document.getElementById("f").addEventListener("input", () => { held.textContent = "held " + parts().join("|"); });
document.getElementById("save").addEventListener("click", () => {
  document.getElementById("saved").textContent += " " + parts().join("|");
  for (const p of ["day", "month", "year"]) document.getElementById("dob-" + p).value = "";
  held.textContent = "";
});
</script>`

// TestEnterSplitDateGOVUK fills GOV.UK's date input from one date fact
// named by the legend's words, and from a date written as text, each part
// as the hint writes it (no leading zeros); the parts entered one by one
// by their own labels still go each into its box. Sources: GOV.UK's date
// input component, issue 20's licence and passport journeys.
func TestEnterSplitDateGOVUK(t *testing.T) {
	res, page := runPage(t, fmt.Sprintf(govukDatePage, "What is your date of birth?"), `flow b "Give the date of birth" {
  fact site: url "The page"
  fact born: date = "1980-03-07"
  browse "${site}"
  enter "date of birth" = born
}
`)
	completedShowing(t, res, page, "held 7|3|1980")
	if ev := res.Steps[len(res.Steps)-1].Evidence; !strings.HasPrefix(ev, "state: ") || !strings.Contains(ev, `Year "1980"`) {
		t.Errorf("evidence %q; want the state of the three boxes", ev)
	}

	res, page = runPage(t, fmt.Sprintf(govukDatePage, "When was your passport issued?"), `flow p "Give the issue date" {
  fact site: url "The page"
  browse "${site}"
  enter "when was your passport issued" = "27/03/2017"
}
`)
	completedShowing(t, res, page, "held 27|3|2017")

	res, page = runPage(t, fmt.Sprintf(govukDatePage, "What is your date of birth?"), `flow b "Give the date of birth in parts" {
  fact site: url "The page"
  browse "${site}"
  enter {
    "Day" = "30"
    "Month" = "2"
    "Year" = "1990"
  }
}
`)
	completedShowing(t, res, page, "held 30|2|1990")
}

// expiryPage asks for a card's expiry as two boxes, "MM" and "YY", in a
// fieldset, between the name on the card and its security code; and a
// booking form below asks two dates as Day, Month and Year boxes under
// headings, with no fieldset to hold them.
const expiryPage = `<!doctype html><title>Membership</title>
<form id=f>
<label>Name on card <input id=name autocomplete=cc-name></label>
<fieldset><legend>Expiry date</legend>
  <input id=em placeholder=MM size=2 aria-label="Expiry month" autocomplete=cc-exp-month> /
  <input id=ey placeholder=YY size=2 aria-label="Expiry year" autocomplete=cc-exp-year>
</fieldset>
<label>Security code <input id=cvc autocomplete=cc-csc></label>
<h2>Arrival date</h2>
<div><label>Day <input id=ad size=2></label> <label>Month <input id=am size=2></label> <label>Year <input id=ay size=4></label></div>
<h2>Departure date</h2>
<div><label>Day <input id=dd size=2></label> <label>Month <input id=dm size=2></label> <label>Year <input id=dy size=4></label></div>
</form>
<p id=held></p>
<script>
document.getElementById("f").addEventListener("input", () => {
  document.getElementById("held").textContent = "held " + ["name", "em", "ey", "ad", "am", "ay", "dd", "dm", "dy"].map(id => id + "=" + document.getElementById(id).value).join(" ");
});
</script>`

// TestEnterSplitDateOtherShapes fills a card's expiry ("MM" / "YY"
// placeholders: a leading zero, two-digit year) from a date and from
// "04/29", and two Day/Month/Year groups told apart by the headings
// before them.
func TestEnterSplitDateOtherShapes(t *testing.T) {
	res, page := runPage(t, expiryPage, `flow m "Fill the membership form" {
  fact site: url "The page"
  fact expires: date = "2027-03-31"
  fact leave: date = "2026-12-02"
  allow "${site}"
  payment fill_then_approve
  browse "${site}"
  enter {
    "name on card" = "Ada Lovelace"
    "expiry date" = expires
    "arrival date" = "14 March 2026"
    "departure date" = leave
  }
}
`)
	if res.Outcome != runtime.Completed {
		t.Fatalf("outcome %s: %v\n%s", res.Outcome, res.Failure, page)
	}
	want := "held name=Ada Lovelace em=03 ey=27 ad=14 am=3 ay=2026 dd=2 dm=12 dy=2026"
	if !strings.Contains(page, want) {
		t.Errorf("the page holds other values; want %q in:\n%s", want, page)
	}

	res, page = runPage(t, expiryPage, `flow m "Give the expiry" {
  fact site: url "The page"
  allow "${site}"
  payment fill_then_approve
  browse "${site}"
  enter "expiry date" = "04/29"
}
`)
	completedShowing(t, res, page, "em=04 ey=29")

	// Without the payment policy a card's expiry is card data: the run
	// stops in front of it and types nothing.
	res, page = runPage(t, expiryPage, `flow m "Give the expiry unapproved" {
  fact site: url "The page"
  browse "${site}"
  enter "expiry date" = "04/29"
}
`)
	if res.Outcome != runtime.StoppedBefore || strings.Contains(page, "held") {
		t.Errorf("outcome %s, failure %+v; want stopped_before with nothing typed\n%s", res.Outcome, res.Failure, page)
	}
}

// loneDayPage has one box labelled Day and nothing else of a date.
const loneDayPage = `<!doctype html><title>Delivery</title>
<form><label>Day <input id=day></label></form>`

// TestEnterSplitDateRefusesNoDate: a value that reads as no date fails on
// a split date with a clear message, and a whole date is never typed into
// a box that takes one part.
func TestEnterSplitDateRefusesNoDate(t *testing.T) {
	res, page := runPage(t, fmt.Sprintf(govukDatePage, "What is your date of birth?"), `flow b "Give a vague date" {
  fact site: url "The page"
  browse "${site}"
  enter "date of birth" = "sometime in spring"
}
`)
	if res.Outcome != runtime.Failed || res.Failure == nil || !strings.Contains(res.Failure.Reason, "reads as no date") {
		t.Fatalf("outcome %s, failure %+v; want a failure saying the value is no date\n%s", res.Outcome, res.Failure, page)
	}
	if strings.Contains(page, "held") {
		t.Errorf("something was typed:\n%s", page)
	}

	res, page = runPage(t, loneDayPage, `flow d "Give the day" {
  fact site: url "The page"
  fact when: date = "2026-05-04"
  browse "${site}"
  enter "day" = when
}
`)
	if res.Outcome != runtime.Failed || res.Failure == nil || !strings.Contains(res.Failure.Reason, "takes only the day") {
		t.Fatalf("outcome %s, failure %+v; want a failure: the box takes only the day\n%s", res.Outcome, res.Failure, page)
	}
	if strings.Contains(page, "2026") {
		t.Errorf("the whole date was typed:\n%s", page)
	}
}

// TestEnterSplitDateRoundTrip enters many random dates, written as date
// facts and as text in several forms, into GOV.UK's date input and saves
// each: the parts the page held must join back to each date.
func TestEnterSplitDateRoundTrip(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	const n = 12
	var facts, steps strings.Builder
	var want []time.Time
	for i := range n {
		d := time.Date(1900+rng.IntN(200), time.Month(1+rng.IntN(12)), 1, 0, 0, 0, 0, time.UTC)
		d = d.AddDate(0, 0, rng.IntN(daysIn(d)))
		want = append(want, d)
		var val string
		switch i % 4 {
		case 0, 1:
			fmt.Fprintf(&facts, "  fact d%d: date = %q\n", i, d.Format("2006-01-02"))
			val = "d" + strconv.Itoa(i)
		case 2:
			val = strconv.Quote(d.Format("2 January 2006"))
		case 3:
			val = strconv.Quote(d.Format("02/01/2006"))
		}
		fmt.Fprintf(&steps, "  enter \"date of birth\" = %s\n  do \"save the date\"\n", val)
	}
	src := "flow r \"Save many dates\" {\n  fact site: url \"The page\"\n" + facts.String() +
		"  budget actions 200\n  browse \"${site}\"\n" + steps.String() + "}\n"
	res, page := runPage(t, fmt.Sprintf(govukDatePage, "What is your date of birth?"), src)
	if res.Outcome != runtime.Completed {
		t.Fatalf("outcome %s: %v\n%s\n%s", res.Outcome, res.Failure, src, page)
	}
	m := regexp.MustCompile(`saved:((?: \d+\|\d+\|\d+)*)`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the page saved nothing:\n%s", page)
	}
	got := strings.Fields(m[1])
	if len(got) != n {
		t.Fatalf("the page saved %d dates, want %d:\n%s", len(got), n, page)
	}
	for i, g := range got {
		p := strings.Split(g, "|")
		day, _ := strconv.Atoi(p[0])
		month, _ := strconv.Atoi(p[1])
		year, _ := strconv.Atoi(p[2])
		back := time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)
		if !back.Equal(want[i]) || p[1] != strconv.Itoa(month) || p[0] != strconv.Itoa(day) {
			t.Errorf("date %d: the page held %s, which joins to %s; want %s (no leading zeros)", i, g, back.Format("2006-01-02"), want[i].Format("2006-01-02"))
		}
	}
}

// daysIn is the number of days in d's month.
func daysIn(d time.Time) int {
	return time.Date(d.Year(), d.Month()+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// clearsDayScript makes the date input's Year box clear the Day box on
// every input, as a page's script that re-draws or validates one part
// while another is typed may do: each box took its part when typed, and
// the day is gone when the last box is.
const clearsDayScript = `<script>
document.getElementById("dob-year").addEventListener("input", () => { document.getElementById("dob-day").value = ""; });
</script>`

// TestEnterSplitDateReadsEveryBoxBack: a box that took its part when typed
// but lost it while the next was typed fails the slot, quoting what the
// box reads; the date is never taken as entered on the read-back of each
// box alone. Sources: GOV.UK's date input component and issue 20's
// licence and passport journeys (a page that re-draws its boxes).
func TestEnterSplitDateReadsEveryBoxBack(t *testing.T) {
	res, page := runPage(t, fmt.Sprintf(govukDatePage, "What is your date of birth?")+clearsDayScript, `flow b "Give the date of birth" {
  fact site: url "The page"
  fact born: date = "1980-03-07"
  browse "${site}"
  enter "date of birth" = born
}
`)
	if !strings.Contains(page, "held |3|1980") {
		t.Errorf("the page does not show the day cleared and the rest held:\n%s", page)
	}
	if res.Outcome != runtime.Failed || res.Failure == nil || !strings.Contains(res.Failure.Reason, `day box reads "", not "7"`) {
		t.Fatalf("outcome %s, failure %+v; want a failure saying the day box reads \"\", not \"7\"\n%s", res.Outcome, res.Failure, page)
	}
}
