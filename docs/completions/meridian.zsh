#compdef meridian

__meridian_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__meridian_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __meridian_complete "${completions[@]:0:-1}"
    fi
}

__meridian_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_meridian() {
    emulate -RL zsh -G
    setopt extendedglob nullglob numericglobsort
    unsetopt aliases banghist

    local -xr SAP_SHELL=zsh
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
    local -r SAP_SHELL_VERSION

    local context state state_descr line
    local -A opt_args

    local -r command_name="${words[1]}"
    local -ar command_line=("${words[@]}")
    local -ir current_word_index="$((CURRENT - 1))"

    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'info:Summarise files: layout, feature and geometry counts, extent, property keys and an Apple Maps link.'
            'convert:Convert GeoJSON, GeoJSON text sequences, NDJSON, KML, KMZ, GPX, TCX, CSV or IMDF to GeoJSON, a sequence, NDJSON, KML, KMZ, GPX or CSV.'
            'validate:Check GeoJSON (RFC 7946 and geojsonhint'\''s rules), KML/KMZ files and IMDF archives.'
            'fix:Make every geometry valid with the smallest change, and list each change.'
            'merge:Combine collections into one, dropping duplicate places by id and alternate ids.'
            'render:Draw map data as a static SVG or PNG map, as MapKit'\''s snapshotter draws an image.'
            'preview:Write one self-contained HTML page to explore map data in a browser.'
            'split:Split any input into GeoJSON text sequence shards in a new folder, streaming.'
            'rules:List every diagnostic code Meridian reports, with its severity and meaning.'
            'search:Find places for a natural-language query, as MapKit'\''s MKLocalSearch.'
            'complete:Complete a query being typed, as MapKit'\''s MKLocalSearchCompleter.'
            'geocode:Find the places an address names, as MapKit'\''s MKGeocodingRequest.'
            'reverse:Say what is at a coordinate, as MapKit'\''s MKReverseGeocodingRequest.'
            'lookup:Find places by identifier, as MapKit'\''s MKMapItemRequest for several Place IDs.'
            'index:Build a place index that search, complete, geocode, reverse and lookup open in milliseconds.'
            'serve:Serve map images and place search over HTTP, over your own data files.'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        info|convert|validate|fix|merge|render|preview|split|rules|search|complete|geocode|reverse|lookup|index|serve|help)
            "_meridian_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_meridian_info() {
    local -i ret=1
    local -ar ___format=('text' 'json' 'ndjson' 'sarif' 'github')
    local -ar arg_specs=(
        '*:inputs:'
        '--format[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:{__meridian_complete "${___format[@]}"}'
        '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]'
        '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_convert() {
    local -i ret=1
    local -ar ___to=('geojson' 'geojsonseq' 'ndjson' 'kml' 'kmz' 'gpx' 'csv' 'gpkg')
    local -ar ___on_error=('stop' 'skip')
    local -ar ___simplify_method=('dp' 'visvalingam')
    local -ar ___format=('text' 'json' 'ndjson' 'sarif' 'github')
    local -ar arg_specs=(
        ':input:'
        '(--output -o)'{--output,-o}'[The output file, or - for standard output.]:output:'
        '--to[Output format\: geojson, geojsonseq, ndjson, kml, kmz, gpx or csv (default\: from the output'\''s extension).]:to:{__meridian_complete "${___to[@]}"}'
        '--precision[Decimal places for coordinates (default\: full round-trip precision).]:precision:'
        '--pretty[Indent the output.]'
        '--rewind[Rewind polygon rings to the right-hand rule (RFC 7946, 3.1.6).]'
        '--cut-antimeridian[Cut lines and polygons that cross the antimeridian (RFC 7946, 3.1.9).]'
        '--fix[Make every geometry valid on the way, as meridian fix does (with --precision, snapping keeps it valid), listing each change.]'
        '--level[IMDF input only\: keep the level with this ordinal and what is on it.]:level:'
        '--on-error[What a record of a GeoJSON sequence or NDJSON that cannot be decoded does\: stop (the conversion fails) or skip (it is left out, counted and reported).]:on-error:{__meridian_complete "${___on_error[@]}"}'
        '--threads[Threads to decode and encode on (default\: one per core; 1 keeps everything on one thread). The output is the same whatever the number.]:threads:'
        '--where[Keep the features for which the expression holds\: comparisons (= != < <= > >=), and, or, not, in (...), is \[not\] null, contains, startswith, endswith; '\''strings'\'', numbers, true, false, null; property names, "quoted names", a.b paths, $id, $geometry.]:expression:'
        '*--select[Keep only these properties, in this order (comma-separated; repeatable).]:keys:'
        '*--drop[Remove these properties (comma-separated; repeatable).]:keys:'
        '*--rename[Rename a property (repeatable).]:old=new:'
        '--bbox[Keep the features whose bounding box meets this box, in degrees (west,south,east,north).]:w,s,e,n:'
        '--clip[With --bbox\: cut each geometry to the box (GEOS'\''s clip by rectangle).]'
        '--explode[Split each multi-geometry (and collection) into one feature per part.]'
        '--point-on-surface[Replace each geometry by a point on it\: inside a polygon, on a line.]'
        '--layer[Keep one layer\: a GeoPackage'\''s table; a GPX'\''s waypoints, routes or tracks; an IMDF archive'\''s feature type (unit, opening...); a KML'\''s top folder. A GeoPackage output writes each layer as a table.]:layer:'
        '--limit[Stop after writing this many features (reading stops too).]:limit:'
        '--simplify[Simplify lines and rings, dropping detail smaller than this many degrees (0.01 is about 1 km).]:degrees:'
        '--simplify-method[dp (Douglas-Peucker; each feature kept valid, as ogr2ogr -simplify) or visvalingam.]:simplify-method:{__meridian_complete "${___simplify_method[@]}"}'
        '--keep-shared-borders[With --simplify\: keep borders shared by neighbouring polygons shared, with no gaps or overlaps (the whole layer is held in memory).]'
        '--csv-lon[CSV input\: the longitude column (default\: lon, lng, long, longitude or x).]:csv-lon:'
        '--csv-lat[CSV input\: the latitude column (default\: lat, latitude or y).]:csv-lat:'
        '--csv-wkt[CSV input\: a column of WKT geometry (default\: wkt, geometry, geom, the_geom or shape).]:csv-wkt:'
        '--csv-delimiter[CSV input\: the field separator (default\: the first of , ; or tab in the header).]:csv-delimiter:'
        '--csv-strings[CSV input\: keep every value a string (no numbers, booleans or nulls).]'
        '--format[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:{__meridian_complete "${___format[@]}"}'
        '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]'
        '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_validate() {
    local -i ret=1
    local -ar ___format=('text' 'json' 'ndjson' 'sarif' 'github')
    local -ar ___geometry=('off' 'errors' 'all')
    local -ar arg_specs=(
        '*:inputs:'
        '--format[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:{__meridian_complete "${___format[@]}"}'
        '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]'
        '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]'
        '--strict[Count warnings as problems for the exit status.]'
        '*--ignore[Leave out these codes or families of codes (CODE\[,CODE\]; geojson.precision covers its codes). See meridian rules.]:ignore:'
        '*--warn[Report these codes or families as warnings (CODE\[,CODE\]).]:warn:'
        '*--error[Report these codes or families as errors (CODE\[,CODE\]).]:error:'
        '--geometry[Geometry validity of GeoJSON polygons by the OGC rules (GEOS)\: off, errors (self-intersections, holes outside...), or all (also repeated positions).]:geometry:{__meridian_complete "${___geometry[@]}"}'
        '--config[Read the rules from this meridian.toml instead of the one found upward from each input.]:config:'
        '--no-config[Read no meridian.toml.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_fix() {
    local -i ret=1
    local -ar ___to=('geojson' 'geojsonseq' 'ndjson' 'kml' 'kmz' 'gpx' 'csv' 'gpkg')
    local -ar ___format=('text' 'json' 'ndjson' 'sarif' 'github')
    local -ar arg_specs=(
        ':input:'
        '(--output -o)'{--output,-o}'[The output file, or - for standard output.]:output:'
        '--to[Output format\: geojson, geojsonseq, ndjson, kml, kmz, gpx or csv (default\: the input'\''s, or the output'\''s extension).]:to:{__meridian_complete "${___to[@]}"}'
        '--precision[Snap coordinates to this many decimal places, keeping every geometry valid.]:precision:'
        '--pretty[Indent the output.]'
        '--format[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:{__meridian_complete "${___format[@]}"}'
        '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]'
        '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_merge() {
    local -i ret=1
    local -ar ___to=('geojson' 'geojsonseq' 'ndjson' 'kml' 'kmz' 'gpx' 'csv' 'gpkg')
    local -ar ___format=('text' 'json' 'ndjson' 'sarif' 'github')
    local -ar arg_specs=(
        '*:inputs:'
        '(--output -o)'{--output,-o}'[The output file, or - for standard output.]:output:'
        '--to[Output format\: geojson, geojsonseq or ndjson (default\: from the output'\''s extension).]:to:{__meridian_complete "${___to[@]}"}'
        '--alternates-property[The property listing a place'\''s alternate ids (an array, or one string).]:alternates-property:'
        '--id-property[Take each place'\''s id from this property instead of the feature'\''s id.]:id-property:'
        '--report-file[Write the report of dropped duplicates to this file instead of standard error.]:report-file:'
        '--precision[Decimal places for coordinates (default\: full round-trip precision).]:precision:'
        '--pretty[Indent the output.]'
        '--format[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:{__meridian_complete "${___format[@]}"}'
        '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]'
        '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_render() {
    local -i ret=1
    local -ar ___image_format=('svg' 'png')
    local -ar ___theme=('light' 'dark')
    local -ar ___marker=('auto' 'balloon' 'dot')
    local -ar ___scale_bar=('metric' 'imperial' 'yards' 'none')
    local -ar ___compass=('auto' 'always' 'never')
    local -ar ___format=('text' 'json' 'ndjson' 'sarif' 'github')
    local -ar arg_specs=(
        '*:inputs:'
        '--map[A map document (JSON, see docs/map-document.md) declaring the map\: its framing, style and content.]:map:'
        '(--output -o)'{--output,-o}'[The map to write (.png for a PNG, else SVG), or - for standard output.]:output:'
        '--image-format[svg or png (default\: png for an output ending .png, else svg).]:image-format:{__meridian_complete "${___image_format[@]}"}'
        '--size[Image size in points, WIDTHxHEIGHT (16 to 100000 each; default 1024x768, or the map document'\''s).]:size:'
        '--scale[Pixels per point (the SVG'\''s width and height are size x scale; default 1, or the map document'\''s).]:scale:'
        '--region[Show a region\: LAT,LON,LAT_DELTA,LON_DELTA (degrees).]:region:'
        '--bbox[Show a box\: WEST,SOUTH,EAST,NORTH (degrees).]:bbox:'
        '--camera[Look from a camera\: LAT,LON,DISTANCE_M\[,HEADING\[,PITCH\]\]; the heading rotates the map, a pitch (0-60) tilts it in perspective.]:camera:'
        '--padding[Points left free around the data when fitting it.]:padding:'
        '--theme[Theme\: light or dark (default light, or the map document'\''s colorScheme).]:theme:{__meridian_complete "${___theme[@]}"}'
        '--labels[The property labels are taken from (default\: name, then title).]:labels:'
        '--no-labels[Draw no labels.]'
        '--label-priority[The numeric property that decides which point labels win when they collide, larger first (PROP\:asc for smaller first); default population, pop_max or scalerank when present.]:label-priority:'
        '--category-property[The property holding each feature'\''s category (for --filter, --legend and colours).]:category-property:'
        '--filter[Points of interest to show by MapKit category\: CAT,CAT (or include\:CAT,...), exclude\:CAT,..., all or none (cafe, restroom, publicTransport...).]:filter:'
        '--marker[Point markers\: auto, balloon or dot.]:marker:{__meridian_complete "${___marker[@]}"}'
        '--scale-bar[Scale bar units\: metric, imperial, yards or none.]:scale-bar:{__meridian_complete "${___scale_bar[@]}"}'
        '--compass[Compass\: auto (when rotated), always or never.]:compass:{__meridian_complete "${___compass[@]}"}'
        '--legend[Draw a legend of the categories shown.]'
        '--title[A title drawn on the map and written to the SVG'\''s <title>.]:title:'
        '--attribution[Attribution text drawn bottom right.]:attribution:'
        '--level[IMDF inputs\: the level ordinal to draw (default\: 0 if a level has it, else the lowest).]:level:'
        '--language[IMDF inputs\: the preferred language of names (default\: the manifest'\''s language).]:language:'
        '--svg-data[Properties to write on each drawn element as data- attributes, KEY,KEY (as mapshaper'\''s svg-data).]:svg-data:'
        '--precision[Decimals of SVG coordinates (0-6).]:precision:'
        '--tolerance[Simplification tolerance in pixels (0 keeps every visible vertex).]:tolerance:'
        '--format[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:{__meridian_complete "${___format[@]}"}'
        '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]'
        '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_preview() {
    local -i ret=1
    local -ar ___theme=('light' 'dark')
    local -ar ___format=('text' 'json' 'ndjson' 'sarif' 'github')
    local -ar arg_specs=(
        '*:inputs:'
        '(--output -o)'{--output,-o}'[The HTML file to write, or - for standard output.]:output:'
        '--theme[Theme\: light or dark.]:theme:{__meridian_complete "${___theme[@]}"}'
        '--size[Size of the drawn map in points, WIDTHxHEIGHT (the page scales it to the window).]:size:'
        '--language[IMDF inputs\: the preferred language of names (default\: the manifest'\''s language).]:language:'
        '--title[The page'\''s title (default\: the venue'\''s name, else the inputs'\'' names).]:title:'
        '--format[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:{__meridian_complete "${___format[@]}"}'
        '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]'
        '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_split() {
    local -i ret=1
    local -ar ___by=('tile')
    local -ar ___format=('text' 'json' 'ndjson' 'sarif' 'github')
    local -ar arg_specs=(
        ':input:'
        '(--output -o)'{--output,-o}'[The folder to create for the shards.]:output:'
        '--into[About this many shards of equal input size.]:into:'
        '--max-features[Shards of at most this many features.]:max-features:'
        '--max-bytes[Shards of at most this many bytes.]:max-bytes:'
        '--by[Group features by tile (with --zoom) instead of cutting runs.]:by:{__meridian_complete "${___by[@]}"}'
        '--zoom[The tile zoom for --by tile (0-22).]:zoom:'
        '--format[How reports and diagnostics are printed\: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).]:format:{__meridian_complete "${___format[@]}"}'
        '(--quiet -q)'{--quiet,-q}'[Print errors only\: no warnings, notes, progress or summaries of success.]'
        '(--verbose -v)'{--verbose,-v}'[Also print per-file timings and counts on standard error.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_rules() {
    local -i ret=1
    local -ar ___format=('text' 'json' 'markdown')
    local -ar arg_specs=(
        ':prefix:'
        '--format[text, json or markdown.]:format:{__meridian_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_search() {
    local -i ret=1
    local -ar ___format=('text' 'json' 'geojson')
    local -ar arg_specs=(
        ':query:'
        '*:inputs:'
        '--rebuild[When the place index is older than the files it was built from, rebuild it (and write it back) first.]'
        '--near[Measure distances from, and prefer places near, this point\: LAT,LON.]:near:'
        '--region[Prefer places in this region\: LAT,LON,METRES (a square that many metres across).]:region:'
        '--required-region[Keep only places in this region\: LAT,LON,METRES.]:required-region:'
        '--include[Keep only these MapKit categories (comma-separated\: cafe,restroom...).]:include:'
        '--exclude[Leave out these MapKit categories (comma-separated).]:exclude:'
        '--type[Result types, comma-separated\: address, poi (points of interest), query (category suggestions).]:type:'
        '--limit[How many results.]:limit:'
        '--offset[Skip this many results first (paging).]:offset:'
        '--language[Preferred languages for names and address order, comma-separated (fr,en).]:language:'
        '--format[Output\: text, json or geojson (a FeatureCollection of the results in rank order).]:format:{__meridian_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_complete() {
    local -i ret=1
    local -ar ___format=('text' 'json' 'geojson')
    local -ar arg_specs=(
        ':fragment:'
        '*:inputs:'
        '--rebuild[When the place index is older than the files it was built from, rebuild it (and write it back) first.]'
        '--near[Measure distances from, and prefer places near, this point\: LAT,LON.]:near:'
        '--region[Prefer places in this region\: LAT,LON,METRES (a square that many metres across).]:region:'
        '--required-region[Keep only places in this region\: LAT,LON,METRES.]:required-region:'
        '--include[Keep only these MapKit categories (comma-separated\: cafe,restroom...).]:include:'
        '--exclude[Leave out these MapKit categories (comma-separated).]:exclude:'
        '--type[Result types, comma-separated\: address, poi (points of interest), query (category suggestions).]:type:'
        '--limit[How many results.]:limit:'
        '--offset[Skip this many results first (paging).]:offset:'
        '--language[Preferred languages for names and address order, comma-separated (fr,en).]:language:'
        '--format[Output\: text, json or geojson (a FeatureCollection of the results in rank order).]:format:{__meridian_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_geocode() {
    local -i ret=1
    local -ar ___format=('text' 'json' 'geojson')
    local -ar arg_specs=(
        ':address:'
        '*:inputs:'
        '--rebuild[When the place index is older than the files it was built from, rebuild it (and write it back) first.]'
        '--near[Measure distances from, and prefer places near, this point\: LAT,LON.]:near:'
        '--region[Prefer places in this region\: LAT,LON,METRES (a square that many metres across).]:region:'
        '--required-region[Keep only places in this region\: LAT,LON,METRES.]:required-region:'
        '--include[Keep only these MapKit categories (comma-separated\: cafe,restroom...).]:include:'
        '--exclude[Leave out these MapKit categories (comma-separated).]:exclude:'
        '--type[Result types, comma-separated\: address, poi (points of interest), query (category suggestions).]:type:'
        '--limit[How many results.]:limit:'
        '--offset[Skip this many results first (paging).]:offset:'
        '--language[Preferred languages for names and address order, comma-separated (fr,en).]:language:'
        '--format[Output\: text, json or geojson (a FeatureCollection of the results in rank order).]:format:{__meridian_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_reverse() {
    local -i ret=1
    local -ar ___format=('text' 'json' 'geojson')
    local -ar arg_specs=(
        ':coordinate:'
        '*:inputs:'
        '--rebuild[When the place index is older than the files it was built from, rebuild it (and write it back) first.]'
        '--near[Measure distances from, and prefer places near, this point\: LAT,LON.]:near:'
        '--region[Prefer places in this region\: LAT,LON,METRES (a square that many metres across).]:region:'
        '--required-region[Keep only places in this region\: LAT,LON,METRES.]:required-region:'
        '--include[Keep only these MapKit categories (comma-separated\: cafe,restroom...).]:include:'
        '--exclude[Leave out these MapKit categories (comma-separated).]:exclude:'
        '--type[Result types, comma-separated\: address, poi (points of interest), query (category suggestions).]:type:'
        '--limit[How many results.]:limit:'
        '--offset[Skip this many results first (paging).]:offset:'
        '--language[Preferred languages for names and address order, comma-separated (fr,en).]:language:'
        '--format[Output\: text, json or geojson (a FeatureCollection of the results in rank order).]:format:{__meridian_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_lookup() {
    local -i ret=1
    local -ar ___format=('text' 'json' 'geojson')
    local -ar arg_specs=(
        ':ids:'
        '*:inputs:'
        '--rebuild[When the place index is older than the files it was built from, rebuild it (and write it back) first.]'
        '--near[Measure distances from, and prefer places near, this point\: LAT,LON.]:near:'
        '--region[Prefer places in this region\: LAT,LON,METRES (a square that many metres across).]:region:'
        '--required-region[Keep only places in this region\: LAT,LON,METRES.]:required-region:'
        '--include[Keep only these MapKit categories (comma-separated\: cafe,restroom...).]:include:'
        '--exclude[Leave out these MapKit categories (comma-separated).]:exclude:'
        '--type[Result types, comma-separated\: address, poi (points of interest), query (category suggestions).]:type:'
        '--limit[How many results.]:limit:'
        '--offset[Skip this many results first (paging).]:offset:'
        '--language[Preferred languages for names and address order, comma-separated (fr,en).]:language:'
        '--format[Output\: text, json or geojson (a FeatureCollection of the results in rank order).]:format:{__meridian_complete "${___format[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_index() {
    local -i ret=1
    local -ar arg_specs=(
        '*:inputs:'
        '(--output -o)'{--output,-o}'[The index file to write.]:output:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_serve() {
    local -i ret=1
    local -ar arg_specs=(
        '*:arguments:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_meridian_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
        '--version[Show the version.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _meridian ]]; then
    _meridian "${@}"
else
    compdef _meridian meridian
fi
