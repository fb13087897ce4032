#ifndef PASSKEY_SPEC_CGRAPHVIZ_SHIM_H
#define PASSKEY_SPEC_CGRAPHVIZ_SHIM_H

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

#endif
