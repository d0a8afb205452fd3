package stdlib

import (
	"fmt"
	"strconv"
	"strings"
)

// Render turns a flow value into the text that is typed into a field or
// interpolated into step text, by the contract's rendering table: text as
// is, numbers as the shortest decimal (1, 2.5, never an exponent), bools as
// true/false, dates as 2026-12-24, money as "12.50 EUR", lists joined by
// ", ". nil renders as the empty string. Other values use fmt's %v.
func Render(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return formatNumber(x)
	case float32:
		return formatNumber(float64(x))
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case int32:
		return strconv.FormatInt(int64(x), 10)
	case uint:
		return strconv.FormatUint(uint64(x), 10)
	case uint64:
		return strconv.FormatUint(x, 10)
	case Money:
		return x.String()
	case *Money:
		return x.String()
	case Date:
		return x.String()
	case *Date:
		return x.String()
	case []string:
		return strings.Join(x, ", ")
	case []any:
		parts := make([]string, len(x))
		for i, item := range x {
			parts[i] = Render(item)
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprint(v)
}
