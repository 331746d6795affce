// GEOS's C API (libgeos-dev), the engine of geometry validity as PostGIS,
// shapely and GEOSwift use it: its types and constants from <geos_c.h>, and
// its functions through a table filled when GEOS is first used (see
// CGEOS.c), so that commands that never check a geometry never load it.
#ifndef MERIDIAN_CGEOS_H
#define MERIDIAN_CGEOS_H

// The re-entrant C API only (the _r functions take a context handle).
#define GEOS_USE_ONLY_R_API
#include <geos_c.h>
#include <stddef.h>

#define MR_GEOS_FUNCTIONS(X)                                                                                     \
    X(GEOS_init_r) X(GEOS_finish_r) X(GEOSContext_setErrorMessageHandler_r) X(GEOSFree_r) X(GEOSArea_r)         \
    X(GEOSBuffer_r) X(GEOSClipByRect_r) X(GEOSDifference_r) X(GEOSUnaryUnion_r) X(GEOSPointOnSurface_r)         \
    X(GEOSMaximumInscribedCircle_r) X(GEOSTopologyPreserveSimplify_r) X(GEOSCoordSeq_create_r)                  \
    X(GEOSCoordSeq_getSize_r) X(GEOSCoordSeq_getXY_r) X(GEOSCoordSeq_setXY_r) X(GEOSGeomGetX_r)                 \
    X(GEOSGeomGetY_r) X(GEOSGeomTypeId_r) X(GEOSGeom_createCollection_r) X(GEOSGeom_createLineString_r)         \
    X(GEOSGeom_createLinearRing_r) X(GEOSGeom_createPolygon_r) X(GEOSGeom_destroy_r) X(GEOSGeom_getCoordSeq_r)  \
    X(GEOSGeom_setPrecision_r) X(GEOSGetExteriorRing_r) X(GEOSGetGeometryN_r) X(GEOSGetInteriorRingN_r)        \
    X(GEOSGetNumGeometries_r) X(GEOSGetNumInteriorRings_r) X(GEOSMakeValidParams_create_r)                      \
    X(GEOSMakeValidParams_destroy_r) X(GEOSMakeValidParams_setKeepCollapsed_r)                                  \
    X(GEOSMakeValidParams_setMethod_r) X(GEOSMakeValidWithParams_r) X(GEOSMakeValid_r) X(GEOSPrepare_r)         \
    X(GEOSPreparedCovers_r) X(GEOSPreparedGeom_destroy_r) X(GEOSWKTReader_create_r)                             \
    X(GEOSWKTReader_destroy_r) X(GEOSWKTReader_read_r) X(GEOSisEmpty_r) X(GEOSisValidDetail_r) X(GEOSisValid_r)  \
    X(GEOSWKBWriter_create_r) X(GEOSWKBWriter_destroy_r) X(GEOSWKBWriter_write_r) X(GEOSWKBReader_create_r)     \
    X(GEOSWKBReader_destroy_r) X(GEOSWKBReader_read_r) X(GEOSBufferParams_create_r) X(GEOSBufferParams_destroy_r)   \
    X(GEOSBufferParams_setEndCapStyle_r) X(GEOSBufferParams_setJoinStyle_r) X(GEOSBufferParams_setMitreLimit_r)  \
    X(GEOSBufferParams_setQuadrantSegments_r) X(GEOSBufferWithParams_r) X(GEOSCoverageUnion_r)                   \
    X(GEOSIntersection_r) X(GEOSUnion_r) X(GEOSSymDifference_r) X(GEOSConvexHull_r) X(GEOSConcaveHull_r)         \
    X(GEOSGetCentroid_r) X(GEOSPreparedIntersects_r) X(GEOSPreparedContains_r) X(GEOSPreparedWithin_r) X(GEOSGeom_createPointFromXY_r)   \
    X(GEOSLength_r) X(GEOSDistance_r) X(GEOSGeom_createEmptyPolygon_r) X(GEOSGeom_clone_r)

/// The GEOS functions Meridian calls, each under its own name.
typedef struct {
#define MR_GEOS_FIELD(name) __typeof__(name) *_Nonnull name;
    MR_GEOS_FUNCTIONS(MR_GEOS_FIELD)
#undef MR_GEOS_FIELD
} MRGEOS;

/// GEOS's functions, the library opened on the first call; NULL when it
/// cannot be opened or lacks a function, with a message of at most
/// `errorLength` bytes (NUL included) in `error`.
const MRGEOS *_Nullable mr_geos(char *_Nonnull error, size_t errorLength);

/// How a bounded MakeValid ended.
typedef enum {
    MR_GEOS_BOUNDED_DONE = 0,
    /// Past the time limit (wall clock, or CPU time in the worker).
    MR_GEOS_BOUNDED_TIMED_OUT = 1,
    /// Past the memory limit, or the worker died some other way.
    MR_GEOS_BOUNDED_FAILED = 2,
    /// GEOS returned no geometry (its error handler has the reason).
    MR_GEOS_BOUNDED_GEOS_ERROR = 3,
    /// No worker process could be made: the caller does the work itself.
    MR_GEOS_BOUNDED_NO_WORKER = 4,
} MRGEOSBoundedStatus;

/// GEOS's MakeValid (linework, collapsed parts dropped) of `geometry`, run
/// in a worker process forked for it, with at most `seconds` of wall-clock
/// and CPU time and `memoryBytes` more address space than this process
/// has: MakeValid of a polygon whose edges cross each other thousands of
/// times takes GEOS minutes and gigabytes, and GEOS does not check for
/// interruption in all of it. The result comes back as WKB and is made in
/// `context` (`*result`, on MR_GEOS_BOUNDED_DONE); on
/// MR_GEOS_BOUNDED_GEOS_ERROR, `message` holds GEOS's error (at most
/// `messageLength` bytes, NUL included; "std::bad_alloc" when the memory
/// ran out). The worker restores every signal's default action first, so
/// no handler of this process (removing unfinished outputs) runs in it.
MRGEOSBoundedStatus mr_geos_make_valid_bounded(
    GEOSContextHandle_t _Nonnull context, const GEOSGeometry *_Nonnull geometry, double seconds,
    size_t memoryBytes, GEOSGeometry *_Nullable *_Nonnull result, char *_Nonnull message, size_t messageLength);

#endif
