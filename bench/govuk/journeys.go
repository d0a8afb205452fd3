package main

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// journeyBuilders make the services the scenarios run on, each from the
// fixtures it needs (a package that lacks one leaves that journey out).
var journeyBuilders = []func(l *fixtureLib) *journey{
	licenceJourney, passportJourney, wasteJourney, accountJourney, cookiesJourney,
	officesJourney, tasksJourney, guidanceJourney, supportJourney,
}

func newJourney(slug, service string) *journey {
	return &journey{Slug: slug, Service: service, tmpl: map[string]string{}}
}

// licenceJourney: Apply for a juggling licence. A start page with help
// (details) and a warning, then name (input), date of birth (date input
// with hint), contact (radios with conditional reveals), experience
// (character count), check answers, "Accept and send", the panel.
func licenceJourney(l *fixtureLib) *journey {
	j := newJourney("licence", "Apply for a juggling licence")
	buildCheckTemplates(l, j.tmpl)
	j.StartTitle = "Apply for a juggling licence"
	j.Start = `<p class="govuk-body">Use this service to apply for a licence to juggle in a public place.</p>` +
		l.get("warning-text", "default", "You can be fined up to £5,000 if you don’t register.", "You can be fined up to £5,000 if you juggle in public without a licence.") +
		l.get("details", "default", "Help with nationality", "Help with juggling licences",
			"We need to know your nationality so we can work out which elections you’re entitled to vote in. If you can’t provide your nationality, you’ll have to send copies of identity documents through the post.",
			"A juggling licence costs £37 and lasts for 3 years. You need one to juggle in a street, park or other public place.")
	j.Check, j.Send, j.Panel = true, "Accept and send", "Application complete"
	now := timeNow()
	contactOpts := []string{"email", "Email", "phone", "Phone", "text", "Text message"}
	j.Questions = []*question{{
		Slug: "name", Title: "What is your full name?", Key: "Name",
		Parts: []string{inputWith(l, "full-name", "What is your full name?", "", `type="text" autocomplete="name" spellcheck="false"`)},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			n := required(v, "full-name", "Enter your full name", &errs)
			if len(n) > 100 {
				errs = append(errs, fieldErr{Anchor: "full-name", Msg: "Full name must be 100 characters or less"})
			}
			return map[string]string{"name": n}, errs
		},
		Show: func(a map[string]string) string { return a["name"] },
	}, {
		Slug: "date-of-birth", Title: "What is your date of birth?", Key: "Date of birth",
		Parts: []string{l.get("date-input", "default")},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			d := date(v, "", "dob", "Date of birth", "Enter your date of birth", true, now, &errs)
			return map[string]string{"dob": d}, errs
		},
		Show: func(a map[string]string) string { return showDate(a["dob"]) },
	}, {
		Slug: "contact", Title: "How do you want to be contacted?", Key: "Contact",
		Parts: []string{wrapConditionals(l.get("radios", "with conditional items"))},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			how := oneOf(v, "how-contacted", "Select how you want to be contacted", &errs, contactOpts...)
			a := map[string]string{"contact": how}
			switch how {
			case "email":
				a["email"] = email(v, "context-email", "Enter your email address", &errs)
			case "phone":
				a["phone"] = phone(v, "contact-phone", "Enter a phone number", &errs)
			case "text":
				a["mobile"] = phone(v, "contact-text-message", "Enter a mobile phone number", &errs)
			}
			return a, errs
		},
		Show: func(a map[string]string) string {
			return label(a["contact"], contactOpts...) + "\n" + a["email"] + a["phone"] + a["mobile"]
		},
	}, {
		Slug: "experience", Title: "Describe your juggling experience", Key: "Experience",
		Parts: []string{l.get("character-count", "with hint",
			"Can you provide more detail?", "Describe your juggling experience",
			`data-maxlength="10"`, `data-maxlength="200"`, "You can enter up to 10 characters", "You can enter up to 200 characters",
			`"with-hint`, `"experience`, ` with-hint-`, ` experience-`)},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			s := strings.TrimSpace(v.Get("experience"))
			switch {
			case s == "":
				errs = append(errs, fieldErr{Anchor: "experience", Msg: "Describe your juggling experience"})
			case len([]rune(s)) > 200:
				errs = append(errs, fieldErr{Anchor: "experience", Msg: "Your description must be 200 characters or less"})
			}
			return map[string]string{"experience": s}, errs
		},
		Show: func(a map[string]string) string { return a["experience"] },
	}}
	return j
}

