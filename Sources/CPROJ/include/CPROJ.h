// PROJ's C API (libproj-dev), behind coordinate reference systems: its
// types and constants from <proj.h>, and its functions through a table
// filled when the first transformation is made (see CPROJ.c), so that
// commands that never reproject never load it.
#ifndef MERIDIAN_CPROJ_H
#define MERIDIAN_CPROJ_H

#include <proj.h>
#include <stddef.h>

#define MR_PROJ_FUNCTIONS(X)                                                                                     \
    X(proj_context_create) X(proj_context_destroy) X(proj_context_errno) X(proj_context_errno_string)           \
    X(proj_create) X(proj_create_crs_to_crs_from_pj) X(proj_normalize_for_visualization) X(proj_destroy)        \
    X(proj_trans_generic) X(proj_get_name) X(proj_get_id_auth_name) X(proj_get_id_code) X(proj_get_type)        \
    X(proj_crs_get_geodetic_crs) X(proj_info) X(proj_log_level) X(proj_get_area_of_use) \
    X(proj_as_wkt) X(proj_as_projjson)

/// The PROJ functions Meridian calls, each under its own name.
typedef struct {
#define MR_PROJ_FIELD(name) __typeof__(name) *_Nonnull name;
    MR_PROJ_FUNCTIONS(MR_PROJ_FIELD)
#undef MR_PROJ_FIELD
} MRPROJ;

/// PROJ's functions, the library opened on the first call; NULL when it
/// cannot be opened or lacks a function, with a message of at most
/// `errorLength` bytes (NUL included) in `error`.
const MRPROJ *_Nullable mr_proj(char *_Nonnull error, size_t errorLength);

#endif
