// Package cache keeps what the runs of a flow resolved, so that a later run
// can replay it without asking the decision model, after checking on the
// screen that each replayed answer still holds.
//
// Input: the answers a run got (a control a step acted on, the answer to
// a question about a list or a text, the verdict on a statement), with the
// screen they were given on. Output: a [Book], one YAML file per flow,
// read back by the next run.
//
// Two kinds of entry, by what an answer depends on:
//
//   - A target: the control a do pressed, the field an enter filled, the
//     option a choose set, the control a stop_before found. It is stored
//     as a [Target] signature (role, name, value kind, group path, the
//     group's heading, the text near it, a fingerprint of its group) and
//     replayed only when exactly one offered control has the same role,
//     name and group ([Target.Find]): a control that moved to another
//     card, was renamed or now appears twice misses.
//   - An exact answer: which list, which card by a criterion the runtime
//     cannot rank, which text a read takes, a move, a verdict on a
//     statement. These depend on what the page says, so the answer is
//     stored with a digest of everything the model was shown (the
//     question, its options, the screen without element references and
//     without the site's own origin) and replayed only for the same
//     digest ([Digest]).
//
// Entries are keyed by the step's path, the question (its purpose and
// slot), the words it asks about as rendered (the facts a step's text uses
// are in them) and the value sought; a target entry also by its ordinal,
// the n-th time that question was asked in the run. Each entry keeps the
// step's source text: entries of a step whose text changed are dropped
// ([Book.Keep]).
//
// Invariants:
//
//   - A book holds no secret: the runtime puts masked texts only, and
//     digests of masked screens.
//   - The file is stable: entries are sorted by step path, question, words
//     and ordinal, and a file read and written again with no change is
//     byte for byte the same. It is safe to commit and to diff.
//   - A book is safe for use by one run at a time; [Book.Save] writes to a
//     temporary file and renames it, so a reader never sees half a file.
package cache
