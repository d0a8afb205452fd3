package stdlib

import (
	"fmt"
	"strconv"
	"time"
)

// Money is an amount in one currency. Currency is an ISO 4217 code ("EUR").
// It is the Go type behind the flow type `money` in expressions, so its
// fields are what `total.amount` and `total.currency` reach.
type Money struct {
	Amount   float64 `expr:"amount" json:"amount"`
	Currency string  `expr:"currency" json:"currency"`
}

// String renders m as the contract says a money value is typed: the amount
// with two decimals and the ISO code, "12.50 EUR".
func (m Money) String() string {
	s := strconv.FormatFloat(m.Amount, 'f', 2, 64)
	if m.Currency == "" {
		return s
	}
	return s + " " + m.Currency
}

// Date is a calendar day without a time zone. It is the Go type behind the
// flow type `date`: `day.year`, `day.month`, `day.day`.
type Date struct {
	Year  int `expr:"year" json:"year"`
	Month int `expr:"month" json:"month"`
	Day   int `expr:"day" json:"day"`
}

// Time returns d at midnight UTC.
func (d Date) Time() time.Time {
	return time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, time.UTC)
}

// String renders d as 2026-12-24.
func (d Date) String() string { return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day) }

// DateOf returns the calendar day of t.
func DateOf(t time.Time) Date { return Date{t.Year(), int(t.Month()), t.Day()} }
