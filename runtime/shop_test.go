package runtime_test

import (
	"strings"
	"testing"

	"flow/runtime"
)

const shopFlow = `flow buy "Buy the cheapest laptop and stop before ordering" {
  fact query: text = "laptop"
  browse "http://shop.test/"
  enter "search products" = query
  press "Enter"
  wait_for "results for ${query} are listed" within 5s
  extract "the results" into items
  check len(items) == 3, "three laptops are listed"
  pick "the results" by "lowest price" into laptop
  read "the price" into price as money
  check price.amount < 1000, "the laptop is cheap"
  do "add the Dell XPS to the cart"
  verify "added to cart"
  do "your cart holds 1 item"
  stop_before "placing the order"
}
`

func TestShopStopsBeforeOrder(t *testing.T) {
	o := run(t, setup{src: shopFlow, script: "shop.yaml"})
	o.want(t, runtime.StoppedBefore)
	if o.res.ExitCode != 0 {
		t.Errorf("exit code %d, want 0", o.res.ExitCode)
	}
	if o.res.Stop == nil || !strings.Contains(o.res.Stop.Control, "Place order") {
		t.Fatalf("stop target %+v, want the Place order button", o.res.Stop)
	}
	got := pressed(o.sim)
	if contains(got, "order") || contains(got, "buy2") {
		t.Errorf("a guarded control was pressed: %v", got)
	}
	if !contains(got, "p2") || !contains(got, "add") {
		t.Errorf("want the cheapest laptop (p2) opened and added; pressed %v", got)
	}
	if v := o.res.Variables["laptop"]; !strings.Contains(v.(string), "Dell XPS 13") {
		t.Errorf("laptop = %v", v)
	}
	if v := o.res.Variables["price"]; v != "999.00 EUR" {
		t.Errorf("price = %v", v)
	}
	if n := len(o.res.Variables["items"].([]string)); n != 3 {
		t.Errorf("items has %d rows", n)
	}
}