// wrapConditionals puts each conditional reveal's label and field in a
// form group, as GOV.UK's own conditional content is, so that an error
// marks the revealed field.
var conditionalRE = regexp.MustCompile(`(?s)(<div class="govuk-(?:radios|checkboxes)__conditional[^>]*>)(.*?)(\s*</div>)`)

func wrapConditionals(h string) string {
	return conditionalRE.ReplaceAllString(h, `${1}<div class="govuk-form-group">${2}</div>${3}`)
}

var phoneRE = regexp.MustCompile(`^\+?[0-9 ()-]{10,20}$`)

func phone(v url.Values, name, empty string, errs *[]fieldErr) string {
	return matching(clean(v.Get(name)), name, empty, phoneRE, "Enter a phone number, like 01632 960 001, 07700 900 982 or +44 808 157 0192", errs)
}

// passportJourney: Renew your passport. Passport number (input with hint,
// and details), issue date (date input), lost or stolen (inline radios),
// check answers, "Submit application", the panel.
func passportJourney(l *fixtureLib) *journey {
	j := newJourney("passport", "Renew your passport")
	buildCheckTemplates(l, j.tmpl)
	j.StartTitle = "Renew your passport"
	j.Start = `<p class="govuk-body">Use this service to renew your adult passport.</p>` +
		l.get("inset-text", "default", "It can take up to 8 weeks to register a lasting power of attorney if there are no mistakes in the application.",
			"It usually takes 3 weeks to get your new passport.")
	j.Check, j.Send, j.Panel = true, "Submit application", "Application complete"
	now := timeNow()
	lostOpts := []string{"yes", "Yes", "no", "No"}
	j.Questions = []*question{{
		Slug: "passport-number", Title: "What is your passport number?", Key: "Passport number",
		Parts: []string{
			l.get("input", "with hint text", "National insurance number", "Passport number",
				"It’s on your National Insurance card, benefit letter, payslip or P60. For example, ‘QQ 12 34 56 C’.", "For example, 502135326",
				`"input-with-hint-text`, `"passport-number`, `name="test-name-2"`, `name="passport-number"`),
			l.get("details", "default", "Help with nationality", "Help with your passport number",
				"We need to know your nationality so we can work out which elections you’re entitled to vote in. If you can’t provide your nationality, you’ll have to send copies of identity documents through the post.",
				"Your passport number is on the photo page of your passport, in the top right corner. It is 9 digits long."),
		},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			s := strings.ReplaceAll(required(v, "passport-number", "Enter your passport number", &errs), " ", "")
			if s != "" && !regexp.MustCompile(`^[0-9]{9}$`).MatchString(s) {
				errs = append(errs, fieldErr{Anchor: "passport-number", Msg: "Passport number must be 9 digits"})
			}
			return map[string]string{"passport": s}, errs
		},
		Show: func(a map[string]string) string { return a["passport"] },
	}, {
		Slug: "issue-date", Title: "When was your passport issued?", Key: "Date of issue",
		Parts: []string{l.get("date-input", "default", "What is your date of birth?", "When was your passport issued?",
			"For example, 31 3 1980", "For example, 27 3 2017", `"dob`, `"issued`)},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			d := date(v, "", "issued", "Date your passport was issued", "Enter the date your passport was issued", true, now, &errs)
			return map[string]string{"issued": d}, errs
		},
		Show: func(a map[string]string) string { return showDate(a["issued"]) },
	}, {
		Slug: "lost", Title: "Has your passport been lost or stolen?", Key: "Lost or stolen",
		Parts: []string{l.get("radios", "inline", "Have you changed your name?", "Has your passport been lost or stolen?",
			"This includes changing your last name or spelling your name differently.", "Tell us if you cannot send us your old passport.",
			`"example`, `"lost`, ` checked`, ``)},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			return map[string]string{"lost": oneOf(v, "lost", "Select yes if your passport has been lost or stolen", &errs, lostOpts...)}, errs
		},
		Show: func(a map[string]string) string { return label(a["lost"], lostOpts...) },
	}}
	return j
}

