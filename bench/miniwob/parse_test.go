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
