package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// facts are the values of one episode's goal, keyed by the fact names the
// task's flow declares.
type facts = map[string]any

// parsers maps each development task to the function that reads the parts
// of its goal that vary from episode to episode into facts. Every parser
// takes the goal text exactly as the page gives it and fails on anything it
// does not recognise, so a task whose goals change shape is noticed rather
// than run with wrong facts.
var parsers = map[string]func(string) (facts, error){
	"choose-date":               parseChooseDate,
	"choose-date-easy":          parseChooseDate,
	"choose-date-medium":        parseChooseDate,
	"click-button-sequence":     parseButtonSequence,
	"click-checkboxes-large":    parseSelectItems,
	"click-checkboxes-transfer": parseSelectItems,
	"click-checkboxes-soft":     parseSimilarWords,
	"click-collapsible-2":       parseLink,
	"click-tab-2":               parseLink,
	"click-tab-2-easy":          parseLink,
	"click-tab-2-medium":        parseLink,
	"click-tab-2-hard":          parseLink,
	"click-menu-2":              parseMenuItem,
	"click-scroll-list":         parseScrollList,
	"click-test":                fixed(`Click the button.`),
	"click-test-2":              parseButton,
	"click-widget":              parseWidget,
	"copy-paste":                fixed(`Copy the text in the textarea below, paste it into the textbox and press Submit.`),
	"copy-paste-2":              parseCopyPasteArea,
	"email-inbox":               parseEmailTask,
	"email-inbox-noscroll":      parseEmailTask,
	"email-inbox-star-reply":    parseEmailTask,
	"email-inbox-forward":       onlyEmailAction("forward"),
	"email-inbox-reply":         onlyEmailAction("reply"),
	"email-inbox-important":     onlyEmailAction("star"),
	"email-inbox-forward-nl":    parseForwardNL,
	"enter-text-dynamic":        parseEnterText,
	"find-word":                 parseFindWord,
	"focus-text":                fixed(`Focus into the textbox.`),
	"focus-text-2":              parseFocusText,
	"form-sequence-2":           parseFormSequence2,
	"form-sequence-3":           parseFormSequence3,
	"multi-orderings":           parseMovieSearch,
	"read-table-2":              fixed(`Enter the value that corresponds with each label into the form and submit when done.`),
	"scroll-text":               fixed(`Find the last word in the text area, enter it into the text field and hit Submit.`),
	"scroll-text-2":             parseScrollDirection,
	"search-engine":             parseSearchEngine,
	"sign-agreement":            parseSignAgreement,
	"social-media-all":          parseSocialAll,
	"social-media-some":         parseSocialSome,
	"use-autocomplete":          parseAutocomplete,
	"use-slider":                parseWidgetValue("slider"),
	"use-spinner":               parseWidgetValue("spinner"),
	"simple-arithmetic":         fixed(`Solve the math problem and type your answer into the textbox. Press submit when done.`),
	"guess-number":              parseGuessRange,
	"book-flight":               parseBookFlight,
	"buy-ticket":                parseBuyTicket,
	"choose-list":               parseChooseList,
	"click-button":              parseClickButton,
	"click-checkboxes":          parseSelectItems,
	"click-collapsible":         fixed(`Expand the section below and click submit.`),
	"click-dialog":              fixed(`Close the dialog box by clicking the "x".`),
	"click-dialog-2":            parseDialogButton,
	"click-link":                parseClickLink,
	"click-menu":                parseMenuPath,
	"click-option":              parseOption,
	"click-tab":                 parseTab,
	"email-inbox-delete":        onlyEmailAction("delete"),
	"enter-date":                parseEnterDate,
	"enter-password":            parsePassword,
	"enter-text":                parseEnterText,
	"enter-text-2":              parseTextCase,
	"enter-time":                parseEnterTime,
	"form-sequence":             parseFormSequence,
	"login-user":                parseLogin,
	"login-user-popup":          parseLogin,
	"multi-layouts":             parseMovieSearch,
	"navigate-tree":             parseTreeEntry,
	"order-food":                parseOrderFood,
	"phone-book":                parsePhoneBook,
	"read-table":                parseTableLabel,
	"social-media":              parseSocialUser,
}

// secret is a value of a goal that the task's flow declares as a secret
// (a password): the harness writes it to a secrets file given by
// --secrets, never to the facts file.
type secret string

