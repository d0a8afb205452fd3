package main

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// goalCase is one goal, written in the style of a task's goals (names and
// values made up here, not taken from the task), and the facts it must give.
type goalCase struct {
	goal string
	want facts
}

// goalCases holds at least one goal per development task; the flows test
// also loads each case's facts into the task's flow.
var goalCases = map[string][]goalCase{
	"choose-date":        {{"Select 03/07/2016 as the date and hit submit.", facts{"day": "2016-03-07"}}},
	"choose-date-easy":   {{"Select 12/31/2016 as the date and hit submit.", facts{"day": "2016-12-31"}}},
	"choose-date-medium": {{"Select 10/01/2016 as the date and hit submit.", facts{"day": "2016-10-01"}}},
	"click-button-sequence": {
		{"Click button ONE, then click button TWO.", facts{"first": "ONE", "second": "TWO"}},
		{"Click button TWO, then click button ONE.", facts{"first": "TWO", "second": "ONE"}},
	},
	"click-checkboxes-large": {
		{"Select aB3, zz, Q9x1 and click Submit.", facts{"items": []string{"aB3", "zz", "Q9x1"}}},
		{"Select K7 and click Submit.", facts{"items": []string{"K7"}}},
	},
	"click-checkboxes-transfer": {
		{"Select nothing and click Submit.", facts{"items": []string{}}},
		{"Select Lm0, pp and click Submit.", facts{"items": []string{"Lm0", "pp"}}},
	},
	"click-checkboxes-soft": {{"Select words similar to cheerful, huge and click Submit.", facts{"words": []string{"cheerful", "huge"}}}},
	"click-collapsible-2":   {{`Expand the sections below, to find and click on the link "dolor.".`, facts{"link": "dolor."}}},
	"click-tab-2":           {{`Switch between the tabs to find and click on the link "amet,".`, facts{"link": "amet,"}}},
	"click-tab-2-easy":      {{`Switch between the tabs to find and click on the link "Sed".`, facts{"link": "Sed"}}},
	"click-tab-2-medium":    {{`Switch between the tabs to find and click on the link "magna".`, facts{"link": "magna"}}},
	"click-tab-2-hard":      {{`Switch between the tabs to find and click on the link "tempor.".`, facts{"link": "tempor."}}},
	"click-menu-2":          {{`Click the "Menu" button, and then find and click on the item labeled "Save".`, facts{"item": "Save"}}},
	"click-scroll-list": {
		{"Select Peru, New Zealand from the scroll list and click Submit.", facts{"items": []string{"Peru", "New Zealand"}}},
	},
	"click-test":   {{"Click the button.", facts{}}},
	"click-test-2": {{"Click button TWO.", facts{"button": "TWO"}}},
	"click-widget": {{`Click on a "checkbox" widget.`, facts{"widget": "checkbox"}}},
	"copy-paste":   {{"Copy the text in the textarea below, paste it into the textbox and press Submit.", facts{}}},
	"copy-paste-2": {
		{"Copy the text from the 2nd text area below and paste it into the text input, then press Submit.", facts{"which": "2nd"}},
		{"Copy the text from the text area below and paste it into the text input, then press Submit.", facts{"which": "1st"}},
	},
	"email-inbox": {
		{`Find the email by Marta and reply to them with the text "See you at noon.".`,
			facts{"sender": "Marta", "action": "reply", "reply_text": "See you at noon.", "forward_to": ""}},
		{"Find the email by Olek and forward that email to Ines.",
			facts{"sender": "Olek", "action": "forward", "reply_text": "", "forward_to": "Ines"}},
		{"Find the email by Bea and click the trash icon to delete it.",
			facts{"sender": "Bea", "action": "delete", "reply_text": "", "forward_to": ""}},
		{"Find the email by Tomas and click the star icon to mark it as important.",
			facts{"sender": "Tomas", "action": "star", "reply_text": "", "forward_to": ""}},
	},
	"email-inbox-noscroll": {{"Find the email by Ida and click the trash icon to delete it.",
		facts{"sender": "Ida", "action": "delete", "reply_text": "", "forward_to": ""}}},
	"email-inbox-star-reply": {{`Find the email by Jo and reply to them with the text "Ok.".`,
		facts{"sender": "Jo", "action": "reply", "reply_text": "Ok.", "forward_to": ""}}},
	"email-inbox-forward":   {{"Find the email by Ada and forward that email to Linus.", facts{"sender": "Ada", "forward_to": "Linus"}}},
	"email-inbox-reply":     {{`Find the email by Ken and reply to them with the text "Thanks, done.".`, facts{"sender": "Ken", "reply_text": "Thanks, done."}}},
	"email-inbox-important": {{"Find the email by Rosa and click the star icon to mark it as important.", facts{"sender": "Rosa"}}},
	"email-inbox-forward-nl": {
		{"Forward the message from Ada to Linus.", facts{"sender": "Ada", "forward_to": "Linus"}},
		{"Send Linus the mail you got from Ada.", facts{"sender": "Ada", "forward_to": "Linus"}},
		{"Linus wants the email Ada sent you.", facts{"sender": "Ada", "forward_to": "Linus"}},
		{"Linus is waiting for the message by Ada.", facts{"sender": "Ada", "forward_to": "Linus"}},
		{"Please look up the mail by Ada. Send it to Linus.", facts{"sender": "Ada", "forward_to": "Linus"}},
		{"Ada wants the message to be sent to Linus.", facts{"sender": "Ada", "forward_to": "Linus"}},
		{"Get Ada email and then forward it to Linus please.", facts{"sender": "Ada", "forward_to": "Linus"}},
	},
	"enter-text-dynamic": {{`Enter "q8Z" into the text field and press Submit.`, facts{"text": "q8Z"}}},
	"find-word":          {{`Find the 11th word in the paragraph, type that into the textbox and press "Submit".`, facts{"position": 11}}},
	"focus-text":         {{"Focus into the textbox.", facts{}}},
	"focus-text-2":       {{"Focus into the 2nd input textbox.", facts{"which": "2nd"}}},
	"form-sequence-2": {{`Check the 2nd radio button and enter the number "-3" into the 1st textbox.`,
		facts{"radio": "2nd", "number": "-3", "box": "1st"}}},
	"form-sequence-3": {{`Choose 5ft 2in from the dropdown, then click the button labeled "Maybe".`,
		facts{"option": "5ft 2in", "button": "Maybe"}}},
	"multi-orderings": {{"Search for comedy movies directed by Lee from year 1999.",
		facts{"genre": "comedy", "director": "Lee", "year": "1999"}}},
	"read-table-2":  {{"Enter the value that corresponds with each label into the form and submit when done.", facts{}}},
	"scroll-text":   {{"Find the last word in the text area, enter it into the text field and hit Submit.", facts{}}},
	"scroll-text-2": {{"Scroll the textarea to the top of the text hit submit.", facts{"direction": "top"}}},
	"search-engine": {{`Use the textbox to enter "Alma" and press "Search", then find and click the 7th search result.`,
		facts{"query": "Alma", "which": "7th"}}},
	"sign-agreement": {
		{"Click the cancel button.", facts{"signer": "", "button": "Cancel"}},
		{`Scroll to the bottom of the textarea, enter the name "Noor" then press "Agree"`, facts{"signer": "Noor", "button": "Agree"}},
	},
	"social-media-all": {{`Click the "Retweet" button on all posts by @kai and then click Submit.`,
		facts{"action": "Retweet", "user": "@kai"}}},
	"social-media-some": {
		{`Click the "Like" button on 1 post by @mo and then click Submit.`, facts{"action": "Like", "count": 1, "user": "@mo"}},
		{`Click the "Reply" button on 4 posts by @mo and then click Submit.`, facts{"action": "Reply", "count": 4, "user": "@mo"}},
	},
	"use-autocomplete": {
		{`Enter an item that starts with "Por" and ends with "gal".`, facts{"prefix": "Por", "suffix": "gal"}},
		{`Enter an item that starts with "Ice".`, facts{"prefix": "Ice", "suffix": ""}},
	},
	"use-slider":        {{"Select 12 with the slider and hit Submit.", facts{"value": 12}}},
	"use-spinner":       {{"Select -3 with the spinner and hit Submit.", facts{"value": -3}}},
	"simple-arithmetic": {{"Solve the math problem and type your answer into the textbox. Press submit when done.", facts{}}},
	"guess-number": {{"Guess the number between 0-9 and press Submit. Use the feedback below to find the right number.",
		facts{"low": 0, "high": 9}}},
	"book-flight": {
		{"Book the cheapest one-way flight from: Akron, OH to: BOS on 11/03/2016.",
			facts{"rank": "cheapest", "origin": "Akron, OH", "destination": "BOS", "day": "2016-11-03"}},
		{"Book the shortest one-way flight from: ABQ to: Sault Ste. Marie, MI on 10/30/2016.",
			facts{"rank": "shortest", "origin": "ABQ", "destination": "Sault Ste. Marie, MI", "day": "2016-10-30"}},
	},
	"buy-ticket": {
		{"Buy the ticket with the shortest duration.", facts{"criterion": "shortest duration"}},
		{"Buy the ticket with the most expensive cost.", facts{"criterion": "most expensive cost"}},
	},
	"choose-list": {{"Select New Zealand from the list and click Submit.", facts{"option": "New Zealand"}}},
	"click-button": {
		{`Click on the "Next" button.`, facts{"button": "Next"}},
		{`Click on the "Submit" button.`, facts{"button": "Submit"}},
	},
	"click-checkboxes": {
		{"Select Qe1, t9W and click Submit.", facts{"items": []string{"Qe1", "t9W"}}},
		{"Select nothing and click Submit.", facts{"items": []string{}}},
	},
	"click-collapsible": {{"Expand the section below and click submit.", facts{}}},
	"click-dialog":      {{`Close the dialog box by clicking the "x".`, facts{}}},
	"click-dialog-2":    {{`Click the button in the dialog box labeled "OK".`, facts{"button": "OK"}}},
	"click-link":        {{`Click on the link "amet.".`, facts{"link": "amet."}}},
	"click-menu": {
		{"Select Ann>Bea>Cleo", facts{"menus": []string{"Ann", "Bea"}, "item": "Cleo"}},
		{"Select Dora", facts{"menus": []string{}, "item": "Dora"}},
	},
	"click-option":       {{"Select kQ3 and click Submit.", facts{"option": "kQ3"}}},
	"click-tab":          {{"Click on Tab #2.", facts{"tab": "Tab #2"}}},
	"email-inbox-delete": {{"Find the email by Ines and click the trash icon to delete it.", facts{"sender": "Ines"}}},
	"enter-date":         {{"Enter 04/15/2014 as the date and hit submit.", facts{"day": "2014-04-15"}}},
	"enter-password":     {{`Enter the password "x9Q" into both text fields and press submit.`, facts{"password": secret("x9Q")}}},
	"enter-text":         {{`Enter "Mira" into the text field and press Submit.`, facts{"text": "Mira"}}},
	"enter-text-2": {
		{`Type "mira" in all upper case letters in the text input and press Submit.`, facts{"text": "mira", "letters": "upper"}},
		{`Type "OSKAR" in all lower case letters in the text input and press Submit.`, facts{"text": "OSKAR", "letters": "lower"}},
	},
	"enter-time": {{"Enter 11:05 AM as the time and press submit.", facts{"time": "11:05 AM"}}},
	"form-sequence": {{"Select -4 with the slider, click the 2nd checkbox, then hit Submit.",
		facts{"value": -4, "checkbox": "2nd"}}},
	"login-user": {{`Enter the username "ada" and the password "Zq1" into the text fields and press login.`,
		facts{"username": "ada", "password": secret("Zq1")}}},
	"login-user-popup": {{`Enter the username "bo" and the password "k2" into the text fields and press login.`,
		facts{"username": "bo", "password": secret("k2")}}},
	"multi-layouts": {{"Search for western movies directed by Okafor from year 1971.",
		facts{"genre": "western", "director": "Okafor", "year": "1971"}}},
	"navigate-tree": {{`Navigate through the file tree. Find and click on the folder or file named "Rowan".`, facts{"name": "Rowan"}}},
	"order-food": {
		{"Order 3 items that are vegan", facts{"items": []string{}, "count": 3, "kind": "vegan"}},
		{"Order one of each item: Onion soup, Apple pie", facts{"items": []string{"Onion soup", "Apple pie"}, "count": 2, "kind": ""}},
	},
	"phone-book": {
		{"Find Mary-Ann in the contact book and click on their phone number.", facts{"contact": "Mary-Ann", "detail": "phone number"}},
		{"Find Otto in the contact book and click on their email.", facts{"contact": "Otto", "detail": "email"}},
	},
	"read-table":   {{"Enter the value of Year of Birth into the text field and press Submit.", facts{"label": "Year of Birth"}}},
	"social-media": {{`For the user @ivo, click on the "Copy link to Tweet" button.`, facts{"user": "@ivo", "action": "Copy link to Tweet"}}},
}

