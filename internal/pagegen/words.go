package pagegen

// Word pools, so that generated pages and steps read like real ones.

var brands = []string{"Northwind", "Larkspur", "Bluebell Home", "Tidewater", "Copperleaf", "Kestrel", "Fernhill", "Oakridge", "Marlow & Co", "Pebble"}

var firstNames = []string{"Ana", "Mia", "Leo", "Omar", "Priya", "Jonas", "Chloe", "Tomás", "Hana", "Ivan", "Grace", "Kofi", "Lena", "Ravi", "Sofia", "Noah", "Elif", "Mateo", "Yuki", "Aisha"}

var lastNames = []string{"Silva", "Chen", "Park", "Haddad", "Nair", "Berg", "Martin", "Ruiz", "Sato", "Petrov", "Okafor", "Novak", "Kowalski", "Moreau", "Lindqvist", "Costa", "Dubois", "Fischer", "Rahman", "Walsh"}

var specialities = []string{"Dentist", "Physiotherapy", "Dermatology", "General practice", "Optician", "Cardiology", "Nutrition", "Osteopathy"}

var weekdays = []string{"Mon", "Tue", "Wed", "Thu", "Fri"}

var longWeekdays = []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}

var months = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

var bookTitles = []string{"Piranesi", "The Salt Path", "Klara and the Sun", "A Gentleman in Moscow", "The Overstory", "Hamnet", "Small Things Like These", "The Lincoln Highway", "Tomorrow, and Tomorrow", "Circe", "The Dutch House", "Homegoing"}

var bios = []string{"Product designer in Lisbon", "Runs the Tuesday climbing club", "Writes about city cycling", "Bakes sourdough on weekends", "Teaches maths in Leeds", "Photographs old cinemas", "Builds tiny houses", "Volunteers at the food bank"}

var todoItems = []string{"Water the plants", "Call the plumber", "Book the dentist", "Walk the dog", "Fix the bike light", "Write thank-you cards", "Pick up dry cleaning", "Clean the gutters", "Plan the weekend", "Return library books", "Wash the car", "Get new glasses", "Defrost the freezer", "Sort the recycling", "Repot the basil", "Iron the shirts"}

var searchTerms = []string{"running shoes", "tent for 2", "usb-c cable", "rain jacket", "coffee grinder", "desk lamp", "yoga mat", "kids wellies", "camping stove", "phone case"}

var addresses = []string{"12 Rose Lane, Leeds", "4 Harbour Street, Bristol", "88 Kings Road, Brighton", "7 Mill Close, York", "31 Station Avenue, Bath", "19 Elm Grove, Oxford"}

var notices = []string{"Your order has shipped", "Mia liked your photo", "Your parcel is out for delivery", "Your invoice is ready", "Leo commented on your post", "Price drop on a saved item"}

var downloads = []string{"report-march.pdf", "holiday-photos.zip", "invoice-2291.pdf", "setup-4.2.dmg", "menu.docx", "tickets.pdf"}
