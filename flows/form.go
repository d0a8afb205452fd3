package flows

import (
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strings"
)

// formFields are the fields of the request form in page order, with the
// label the thank-you page shows; only the fields a visitor could see are
// sent (hidden sections are disabled on the page).
var formFields = []struct{ name, label string }{
	{"is_company", "Company"}, {"company_name", "Company name"}, {"vat_number", "VAT number"},
	{"full_name", "Full name"}, {"email", "Email"}, {"phone", "Phone"},
	{"country", "Country"}, {"state", "State"}, {"province", "Province"},
	{"topic", "Topic"}, {"topic_other", "Topic (other)"}, {"heard", "Heard about us"},
	{"heard_other", "Heard about us (other)"}, {"message", "Message"}, {"consent", "Consent"},
}

// formAnswer is one line of the thank-you page.
type formAnswer struct{ Label, Value string }

// formRequired returns the missing fields of a submission: the always
// required ones, and those an earlier answer makes required.
func formRequired(v map[string]string) []string {
	need := []string{"is_company", "full_name", "email", "country", "topic", "consent"}
	if v["is_company"] == "yes" {
		need = append(need, "company_name")
	}
	switch v["country"] {
	case "United States":
		need = append(need, "state")
	case "Canada":
		need = append(need, "province")
	}
	if v["topic"] == "Other" {
		need = append(need, "topic_other")
	}
	if v["heard"] == "Other" {
		need = append(need, "heard_other")
	}
	var missing []string
	for _, f := range need {
		if strings.TrimSpace(v[f]) == "" {
			missing = append(missing, f)
		}
	}
	return missing
}

var formResult = template.Must(template.New("result").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{if .Missing}}Please check your answers{{else}}Request received{{end}} · Helpdesk</title>
<link rel="stylesheet" href="/style.css">
</head>
<body>
<header class="site-header"><a class="brand" href="/">Northwind <span>Helpdesk</span></a></header>
<main class="page">
{{if .Missing}}
  <section class="card error-card" role="alert">
    <h1>Please check your answers</h1>
    <p>These fields are required:</p>
    <ul>{{range .Missing}}<li>{{.}}</li>{{end}}</ul>
    <p><a href="/">Back to the form</a></p>
  </section>
{{else}}
  <section class="card done-card">
    <h1>Thank you{{with index .Values "full_name"}}, {{.}}{{end}}!</h1>
    <p>Your request <strong>{{.Reference}}</strong> was received. We answer within two working days.</p>
    <h2>What you sent</h2>
    <dl class="answers">
    {{range .Answers}}<div><dt>{{.Label}}</dt><dd>{{.Value}}</dd></div>
    {{end}}
    </dl>
    <p><a href="/">Send another request</a></p>
  </section>
{{end}}
</main>
</body>
</html>
`))

func formRoutes(mux *http.ServeMux, log *EventLog) {
	mux.HandleFunc("POST /submit", func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		if err := r.ParseForm(); err != nil {
			http.Error(w, "cannot read the form: "+err.Error(), http.StatusBadRequest)
			return
		}
		for k := range r.PostForm {
			if !slices.ContainsFunc(formFields, func(f struct{ name, label string }) bool { return f.name == k }) {
				http.Error(w, fmt.Sprintf("unknown field %q", k), http.StatusBadRequest)
				return
			}
		}
		values := map[string]string{}
		var answers []formAnswer
		for _, f := range formFields {
			if v := strings.TrimSpace(r.PostForm.Get(f.name)); v != "" {
				values[f.name] = v
				answers = append(answers, formAnswer{f.label, v})
			}
		}
		data := formPage{Values: values, Answers: answers, Missing: formRequired(values)}
		status := http.StatusUnprocessableEntity
		if len(data.Missing) == 0 {
			status = http.StatusOK
			data.Reference = fmt.Sprintf("REQ-%04d", fnvNumber(fmt.Sprint(values))%10000)
			event := map[string]any{"reference": data.Reference}
			for k, v := range values {
				event[k] = v
			}
			log.Record("form_submitted", event)
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(status)
		_ = formResult.Execute(w, data) // the client hung up; nothing to tell it
	})
}

type formPage struct {
	Values    map[string]string
	Answers   []formAnswer
	Missing   []string
	Reference string
}