// wasteJourney: Register as a waste carrier. Types of waste (checkboxes
// with an exclusive "None of these"), region (select), charge (input with
// prefix and suffix), check answers, "Submit registration", the panel.
func wasteJourney(l *fixtureLib) *journey {
	j := newJourney("waste", "Register as a waste carrier")
	buildCheckTemplates(l, j.tmpl)
	j.Check, j.Send, j.Panel = true, "Submit registration", "Registration complete"
	types := []string{"animal", "Waste from animal carcasses", "mines", "Waste from mines or quarries", "farm", "Farm or agricultural waste", "none", "None of these"}
	regions := []string{"england", "England", "scotland", "Scotland", "wales", "Wales", "northern-ireland", "Northern Ireland"}
	j.Questions = []*question{{
		Slug: "waste-types", Title: "Which types of waste do you transport regularly?", Key: "Types of waste",
		Parts: []string{l.get("checkboxes", "with divider and None", `"with-divider-and-none`, `"waste`)},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			got := v["waste"]
			var labels []string
			none := false
			for _, x := range got {
				if x == "none" {
					none = true
				}
				if label(x, types...) == x {
					errs = append(errs, fieldErr{Anchor: "waste", Msg: "Select which types of waste you transport regularly, or select ‘None of these’"})
					break
				}
				labels = append(labels, x)
			}
			switch {
			case len(got) == 0:
				errs = append(errs, fieldErr{Anchor: "waste", Msg: "Select which types of waste you transport regularly, or select ‘None of these’"})
			case none && len(got) > 1:
				errs = append(errs, fieldErr{Anchor: "waste", Msg: "Select which types of waste you transport regularly, or select ‘None of these’ on its own"})
			}
			return map[string]string{"waste": strings.Join(labels, ", ")}, errs
		},
		Show: func(a map[string]string) string {
			var out []string
			for _, x := range strings.Split(a["waste"], ", ") {
				out = append(out, label(x, types...))
			}
			return strings.Join(out, "\n")
		},
	}, {
		Slug: "region", Title: "Which region do you operate in?", Key: "Region",
		Parts: []string{selectWith(l, "region", "Which region do you operate in?", regions...)},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			return map[string]string{"region": oneOf(v, "region", "Select the region you operate in", &errs, regions...)}, errs
		},
		Show: func(a map[string]string) string { return label(a["region"], regions...) },
	}, {
		Slug: "charge", Title: "How much do you charge per tonne, in pounds?", Key: "Charge per tonne",
		Parts: []string{l.get("input", "with prefix and suffix", "Cost per item, in pounds", "How much do you charge per tonne, in pounds?",
			"per item", "per tonne", `name="cost"`, `name="charge"`, `"input-with-prefix-suffix"`, `"charge"`)},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			s := number(strings.NewReplacer("£", "", ",", "").Replace(clean(v.Get("charge"))), "charge", 1, 10000, false,
				"Enter how much you charge per tonne", "Charge must be an amount of money, like 25 or 25.50", "Charge must be between £1 and £10,000", &errs)
			return map[string]string{"charge": s}, errs
		},
		Show: func(a map[string]string) string { return "£" + a["charge"] + " per tonne" },
	}}
	return j
}

// accountJourney: Create an account. Email (input), password (password
// input), then the account page with a success notification banner.
func accountJourney(l *fixtureLib) *journey {
	j := newJourney("account", "Create a juggling account")
	buildCheckTemplates(l, j.tmpl)
	j.After = "account"
	j.Questions = []*question{{
		Slug: "email", Title: "Enter your email address",
		Parts: []string{inputWith(l, "email", "Enter your email address", "", `type="email" autocomplete="email" spellcheck="false"`)},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			return map[string]string{"email": email(v, "email", "Enter your email address", &errs)}, errs
		},
	}, {
		Slug: "password", Title: "Create a password", Button: "Create account", Secret: []string{"password"},
		Parts: []string{l.get("password-input", "with hint text", "Password", "Create a password",
			"It probably has some letters, numbers and maybe even some symbols in it.", "Your password must be at least 8 characters long.",
			`"password-input-with-hint-text`, `"password`,
			`name="test-name-2"`, `name="password"`, `autocomplete="current-password"`, `autocomplete="new-password"`)},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			p := v.Get("password")
			switch {
			case p == "":
				errs = append(errs, fieldErr{Anchor: "password", Msg: "Enter a password"})
			case len([]rune(p)) < 8:
				errs = append(errs, fieldErr{Anchor: "password", Msg: "Password must be 8 characters or more"})
			}
			return map[string]string{"password_length": strconv.Itoa(len([]rune(p)))}, errs
		},
	}}
	j.Custom = func(q *req) bool {
		if q.page != "account" || q.r.Method != http.MethodGet {
			return false
		}
		q.view()
		if q.st.answers["password"] == nil {
			q.redirect("email")
			return true
		}
		q.render(pageOpts{title: "Your account", back: "-"}, j.success("Account created for "+q.st.answers["email"]["email"])+
			`<h1 class="govuk-heading-l">Your account</h1><p class="govuk-body">You can now apply for a juggling licence.</p>`)
		return true
	}
	return j
}

