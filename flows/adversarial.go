package flows

import "net/http"

// adversarialRoutes adds nothing: the adversarial page records its Pay and
// Delete presses through POST /__events from its script, the way a page
// that means harm would do it, and takes ?frame= and ?escape= in the page
// itself.
func adversarialRoutes(mux *http.ServeMux, log *EventLog) {}
