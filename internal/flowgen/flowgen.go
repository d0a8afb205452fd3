package flowgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// GeneratedFile is one generated .flow file.
type GeneratedFile struct {
	Name   string // a relative path such as "gen/f0007.flow"
	Source []byte
}

// Library returns n flow files of about steps steps each (counting the
// statements of blocks and of the called flow, not declarations), generated
// deterministically from seed. A file never has fewer steps than it needs
// to use every step kind (about 30).
func Library(n, steps int, seed int64) []GeneratedFile {
	r := rand.New(rand.NewPCG(uint64(seed), uint64(seed)^0x9e3779b97f4a7c15))
	out := make([]GeneratedFile, 0, n)
	for i := range n {
		g := &gen{r: r, theme: themes[r.IntN(len(themes))], index: i}
		out = append(out, GeneratedFile{
			Name:   fmt.Sprintf("gen/f%04d.flow", i),
			Source: g.file(steps),
		})
	}
	return out
}

// theme is the vocabulary of one kind of site, so that generated step
// texts read like real ones.
type theme struct {
	site     string   // what the site is
	goal     string   // what the main flow achieves, for its description
	verb     string   // first word of the main flow's name
	items    string   // the list the flow works on ("offers")
	section  string   // the part of the site the helper flow opens
	fields   []string // text fields to fill
	options  []string // options of a choose step
	filters  []string // the list fact's items
	sections []string // headings to open or check
	final    string   // what stop_before stops in front of
}

var themes = []theme{
	{
		site: "travel site", goal: "Find the cheapest flight and stop before paying", verb: "find_flight",
		items: "flight results", section: "flight search",
		fields:   []string{"passenger name", "frequent flyer number", "special requests"},
		options:  []string{"Economy", "Premium", "Business"},
		filters:  []string{"direct", "morning", "refundable"},
		sections: []string{"fare rules", "baggage allowance", "seat map", "flight details"},
		final:    "paying for the booking",
	},
	{
		site: "shop", goal: "Fill the cart with the best offer and stop before ordering", verb: "compare_offers",
		items: "product offers", section: "product catalogue",
		fields:   []string{"delivery note", "gift message", "company name"},
		options:  []string{"Standard delivery", "Express delivery", "Pick-up point"},
		filters:  []string{"in stock", "free delivery", "top rated"},
		sections: []string{"product details", "reviews", "size guide", "delivery options"},
		final:    "placing the order",
	},
	{
		site: "mail client", goal: "Draft a reply to the latest message and stop before sending", verb: "draft_reply",
		items: "messages in the inbox", section: "inbox",
		fields:   []string{"subject", "reply text", "recipient name"},
		options:  []string{"Plain text", "Rich text", "High priority"},
		filters:  []string{"unread", "flagged", "with attachments"},
		sections: []string{"message thread", "contact card", "attachments", "folder list"},
		final:    "sending the reply",
	},
	{
		site: "booking site for rooms", goal: "Choose a room for the dates and stop before confirming", verb: "reserve_room",
		items: "available rooms", section: "room search",
		fields:   []string{"guest name", "arrival time", "notes for the host"},
		options:  []string{"Single room", "Double room", "Family room"},
		filters:  []string{"breakfast", "free cancellation", "parking"},
		sections: []string{"room details", "house rules", "location map", "guest reviews"},
		final:    "confirming the reservation",
	},
}

// gen writes one file.
type gen struct {
	r     *rand.Rand
	theme theme
	index int
	b     strings.Builder
	steps int // steps written so far
	seq   int // numbering for generated variable names
}

func (g *gen) pick(xs []string) string { return xs[g.r.IntN(len(xs))] }

func (g *gen) line(depth int, format string, args ...any) {
	g.b.WriteString(strings.Repeat("  ", depth))
	fmt.Fprintf(&g.b, format, args...)
	g.b.WriteByte('\n')
}

// step writes one step line and counts it.
func (g *gen) step(depth int, format string, args ...any) {
	g.line(depth, format, args...)
	g.steps++
}

// maybeComment writes an own-line comment now and then.
func (g *gen) maybeComment(depth int) {
	if g.r.IntN(6) == 0 {
		g.line(depth, "# %s", g.pick(commentTexts))
	}
}

var commentTexts = []string{
	"the page may take a moment to settle here",
	"the site sometimes reorders this list",
	"kept separate so a failure points at this part",
	"this mirrors what a person would check first",
	"values come from the facts file",
}