// splitSecrets parts an episode's values into facts and secrets.
func splitSecrets(all facts) (facts, map[string]string) {
	f, s := facts{}, map[string]string{}
	for k, v := range all {
		if v, ok := v.(secret); ok {
			s[k] = string(v)
			continue
		}
		f[k] = v
	}
	return f, s
}

// match applies re to the goal and returns its groups, or an error that
// quotes the goal.
// captures is the parser of a goal whose varying parts re captures, in
// order, as the facts names.
func captures(re *regexp.Regexp, names ...string) func(string) (facts, error) {
	return func(goal string) (facts, error) {
		m, err := match(re, goal)
		if err != nil {
			return nil, err
		}
		f := facts{}
		for i, name := range names {
			f[name] = m[i]
		}
		return f, nil
	}
}

// isoDate writes a goal's month, day and year as a date fact, year first.
func isoDate(month, day, year string) string { return year + "-" + month + "-" + day }

func match(re *regexp.Regexp, goal string) ([]string, error) {
	m := re.FindStringSubmatch(strings.TrimSpace(goal))
	if m == nil {
		return nil, fmt.Errorf("goal %q does not match %s", goal, re)
	}
	return m[1:], nil
}

// fixed is the parser of a task whose goal never varies: no facts, but a
// goal of another shape is still an error.
func fixed(goal string) func(string) (facts, error) {
	return func(g string) (facts, error) {
		if strings.TrimSpace(g) != goal {
			return nil, fmt.Errorf("goal %q is not the task's fixed goal %q", g, goal)
		}
		return facts{}, nil
	}
}

// ordinalIn is ordinal for a word of goal, its error quoting the goal.
func ordinalIn(goal, s string) (int, error) {
	n, err := ordinal(s)
	if err != nil {
		return 0, fmt.Errorf("goal %q: %v", goal, err)
	}
	return n, nil
}

var ordinalRe = regexp.MustCompile(`^(\d+)(st|nd|rd|th)$`)

// ordinal reads "1st", "2nd", "3rd", "4th" … as a number.
func ordinal(s string) (int, error) {
	m := ordinalRe.FindStringSubmatch(s)
	if m == nil {
		return 0, fmt.Errorf("%q is not an ordinal", s)
	}
	return strconv.Atoi(m[1])
}

