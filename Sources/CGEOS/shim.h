// The re-entrant C API only (the _r functions take a context handle).
#define GEOS_USE_ONLY_R_API
#include <geos_c.h>
