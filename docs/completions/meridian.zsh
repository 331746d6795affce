#compdef meridian
# zsh completion for meridian, written by `meridian --generate-completion-script zsh`.
_meridian() {
    local -a commands
    commands=(
        'info:Summarise files\: layout, feature and geometry counts, extent, property keys and an Apple Maps link.'
        'convert:Convert GeoJSON, GeoJSON text sequences, NDJSON, KML, KMZ, GPX, TCX, CSV, GeoPackage, shapefiles, FlatGeobuf, TopoJSON, GeoParquet, OpenStreetMap (PBF, XML) or IMDF to GeoJSON, a sequence, NDJSON, KML, KMZ, GPX, CSV, GeoPackage, a shapefile, FlatGeobuf, TopoJSON or GeoParquet.'
        'validate:Check GeoJSON (RFC 7946 and geojsonhint'\''s rules), KML/KMZ files and IMDF archives.'
        'fix:Make every geometry valid with the smallest change, and list each change.'
        'merge:Combine collections into one, dropping duplicate places by id and alternate ids.'
        'buffer:Draw the zone within a distance of each feature, in metres on the ellipsoid.'
        'clean:Find the overlaps and gaps between neighbouring polygons, report them, and mend them.'
        'dissolve:Merge the features that share the values of some properties, summarising the others.'
        'join:Add to each feature the properties of the features of another layer it meets.'
        'measure:Add areas, lengths, centroids, bounding boxes and hulls of each feature as properties.'
        'overlay:Cut the input by another layer\: clip, erase, intersect, identity, union or symmetric difference.'
        'render:Draw map data as a static SVG or PNG map, as MapKit'\''s snapshotter draws an image.'
        'preview:Write one self-contained HTML page to explore map data in a browser.'
        'split:Split any input into GeoJSON text sequence shards in a new folder, streaming.'
        'tile:Make vector tiles (Mapbox Vector Tiles in a PMTiles archive) of any input, over a range of zooms.'
        'route:Find the quickest route over a network of lines, as MapKit'\''s MKDirections answers.'
        'rules:List every diagnostic code Meridian reports, with its severity and meaning.'
        'search:Find places for a natural-language query, as MapKit'\''s MKLocalSearch.'
        'complete:Complete a query being typed, as MapKit'\''s MKLocalSearchCompleter.'
        'geocode:Find the places an address names, as MapKit'\''s MKGeocodingRequest.'
        'reverse:Say what is at a coordinate, as MapKit'\''s MKReverseGeocodingRequest.'
        'lookup:Find places by identifier, as MapKit'\''s MKMapItemRequest for several Place IDs.'
        'index:Build a place index that search, complete, geocode, reverse and lookup open in milliseconds.'
        'serve:Serve map images and place search over HTTP, over your own data files.'
    )
    if (( CURRENT == 2 )); then
        _describe -t commands 'command' commands
        _arguments '--version[Show the version.]' '--help[Show help information.]'
        return
    fi
    local command=${words[2]}
    shift words
    (( CURRENT-- ))
    case ${command} in
        help) _describe -t commands 'command' commands ;;
        info)
            _arguments -s \
                '*:inputs:_files' \
                '--s-srs''[The coordinate reference system the input is in, whatever it declares\: EPSG\:n, WKT, PROJJSON or a PROJ string (default\: what the input declares, else WGS 84 longitude/latitude).]:srs:_files' \
                '--t-srs''[The coordinate reference system to write positions in, in its traditional GIS order, x (easting, longitude) first (default\: WGS 84 longitude/latitude, as GeoJSON has them).]:srs:_files' \
                '--encoding''[Shapefile input\: the encoding of the .dbf'\''s text (UTF-8, 1252, CP1251, SJIS, GBK...), whatever its .cpg and language driver say.]:encoding:_files' \
                '--format''[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:(text json ndjson sarif github)' \
                '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]' \
                '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        convert)
            _arguments -s \
                ':input:_files' \
                '(--output -o)'{--output,-o}'[The output file, or - for standard output.]:output:_files' \
                '--to''[Output format\: geojson, geojsonseq, ndjson, kml, kmz, gpx, csv, gpkg, shapefile, flatgeobuf or topojson (default\: from the output'\''s extension).]:to:(geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis)' \
                '--precision''[Decimal places for coordinates (default\: full round-trip precision).]:precision:_files' \
                --pretty'[Indent the output.]' \
                --rewind'[Rewind polygon rings to the right-hand rule (RFC 7946, 3.1.6).]' \
                --cut-antimeridian'[Cut lines and polygons that cross the antimeridian (RFC 7946, 3.1.9).]' \
                --fix'[Make every geometry valid on the way, as meridian fix does (with --precision, snapping keeps it valid), listing each change.]' \
                '--level''[IMDF input only\: keep the level with this ordinal and what is on it.]:level:_files' \
                '--on-error''[What a record of a GeoJSON sequence or NDJSON that cannot be decoded does\: stop (the conversion fails) or skip (it is left out, counted and reported).]:on-error:(stop skip)' \
                --gpkg-views'[GeoPackage input\: read layers that are views too (the file'\''s own SQL runs, within a step budget); by default they are left out with a warning.]' \
                '--threads''[Threads to decode and encode on (default\: one per core; 1 keeps everything on one thread). The output is the same whatever the number.]:threads:_files' \
                '--where''[Keep the features for which the expression holds\: comparisons (= != < <= > >=), and, or, not, in (...), is \[not\] null, contains, startswith, endswith; '\''strings'\'', numbers, true, false, null; property names, "quoted names", a.b paths, $id, $geometry.]:expression:_files' \
                '*--select''[Keep only these properties, in this order (comma-separated; repeatable).]:keys:_files' \
                '*--drop''[Remove these properties (comma-separated; repeatable).]:keys:_files' \
                '*--rename''[Rename a property (repeatable).]:old=new:_files' \
                '--bbox''[Keep the features that meet this box, in degrees (west,south,east,north).]:w,s,e,n:_files' \
                --clip'[With --bbox\: cut each geometry to the box (GEOS'\''s clip by rectangle).]' \
                --explode'[Split each multi-geometry (and collection) into one feature per part.]' \
                --point-on-surface'[Replace each geometry by a point on it\: inside a polygon, on a line.]' \
                '--layer''[Keep one layer\: a GeoPackage'\''s table; a GPX'\''s waypoints, routes or tracks; an IMDF archive'\''s feature type (unit, opening...); a KML'\''s top folder. A GeoPackage output writes each layer as a table.]:layer:_files' \
                '--limit''[Stop after writing this many features (reading stops too).]:limit:_files' \
                '--simplify''[Simplify lines and rings, dropping detail smaller than this many degrees (0.01 is about 1 km).]:degrees:_files' \
                '--simplify-method''[dp (Douglas-Peucker; each feature kept valid, as ogr2ogr -simplify) or visvalingam.]:simplify-method:(dp visvalingam)' \
                --keep-shared-borders'[With --simplify\: keep borders shared by neighbouring polygons shared, with no gaps or overlaps (the whole layer is held in memory).]' \
                '--s-srs''[The coordinate reference system the input is in, whatever it declares\: EPSG\:n, WKT, PROJJSON or a PROJ string (default\: what the input declares, else WGS 84 longitude/latitude).]:srs:_files' \
                '--t-srs''[The coordinate reference system to write positions in, in its traditional GIS order, x (easting, longitude) first (default\: WGS 84 longitude/latitude, as GeoJSON has them).]:srs:_files' \
                '--csv-lon''[CSV input\: the longitude column (default\: lon, lng, long, longitude or x).]:csv-lon:_files' \
                '--csv-lat''[CSV input\: the latitude column (default\: lat, latitude or y).]:csv-lat:_files' \
                '--csv-wkt''[CSV input\: a column of WKT geometry (default\: wkt, geometry, geom, the_geom or shape).]:csv-wkt:_files' \
                '--csv-delimiter''[CSV input\: the field separator (default\: the first of , ; or tab in the header).]:csv-delimiter:_files' \
                --csv-strings'[CSV input\: keep every value a string (no numbers, booleans or nulls).]' \
                --osm-metadata'[OpenStreetMap input\: keep each element'\''s @version, @timestamp, @changeset, @uid and @user.]' \
                '--encoding''[Shapefile input\: the encoding of the .dbf'\''s text (UTF-8, 1252, CP1251, SJIS, GBK...), whatever its .cpg and language driver say.]:encoding:_files' \
                '--quantize''[TopoJSON output\: snap positions to a grid of this many steps a side over the extent (1e4 to 1e6), arcs delta-encoded; without it, positions are written as they are.]:steps:_files' \
                '--compression''[GeoParquet output\: how pages are compressed\: snappy (the default, as pyarrow'\''s), zstd, gzip or none.]:compression:(none snappy gzip zstd)' \
                '--row-group-size''[GeoParquet output\: the most rows in a row group, the unit readers skip by the bbox statistics and hold in memory.]:rows:_files' \
                '*--column''[GeoParquet output\: write this property as boolean, int64, double, string or json instead of the type its values imply (repeatable); a value the type cannot hold is written as null, with a warning.]:name\:type:_files' \
                '--format''[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:(text json ndjson sarif github)' \
                '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]' \
                '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        validate)
            _arguments -s \
                '*:inputs:_files' \
                '--format''[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:(text json ndjson sarif github)' \
                '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]' \
                '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]' \
                --strict'[Count warnings as problems for the exit status.]' \
                '*--ignore''[Leave out these codes or families of codes (CODE\[,CODE\]; geojson.precision covers its codes). See meridian rules.]:ignore:_files' \
                '*--warn''[Report these codes or families as warnings (CODE\[,CODE\]).]:warn:_files' \
                '*--error''[Report these codes or families as errors (CODE\[,CODE\]).]:error:_files' \
                '--geometry''[Geometry validity of GeoJSON polygons by the OGC rules (GEOS)\: off, errors (self-intersections, holes outside...), or all (also repeated positions).]:geometry:(off errors all)' \
                '--config''[Read the rules from this meridian.toml instead of the one found upward from each input.]:config:_files' \
                --no-config'[Read no meridian.toml.]' \
                '--s-srs''[The coordinate reference system the input is in, whatever it declares\: EPSG\:n, WKT, PROJJSON or a PROJ string (default\: what the input declares, else WGS 84 longitude/latitude).]:srs:_files' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        fix)
            _arguments -s \
                ':input:_files' \
                '(--output -o)'{--output,-o}'[The output file, or - for standard output.]:output:_files' \
                '--to''[Output format\: geojson, geojsonseq, ndjson, kml, kmz, gpx, csv, gpkg or shapefile (default\: the input'\''s, or the output'\''s extension).]:to:(geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis)' \
                '--precision''[Snap coordinates to this many decimal places, keeping every geometry valid.]:precision:_files' \
                --pretty'[Indent the output.]' \
                '--time-limit''[The most seconds GEOS may spend rebuilding one geometry; 0 for no limit.]:time-limit:_files' \
                '--format''[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:(text json ndjson sarif github)' \
                '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]' \
                '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        merge)
            _arguments -s \
                '*:inputs:_files' \
                '(--output -o)'{--output,-o}'[The output file, or - for standard output.]:output:_files' \
                '--to''[Output format\: geojson, geojsonseq or ndjson (default\: from the output'\''s extension).]:to:(geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis)' \
                '--precision''[Decimal places for coordinates (default\: full round-trip precision).]:precision:_files' \
                --pretty'[Indent the output.]' \
                '--alternates-property''[The property listing a place'\''s alternate ids (an array, or one string).]:alternates-property:_files' \
                '--id-property''[Take each place'\''s id from this property instead of the feature'\''s id.]:id-property:_files' \
                '--report-file''[Write the report of dropped duplicates to this file instead of standard error.]:report-file:_files' \
                '--s-srs''[The coordinate reference system the input is in, whatever it declares\: EPSG\:n, WKT, PROJJSON or a PROJ string (default\: what the input declares, else WGS 84 longitude/latitude).]:srs:_files' \
                '--format''[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:(text json ndjson sarif github)' \
                '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]' \
                '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        buffer)
            _arguments -s \
                ':input:_files' \
                '(--distance -d)'{--distance,-d}'[How far the zone reaches\: metres, or with a unit (m, km, mi, nmi, ft).]:distance:_files' \
                '--segments''[Straight segments per quarter circle of a round end or corner.]:segments:_files' \
                '--cap''[How the ends of lines are drawn.]:cap:(round flat square)' \
                '--join''[How the outside of corners is drawn.]:join:(round mitre bevel)' \
                '--mitre-limit''[How far a mitred corner may reach, in distances, before it is bevelled.]:mitre-limit:_files' \
                '(--output -o)'{--output,-o}'[The output file, or - for standard output.]:output:_files' \
                '--to''[Output format\: geojson, geojsonseq, ndjson, kml, kmz, gpx, csv, gpkg, shapefile, flatgeobuf or topojson (default\: from the output'\''s extension).]:to:(geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis)' \
                '--precision''[Decimal places for coordinates (default\: full round-trip precision).]:precision:_files' \
                --pretty'[Indent the output.]' \
                '--format''[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:(text json ndjson sarif github)' \
                '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]' \
                '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        clean)
            _arguments -s \
                ':input:_files' \
                '--gap-area''[Fill gaps smaller than this\: square metres, or with a unit (m2, ha, km2).]:gap-area:_files' \
                --check'[Only report\: write nothing, and exit 1 when an overlap or gap is found.]' \
                '(--output -o)'{--output,-o}'[The output file, or - for standard output.]:output:_files' \
                '--to''[Output format\: geojson, geojsonseq, ndjson, kml, kmz, gpx, csv, gpkg, shapefile, flatgeobuf or topojson (default\: from the output'\''s extension).]:to:(geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis)' \
                '--precision''[Decimal places for coordinates (default\: full round-trip precision).]:precision:_files' \
                --pretty'[Indent the output.]' \
                '--format''[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:(text json ndjson sarif github)' \
                '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]' \
                '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        dissolve)
            _arguments -s \
                ':input:_files' \
                '*--by''[Dissolve features with equal values of this property (repeat, or separate by commas).]:by:_files' \
                '--count''[Add how many features each group merged, under this name.]:name:_files' \
                '*--sum''[Add the sum of this numeric property over each group (repeatable).]:field:_files' \
                '*--min''[Add the smallest value of this property over each group (repeatable).]:field:_files' \
                '*--max''[Add the largest value of this property over each group (repeatable).]:field:_files' \
                '*--first''[Add the first value of this property over each group that is not null (repeatable).]:field:_files' \
                '*--list''[Add every value of this property over each group that is not null, as an array (repeatable).]:field:_files' \
                '(--output -o)'{--output,-o}'[The output file, or - for standard output.]:output:_files' \
                '--to''[Output format\: geojson, geojsonseq, ndjson, kml, kmz, gpx, csv, gpkg, shapefile, flatgeobuf or topojson (default\: from the output'\''s extension).]:to:(geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis)' \
                '--precision''[Decimal places for coordinates (default\: full round-trip precision).]:precision:_files' \
                --pretty'[Indent the output.]' \
                '--format''[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:(text json ndjson sarif github)' \
                '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]' \
                '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        join)
            _arguments -s \
                ':input:_files' \
                ':other:_files' \
                '--predicate''[When features match (nearest\: the nearest OTHER feature).]:predicate:(intersects within contains nearest)' \
                '--max-distance''[With --predicate nearest\: the farthest a match may be, in metres or with a unit (m, km, mi, nmi, ft).]:distance:_files' \
                --inner'[Drop the features that match nothing.]' \
                --all'[Write one feature per match instead of one per input feature.]' \
                '*--fields''[Copy only these properties of OTHER (repeat, or separate by commas).]:names:_files' \
                '--count''[Add how many features matched, under this name.]:name:_files' \
                '*--sum''[Add the sum of this numeric property over the matches (repeatable).]:field:_files' \
                '*--min''[Add the smallest value of this property over the matches (repeatable).]:field:_files' \
                '*--max''[Add the largest value of this property over the matches (repeatable).]:field:_files' \
                '*--first''[Add the first value of this property over the matches that is not null (repeatable).]:field:_files' \
                '*--list''[Add every value of this property over the matches that is not null, as an array (repeatable).]:field:_files' \
                '--suffix''[Added to the name of a copied property the feature already has.]:suffix:_files' \
                '--distance-property''[With --predicate nearest\: add the distance in metres under this name.]:name:_files' \
                '--index''[Which side to hold in memory and index\: the smaller file (auto), input or other.]:index:(auto input other)' \
                '(--output -o)'{--output,-o}'[The output file, or - for standard output.]:output:_files' \
                '--to''[Output format\: geojson, geojsonseq, ndjson, kml, kmz, gpx, csv, gpkg, shapefile, flatgeobuf or topojson (default\: from the output'\''s extension).]:to:(geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis)' \
                '--precision''[Decimal places for coordinates (default\: full round-trip precision).]:precision:_files' \
                --pretty'[Indent the output.]' \
                '--format''[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:(text json ndjson sarif github)' \
                '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]' \
                '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        measure)
            _arguments -s \
                ':input:_files' \
                '--area''[Add the geodesic area in square metres under this name.]:area:_files' \
                '--length''[Add the geodesic length (of lines) or perimeter (of polygons) in metres under this name.]:length:_files' \
                '--centroid''[Add the centroid as \[longitude, latitude\] under this name.]:centroid:_files' \
                '--point-on-surface''[Add a point inside the geometry as \[longitude, latitude\] under this name.]:point-on-surface:_files' \
                '--bbox''[Add the bounding box as \[west, south, east, north\] under this name.]:bbox:_files' \
                '--convex-hull''[Add the convex hull as a GeoJSON geometry under this name.]:convex-hull:_files' \
                '--concave-hull''[Add the concave hull as a GeoJSON geometry under this name.]:concave-hull:_files' \
                '--concave-ratio''[How far the concave hull reaches in\: 1 is the convex hull, 0 the tightest.]:concave-ratio:_files' \
                '--geometry''[Replace each geometry by this shape.]:geometry:(centroid point-on-surface bbox convex-hull concave-hull)' \
                '(--output -o)'{--output,-o}'[The output file, or - for standard output.]:output:_files' \
                '--to''[Output format\: geojson, geojsonseq, ndjson, kml, kmz, gpx, csv, gpkg, shapefile, flatgeobuf or topojson (default\: from the output'\''s extension).]:to:(geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis)' \
                '--precision''[Decimal places for coordinates (default\: full round-trip precision).]:precision:_files' \
                --pretty'[Indent the output.]' \
                '--format''[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:(text json ndjson sarif github)' \
                '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]' \
                '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        overlay)
            _arguments -s \
                ':input:_files' \
                ':other:_files' \
                '--op''[What to make\: clip, erase (or difference), intersect (or intersection), identity, union or symmetric-difference.]:op:_files' \
                '--suffix''[Added to the name of an OTHER property the INPUT feature has already.]:suffix:_files' \
                '(--output -o)'{--output,-o}'[The output file, or - for standard output.]:output:_files' \
                '--to''[Output format\: geojson, geojsonseq, ndjson, kml, kmz, gpx, csv, gpkg, shapefile, flatgeobuf or topojson (default\: from the output'\''s extension).]:to:(geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis)' \
                '--precision''[Decimal places for coordinates (default\: full round-trip precision).]:precision:_files' \
                --pretty'[Indent the output.]' \
                '--format''[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:(text json ndjson sarif github)' \
                '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]' \
                '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        render)
            _arguments -s \
                '*:inputs:_files' \
                '--map''[A map document (JSON, see docs/map-document.md) declaring the map\: its framing, style and content.]:map:_files' \
                '(--output -o)'{--output,-o}'[The map to write (.png for a PNG, else SVG), or - for standard output.]:output:_files' \
                '--basemap''[Draw a PMTiles archive of vector tiles beneath the data (docs/tiles.md).]:basemap:_files' \
                '--style''[The basemap'\''s style\: light, dark (the default follows --theme) or a MapLibre style file.]:style:_files' \
                '--image-format''[svg or png (default\: png for an output ending .png, else svg).]:image-format:(svg png)' \
                '--size''[Image size in points, WIDTHxHEIGHT (16 to 100000 each; default 1024x768, or the map document'\''s).]:size:_files' \
                '--scale''[Pixels per point (the SVG'\''s width and height are size x scale; default 1, or the map document'\''s).]:scale:_files' \
                '--region''[Show a region\: LAT,LON,LAT_DELTA,LON_DELTA (degrees).]:region:_files' \
                '--bbox''[Show a box\: WEST,SOUTH,EAST,NORTH (degrees).]:bbox:_files' \
                '--camera''[Look from a camera\: LAT,LON,DISTANCE_M\[,HEADING\[,PITCH\]\]; the heading rotates the map, a pitch (0-60) tilts it in perspective.]:camera:_files' \
                '--padding''[Points left free around the data when fitting it.]:padding:_files' \
                '--theme''[Theme\: light or dark (default light, or the map document'\''s colorScheme).]:theme:(light dark)' \
                '--labels''[The property labels are taken from (default\: name, then title).]:labels:_files' \
                --no-labels'[Draw no labels.]' \
                '--label-priority''[The numeric property that decides which point labels win when they collide, larger first (PROP\:asc for smaller first); default population, pop_max or scalerank when present.]:label-priority:_files' \
                '--category-property''[The property holding each feature'\''s category (for --filter, --legend and colours).]:category-property:_files' \
                '--filter''[Points of interest to show by MapKit category\: CAT,CAT (or include\:CAT,...), exclude\:CAT,..., all or none (cafe, restroom, publicTransport...).]:filter:_files' \
                '--marker''[Point markers\: auto, balloon or dot.]:marker:(auto balloon dot)' \
                '--scale-bar''[Scale bar units\: metric, imperial, yards or none.]:scale-bar:(metric imperial yards none)' \
                '--compass''[Compass\: auto (when rotated), always or never.]:compass:(auto always never)' \
                --legend'[Draw a legend of the categories shown.]' \
                '--title''[A title drawn on the map and written to the SVG'\''s <title>.]:title:_files' \
                '--attribution''[Attribution text drawn bottom right.]:attribution:_files' \
                '--level''[IMDF inputs\: the level ordinal to draw (default\: 0 if a level has it, else the lowest).]:level:_files' \
                '--language''[IMDF inputs\: the preferred language of names (default\: the manifest'\''s language).]:language:_files' \
                '--svg-data''[Properties to write on each drawn element as data- attributes, KEY,KEY (as mapshaper'\''s svg-data).]:svg-data:_files' \
                '--precision''[Decimals of SVG coordinates (0-6).]:precision:_files' \
                '--tolerance''[Simplification tolerance in pixels (0 keeps every visible vertex).]:tolerance:_files' \
                '--s-srs''[The coordinate reference system the input is in, whatever it declares\: EPSG\:n, WKT, PROJJSON or a PROJ string (default\: what the input declares, else WGS 84 longitude/latitude).]:srs:_files' \
                '--format''[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:(text json ndjson sarif github)' \
                '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]' \
                '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        preview)
            _arguments -s \
                '*:inputs:_files' \
                '(--output -o)'{--output,-o}'[The HTML file to write, or - for standard output.]:output:_files' \
                '--theme''[Theme\: light or dark.]:theme:(light dark)' \
                '--size''[Size of the drawn map in points, WIDTHxHEIGHT (the page scales it to the window).]:size:_files' \
                '--language''[IMDF inputs\: the preferred language of names (default\: the manifest'\''s language).]:language:_files' \
                '--title''[The page'\''s title (default\: the venue'\''s name, else the inputs'\'' names).]:title:_files' \
                '--max-features''[The most features of the data files a page holds (each is drawn and listed in it).]:max-features:_files' \
                '--s-srs''[The coordinate reference system the input is in, whatever it declares\: EPSG\:n, WKT, PROJJSON or a PROJ string (default\: what the input declares, else WGS 84 longitude/latitude).]:srs:_files' \
                '--format''[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:(text json ndjson sarif github)' \
                '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]' \
                '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        split)
            _arguments -s \
                ':input:_files' \
                '(--output -o)'{--output,-o}'[The folder to create for the shards.]:output:_files' \
                '--into''[About this many shards of equal input size.]:into:_files' \
                '--max-features''[Shards of at most this many features.]:max-features:_files' \
                '--max-bytes''[Shards of at most this many bytes.]:max-bytes:_files' \
                '--by''[Group features by tile (with --zoom) instead of cutting runs.]:by:(tile)' \
                '--zoom''[The tile zoom for --by tile (0-22).]:zoom:_files' \
                '--to''[The shards'\'' format\: geojsonseq (the default), geoparquet for Spark, DuckDB and geopandas, or any format convert writes to a file.]:to:(geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis)' \
                '--compression''[GeoParquet output\: how pages are compressed\: snappy (the default, as pyarrow'\''s), zstd, gzip or none.]:compression:(none snappy gzip zstd)' \
                '--row-group-size''[GeoParquet output\: the most rows in a row group, the unit readers skip by the bbox statistics and hold in memory.]:rows:_files' \
                '*--column''[GeoParquet output\: write this property as boolean, int64, double, string or json instead of the type its values imply (repeatable); a value the type cannot hold is written as null, with a warning.]:name\:type:_files' \
                '--s-srs''[The coordinate reference system the input is in, whatever it declares\: EPSG\:n, WKT, PROJJSON or a PROJ string (default\: what the input declares, else WGS 84 longitude/latitude).]:srs:_files' \
                '--format''[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:(text json ndjson sarif github)' \
                '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]' \
                '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        tile)
            _arguments -s \
                '*:inputs:_files' \
                '(--output -o)'{--output,-o}'[The archive to write\: PMTiles (.pmtiles), or MBTiles (.mbtiles).]:output:_files' \
                '--min-zoom''[The lowest zoom to make tiles for.]:min-zoom:_files' \
                '--max-zoom''[The highest zoom to make tiles for (at most 18).]:max-zoom:_files' \
                '--max-tile-bytes''[The most bytes a tile may take, gzipped; past it the smallest features go first (0\: no cap).]:max-tile-bytes:_files' \
                --generate-ids'[Give a feature without an integer id its number in its layer as its tile id (otherwise it has none).]' \
                '--format''[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:(text json ndjson sarif github)' \
                '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]' \
                '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        route)
            _arguments -s \
                '*:inputs:_files' \
                '--from''[Where the route starts\: lat,lon (lat,lon@level in a venue), or a place'\''s id or name in the inputs.]:place:_files' \
                '*--to''[Where the route ends, as --from (several\: the travel time to each).]:place:_files' \
                '--mode''[How the route is travelled.]:mode:(walking wheelchair driving)' \
                '--format''[How to print the route.]:format:(text json geojson)' \
                '--prepare''[Write the network prepared for --mode (a contraction hierarchy) to FILE, for fast routes from it later.]:file:_files' \
                '--snapshot''[Also draw the route over the data (.png for a PNG, else SVG); in a venue, one map a level it visits, named FILE-levelN.]:file:_files' \
                --alternates'[Also give up to two other routes at most 40 % longer, as MKDirections with requestsAlternateRoutes.]' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        rules)
            _arguments -s \
                '::prefix:_files' \
                '--format''[text, json or markdown.]:format:(text json markdown)' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        search)
            _arguments -s \
                ':query:_files' \
                '*:inputs:_files' \
                --rebuild'[When the place index is older than the files it was built from, rebuild it (and write it back) first.]' \
                '--near''[Measure distances from, and prefer places near, this point\: LAT,LON.]:near:_files' \
                '--region''[Prefer places in this region\: LAT,LON,METRES (a square that many metres across).]:region:_files' \
                '--required-region''[Keep only places in this region\: LAT,LON,METRES.]:required-region:_files' \
                '--include''[Keep only these MapKit categories (comma-separated\: cafe,restroom...).]:include:_files' \
                '--exclude''[Leave out these MapKit categories (comma-separated).]:exclude:_files' \
                '--type''[Result types, comma-separated\: address, poi (points of interest), query (category suggestions).]:type:_files' \
                '--limit''[How many results.]:limit:_files' \
                '--offset''[Skip this many results first (paging).]:offset:_files' \
                '--language''[Preferred languages for names and address order, comma-separated (fr,en).]:language:_files' \
                '--format''[Output\: text, json or geojson (a FeatureCollection of the results in rank order).]:format:(text json geojson)' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        complete)
            _arguments -s \
                ':fragment:_files' \
                '*:inputs:_files' \
                --rebuild'[When the place index is older than the files it was built from, rebuild it (and write it back) first.]' \
                '--near''[Measure distances from, and prefer places near, this point\: LAT,LON.]:near:_files' \
                '--region''[Prefer places in this region\: LAT,LON,METRES (a square that many metres across).]:region:_files' \
                '--required-region''[Keep only places in this region\: LAT,LON,METRES.]:required-region:_files' \
                '--include''[Keep only these MapKit categories (comma-separated\: cafe,restroom...).]:include:_files' \
                '--exclude''[Leave out these MapKit categories (comma-separated).]:exclude:_files' \
                '--type''[Result types, comma-separated\: address, poi (points of interest), query (category suggestions).]:type:_files' \
                '--limit''[How many results.]:limit:_files' \
                '--offset''[Skip this many results first (paging).]:offset:_files' \
                '--language''[Preferred languages for names and address order, comma-separated (fr,en).]:language:_files' \
                '--format''[Output\: text, json or geojson (a FeatureCollection of the results in rank order).]:format:(text json geojson)' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        geocode)
            _arguments -s \
                ':address:_files' \
                '*:inputs:_files' \
                --rebuild'[When the place index is older than the files it was built from, rebuild it (and write it back) first.]' \
                '--near''[Measure distances from, and prefer places near, this point\: LAT,LON.]:near:_files' \
                '--region''[Prefer places in this region\: LAT,LON,METRES (a square that many metres across).]:region:_files' \
                '--required-region''[Keep only places in this region\: LAT,LON,METRES.]:required-region:_files' \
                '--include''[Keep only these MapKit categories (comma-separated\: cafe,restroom...).]:include:_files' \
                '--exclude''[Leave out these MapKit categories (comma-separated).]:exclude:_files' \
                '--type''[Result types, comma-separated\: address, poi (points of interest), query (category suggestions).]:type:_files' \
                '--limit''[How many results.]:limit:_files' \
                '--offset''[Skip this many results first (paging).]:offset:_files' \
                '--language''[Preferred languages for names and address order, comma-separated (fr,en).]:language:_files' \
                '--format''[Output\: text, json or geojson (a FeatureCollection of the results in rank order).]:format:(text json geojson)' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        reverse)
            _arguments -s \
                ':coordinate:_files' \
                '*:inputs:_files' \
                --rebuild'[When the place index is older than the files it was built from, rebuild it (and write it back) first.]' \
                '--near''[Measure distances from, and prefer places near, this point\: LAT,LON.]:near:_files' \
                '--region''[Prefer places in this region\: LAT,LON,METRES (a square that many metres across).]:region:_files' \
                '--required-region''[Keep only places in this region\: LAT,LON,METRES.]:required-region:_files' \
                '--include''[Keep only these MapKit categories (comma-separated\: cafe,restroom...).]:include:_files' \
                '--exclude''[Leave out these MapKit categories (comma-separated).]:exclude:_files' \
                '--type''[Result types, comma-separated\: address, poi (points of interest), query (category suggestions).]:type:_files' \
                '--limit''[How many results.]:limit:_files' \
                '--offset''[Skip this many results first (paging).]:offset:_files' \
                '--language''[Preferred languages for names and address order, comma-separated (fr,en).]:language:_files' \
                '--format''[Output\: text, json or geojson (a FeatureCollection of the results in rank order).]:format:(text json geojson)' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        lookup)
            _arguments -s \
                ':ids:_files' \
                '*:inputs:_files' \
                --rebuild'[When the place index is older than the files it was built from, rebuild it (and write it back) first.]' \
                '--near''[Measure distances from, and prefer places near, this point\: LAT,LON.]:near:_files' \
                '--region''[Prefer places in this region\: LAT,LON,METRES (a square that many metres across).]:region:_files' \
                '--required-region''[Keep only places in this region\: LAT,LON,METRES.]:required-region:_files' \
                '--include''[Keep only these MapKit categories (comma-separated\: cafe,restroom...).]:include:_files' \
                '--exclude''[Leave out these MapKit categories (comma-separated).]:exclude:_files' \
                '--type''[Result types, comma-separated\: address, poi (points of interest), query (category suggestions).]:type:_files' \
                '--limit''[How many results.]:limit:_files' \
                '--offset''[Skip this many results first (paging).]:offset:_files' \
                '--language''[Preferred languages for names and address order, comma-separated (fr,en).]:language:_files' \
                '--format''[Output\: text, json or geojson (a FeatureCollection of the results in rank order).]:format:(text json geojson)' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        index)
            _arguments -s \
                '*:inputs:_files' \
                '(--output -o)'{--output,-o}'[The index file to write.]:output:_files' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
        serve)
            _arguments -s \
                '*::arguments:_files' \
                '(-h --help)'{-h,--help}'[Show help information.]'
            ;;
    esac
}
_meridian "$@"
