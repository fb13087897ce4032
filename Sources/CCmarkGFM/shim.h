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

/// A node's text as the tree holds it: the literal of text, code spans, HTML and code blocks, not
/// NUL-terminated, its length in `length`. `cmark_node_get_literal` would first copy it into a
/// new NUL-terminated buffer, for every node of every page.
static inline const unsigned char *shim_literal(cmark_node *node, int *length) {
    cmark_chunk *chunk = node->type == CMARK_NODE_CODE_BLOCK ? &node->as.code.literal : &node->as.literal;
    *length = (int)chunk->len;
    return chunk->data;
}

/// The info string of a fenced code block, as `shim_literal`.
static inline const unsigned char *shim_code_info(cmark_node *node, int *length) {
    *length = (int)node->as.code.info.len;
    return node->as.code.info.data;
}

/// The destination of a link or image, as `shim_literal`.
static inline const unsigned char *shim_link_url(cmark_node *node, int *length) {
    *length = (int)node->as.link.url.len;
    return node->as.link.url.data;
}

/// The title of a link or image, as `shim_literal`.
static inline const unsigned char *shim_link_title(cmark_node *node, int *length) {
    *length = (int)node->as.link.title.len;
    return node->as.link.title.data;
}

#endif
