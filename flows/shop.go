package flows

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
)

// Product is one item the shop sells.
type Product struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Brand       string  `json:"brand"`
	Category    string  `json:"category"`
	PriceCents  int     `json:"price_cents"`
	PriceText   string  `json:"price_text"`
	Rating      float64 `json:"rating"`
	Reviews     int     `json:"reviews"`
	Image       string  `json:"image"`
	Description string  `json:"description"`
	InStock     bool    `json:"in_stock"`
}

var products = func() []Product {
	ps := []Product{
		{"moka-3", "Classic moka pot, 3 cups", "Bialetti", "coffee", 2999, "", 4.6, 2184, "moka.svg", "Aluminium stovetop espresso maker for three small cups. Not for induction hobs.", true},
		{"moka-6", "Induction moka pot, 6 cups", "Bialetti", "coffee", 4450, "", 4.3, 512, "moka.svg", "Stainless steel moka pot that works on every hob, induction included.", true},
		{"grinder", "Manual coffee grinder", "Hario", "coffee", 3890, "", 4.4, 978, "grinder.svg", "Ceramic conical burrs, adjustable grind, holds 24 g of beans.", true},
		{"beans-1kg", "Espresso beans, 1 kg", "Lavazza", "coffee", 1899, "", 4.1, 3310, "beans.svg", "Medium roast arabica and robusta blend for espresso and moka pots.", true},
		{"mug-enamel", "Enamel camping mug, 350 ml", "Falcon", "kitchen", 1250, "", 4.7, 655, "mug.svg", "Light, tough enamel mug in white with a blue rim.", true},
		{"mug-ceramic", "Ceramic mug set of 4", "Denby", "kitchen", 3600, "", 4.2, 241, "mug.svg", "Four stoneware mugs, 400 ml each, dishwasher safe.", true},
		{"mug-travel", "Insulated travel mug, 470 ml", "Contigo", "kitchen", 2495, "", 3.9, 4120, "mug.svg", "Keeps drinks hot for 5 hours. Leak-proof lid.", true},
		{"kettle", "Gooseneck kettle, 1 l", "Fellow", "kitchen", 8900, "", 4.8, 1502, "kettle.svg", "Electric pour-over kettle with temperature control.", true},
		{"teapot", "Glass teapot with infuser", "Bodum", "tea", 2199, "", 4.0, 389, "teapot.svg", "1.5 l glass teapot with a stainless steel infuser.", true},
		{"tea-sencha", "Sencha green tea, 100 g", "Yamamotoyama", "tea", 899, "", 4.5, 206, "tea.svg", "Loose-leaf Japanese green tea.", true},
		{"scale", "Coffee scale with timer", "Timemore", "coffee", 4999, "", 4.5, 733, "scale.svg", "0.1 g resolution scale with a built-in shot timer.", false},
		{"filter-papers", "Paper filters, 100 pack", "Melitta", "coffee", 449, "", 4.6, 5021, "filters.svg", "Size 1x4 paper filters.", true},
	}
	for i := range ps {
		ps[i].PriceText = EnglishEuros(ps[i].PriceCents)
	}
	return ps
}()

// SearchProducts returns the products whose name, brand or category holds
// every word of q, in catalogue order; an empty query returns them all.
func SearchProducts(q string) []Product {
	words := strings.Fields(strings.ToLower(q))
	out := []Product{}
	for _, p := range products {
		hay := strings.ToLower(p.Name + " " + p.Brand + " " + p.Category)
		if !slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(hay, strings.TrimSuffix(w, "s")) }) {
			out = append(out, p)
		}
	}
	return out
}

func findProduct(id string) (Product, bool) {
	i := slices.IndexFunc(products, func(p Product) bool { return p.ID == id })
	if i < 0 {
		return Product{}, false
	}
	return products[i], true
}

// cartLine is one product in the cart with how many of it.
type cartLine struct {
	Product
	Quantity int `json:"quantity"`
}

// cart is the shop's one cart. The fixture has one shopper, so the cart
// lives on the server, where tests can see what a run put in it.
type cart struct {
	mu    sync.Mutex
	lines []cartLine
}

// view is the cart as GET /api/cart returns it.
func (c *cart) view() map[string]any {
	count, sub := 0, 0
	for _, l := range c.lines {
		count += l.Quantity
		sub += l.Quantity * l.PriceCents
	}
	return map[string]any{"lines": slices.Clone(c.lines), "count": count, "subtotal_cents": sub, "subtotal": EnglishEuros(sub)}
}

func (c *cart) find(id string) int {
	return slices.IndexFunc(c.lines, func(l cartLine) bool { return l.ID == id })
}

// order is what the checkout page posts; the items are the cart's.
type order struct {
	Name     string `json:"name"`
	Address  string `json:"address"`
	City     string `json:"city"`
	Postcode string `json:"postcode"`
	Delivery string `json:"delivery"`
	Payment  string `json:"payment"`
}

