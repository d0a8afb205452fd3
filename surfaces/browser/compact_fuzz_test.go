package browser

import (
	"encoding/json"
	"testing"
)

// FuzzDecodeObservation: whatever a page makes the observation hold, the
// decoder returns a screen or an error, never a panic; and a text it
// reads as a JSON string reads as encoding/json reads it.
func FuzzDecodeObservation(f *testing.F) {
	f.Add(`["http://x/?a=\"b\"","T\u00e9\ud83d\ude00 \ud800x","page","tk",2,2,[["main","form \"A\\B\""],[]],` +
		`[[1,"button","Save\n\t\/",null,258,0,-1.5,-20,30,1e1,1],` +
		`[2,"combobox","Size","M",0,1,0,0,5,5,0,"Size","","f","","",1,"d",["S","s",0,"M","M",1,"X","X",2],{"new":[1,{"k":true}]},false]],` +
		`[[3,"Hello",1,2],[4,"Alert",0,0,"alert","f",null]]]`)
	f.Add(`["u","t","page","tk",0,0,[],[],[]]`)
	f.Add(`WyJ1IiwidCJd`)
	f.Fuzz(func(t *testing.T, text string) {
		_, _ = decodeObservation(text) // only a panic fails
		quoted, err := json.Marshal(text)
		if err != nil {
			return
		}
		var want string
		if err := json.Unmarshal(quoted, &want); err != nil {
			return
		}
		if got, err := unquoteJSON(quoted); err != nil || got != want {
			t.Errorf("unquoteJSON(%s) = %q, %v; want %q", quoted, got, err, want)
		}
	})
}
