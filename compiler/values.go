package compiler

import (
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"time"

	"flow/plan"
	"flow/stdlib"
)

// isType reports whether name is a flow type a flow may declare.
func isType(name string) bool {
	for _, t := range plan.Types() {
		if string(t) == name {
			return true
		}
	}
	return false
}

func typeNames() []string {
	var out []string
	for _, t := range plan.Types() {
		out = append(out, string(t))
	}
	return out
}

// parseValue reads the text of a scalar as a value of type t, returning the
// Go value the runtime and expressions use. A list is not a scalar: it is
// handled by the caller.
func parseValue(t plan.Type, text string) (any, error) {
	switch t {
	case plan.TypeText:
		return text, nil
	case plan.TypeNumber:
		f, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", text)
		}
		return f, nil
	case plan.TypeBool:
		switch strings.TrimSpace(text) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return nil, fmt.Errorf("%q is not true or false", text)
	case plan.TypeDate:
		d, err := time.Parse("2006-01-02", strings.TrimSpace(text))
		if err != nil {
			return nil, fmt.Errorf("%q is not a date: write it as 2026-12-24", text)
		}
		return stdlib.DateOf(d), nil
	case plan.TypeMoney:
		m, err := stdlib.ParseMoney(text)
		if err != nil {
			return nil, fmt.Errorf("%q is not an amount of money: write it as \"€12.50\" or \"12.50 EUR\"", text)
		}
		return m, nil
	case plan.TypeEmail:
		a, err := mail.ParseAddress(text)
		if err != nil || a.Name != "" || a.Address != strings.TrimSpace(text) {
			return nil, fmt.Errorf("%q is not an email address", text)
		}
		return text, nil
	case plan.TypeURL:
		u, err := url.Parse(text)
		if err != nil || u.Scheme == "" || u.Host == "" {
			return nil, fmt.Errorf("%q is not a URL: write it with a scheme and host, as https://example.com/", text)
		}
		return text, nil
	case plan.TypeList:
		return nil, errors.New("a list needs list syntax")
	}
	return nil, fmt.Errorf("unknown type %s", t)
}

// zeroOf returns the Go value that stands for a value of type t in the
// typed environment expressions are checked against.
func zeroOf(t plan.Type) any {
	switch t {
	case plan.TypeText, plan.TypeEmail, plan.TypeURL:
		return ""
	case plan.TypeNumber:
		return float64(0)
	case plan.TypeBool:
		return false
	case plan.TypeDate:
		return stdlib.Date{}
	case plan.TypeMoney:
		return stdlib.Money{}
	case plan.TypeList:
		return []string{}
	}
	return nil
}

var (
	dateType  = reflect.TypeOf(stdlib.Date{})
	moneyType = reflect.TypeOf(stdlib.Money{})
)

// typeOf maps an expression's Go result type to a flow type.
func typeOf(t reflect.Type) plan.Type {
	if t == nil {
		return plan.TypeAny
	}
	switch t {
	case dateType:
		return plan.TypeDate
	case moneyType:
		return plan.TypeMoney
	}
	switch t.Kind() {
	case reflect.String:
		return plan.TypeText
	case reflect.Bool:
		return plan.TypeBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return plan.TypeNumber
	case reflect.Slice, reflect.Array:
		return plan.TypeList
	}
	return plan.TypeAny
}

// sameType reports whether a value of type b may be stored where a is
// declared. text, email and url are all text at run time; any fits all.
func sameType(a, b plan.Type) bool {
	return a == b || a == plan.TypeAny || b == plan.TypeAny || (isTextual(a) && isTextual(b))
}

func isTextual(t plan.Type) bool {
	return t == plan.TypeText || t == plan.TypeEmail || t == plan.TypeURL
}