// cookiesJourney: a service's start page with the cookie banner (accept,
// reject, hide) and a cookie preferences page (radios, a success banner).
func cookiesJourney(l *fixtureLib) *journey {
	j := newJourney("cookies", "Check your State Juggling age")
	buildCheckTemplates(l, j.tmpl)
	buildCookieTemplates(l, j.tmpl)
	j.Cookies = true
	opts := []string{"yes", "Yes", "no", "No"}
	prefs := radiosWith(l, "analytics", "Do you want to accept analytics cookies?", "", opts...)
	j.Custom = func(q *req) bool {
		switch {
		case q.page == "" && q.r.Method == http.MethodGet:
			q.view()
			q.render(pageOpts{title: "Check your State Juggling age"}, `<h1 class="govuk-heading-xl">Check your State Juggling age</h1>`+
				`<p class="govuk-body">You can get your State Juggling Pension when you reach State Juggling age.</p>`+
				`<p class="govuk-body">Your State Juggling age is 67 if you were born after 5 April 1960.</p>`)
			return true
		case q.page == "cookie-preferences" && q.r.Method == http.MethodGet:
			q.view()
			v := url.Values{}
			if q.st.cookies == "accept" {
				v.Set("analytics", "yes")
			} else if q.st.cookies == "reject" {
				v.Set("analytics", "no")
			}
			banner := ""
			if q.st.flash != "" {
				banner, q.st.flash = j.success(q.st.flash), ""
			}
			q.render(pageOpts{title: "Cookies", back: "./"}, banner+`<h1 class="govuk-heading-l">Cookies</h1>`+
				`<p class="govuk-body">Cookies are small files saved on your phone, tablet or computer when you visit a website.</p>`+
				`<h2 class="govuk-heading-m">Analytics cookies (optional)</h2><p class="govuk-body">With your permission, we use Google Analytics to collect data about how you use this service.</p>`+
				q.form("cookie-preferences", prefill(prefs, v), "Save cookie settings"))
			return true
		case q.page == "cookie-preferences" && q.r.Method == http.MethodPost:
			v := q.r.PostForm
			var errs []fieldErr
			a := oneOf(v, "analytics", "Select yes if you want to accept analytics cookies", &errs, opts...)
			e := logEntry{Kind: "submit", Page: "cookie-preferences", Values: loggedValues(v, nil), Accepted: len(errs) == 0}
			if len(errs) > 0 {
				e.Errors = []string{errs[0].Msg}
				q.logLocked(e)
				q.render(pageOpts{title: "Cookies", errs: errs, back: "./"}, `<h1 class="govuk-heading-l">Cookies</h1>`+
					q.form("cookie-preferences", withError(prefs, errs[0]), "Save cookie settings"))
				return true
			}
			e.Answers = map[string]string{"analytics": a}
			q.logLocked(e)
			if a == "yes" {
				q.st.cookies = "accept"
			} else {
				q.st.cookies = "reject"
			}
			q.st.hidden = true
			q.st.flash = "You’ve set your cookie preferences."
			q.redirect("cookie-preferences")
			return true
		}
		return false
	}
	return j
}

// office is one office of the offices journey.
type office struct{ Name, Address, Phone string }

