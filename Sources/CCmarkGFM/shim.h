#ifndef PASSKEY_SPEC_CCMARKGFM_SHIM_H
#define PASSKEY_SPEC_CCMARKGFM_SHIM_H

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

// The public API has no getter for what the HTML renderer writes for footnotes: a definition's
// label, which definition a reference points to, and the reference counts behind the `-2`
// suffixes and back-links. The node's layout ships in the same -dev package as the library,
// so these read it as cmark-gfm's own renderers do.
#include <cmark-gfm/node.h>

/// The label of a footnote definition as written, not NUL-terminated; its length in `length`.
static inline const unsigned char *shim_footnote_definition_label(cmark_node *node, int *length) {
    *length = (int)node->as.literal.len;
    return node->as.literal.data;
}

/// How many references point to a footnote definition.
static inline int shim_footnote_definition_reference_count(cmark_node *node) {
    return node->footnote.def_count;
}

/// The definition a footnote reference points to.
static inline cmark_node *shim_footnote_reference_definition(cmark_node *node) {
    return node->parent_footnote_def;
}

/// Which reference to its definition a footnote reference is, 1 for the first.
static inline int shim_footnote_reference_index(cmark_node *node) {
    return node->footnote.ref_ix;
}

#endif
