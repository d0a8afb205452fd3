package guard

var (
	// priceUnits follow a number or "per" in a price: "9.99 per month", "€40 a year".
	priceUnits = set("mo month months monthly yr year years yearly annually week weeks day days")
	// currencies are currency codes and names written as words.
	currencies = set("eur usd gbp chf sek nok dkk pln czk huf jpy cny inr aud cad nzd euro euros dollar dollars pound pounds")
	// discounts after an amount make it money off, not a price: "Get €10 off".
	discounts = set("off discount cashback credit")
)

// onlyPrice reports a label that is an amount of money and nothing else:
// "€5", "$2.50", "10 EUR".
func onlyPrice(words []string) bool {
	if !hasPrice(words) {
		return false
	}
	for _, w := range words {
		if w != currency && !currencies[w] && !isNumber(w) {
			return false
		}
	}
	return true
}

// hasPrice reports a price in a label: a currency sign, code or name next
// to an amount that is not money off ("€9.99", "40 EUR", "Get €10 off" is
// not), an amount per period ("9.99 per month", "5 a week"), or "billed".
func hasPrice(words []string) bool {
	for i, w := range words {
		switch {
		case w == currency || currencies[w]:
			if isNumber(at(words, i+1)) || i > 0 && isNumber(words[i-1]) {
				j := i + 1
				for j < len(words) && isNumber(words[j]) {
					j++
				}
				if !discounts[at(words, j)] {
					return true
				}
			}
		case priceUnits[w] && i > 0:
			if p := words[i-1]; p == "per" || p == "a" || p == "each" || isNumber(p) && i > 1 && (words[i-2] == currency || isNumber(words[i-2])) {
				return true
			}
		case w == "billed" || w == "charged":
			return true
		}
	}
	return false
}