var offices = []office{
	{"Aberdeen", "12 Union Street, Aberdeen AB11 5BP", "0300 200 3101"},
	{"Belfast", "3 Royal Avenue, Belfast BT1 1DA", "0300 200 3102"},
	{"Birmingham", "45 Corporation Street, Birmingham B2 4LP", "0300 200 3103"},
	{"Bristol", "8 Broadmead, Bristol BS1 3HA", "0300 200 3104"},
	{"Cardiff", "21 Queen Street, Cardiff CF10 2BU", "0300 200 3105"},
	{"Edinburgh", "77 Princes Street, Edinburgh EH2 2ER", "0300 200 3106"},
	{"Glasgow", "150 Buchanan Street, Glasgow G1 2LW", "0300 200 3107"},
	{"Leeds", "6 Briggate, Leeds LS1 6HD", "0300 200 3108"},
	{"Liverpool", "30 Bold Street, Liverpool L1 4DS", "0300 200 3109"},
	{"Manchester", "99 Deansgate, Manchester M3 2BQ", "0300 200 3110"},
	{"Newcastle", "14 Grey Street, Newcastle NE1 6AE", "0300 200 3111"},
	{"Norwich", "5 Gentleman's Walk, Norwich NR2 1NA", "0300 200 3112"},
	{"Plymouth", "40 Royal Parade, Plymouth PL1 1DS", "0300 200 3113"},
	{"Sheffield", "18 Fargate, Sheffield S1 2HE", "0300 200 3114"},
	{"Swansea", "2 Kingsway, Swansea SA1 5JQ", "0300 200 3115"},
}

var paginationHrefRE = regexp.MustCompile(`href="/page/(\d)"`)

// officesJourney: Book an appointment at a local office. Offices listed
// five a page with pagination; an office's page (a summary list) asks for
// a time (radios) and books it; a success notification banner confirms.
func officesJourney(l *fixtureLib) *journey {
	j := newJourney("offices", "Book an appointment at a juggling office")
	buildCheckTemplates(l, j.tmpl)
	pag := map[int]string{1: l.get("pagination", "first page"), 2: l.get("pagination", "default"), 3: l.get("pagination", "last page")}
	times := []string{"9am", "9am", "11am", "11am", "2pm", "2pm"}
	ask := radiosWith(l, "time", "What time would you like your appointment?", "All appointments are on Monday 1 June.", times...)
	find := func(slug string) *office {
		for i := range offices {
			if strings.ToLower(offices[i].Name) == slug {
				return &offices[i]
			}
		}
		return nil
	}
	officePage := func(q *req, o *office, v url.Values, errs []fieldErr) {
		banner := ""
		if q.st.flash != "" {
			banner, q.st.flash = j.success(q.st.flash), ""
		}
		form := prefill(ask, v)
		for _, e := range errs {
			form = withError(form, e)
		}
		q.render(pageOpts{title: o.Name + " office", errs: errs, back: "./"}, banner+
			`<h1 class="govuk-heading-l">`+html.EscapeString(o.Name)+` office</h1>`+
			`<dl class="govuk-summary-list">`+j.summaryRow("Address", o.Address, "")+j.summaryRow("Telephone", o.Phone, "")+`</dl>`+
			q.form("office/"+strings.ToLower(o.Name), form, "Book appointment"))
	}
	j.Custom = func(q *req) bool {
		switch {
		case q.page == "" && q.r.Method == http.MethodGet:
			q.view()
			p, _ := strconv.Atoi(q.r.URL.Query().Get("page"))
			if p < 1 || p > 3 {
				p = 1
			}
			var list strings.Builder
			list.WriteString(`<ul class="govuk-list">`)
			for _, o := range offices[(p-1)*5 : p*5] {
				list.WriteString(`<li><a class="govuk-link" href="` + q.base + "office/" + strings.ToLower(o.Name) + `">` + html.EscapeString(o.Name) + ` office</a></li>`)
			}
			list.WriteString(`</ul>`)
			nav := paginationHrefRE.ReplaceAllString(pag[p], `href="`+q.base+`?page=$1"`)
			nav = strings.Replace(nav, `href="/previous"`, fmt.Sprintf(`href="%s?page=%d"`, q.base, p-1), 1)
			nav = strings.Replace(nav, `href="/next"`, fmt.Sprintf(`href="%s?page=%d"`, q.base, p+1), 1)
			q.render(pageOpts{title: fmt.Sprintf("Juggling offices (page %d of 3)", p)}, `<h1 class="govuk-heading-l">Juggling offices</h1>`+
				fmt.Sprintf(`<p class="govuk-body">Showing offices %d to %d of 15, in alphabetical order.</p>`, (p-1)*5+1, p*5)+list.String()+nav)
			return true
		case strings.HasPrefix(q.page, "office/"):
			o := find(strings.TrimPrefix(q.page, "office/"))
			if o == nil {
				return false
			}
			if q.r.Method == http.MethodGet {
				q.view()
				officePage(q, o, nil, nil)
				return true
			}
			v := q.r.PostForm
			var errs []fieldErr
			t := oneOf(v, "time", "Select a time for your appointment", &errs, times...)
			e := logEntry{Kind: "submit", Values: loggedValues(v, nil), Accepted: len(errs) == 0}
			if len(errs) > 0 {
				e.Errors = []string{errs[0].Msg}
				q.logLocked(e)
				officePage(q, o, v, errs)
				return true
			}
			e.Answers = map[string]string{"office": o.Name, "time": t}
			q.logLocked(e)
			q.st.flash = "Appointment booked at " + o.Name + " office for " + t + " on Monday 1 June"
			q.redirect(q.page)
			return true
		}
		return false
	}
	return j
}