func (g *gen) file(target int) []byte {
	t := g.theme
	main := fmt.Sprintf("%s_%d", t.verb, g.index)
	helper := "open_" + strings.ReplaceAll(t.section, " ", "_")
	fmt.Fprintf(&g.b, "# %s.flow: generated flow %d for a %s.\n", main, g.index, t.site)
	g.b.WriteString("# It stops before anything irreversible.\n\n")

	fmt.Fprintf(&g.b, "flow %s %q {\n", main, t.goal)
	g.line(1, `fact site: url "Address of the %s" = "http://localhost:8080/"`, t.site)
	g.line(1, `allow "${site}"  # the only origin the run may visit`)
	g.line(1, "budget actions %d, decisions %d, time 10m", 60+target*3, 200+target*10)
	g.line(1, "payment stop")
	g.line(1, `fact query: text "What to look for"`)
	g.line(1, `fact contact: email "Where the site sends its confirmation"`)
	g.line(1, `fact quantity: number "How many to take" = %d`, 1+g.r.IntN(3))
	g.line(1, `fact limit: number "The most one may cost" = %d`, 200+100*g.r.IntN(9))
	g.line(1, `fact flexible: bool "Whether other dates will do" = %v`, g.r.IntN(2) == 0)
	g.line(1, `fact day: date "The day it is for" = "2026-%02d-%02d"`, 1+g.r.IntN(12), 1+g.r.IntN(28))
	g.line(1, `fact cap: money "The most the whole may cost" = "%d.00 EUR"`, 1000+100*g.r.IntN(20))
	g.line(1, `fact filters: list "Filters to switch on" = [%q, %q]`, t.filters[0], t.filters[1+g.r.IntN(len(t.filters)-1)])
	g.line(1, `secret password "The account password"`)
	g.b.WriteByte('\n')

	// Helper steps count towards the total: the call expands to them.
	const helperSteps = 3
	g.steps = helperSteps

	g.step(1, `browse "${site}"`)
	g.line(1, "# a returning visitor sees no banner")
	g.step(1, `if "a cookie banner is visible" {`)
	g.step(2, `do "accept the cookies"`)
	g.line(1, "}")
	g.step(1, "%s(query = query)", helper)
	g.step(1, "enter {")
	g.line(2, `"email address" = contact`)
	g.line(2, `"password" = password`)
	g.line(1, "}")
	g.step(1, `press "Tab"`)
	g.step(1, `choose "quantity" = "${quantity}"`)
	g.step(1, "if flexible {")
	g.step(2, `choose "dates" = "flexible"`)
	g.line(1, "} else if quantity > 2 {")
	g.step(2, `choose "dates" = "exact, for a group"`)
	g.line(1, "} else {")
	g.step(2, `choose "dates" = "exact"`)
	g.line(1, "}")
	g.step(1, `enter "date" = day`)
	g.step(1, `extract "the %s" into items`, t.items)
	g.step(1, "repeat until len(items) >= 5 max %d {", 2+g.r.IntN(4))
	g.step(2, `do "show more %s"`, t.items)
	g.step(2, `extract "the %s" into items`, t.items)
	g.line(1, "}")
	g.step(1, "for f in filters max 20 {")
	g.step(2, `choose "filter" = f`)
	g.line(1, "}")

	// Filler steps, until about target steps are written; what remains
	// after them (the reading and the checks at the end) is 12 steps.
	for g.steps < target-12 {
		g.filler(1)
	}

	g.step(1, `pick "the %s" by "%s" into choice`, t.items, g.pick([]string{"lowest price", "earliest", "highest rating", "first"}))
	g.step(1, `enter %q = "chosen for ${query}"`, t.fields[0])
	g.step(1, `read "the total price" into total as money`)
	g.step(1, `check total.amount <= cap.amount, "the total fits the cap"  # money compares by amount`)
	g.step(1, "set per_unit = total.amount / quantity")
	g.step(1, `check per_unit <= limit, "each one fits the limit"`)
	g.step(1, `wait_for "the summary is shown" within %ds`, 10+5*g.r.IntN(5))
	g.step(1, `verify "the summary shows ${format(day, '02 Jan')}"`)
	g.step(1, `open "Calendar"`)
	g.step(1, `verify "the calendar shows ${format(day, 'Monday')}"`)
	g.step(1, `browse "${site}"`)
	if g.r.IntN(2) == 0 {
		g.step(1, "stop_before %q", t.final)
	} else {
		g.step(1, `verify "the %s is shown for ${query}"`, t.section)
	}
	g.b.WriteString("}\n\n")

	fmt.Fprintf(&g.b, "flow %s \"Open the %s and look for a query\" {\n", helper, t.section)
	g.line(1, `fact query: text "What to look for"`)
	g.line(1, `do "open the %s"`, t.section)
	g.line(1, `enter "search" = query`)
	g.line(1, `wait_for "results for ${query} are listed" within 30s`)
	g.b.WriteString("}\n")
	return []byte(g.b.String())
}

// filler writes one of the steps that pad a flow to its size; some are
// blocks holding further fillers.
func (g *gen) filler(depth int) {
	t := g.theme
	g.maybeComment(depth)
	g.seq++
	switch k := g.r.IntN(12); {
	case k < 3:
		g.step(depth, `do "open the %s"`, g.pick(t.sections))
	case k == 3:
		g.step(depth, `verify "the %s section is shown"`, g.pick(t.sections))
	case k == 4:
		g.step(depth, `enter %q = "for ${query}"`, g.pick(t.fields))
	case k == 5:
		g.step(depth, `choose "option" = %q`, g.pick(t.options))
	case k == 6:
		g.step(depth, `read "the %s heading" into heading%d`, g.pick(t.sections), g.seq)
	case k == 7:
		g.step(depth, "set count%d = len(items) + %d", g.seq, g.r.IntN(5))
		g.step(depth, `check count%d >= 0, "the count is not negative"`, g.seq)
	case k == 8:
		g.step(depth, `wait_for "the %s are listed" within %ds`, t.items, 5+g.r.IntN(20))
	case k == 9 && depth < 3:
		g.step(depth, "if not %q {", "the "+g.pick(t.sections)+" section is open")
		g.filler(depth + 1)
		g.line(depth, "}  # now it is")
	case k == 10 && depth < 3:
		g.step(depth, "if quantity > %d {", 1+g.r.IntN(3))
		g.filler(depth + 1)
		g.line(depth, "} else {")
		g.filler(depth + 1)
		g.line(depth, "}")
	default:
		g.step(depth, `press "%s"`, g.pick([]string{"Tab", "Escape", "End", "Home"}))
	}
}