// deliveryCents is what delivery costs for a subtotal: standard is free
// from €50.
func deliveryCents(subtotal int, delivery string) int {
	switch {
	case delivery == "express":
		return 690
	case subtotal >= 5000:
		return 0
	default:
		return 490
	}
}

func shopRoutes(mux *http.ServeMux, log *EventLog) {
	c := &cart{}
	mux.HandleFunc("GET /api/products", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, SearchProducts(r.URL.Query().Get("q")))
	})
	mux.HandleFunc("GET /api/products/{id}", func(w http.ResponseWriter, r *http.Request) {
		p, ok := findProduct(r.PathValue("id"))
		if !ok {
			httpError(w, http.StatusNotFound, fmt.Sprintf("no product %q", r.PathValue("id")))
			return
		}
		writeJSON(w, http.StatusOK, p)
	})
	mux.HandleFunc("GET /api/cart", func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		defer c.mu.Unlock()
		writeJSON(w, http.StatusOK, c.view())
	})
	mux.HandleFunc("POST /api/cart", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			ID       string `json:"id"`
			Quantity int    `json:"quantity"`
		}
		if err := readJSON(r, &in); err != nil {
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
		p, ok := findProduct(in.ID)
		switch {
		case !ok:
			httpError(w, http.StatusNotFound, fmt.Sprintf("no product %q", in.ID))
			return
		case !p.InStock:
			httpError(w, http.StatusConflict, p.Name+" is currently unavailable")
			return
		case in.Quantity < 1 || in.Quantity > 99:
			httpError(w, http.StatusBadRequest, "quantity must be 1 to 99")
			return
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if i := c.find(p.ID); i >= 0 {
			c.lines[i].Quantity = min(99, c.lines[i].Quantity+in.Quantity)
		} else {
			c.lines = append(c.lines, cartLine{p, in.Quantity})
		}
		log.Record("cart_added", map[string]any{"id": p.ID, "quantity": in.Quantity})
		writeJSON(w, http.StatusOK, c.view())
	})
	withLine := func(fn func(w http.ResponseWriter, r *http.Request, i int)) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			c.mu.Lock()
			defer c.mu.Unlock()
			i := c.find(r.PathValue("id"))
			if i < 0 {
				httpError(w, http.StatusNotFound, fmt.Sprintf("%q is not in the cart", r.PathValue("id")))
				return
			}
			fn(w, r, i)
		}
	}
	mux.HandleFunc("POST /api/cart/{id}", withLine(func(w http.ResponseWriter, r *http.Request, i int) {
		var in struct {
			Quantity int `json:"quantity"`
		}
		if err := readJSON(r, &in); err != nil || in.Quantity < 1 || in.Quantity > 99 {
			httpError(w, http.StatusBadRequest, "quantity must be 1 to 99")
			return
		}
		if c.lines[i].Quantity != in.Quantity {
			c.lines[i].Quantity = in.Quantity
			log.Record("cart_updated", map[string]any{"id": c.lines[i].ID, "quantity": in.Quantity})
		}
		writeJSON(w, http.StatusOK, c.view())
	}))
	mux.HandleFunc("POST /api/cart/{id}/remove", withLine(func(w http.ResponseWriter, r *http.Request, i int) {
		log.Record("cart_removed", map[string]any{"id": c.lines[i].ID})
		c.lines = slices.Delete(c.lines, i, i+1)
		writeJSON(w, http.StatusOK, c.view())
	}))
	mux.HandleFunc("POST /api/order", func(w http.ResponseWriter, r *http.Request) {
		var o order
		if err := readJSON(r, &o); err != nil {
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if len(c.lines) == 0 {
			httpError(w, http.StatusBadRequest, "the cart is empty")
			return
		}
		if strings.TrimSpace(o.Name) == "" || strings.TrimSpace(o.Address) == "" ||
			strings.TrimSpace(o.City) == "" || strings.TrimSpace(o.Postcode) == "" {
			httpError(w, http.StatusBadRequest, "name and full address are required")
			return
		}
		v := c.view()
		sub := v["subtotal_cents"].(int)
		total := sub + deliveryCents(sub, o.Delivery)
		items := make([]map[string]any, len(c.lines))
		for i, l := range c.lines {
			items[i] = map[string]any{"id": l.ID, "name": l.Name, "quantity": l.Quantity}
		}
		ref := fmt.Sprintf("SO-%05d", fnvNumber(fmt.Sprint(o, items))%100000)
		log.Record("order_placed", map[string]any{
			"reference": ref, "items": items, "count": v["count"], "total_cents": total,
			"total": EnglishEuros(total), "name": o.Name, "delivery": o.Delivery, "payment": o.Payment,
		})
		c.lines = nil
		writeJSON(w, http.StatusOK, map[string]any{"reference": ref, "total": EnglishEuros(total)})
	})
}