// tasksJourney: Register a juggling company, a task list. Two tasks open a
// question (an input, a textarea); a task answered is completed.
func tasksJourney(l *fixtureLib) *journey {
	j := newJourney("tasks", "Register a juggling company")
	buildCheckTemplates(l, j.tmpl)
	list := l.get("task-list", "default")
	statusRE := func(n int) *regexp.Regexp {
		return regexp.MustCompile(`(?s)(<div class="govuk-task-list__status" id="task-list-` + strconv.Itoa(n) + `-status">).*?(\n    </div>)`)
	}
	j.After = ""
	j.Questions = []*question{{
		Slug: "registered-company-details", Title: "What is the postcode of your registered office?", Button: "Save and continue", Back: "./", Next: "./",
		Parts: []string{inputWith(l, "office-postcode", "What is the postcode of your registered office?", "For example, SW1A 2AA", `type="text" autocomplete="postal-code"`)},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			return map[string]string{"postcode": postcode(v, "office-postcode", &errs)}, errs
		},
	}, {
		Slug: "business-plan", Title: "Describe your business plan", Button: "Save and continue", Back: "./", Next: "./",
		Parts: []string{l.get("textarea", "default", "Can you provide more detail?", "Describe your business plan", `"more-detail"`, `"business-plan"`)},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			s := required(v, "business-plan", "Describe your business plan", &errs)
			if len([]rune(s)) > 500 {
				errs = append(errs, fieldErr{Anchor: "business-plan", Msg: "Your business plan must be 500 characters or less"})
			}
			return map[string]string{"plan": s}, errs
		},
	}}
	j.Custom = func(q *req) bool {
		if q.page == "company-directors" && q.r.Method == http.MethodGet {
			q.view()
			q.render(pageOpts{title: "Company directors", back: "./"}, `<h1 class="govuk-heading-l">Company directors</h1>`+
				`<p class="govuk-body">You have told us about 2 directors: Ada Lovelace and Charles Babbage.</p>`)
			return true
		}
		if q.page != "" || q.r.Method != http.MethodGet {
			return false
		}
		q.view()
		h := list
		h = strings.Replace(h, `href="#" aria-describedby="task-list-1-status"`, `href="`+q.base+`company-directors" aria-describedby="task-list-1-status"`, 1)
		h = strings.Replace(h, `href="#" aria-describedby="task-list-2-status"`, `href="`+q.base+`registered-company-details" aria-describedby="task-list-2-status"`, 1)
		h = strings.Replace(h, `href="#" aria-describedby="task-list-3-status"`, `href="`+q.base+`business-plan" aria-describedby="task-list-3-status"`, 1)
		for n, slug := range map[int]string{2: "registered-company-details", 3: "business-plan"} {
			if q.st.answers[slug] != nil {
				h = statusRE(n).ReplaceAllString(h, "${1}\n      Completed${2}")
			}
		}
		done := 1
		for _, s := range []string{"registered-company-details", "business-plan"} {
			if q.st.answers[s] != nil {
				done++
			}
		}
		q.render(pageOpts{title: "Register a juggling company"}, `<h1 class="govuk-heading-xl">Register a juggling company</h1>`+
			fmt.Sprintf(`<p class="govuk-body">You have completed %d of 3 sections.</p>`, done)+h)
		return true
	}
	return j
}