// list splits "a, b, c" into its items; "nothing" is the empty list.
func list(s string) []string {
	if strings.TrimSpace(s) == "nothing" {
		return []string{}
	}
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

var chooseDateRe = regexp.MustCompile(`^Select (\d{2})/(\d{2})/(\d{4}) as the date and hit submit\.$`)

// parseChooseDate: "Select 12/24/2016 as the date and hit submit." → day
// (month first, as the task writes it).
func parseChooseDate(goal string) (facts, error) {
	m, err := match(chooseDateRe, goal)
	if err != nil {
		return nil, err
	}
	return facts{"day": isoDate(m[0], m[1], m[2])}, nil
}

var buttonSequenceRe = regexp.MustCompile(`^Click button (\S+), then click button (\S+)\.$`)

// parseButtonSequence: "Click button ONE, then click button TWO."
var parseButtonSequence = captures(buttonSequenceRe, "first", "second")

var selectItemsRe = regexp.MustCompile(`^Select (.+) and click Submit\.$`)

// parseSelectItems: "Select mJ5, Mb, YJ and click Submit." (or "Select
// nothing …") → items.
func parseSelectItems(goal string) (facts, error) {
	m, err := match(selectItemsRe, goal)
	if err != nil {
		return nil, err
	}
	return facts{"items": list(m[0])}, nil
}

var similarWordsRe = regexp.MustCompile(`^Select words similar to (.+) and click Submit\.$`)

// parseSimilarWords: "Select words similar to rabbit, angry and click
// Submit." → words.
func parseSimilarWords(goal string) (facts, error) {
	m, err := match(similarWordsRe, goal)
	if err != nil {
		return nil, err
	}
	return facts{"words": list(m[0])}, nil
}

var linkRe = regexp.MustCompile(`, to find and click on the link "(.+)"\.$`)

// parseLink: "Expand the sections below, to find and click on the link
// "ut."." and "Switch between the tabs to find …" → link (its text keeps its
// own punctuation: the link reads "ut.").
func parseLink(goal string) (facts, error) {
	goal = strings.Replace(goal, "Switch between the tabs to find", "Switch between the tabs, to find", 1)
	m, err := match(linkRe, goal)
	if err != nil {
		return nil, err
	}
	return facts{"link": m[0]}, nil
}

var menuItemRe = regexp.MustCompile(`^Click the "Menu" button, and then find and click on the item labeled "(.+)"\.$`)

// parseMenuItem: "Click the "Menu" button, and then find and click on the
// item labeled "Zoom In"." → item. The task's other goal names the item by
// an icon drawn beside it ("… the item with the [icon] icon."), which the
// goal's text does not carry: that goal is an error.
func parseMenuItem(goal string) (facts, error) {
	if strings.HasSuffix(goal, " icon.") {
		return nil, fmt.Errorf("goal %q names the item by an icon its text does not carry", goal)
	}
	m, err := match(menuItemRe, goal)
	if err != nil {
		return nil, err
	}
	return facts{"item": m[0]}, nil
}

var scrollListRe = regexp.MustCompile(`^Select (.+) from the scroll list and click Submit\.$`)

// parseScrollList: "Select Brazil, Mauritania from the scroll list and
// click Submit." → items.
func parseScrollList(goal string) (facts, error) {
	m, err := match(scrollListRe, goal)
	if err != nil {
		return nil, err
	}
	return facts{"items": list(m[0])}, nil
}

var buttonRe = regexp.MustCompile(`^Click button (\S+)\.$`)

// parseButton: "Click button ONE." → button.
var parseButton = captures(buttonRe, "button")

var widgetRe = regexp.MustCompile(`^Click on a "(.+)" widget\.$`)

// parseWidget: "Click on a "textarea" widget." → widget.
var parseWidget = captures(widgetRe, "widget")

var copyPasteAreaRe = regexp.MustCompile(`^Copy the text from the (?:(\S+) )?text area below and paste it into the text input, then press Submit\.$`)

// parseCopyPasteArea: "Copy the text from the 2nd text area below and paste
// it into the text input, then press Submit." → which ("2nd", as the goal
// words it); with one text area the goal names none and which is "1st".
func parseCopyPasteArea(goal string) (facts, error) {
	m, err := match(copyPasteAreaRe, goal)
	if err != nil {
		return nil, err
	}
	which := "1st"
	if m[0] != "" {
		if _, err := ordinalIn(goal, m[0]); err != nil {
			return nil, err
		}
		which = m[0]
	}
	return facts{"which": which}, nil
}

var (
	emailRe        = regexp.MustCompile(`^Find the email by (.+?) and (.+)$`)
	emailReplyRe   = regexp.MustCompile(`^reply to them with the text "(.*)"\.$`)
	emailForwardRe = regexp.MustCompile(`^forward that email to (.+)\.$`)
)

// parseEmailTask reads the four goals of the inbox tasks: "Find the email by
// NAME and" "reply to them with the text "…"." / "forward that email to
// DEST." / "click the trash icon to delete it." / "click the star icon to
// mark it as important." → sender, action (reply, forward, delete, star),
// reply_text and forward_to (empty when the action has none).
func parseEmailTask(goal string) (facts, error) {
	m, err := match(emailRe, goal)
	if err != nil {
		return nil, err
	}
	f := facts{"sender": m[0], "reply_text": "", "forward_to": ""}
	rest := m[1]
	if r := emailReplyRe.FindStringSubmatch(rest); r != nil {
		f["action"], f["reply_text"] = "reply", r[1]
	} else if r := emailForwardRe.FindStringSubmatch(rest); r != nil {
		f["action"], f["forward_to"] = "forward", r[1]
	} else if rest == "click the trash icon to delete it." {
		f["action"] = "delete"
	} else if rest == "click the star icon to mark it as important." {
		f["action"] = "star"
	} else {
		return nil, fmt.Errorf("goal %q asks for an action not known: %q", goal, rest)
	}
	return f, nil
}

// onlyEmailAction is the parser of an inbox task with one kind of goal: the
// facts its flow needs (sender and, by action, reply_text or forward_to).
func onlyEmailAction(action string) func(string) (facts, error) {
	return func(goal string) (facts, error) {
		f, err := parseEmailTask(goal)
		if err != nil {
			return nil, err
		}
		if f["action"] != action {
			return nil, fmt.Errorf("goal %q asks to %s, not %s", goal, f["action"], action)
		}
		out := facts{"sender": f["sender"]}
		switch action {
		case "reply":
			out["reply_text"] = f["reply_text"]
		case "forward":
			out["forward_to"] = f["forward_to"]
		}
		return out, nil
	}
}

// name is a person's name as the inbox tasks write them: one capitalised
// word (letters, apostrophes and hyphens).
const name = `([A-Z][\p{L}'-]*)`

// forwardNL are the shapes of the natural-language forward goals, NAME the
// sender and DEST the recipient, tried in order. They are written from how
// people ask for a forward ("Forward the mail by NAME to DEST", "DEST wants
// the email NAME sent", "Send DEST the email from NAME"), not from the task's
// list of templates.
var forwardNL = func() []*regexp.Regexp {
	var out []*regexp.Regexp
	for _, s := range []string{
		// DEST first, then NAME.
		`(?:^|[.,] )(?:Please )?(?:[Ff]orward|[Ss]end|[Gg]ive) (?:to )?DEST (?:the |an? )?(?:e-?mail|mail|message|information|info)\b.*?\b(?:from|by) NAME\b`,
		`(?:^|[.,] )(?:Please )?(?:[Ff]orward|[Ss]end|[Gg]ive) (?:to )?DEST (?:the |an? )?(?:e-?mail|mail|message|information|info)\b.*?\bNAME sent\b`,
		`^DEST (?:wants|is waiting for|needs|would like) (?:the |an? )?(?:e-?mail|mail|message|information|info)\b.*?\b(?:from|by) NAME\b`,
		`^DEST (?:wants|is waiting for|needs|would like) (?:the |an? )?(?:e-?mail|mail|message|information|info)\b.*?\bNAME sent\b`,
		// NAME first, then DEST.
		`\b(?:from|by) NAME\b.*?\bto DEST\b`,
		`\bNAME sent\b.*?\bto DEST\b`,
		`^(?:Get )?NAME(?:'s)? (?:wants|e-?mail|mail|message)\b.*?\bto DEST\b`,
	} {
		s = strings.Replace(strings.Replace(s, "NAME", "(?P<name>"+name[1:], 1), "DEST", "(?P<dest>"+name[1:], 1)
		out = append(out, regexp.MustCompile(s))
	}
	return out
}()

// parseForwardNL reads a forward request in free wording ("Please forward
// the message from Ada to Bob.") → sender and forward_to.
func parseForwardNL(goal string) (facts, error) {
	for _, re := range forwardNL {
		m := re.FindStringSubmatch(goal)
		if m == nil {
			continue
		}
		f := facts{}
		for i, n := range re.SubexpNames() {
			switch n {
			case "name":
				f["sender"] = m[i]
			case "dest":
				f["forward_to"] = m[i]
			}
		}
		return f, nil
	}
	return nil, fmt.Errorf("goal %q names no sender and recipient of a forward", goal)
}

var enterTextRe = regexp.MustCompile(`^Enter "(.+)" into the text field and press Submit\.$`)

// parseEnterText: "Enter "3XZ" into the text field and press Submit." → text.
var parseEnterText = captures(enterTextRe, "text")

var findWordRe = regexp.MustCompile(`^Find the (\S+) word in the paragraph, type that into the textbox and press "Submit"\.$`)

// parseFindWord: "Find the 4th word in the paragraph, …" → position (4).
func parseFindWord(goal string) (facts, error) {
	m, err := match(findWordRe, goal)
	if err != nil {
		return nil, err
	}
	pos, err := ordinalIn(goal, m[0])
	if err != nil {
		return nil, err
	}
	return facts{"position": pos}, nil
}

var focusTextRe = regexp.MustCompile(`^Focus into the (\S+) input textbox\.$`)

// parseFocusText: "Focus into the 3rd input textbox." → which ("3rd").
func parseFocusText(goal string) (facts, error) {
	m, err := match(focusTextRe, goal)
	if err != nil {
		return nil, err
	}
	if _, err := ordinalIn(goal, m[0]); err != nil {
		return nil, err
	}
	return facts{"which": m[0]}, nil
}

var formSequence2Re = regexp.MustCompile(`^Check the (\S+) radio button and enter the number "(.+)" into the (\S+) textbox\.$`)

// parseFormSequence2: "Check the 3rd radio button and enter the number "-7"
// into the 2nd textbox." → radio ("3rd"), number ("-7", typed as written)
// and box ("2nd").
func parseFormSequence2(goal string) (facts, error) {
	m, err := match(formSequence2Re, goal)
	if err != nil {
		return nil, err
	}
	for _, o := range []string{m[0], m[2]} {
		if _, err := ordinalIn(goal, o); err != nil {
			return nil, err
		}
	}
	return facts{"radio": m[0], "number": m[1], "box": m[2]}, nil
}

var formSequence3Re = regexp.MustCompile(`^Choose (.+) from the dropdown, then click the button labeled "(.+)"\.$`)

// parseFormSequence3: "Choose 5ft 10in from the dropdown, then click the
// button labeled "No"." → option and button.
var parseFormSequence3 = captures(formSequence3Re, "option", "button")

var movieSearchRe = regexp.MustCompile(`^Search for (.+) movies directed by (.+) from year (\d{4})\.$`)

// parseMovieSearch: "Search for drama movies directed by Holloway from year
// 2011." → genre, director and year (text: it is typed or chosen as written).
var parseMovieSearch = captures(movieSearchRe, "genre", "director", "year")

var scrollDirectionRe = regexp.MustCompile(`^Scroll the textarea to the (top|bottom) of the text hit submit\.$`)

// parseScrollDirection: "Scroll the textarea to the bottom of the text hit
// submit." → direction.
var parseScrollDirection = captures(scrollDirectionRe, "direction")

var searchEngineRe = regexp.MustCompile(`^Use the textbox to enter "(.+)" and press "Search", then find and click the (\S+) search result\.$`)

// parseSearchEngine: "Use the textbox to enter "Truman" and press "Search",
// then find and click the 5th search result." → query and which ("5th").
func parseSearchEngine(goal string) (facts, error) {
	m, err := match(searchEngineRe, goal)
	if err != nil {
		return nil, err
	}
	if _, err := ordinalIn(goal, m[1]); err != nil {
		return nil, err
	}
	return facts{"query": m[0], "which": m[1]}, nil
}

var signAgreementRe = regexp.MustCompile(`^Scroll to the bottom of the textarea, enter the name "(.+)" then press "(.+)"\.?$`)

// parseSignAgreement: "Scroll to the bottom of the textarea, enter the name
// "Enola" then press "Cancel"" → signer and button; "Click the cancel
// button." → no signer, button Cancel.
func parseSignAgreement(goal string) (facts, error) {
	if strings.TrimSpace(goal) == "Click the cancel button." {
		return facts{"signer": "", "button": "Cancel"}, nil
	}
	m, err := match(signAgreementRe, goal)
	if err != nil {
		return nil, err
	}
	return facts{"signer": m[0], "button": m[1]}, nil
}

var (
	socialAllRe  = regexp.MustCompile(`^Click the "(.+)" button on all posts by (@\S+) and then click Submit\.$`)
	socialSomeRe = regexp.MustCompile(`^Click the "(.+)" button on (\d+) posts? by (@\S+) and then click Submit\.$`)
)

// parseSocialAll: "Click the "Like" button on all posts by @lacus and then
// click Submit." → action and user.
var parseSocialAll = captures(socialAllRe, "action", "user")

// parseSocialSome: "Click the "Share" button on 3 posts by @ullamcorper and
// then click Submit." → action, count (3) and user.
func parseSocialSome(goal string) (facts, error) {
	m, err := match(socialSomeRe, goal)
	if err != nil {
		return nil, err
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		return nil, err
	}
	return facts{"action": m[0], "count": n, "user": m[2]}, nil
}

var autocompleteRe = regexp.MustCompile(`^Enter an item that starts with "(.+?)"(?: and ends with "(.+)")?\.$`)

// parseAutocomplete: "Enter an item that starts with "Sa" and ends with
// "ino"." → prefix and suffix (empty when the goal names none).
var parseAutocomplete = captures(autocompleteRe, "prefix", "suffix")

// parseWidgetValue is the parser of "Select 5 with the slider and hit
// Submit." (widget "slider" or "spinner") → value.
func parseWidgetValue(widget string) func(string) (facts, error) {
	re := regexp.MustCompile(`^Select (-?\d+) with the ` + widget + ` and hit Submit\.$`)
	return func(goal string) (facts, error) {
		m, err := match(re, goal)
		if err != nil {
			return nil, err
		}
		n, err := strconv.Atoi(m[0])
		if err != nil {
			return nil, err
		}
		return facts{"value": n}, nil
	}
}

var guessRangeRe = regexp.MustCompile(`^Guess the number between (\d+)-(\d+) and press Submit\. Use the feedback below to find the right number\.$`)

// parseGuessRange: "Guess the number between 0-9 and press Submit. …" →
// low (0) and high (9).
func parseGuessRange(goal string) (facts, error) {
	m, err := match(guessRangeRe, goal)
	if err != nil {
		return nil, err
	}
	low, _ := strconv.Atoi(m[0])
	high, _ := strconv.Atoi(m[1])
	return facts{"low": low, "high": high}, nil
}

var bookFlightRe = regexp.MustCompile(`^Book the (shortest|cheapest) one-way flight from: (.+) to: (.+) on (\d{2})/(\d{2})/(\d{4})\.$`)

// parseBookFlight: "Book the cheapest one-way flight from: Akron, OH to:
// BOS on 11/03/2016." → rank ("cheapest" or "shortest"), origin and
// destination (a city and state or an airport code, as written) and day.
func parseBookFlight(goal string) (facts, error) {
	m, err := match(bookFlightRe, goal)
	if err != nil {
		return nil, err
	}
	return facts{"rank": m[0], "origin": m[1], "destination": m[2], "day": isoDate(m[3], m[4], m[5])}, nil
}

var buyTicketRe = regexp.MustCompile(`^Buy the ticket with the (cheapest cost|most expensive cost|shortest duration|longest duration)\.$`)

// parseBuyTicket: "Buy the ticket with the shortest duration." → criterion
// ("shortest duration").
var parseBuyTicket = captures(buyTicketRe, "criterion")

var chooseListRe = regexp.MustCompile(`^Select (.+) from the list and click Submit\.$`)

// parseChooseList: "Select New Zealand from the list and click Submit." →
// option.
var parseChooseList = captures(chooseListRe, "option")

var clickButtonRe = regexp.MustCompile(`^Click on the "(.+)" button\.$`)

// parseClickButton: "Click on the "Next" button." → button.
var parseClickButton = captures(clickButtonRe, "button")

var dialogButtonRe = regexp.MustCompile(`^Click the button in the dialog box labeled "(.+)"\.$`)

// parseDialogButton: "Click the button in the dialog box labeled "OK"." →
// button.
var parseDialogButton = captures(dialogButtonRe, "button")

var clickLinkRe = regexp.MustCompile(`^Click on the link "(.+)"\.$`)

// parseClickLink: "Click on the link "amet."." → link (its text keeps its
// own punctuation).
var parseClickLink = captures(clickLinkRe, "link")

var menuPathRe = regexp.MustCompile(`^Select ([^\s>.]+(?:>[^\s>.]+)*)$`)

// parseMenuPath: "Select Ann>Bea>Cleo" → menus (Ann, Bea: opened on the
// way) and item (Cleo: selected); "Select Dora" → no menus, item Dora.
func parseMenuPath(goal string) (facts, error) {
	m, err := match(menuPathRe, goal)
	if err != nil {
		return nil, err
	}
	path := strings.Split(m[0], ">")
	return facts{"menus": path[:len(path)-1], "item": path[len(path)-1]}, nil
}

var optionRe = regexp.MustCompile(`^Select (\S+) and click Submit\.$`)

// parseOption: "Select kQ3 and click Submit." → option (one word).
var parseOption = captures(optionRe, "option")

var tabRe = regexp.MustCompile(`^Click on (Tab #\d+)\.$`)

// parseTab: "Click on Tab #2." → tab ("Tab #2").
var parseTab = captures(tabRe, "tab")

var enterDateRe = regexp.MustCompile(`^Enter (\d{2})/(\d{2})/(\d{4}) as the date and hit submit\.$`)

// parseEnterDate: "Enter 04/15/2014 as the date and hit submit." → day
// (month first, as the task writes it).
func parseEnterDate(goal string) (facts, error) {
	m, err := match(enterDateRe, goal)
	if err != nil {
		return nil, err
	}
	return facts{"day": isoDate(m[0], m[1], m[2])}, nil
}

var passwordRe = regexp.MustCompile(`^Enter the password "(.+)" into both text fields and press submit\.$`)

// parsePassword: "Enter the password "x9Q" into both text fields and press
// submit." → password, a secret.
func parsePassword(goal string) (facts, error) {
	m, err := match(passwordRe, goal)
	if err != nil {
		return nil, err
	}
	return facts{"password": secret(m[0])}, nil
}

var textCaseRe = regexp.MustCompile(`^Type "(.+)" in all (upper|lower) case letters in the text input and press Submit\.$`)

// parseTextCase: "Type "mira" in all upper case letters in the text input
// and press Submit." → text (as written) and letters ("upper" or "lower").
var parseTextCase = captures(textCaseRe, "text", "letters")

var enterTimeRe = regexp.MustCompile(`^Enter (\d{1,2}:\d{2} [AP]M) as the time and press submit\.$`)

// parseEnterTime: "Enter 11:05 AM as the time and press submit." → time
// ("11:05 AM", as written).
var parseEnterTime = captures(enterTimeRe, "time")

var formSequenceRe = regexp.MustCompile(`^Select (-?\d+) with the slider, click the (\S+) checkbox, then hit Submit\.$`)

// parseFormSequence: "Select -4 with the slider, click the 2nd checkbox,
// then hit Submit." → value (-4) and checkbox ("2nd").
func parseFormSequence(goal string) (facts, error) {
	m, err := match(formSequenceRe, goal)
	if err != nil {
		return nil, err
	}
	n, err := strconv.Atoi(m[0])
	if err != nil {
		return nil, err
	}
	if _, err := ordinalIn(goal, m[1]); err != nil {
		return nil, err
	}
	return facts{"value": n, "checkbox": m[1]}, nil
}

var loginRe = regexp.MustCompile(`^Enter the username "(.+)" and the password "(.+)" into the text fields and press login\.$`)

// parseLogin: "Enter the username "ada" and the password "Zq1" into the
// text fields and press login." → username and password, a secret.
func parseLogin(goal string) (facts, error) {
	m, err := match(loginRe, goal)
	if err != nil {
		return nil, err
	}
	return facts{"username": m[0], "password": secret(m[1])}, nil
}

var treeEntryRe = regexp.MustCompile(`^Navigate through the file tree\. Find and click on the folder or file named "(.+)"\.$`)

// parseTreeEntry: "Navigate through the file tree. Find and click on the
// folder or file named "Rowan"." → name.
var parseTreeEntry = captures(treeEntryRe, "name")

var (
	orderKindRe  = regexp.MustCompile(`^Order (\d+) items? that are (.+)$`)
	orderItemsRe = regexp.MustCompile(`^Order one of each item: (.+)$`)
)

// parseOrderFood: "Order 3 items that are vegan" → count (3), kind
// ("vegan") and no items; "Order one of each item: Onion soup, Apple pie"
// → items, count (2) and no kind.
func parseOrderFood(goal string) (facts, error) {
	if m := orderItemsRe.FindStringSubmatch(strings.TrimSpace(goal)); m != nil {
		items := list(m[1])
		if len(items) == 0 {
			return nil, fmt.Errorf("goal %q names no item", goal)
		}
		return facts{"items": items, "count": len(items), "kind": ""}, nil
	}
	m, err := match(orderKindRe, goal)
	if err != nil {
		return nil, err
	}
	n, err := strconv.Atoi(m[0])
	if err != nil {
		return nil, err
	}
	return facts{"items": []string{}, "count": n, "kind": m[1]}, nil
}

var phoneBookRe = regexp.MustCompile(`^Find (.+) in the contact book and click on their (address|phone number|email)\.$`)

// parsePhoneBook: "Find Mary-Ann in the contact book and click on their
// phone number." → contact and detail ("phone number").
var parsePhoneBook = captures(phoneBookRe, "contact", "detail")

var tableLabelRe = regexp.MustCompile(`^Enter the value of (.+) into the text field and press Submit\.$`)

// parseTableLabel: "Enter the value of Year of Birth into the text field
// and press Submit." → label.
var parseTableLabel = captures(tableLabelRe, "label")

var socialUserRe = regexp.MustCompile(`^For the user (@\S+), click on the "(.+)" button\.$`)

// parseSocialUser: "For the user @ivo, click on the "Mute" button." → user
// and action.
var parseSocialUser = captures(socialUserRe, "user", "action")
