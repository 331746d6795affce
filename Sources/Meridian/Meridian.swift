// The umbrella module: one import for the whole library.
//
//     import Meridian
//
// brings in the shared model and map math (MeridianCore), JSON reading and
// writing (MeridianJSON), coordinate systems (MeridianCRS) and every format
// module, plus the cross-format glue that lives in this folder.
@_exported import MeridianCRS
@_exported import MeridianCSV
@_exported import MeridianCore
@_exported import MeridianGeoJSON
@_exported import MeridianGeoPackage
@_exported import MeridianIMDF
@_exported import MeridianIO
@_exported import MeridianJSON
@_exported import MeridianKML
@_exported import MeridianOSM
@_exported import MeridianPlaces
@_exported import MeridianShapefile
@_exported import MeridianFlatGeobuf
@_exported import MeridianGeoParquet
@_exported import MeridianPostGIS
@_exported import MeridianTopoJSON
@_exported import MeridianTiles
@_exported import MeridianSnapshot
@_exported import MeridianSpatial
@_exported import MeridianRouting

/// The library's version, printed by `meridian --version`.
public let meridianVersion = "0.1.0"
