// GeoJSON's API takes JSONReadingOptions and reads and writes JSON: who
// imports MeridianGeoJSON gets MeridianJSON with it.
@_exported import MeridianJSON
