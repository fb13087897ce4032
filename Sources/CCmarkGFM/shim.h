#ifndef PASSKEY_SPEC_CCMARKGFM_SHIM_H
#define PASSKEY_SPEC_CCMARKGFM_SHIM_H

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

#endif