// guidanceJourney: Check benefits you can get, pages under a service
// navigation: an overview (warning text), eligibility (accordion), case
// statistics (tabs) and a contact form (textarea, email, "Send message",
// a success banner).
func guidanceJourney(l *fixtureLib) *journey {
	j := newJourney("guidance", "Check juggling benefits")
	buildCheckTemplates(l, j.tmpl)
	j.Nav = []navItem{{"Overview", ""}, {"Eligibility", "eligibility"}, {"Case statistics", "statistics"}, {"Contact us", "contact"}}
	nav := l.get("service-navigation", "with service name and navigation", "Apply for a juggling license", "Check juggling benefits")
	j.tmpl["nav"] = nav
	itemOpen := `<li class="govuk-service-navigation__item">`
	activeOpen := `<li class="govuk-service-navigation__item govuk-service-navigation__item--active">`
	j.tmpl["nav-item"] = l.block(nav, itemOpen, "service-navigation")
	j.tmpl["nav-active"] = l.block(nav, activeOpen, "service-navigation")
	if i, k := strings.Index(nav, `<ul class="govuk-service-navigation__list"`), strings.Index(nav, `</ul>`); i >= 0 && k > i {
		open := nav[i : i+strings.Index(nav[i:], ">")+1]
		j.tmpl["nav-before"], j.tmpl["nav-after"] = nav[:i]+open, nav[k:]
	} else {
		l.errs = append(l.errs, "service-navigation: no list")
	}
	overview := l.get("warning-text", "default", "You can be fined up to £5,000 if you don’t register.",
		"You can be fined up to £5,000 if you do not report a change in your circumstances.")
	accordion := l.get("accordion", "default",
		"Section A", "Age", "Section B", "Savings",
		"We need to know your nationality so we can work out which elections you’re entitled to vote in. If you cannot provide your nationality, you’ll have to send copies of identity documents through the post.",
		"You must be 16 or over to get juggling benefits.",
		"<li>Example item 2</li>", "<li>You cannot get juggling benefits if you have savings over £16,000.</li>")
	tabs := l.get("tabs", "default")
	contactParts := l.get("textarea", "default", "Can you provide more detail?", "What is your question?", `"more-detail"`, `"question"`) +
		inputWith(l, "reply-email", "Email address", "We will only use this to reply to your question.", `type="email" autocomplete="email" spellcheck="false"`)
	j.Custom = func(q *req) bool {
		switch {
		case q.r.Method == http.MethodGet && q.page == "":
			q.view()
			q.render(pageOpts{title: "Check juggling benefits", nav: ""}, `<h1 class="govuk-heading-xl">Check juggling benefits</h1>`+
				`<p class="govuk-body">Juggling benefits help with the cost of clubs, balls and rings.</p>`+overview)
		case q.r.Method == http.MethodGet && q.page == "eligibility":
			q.view()
			q.render(pageOpts{title: "Eligibility", nav: "eligibility"}, `<h1 class="govuk-heading-xl">Eligibility</h1>`+accordion)
		case q.r.Method == http.MethodGet && q.page == "statistics":
			q.view()
			q.render(pageOpts{title: "Case statistics", nav: "statistics", wide: true}, `<h1 class="govuk-heading-xl">Case statistics</h1>`+tabs)
		case q.r.Method == http.MethodGet && q.page == "contact":
			q.view()
			banner := ""
			if q.st.flash != "" {
				banner, q.st.flash = j.success(q.st.flash), ""
			}
			q.render(pageOpts{title: "Contact us", nav: "contact"}, banner+`<h1 class="govuk-heading-xl">Contact us</h1>`+
				q.form("contact", contactParts, "Send message"))
		case q.r.Method == http.MethodPost && q.page == "contact":
			v := q.r.PostForm
			var errs []fieldErr
			question := required(v, "question", "Enter your question", &errs)
			addr := email(v, "reply-email", "Enter your email address", &errs)
			e := logEntry{Kind: "send", Page: "contact", Values: loggedValues(v, nil), Accepted: len(errs) == 0}
			if len(errs) > 0 {
				for _, fe := range errs {
					e.Errors = append(e.Errors, fe.Msg)
				}
				q.logLocked(e)
				form := prefill(contactParts, v)
				for _, fe := range errs {
					form = withError(form, fe)
				}
				q.render(pageOpts{title: "Contact us", nav: "contact", errs: errs}, `<h1 class="govuk-heading-xl">Contact us</h1>`+
					q.form("contact", form, "Send message"))
				return true
			}
			e.Answers = map[string]string{"question": question, "email": addr}
			q.logLocked(e)
			q.st.sent = true
			q.st.flash = "Message sent. We will reply to " + addr + " within 5 working days."
			q.redirect("contact")
		default:
			return false
		}
		return true
	}
	return j
}

