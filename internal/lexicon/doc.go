// Package lexicon tells how two words relate in meaning, so a matcher can
// see that a button saying "Updated" answers a step that waits for "saved",
// that "bunny" is a kind of "rabbit", or that "sell" is the opposite of
// "buy".
//
// Input is two words (tokens, as a label is split into them); output is a
// [Relation] and the [Source] that vouches for it:
//
//	Relate("saved", "updated")  → Same, "UI lexicon"
//	Relate("bunny", "rabbit")   → Broader, "WordNet 3.1" (rabbit is a broader term for bunny)
//	Relate("rabbit", "bunny")   → Narrower, "WordNet 3.1"
//	Relate("delete", "deletion")→ Derived, "WordNet 3.1"
//	Relate("deleted", "delete") → Same, "morphology" (one lemma)
//
// Relate(a, b) says what b is to a, as WordNet's pointers read. Both words are
// lower-cased and lemmatised first with WordNet's morphy (the exception lists,
// then the detachment rules of each part of speech: "mice" → "mouse", "ran"
// → "run", "deleted" → "delete"), and every part of speech of either word is
// tried. Two words that are equal once normalised are Same with source "";
// two that share a lemma are Same with source "morphology". Otherwise the
// curated UI table (ui.go) is asked first, and WordNet after it, so the UI
// table wins where both relate two words.
//
// Two sources:
//
//   - WordNet 3.1 (Princeton's lexical database, see WORDNET-LICENSE), single
//     words only: synonyms (words of one synset), antonyms, derivationally
//     related forms ("delete"/"deletion", and adverbs and adjectives derived
//     from adjectives and nouns: "quickly"/"quick"), similar adjectives
//     ("angry"/"mad"), and one level of hypernyms and hyponyms for nouns and verbs.
//     cmd gen (./gen) writes it as wordnet.bin, which the package embeds.
//   - The UI lexicon: small groups of words and signs that mean one thing on
//     screens ("saved", "updated", "stored"; "×" and "close"; "›" and
//     "next"), and a few groups that mean the opposite of each other.
//
// Invariants: Relate, Opposites and Lemmas never panic, whatever the string;
// Relate is symmetric for Same, Opposite, Derived and Similar, and swaps
// Broader and Narrower when its arguments swap. The table is decoded lazily,
// once, on the first call (importing the package costs nothing), in place:
// the words and relations are read from the embedded bytes, so loading
// allocates almost nothing and takes a few milliseconds, spent checking that
// every offset and id in the table is in range. All functions are safe for
// concurrent use.
package lexicon