func TestParsers(t *testing.T) {
	for _, task := range devTasks {
		cases := goalCases[task]
		if len(cases) == 0 {
			t.Errorf("%s: no goal cases", task)
			continue
		}
		parse, ok := parsers[task]
		if !ok {
			t.Errorf("%s: no parser", task)
			continue
		}
		for _, c := range cases {
			got, err := parse(c.goal)
			if err != nil {
				t.Errorf("%s: %q: %v", task, c.goal, err)
				continue
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("%s: %q\n got %#v\nwant %#v", task, c.goal, got, c.want)
			}
		}
	}
	for task := range parsers {
		if _, ok := goalCases[task]; !ok {
			t.Errorf("parser for %s, which is not a development task with goal cases", task)
		}
	}
}

// TestParsersRefuseOtherGoals: a goal of another shape is an error, never
// facts made of the wrong words.
func TestParsersRefuseOtherGoals(t *testing.T) {
	bad := map[string]string{
		"click-button-sequence":  "Click button ONE.",
		"click-test":             "Click the button twice.",
		"click-menu-2":           `Click the "Menu" button, and then find and click on the item with the icon.`,
		"email-inbox":            "Find the email by Ada and archive it.",
		"email-inbox-forward":    "Find the email by Ada and click the trash icon to delete it.",
		"email-inbox-forward-nl": "Please tidy up the inbox.",
		"find-word":              `Find the last word in the paragraph, type that into the textbox and press "Submit".`,
		"focus-text-2":           "Focus into the second input textbox.",
		"use-slider":             "Select 5 with the spinner and hit Submit.",
		"choose-date":            "Select 2016-12-24 as the date and hit submit.",
		"social-media-some":      `Click the "Like" button on all posts by @mo and then click Submit.`,
		"book-flight":            "Book the fastest one-way flight from: ABQ to: BOS on 10/30/2016.",
		"buy-ticket":             "Buy the ticket with the earliest departure.",
		"click-menu":             "Select nothing and click Submit.",
		"click-option":           "Select Qe1, t9W and click Submit.",
		"email-inbox-delete":     "Find the email by Ines and click the star icon to mark it as important.",
		"enter-password":         `Enter the password "x9Q" into the text field and press submit.`,
		"enter-text-2":           `Type "mira" in all title case letters in the text input and press Submit.`,
		"enter-time":             "Enter 23:05 as the time and press submit.",
		"form-sequence":          "Select 3 with the slider, click the last checkbox, then hit Submit.",
		"login-user":             `Enter the username "ada" into the text field and press login.`,
		"order-food":             "Order something tasty",
		"phone-book":             "Find Otto in the contact book and click on their fax number.",
		"social-media":           `Click the "Like" button on all posts by @mo and then click Submit.`,
	}
	for task, goal := range bad {
		if f, err := parsers[task](goal); err == nil {
			t.Errorf("%s: %q gave facts %v, want an error", task, goal, f)
		} else if !strings.Contains(err.Error(), fmt.Sprintf("%q", goal)) {
			t.Errorf("%s: the error does not quote the goal: %v", task, err)
		}
	}
}

func TestOrdinal(t *testing.T) {
	for s, want := range map[string]int{"1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "11th": 11, "22nd": 22} {
		if got, err := ordinal(s); err != nil || got != want {
			t.Errorf("ordinal(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"first", "3", "th", ""} {
		if _, err := ordinal(s); err == nil {
			t.Errorf("ordinal(%q) succeeded", s)
		}
	}
}
