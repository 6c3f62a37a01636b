// Package reference gives tests the project's reference data: perft counts, rule cases and
// notation rows that come from outside this code (other engines, rule books, public bug
// reports). The .tsv files here are copies of ../shared/reference; a test checks that they
// have not drifted from the shared originals whenever those are present beside the checkout.
package reference