// serviceNav is the service navigation with the item at active marked.
func (q *req) serviceNav(active string) string {
	t := q.j.tmpl
	var items strings.Builder
	for _, it := range q.j.Nav {
		tmpl, text, href := t["nav-item"], "Navigation item 1", `href="#/1"`
		if it.Path == active {
			tmpl, text, href = t["nav-active"], "Navigation item 2", `href="#/2"`
		}
		s := strings.Replace(tmpl, text, html.EscapeString(it.Text), 1)
		items.WriteString(strings.Replace(s, href, `href="`+q.base+it.Path+`"`, 1) + "\n")
	}
	return strings.Replace(t["nav-before"], `href="#/"`, `href="`+q.base+`"`, 1) + items.String() + t["nav-after"]
}

// supportJourney: Get support after domestic abuse. A start page with the
// exit this page button, then address (a fieldset of inputs), children
// (a number input), check answers, "Submit request", the panel.
func supportJourney(l *fixtureLib) *journey {
	j := newJourney("support", "Get juggling support")
	buildCheckTemplates(l, j.tmpl)
	j.StartTitle = "Get support if you are in danger"
	j.Start = l.get("exit-this-page", "default", `href="/full-page-examples/announcements"`, `href="exit"`) +
		`<p class="govuk-body">If you are in danger, you can ask us for a safe place to stay and help for your children.</p>` +
		`<p class="govuk-body">You can leave this site quickly at any time: press the “Exit this page” button or the Shift key three times.</p>`
	j.Check, j.Send, j.Panel = true, "Submit request", "Request received"
	address := l.get("fieldset", "default", "</legend>", "</legend>\n"+
		inputWith(l, "address-line-1", "Address line 1", "", `type="text" autocomplete="address-line1"`)+
		inputWith(l, "address-town", "Town or city", "", `type="text" autocomplete="address-level2"`)+
		inputWith(l, "address-postcode", "Postcode", "", `type="text" autocomplete="postal-code"`))
	j.Questions = []*question{{
		Slug: "address", Title: "What is your address?", Key: "Address",
		Parts: []string{address},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			a := map[string]string{
				"line1":    required(v, "address-line-1", "Enter address line 1, typically the building and street", &errs),
				"town":     required(v, "address-town", "Enter town or city", &errs),
				"postcode": postcode(v, "address-postcode", &errs),
			}
			return a, errs
		},
		Show: func(a map[string]string) string { return a["line1"] + "\n" + a["town"] + "\n" + a["postcode"] },
	}, {
		Slug: "children", Title: "How many children live with you?", Key: "Children",
		Parts: []string{l.get("input", "with width-2 class", "National insurance number", "How many children live with you?",
			"It’s on your National Insurance card, benefit letter, payslip or P60. For example, ‘QQ 12 34 56 C’.", "Include children under 16, and those under 20 in full-time education.",
			`"input-width-2`, `"children`, `name="test-width-2"`, `name="children"`, `type="text"`, `type="text" inputmode="numeric"`)},
		Parse: func(v url.Values) (map[string]string, []fieldErr) {
			var errs []fieldErr
			s := number(clean(v.Get("children")), "children", 0, 20, true,
				"Enter how many children live with you", "Number of children must be a whole number, like 2", "Number of children must be between 0 and 20", &errs)
			return map[string]string{"children": s}, errs
		},
		Show: func(a map[string]string) string { return a["children"] },
	}}
	j.Custom = func(q *req) bool {
		if q.page != "exit" || q.r.Method != http.MethodGet {
			return false
		}
		q.view()
		q.render(pageOpts{title: "Weather forecast", back: "-"}, `<h1 class="govuk-heading-xl">Weather forecast</h1><p class="govuk-body">Sunny spells, with a light breeze.</p>`)
		return true
	}
	return j
}
