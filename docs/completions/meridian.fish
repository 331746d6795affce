function __meridian_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __meridian_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __meridian_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __meridian_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __meridian_parse_tokens -S
    set -l unparsed_tokens (__meridian_tokens -pc)
    switch $unparsed_tokens[1]
    case 'meridian'
        __meridian_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'info'
            __meridian_parse_subcommand -r 1 'format=' 'q/quiet' 'v/verbose' 'version' 'h/help'
        case 'convert'
            __meridian_parse_subcommand 1 'o/output=' 'to=' 'precision=' 'pretty' 'rewind' 'cut-antimeridian' 'fix' 'level=' 'on-error=' 'threads=' 'where=' 'select=+' 'drop=+' 'rename=+' 'bbox=' 'clip' 'explode' 'point-on-surface' 'layer=' 'limit=' 'simplify=' 'simplify-method=' 'keep-shared-borders' 'csv-lon=' 'csv-lat=' 'csv-wkt=' 'csv-delimiter=' 'csv-strings' 'format=' 'q/quiet' 'v/verbose' 'version' 'h/help'
        case 'validate'
            __meridian_parse_subcommand -r 1 'format=' 'q/quiet' 'v/verbose' 'strict' 'ignore=+' 'warn=+' 'error=+' 'geometry=' 'config=' 'no-config' 'version' 'h/help'
        case 'fix'
            __meridian_parse_subcommand 1 'o/output=' 'to=' 'precision=' 'pretty' 'format=' 'q/quiet' 'v/verbose' 'version' 'h/help'
        case 'merge'
            __meridian_parse_subcommand -r 1 'o/output=' 'to=' 'alternates-property=' 'id-property=' 'report-file=' 'precision=' 'pretty' 'format=' 'q/quiet' 'v/verbose' 'version' 'h/help'
        case 'render'
            __meridian_parse_subcommand -r 1 'map=' 'o/output=' 'image-format=' 'size=' 'scale=' 'region=' 'bbox=' 'camera=' 'padding=' 'theme=' 'labels=' 'no-labels' 'label-priority=' 'category-property=' 'filter=' 'marker=' 'scale-bar=' 'compass=' 'legend' 'title=' 'attribution=' 'level=' 'language=' 'svg-data=' 'precision=' 'tolerance=' 'format=' 'q/quiet' 'v/verbose' 'version' 'h/help'
        case 'preview'
            __meridian_parse_subcommand -r 1 'o/output=' 'theme=' 'size=' 'language=' 'title=' 'format=' 'q/quiet' 'v/verbose' 'version' 'h/help'
        case 'split'
            __meridian_parse_subcommand 1 'o/output=' 'into=' 'max-features=' 'max-bytes=' 'by=' 'zoom=' 'format=' 'q/quiet' 'v/verbose' 'version' 'h/help'
        case 'rules'
            __meridian_parse_subcommand 1 'format=' 'version' 'h/help'
        case 'search'
            __meridian_parse_subcommand -r 2 'rebuild' 'near=' 'region=' 'required-region=' 'include=' 'exclude=' 'type=' 'limit=' 'offset=' 'language=' 'format=' 'version' 'h/help'
        case 'complete'
            __meridian_parse_subcommand -r 2 'rebuild' 'near=' 'region=' 'required-region=' 'include=' 'exclude=' 'type=' 'limit=' 'offset=' 'language=' 'format=' 'version' 'h/help'
        case 'geocode'
            __meridian_parse_subcommand -r 2 'rebuild' 'near=' 'region=' 'required-region=' 'include=' 'exclude=' 'type=' 'limit=' 'offset=' 'language=' 'format=' 'version' 'h/help'
        case 'reverse'
            __meridian_parse_subcommand -r 2 'rebuild' 'near=' 'region=' 'required-region=' 'include=' 'exclude=' 'type=' 'limit=' 'offset=' 'language=' 'format=' 'version' 'h/help'
        case 'lookup'
            __meridian_parse_subcommand -r 2 'rebuild' 'near=' 'region=' 'required-region=' 'include=' 'exclude=' 'type=' 'limit=' 'offset=' 'language=' 'format=' 'version' 'h/help'
        case 'index'
            __meridian_parse_subcommand -r 1 'o/output=' 'version' 'h/help'
        case 'serve'
            __meridian_parse_subcommand -r 1 'version' 'h/help'
        case 'help'
            __meridian_parse_subcommand -r 1 'version'
        end
    end
end

function __meridian_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __meridian_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __meridian_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __meridian_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__meridian_tokens -p)
    if test -z "$(__meridian_tokens -t)"
        set -l index (count (__meridian_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'meridian' -f
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'info' -d 'Summarise files: layout, feature and geometry counts, extent, property keys and an Apple Maps link.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'convert' -d 'Convert GeoJSON, GeoJSON text sequences, NDJSON, KML, KMZ, GPX, TCX, CSV or IMDF to GeoJSON, a sequence, NDJSON, KML, KMZ, GPX or CSV.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'validate' -d 'Check GeoJSON (RFC 7946 and geojsonhint\'s rules), KML/KMZ files and IMDF archives.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'fix' -d 'Make every geometry valid with the smallest change, and list each change.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'merge' -d 'Combine collections into one, dropping duplicate places by id and alternate ids.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'render' -d 'Draw map data as a static SVG or PNG map, as MapKit\'s snapshotter draws an image.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'preview' -d 'Write one self-contained HTML page to explore map data in a browser.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'split' -d 'Split any input into GeoJSON text sequence shards in a new folder, streaming.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'rules' -d 'List every diagnostic code Meridian reports, with its severity and meaning.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'search' -d 'Find places for a natural-language query, as MapKit\'s MKLocalSearch.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'complete' -d 'Complete a query being typed, as MapKit\'s MKLocalSearchCompleter.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'geocode' -d 'Find the places an address names, as MapKit\'s MKGeocodingRequest.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'reverse' -d 'Say what is at a coordinate, as MapKit\'s MKReverseGeocodingRequest.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'lookup' -d 'Find places by identifier, as MapKit\'s MKMapItemRequest for several Place IDs.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'index' -d 'Build a place index that search, complete, geocode, reverse and lookup open in milliseconds.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'serve' -d 'Serve map images and place search over HTTP, over your own data files.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_positional "meridian" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian info" format' -l 'format' -d 'How reports and diagnostics are printed: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).' -rfka 'text json ndjson sarif github'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian info" q quiet' -l 'quiet' -s 'q' -d 'Print errors only: no warnings, notes, progress or summaries of success.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian info" v verbose' -l 'verbose' -s 'v' -d 'Also print per-file timings and counts on standard error.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian info" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian info" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" o output' -l 'output' -s 'o' -d 'The output file, or - for standard output.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" to' -l 'to' -d 'Output format: geojson, geojsonseq, ndjson, kml, kmz, gpx or csv (default: from the output\'s extension).' -rfka 'geojson geojsonseq ndjson kml kmz gpx csv gpkg'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" precision' -l 'precision' -d 'Decimal places for coordinates (default: full round-trip precision).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" pretty' -l 'pretty' -d 'Indent the output.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" rewind' -l 'rewind' -d 'Rewind polygon rings to the right-hand rule (RFC 7946, 3.1.6).'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" cut-antimeridian' -l 'cut-antimeridian' -d 'Cut lines and polygons that cross the antimeridian (RFC 7946, 3.1.9).'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" fix' -l 'fix' -d 'Make every geometry valid on the way, as meridian fix does (with --precision, snapping keeps it valid), listing each change.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" level' -l 'level' -d 'IMDF input only: keep the level with this ordinal and what is on it.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" on-error' -l 'on-error' -d 'What a record of a GeoJSON sequence or NDJSON that cannot be decoded does: stop (the conversion fails) or skip (it is left out, counted and reported).' -rfka 'stop skip'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" threads' -l 'threads' -d 'Threads to decode and encode on (default: one per core; 1 keeps everything on one thread). The output is the same whatever the number.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" where' -l 'where' -d 'Keep the features for which the expression holds: comparisons (= != < <= > >=), and, or, not, in (...), is [not] null, contains, startswith, endswith; \'strings\', numbers, true, false, null; property names, "quoted names", a.b paths, $id, $geometry.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert"' -l 'select' -d 'Keep only these properties, in this order (comma-separated; repeatable).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert"' -l 'drop' -d 'Remove these properties (comma-separated; repeatable).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert"' -l 'rename' -d 'Rename a property (repeatable).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" bbox' -l 'bbox' -d 'Keep the features whose bounding box meets this box, in degrees (west,south,east,north).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" clip' -l 'clip' -d 'With --bbox: cut each geometry to the box (GEOS\'s clip by rectangle).'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" explode' -l 'explode' -d 'Split each multi-geometry (and collection) into one feature per part.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" point-on-surface' -l 'point-on-surface' -d 'Replace each geometry by a point on it: inside a polygon, on a line.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" layer' -l 'layer' -d 'Keep one layer: a GeoPackage\'s table; a GPX\'s waypoints, routes or tracks; an IMDF archive\'s feature type (unit, opening...); a KML\'s top folder. A GeoPackage output writes each layer as a table.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" limit' -l 'limit' -d 'Stop after writing this many features (reading stops too).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" simplify' -l 'simplify' -d 'Simplify lines and rings, dropping detail smaller than this many degrees (0.01 is about 1 km).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" simplify-method' -l 'simplify-method' -d 'dp (Douglas-Peucker; each feature kept valid, as ogr2ogr -simplify) or visvalingam.' -rfka 'dp visvalingam'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" keep-shared-borders' -l 'keep-shared-borders' -d 'With --simplify: keep borders shared by neighbouring polygons shared, with no gaps or overlaps (the whole layer is held in memory).'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" csv-lon' -l 'csv-lon' -d 'CSV input: the longitude column (default: lon, lng, long, longitude or x).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" csv-lat' -l 'csv-lat' -d 'CSV input: the latitude column (default: lat, latitude or y).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" csv-wkt' -l 'csv-wkt' -d 'CSV input: a column of WKT geometry (default: wkt, geometry, geom, the_geom or shape).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" csv-delimiter' -l 'csv-delimiter' -d 'CSV input: the field separator (default: the first of , ; or tab in the header).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" csv-strings' -l 'csv-strings' -d 'CSV input: keep every value a string (no numbers, booleans or nulls).'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" format' -l 'format' -d 'How reports and diagnostics are printed: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).' -rfka 'text json ndjson sarif github'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" q quiet' -l 'quiet' -s 'q' -d 'Print errors only: no warnings, notes, progress or summaries of success.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" v verbose' -l 'verbose' -s 'v' -d 'Also print per-file timings and counts on standard error.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian convert" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian validate" format' -l 'format' -d 'How reports and diagnostics are printed: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).' -rfka 'text json ndjson sarif github'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian validate" q quiet' -l 'quiet' -s 'q' -d 'Print errors only: no warnings, notes, progress or summaries of success.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian validate" v verbose' -l 'verbose' -s 'v' -d 'Also print per-file timings and counts on standard error.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian validate" strict' -l 'strict' -d 'Count warnings as problems for the exit status.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian validate"' -l 'ignore' -d 'Leave out these codes or families of codes (CODE[,CODE]; geojson.precision covers its codes). See meridian rules.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian validate"' -l 'warn' -d 'Report these codes or families as warnings (CODE[,CODE]).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian validate"' -l 'error' -d 'Report these codes or families as errors (CODE[,CODE]).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian validate" geometry' -l 'geometry' -d 'Geometry validity of GeoJSON polygons by the OGC rules (GEOS): off, errors (self-intersections, holes outside...), or all (also repeated positions).' -rfka 'off errors all'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian validate" config' -l 'config' -d 'Read the rules from this meridian.toml instead of the one found upward from each input.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian validate" no-config' -l 'no-config' -d 'Read no meridian.toml.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian validate" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian validate" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian fix" o output' -l 'output' -s 'o' -d 'The output file, or - for standard output.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian fix" to' -l 'to' -d 'Output format: geojson, geojsonseq, ndjson, kml, kmz, gpx or csv (default: the input\'s, or the output\'s extension).' -rfka 'geojson geojsonseq ndjson kml kmz gpx csv gpkg'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian fix" precision' -l 'precision' -d 'Snap coordinates to this many decimal places, keeping every geometry valid.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian fix" pretty' -l 'pretty' -d 'Indent the output.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian fix" format' -l 'format' -d 'How reports and diagnostics are printed: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).' -rfka 'text json ndjson sarif github'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian fix" q quiet' -l 'quiet' -s 'q' -d 'Print errors only: no warnings, notes, progress or summaries of success.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian fix" v verbose' -l 'verbose' -s 'v' -d 'Also print per-file timings and counts on standard error.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian fix" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian fix" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian merge" o output' -l 'output' -s 'o' -d 'The output file, or - for standard output.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian merge" to' -l 'to' -d 'Output format: geojson, geojsonseq or ndjson (default: from the output\'s extension).' -rfka 'geojson geojsonseq ndjson kml kmz gpx csv gpkg'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian merge" alternates-property' -l 'alternates-property' -d 'The property listing a place\'s alternate ids (an array, or one string).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian merge" id-property' -l 'id-property' -d 'Take each place\'s id from this property instead of the feature\'s id.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian merge" report-file' -l 'report-file' -d 'Write the report of dropped duplicates to this file instead of standard error.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian merge" precision' -l 'precision' -d 'Decimal places for coordinates (default: full round-trip precision).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian merge" pretty' -l 'pretty' -d 'Indent the output.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian merge" format' -l 'format' -d 'How reports and diagnostics are printed: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).' -rfka 'text json ndjson sarif github'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian merge" q quiet' -l 'quiet' -s 'q' -d 'Print errors only: no warnings, notes, progress or summaries of success.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian merge" v verbose' -l 'verbose' -s 'v' -d 'Also print per-file timings and counts on standard error.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian merge" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian merge" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" map' -l 'map' -d 'A map document (JSON, see docs/map-document.md) declaring the map: its framing, style and content.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" o output' -l 'output' -s 'o' -d 'The map to write (.png for a PNG, else SVG), or - for standard output.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" image-format' -l 'image-format' -d 'svg or png (default: png for an output ending .png, else svg).' -rfka 'svg png'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" size' -l 'size' -d 'Image size in points, WIDTHxHEIGHT (16 to 100000 each; default 1024x768, or the map document\'s).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" scale' -l 'scale' -d 'Pixels per point (the SVG\'s width and height are size x scale; default 1, or the map document\'s).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" region' -l 'region' -d 'Show a region: LAT,LON,LAT_DELTA,LON_DELTA (degrees).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" bbox' -l 'bbox' -d 'Show a box: WEST,SOUTH,EAST,NORTH (degrees).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" camera' -l 'camera' -d 'Look from a camera: LAT,LON,DISTANCE_M[,HEADING[,PITCH]]; the heading rotates the map, a pitch (0-60) tilts it in perspective.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" padding' -l 'padding' -d 'Points left free around the data when fitting it.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" theme' -l 'theme' -d 'Theme: light or dark (default light, or the map document\'s colorScheme).' -rfka 'light dark'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" labels' -l 'labels' -d 'The property labels are taken from (default: name, then title).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" no-labels' -l 'no-labels' -d 'Draw no labels.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" label-priority' -l 'label-priority' -d 'The numeric property that decides which point labels win when they collide, larger first (PROP:asc for smaller first); default population, pop_max or scalerank when present.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" category-property' -l 'category-property' -d 'The property holding each feature\'s category (for --filter, --legend and colours).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" filter' -l 'filter' -d 'Points of interest to show by MapKit category: CAT,CAT (or include:CAT,...), exclude:CAT,..., all or none (cafe, restroom, publicTransport...).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" marker' -l 'marker' -d 'Point markers: auto, balloon or dot.' -rfka 'auto balloon dot'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" scale-bar' -l 'scale-bar' -d 'Scale bar units: metric, imperial, yards or none.' -rfka 'metric imperial yards none'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" compass' -l 'compass' -d 'Compass: auto (when rotated), always or never.' -rfka 'auto always never'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" legend' -l 'legend' -d 'Draw a legend of the categories shown.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" title' -l 'title' -d 'A title drawn on the map and written to the SVG\'s <title>.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" attribution' -l 'attribution' -d 'Attribution text drawn bottom right.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" level' -l 'level' -d 'IMDF inputs: the level ordinal to draw (default: 0 if a level has it, else the lowest).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" language' -l 'language' -d 'IMDF inputs: the preferred language of names (default: the manifest\'s language).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" svg-data' -l 'svg-data' -d 'Properties to write on each drawn element as data- attributes, KEY,KEY (as mapshaper\'s svg-data).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" precision' -l 'precision' -d 'Decimals of SVG coordinates (0-6).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" tolerance' -l 'tolerance' -d 'Simplification tolerance in pixels (0 keeps every visible vertex).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" format' -l 'format' -d 'How reports and diagnostics are printed: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).' -rfka 'text json ndjson sarif github'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" q quiet' -l 'quiet' -s 'q' -d 'Print errors only: no warnings, notes, progress or summaries of success.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" v verbose' -l 'verbose' -s 'v' -d 'Also print per-file timings and counts on standard error.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian render" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian preview" o output' -l 'output' -s 'o' -d 'The HTML file to write, or - for standard output.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian preview" theme' -l 'theme' -d 'Theme: light or dark.' -rfka 'light dark'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian preview" size' -l 'size' -d 'Size of the drawn map in points, WIDTHxHEIGHT (the page scales it to the window).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian preview" language' -l 'language' -d 'IMDF inputs: the preferred language of names (default: the manifest\'s language).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian preview" title' -l 'title' -d 'The page\'s title (default: the venue\'s name, else the inputs\' names).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian preview" format' -l 'format' -d 'How reports and diagnostics are printed: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).' -rfka 'text json ndjson sarif github'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian preview" q quiet' -l 'quiet' -s 'q' -d 'Print errors only: no warnings, notes, progress or summaries of success.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian preview" v verbose' -l 'verbose' -s 'v' -d 'Also print per-file timings and counts on standard error.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian preview" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian preview" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian split" o output' -l 'output' -s 'o' -d 'The folder to create for the shards.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian split" into' -l 'into' -d 'About this many shards of equal input size.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian split" max-features' -l 'max-features' -d 'Shards of at most this many features.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian split" max-bytes' -l 'max-bytes' -d 'Shards of at most this many bytes.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian split" by' -l 'by' -d 'Group features by tile (with --zoom) instead of cutting runs.' -rfka 'tile'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian split" zoom' -l 'zoom' -d 'The tile zoom for --by tile (0-22).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian split" format' -l 'format' -d 'How reports and diagnostics are printed: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations).' -rfka 'text json ndjson sarif github'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian split" q quiet' -l 'quiet' -s 'q' -d 'Print errors only: no warnings, notes, progress or summaries of success.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian split" v verbose' -l 'verbose' -s 'v' -d 'Also print per-file timings and counts on standard error.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian split" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian split" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian rules" format' -l 'format' -d 'text, json or markdown.' -rfka 'text json markdown'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian rules" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian rules" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian search" rebuild' -l 'rebuild' -d 'When the place index is older than the files it was built from, rebuild it (and write it back) first.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian search" near' -l 'near' -d 'Measure distances from, and prefer places near, this point: LAT,LON.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian search" region' -l 'region' -d 'Prefer places in this region: LAT,LON,METRES (a square that many metres across).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian search" required-region' -l 'required-region' -d 'Keep only places in this region: LAT,LON,METRES.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian search" include' -l 'include' -d 'Keep only these MapKit categories (comma-separated: cafe,restroom...).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian search" exclude' -l 'exclude' -d 'Leave out these MapKit categories (comma-separated).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian search" type' -l 'type' -d 'Result types, comma-separated: address, poi (points of interest), query (category suggestions).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian search" limit' -l 'limit' -d 'How many results.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian search" offset' -l 'offset' -d 'Skip this many results first (paging).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian search" language' -l 'language' -d 'Preferred languages for names and address order, comma-separated (fr,en).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian search" format' -l 'format' -d 'Output: text, json or geojson (a FeatureCollection of the results in rank order).' -rfka 'text json geojson'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian search" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian search" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian complete" rebuild' -l 'rebuild' -d 'When the place index is older than the files it was built from, rebuild it (and write it back) first.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian complete" near' -l 'near' -d 'Measure distances from, and prefer places near, this point: LAT,LON.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian complete" region' -l 'region' -d 'Prefer places in this region: LAT,LON,METRES (a square that many metres across).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian complete" required-region' -l 'required-region' -d 'Keep only places in this region: LAT,LON,METRES.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian complete" include' -l 'include' -d 'Keep only these MapKit categories (comma-separated: cafe,restroom...).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian complete" exclude' -l 'exclude' -d 'Leave out these MapKit categories (comma-separated).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian complete" type' -l 'type' -d 'Result types, comma-separated: address, poi (points of interest), query (category suggestions).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian complete" limit' -l 'limit' -d 'How many results.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian complete" offset' -l 'offset' -d 'Skip this many results first (paging).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian complete" language' -l 'language' -d 'Preferred languages for names and address order, comma-separated (fr,en).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian complete" format' -l 'format' -d 'Output: text, json or geojson (a FeatureCollection of the results in rank order).' -rfka 'text json geojson'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian complete" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian complete" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian geocode" rebuild' -l 'rebuild' -d 'When the place index is older than the files it was built from, rebuild it (and write it back) first.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian geocode" near' -l 'near' -d 'Measure distances from, and prefer places near, this point: LAT,LON.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian geocode" region' -l 'region' -d 'Prefer places in this region: LAT,LON,METRES (a square that many metres across).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian geocode" required-region' -l 'required-region' -d 'Keep only places in this region: LAT,LON,METRES.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian geocode" include' -l 'include' -d 'Keep only these MapKit categories (comma-separated: cafe,restroom...).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian geocode" exclude' -l 'exclude' -d 'Leave out these MapKit categories (comma-separated).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian geocode" type' -l 'type' -d 'Result types, comma-separated: address, poi (points of interest), query (category suggestions).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian geocode" limit' -l 'limit' -d 'How many results.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian geocode" offset' -l 'offset' -d 'Skip this many results first (paging).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian geocode" language' -l 'language' -d 'Preferred languages for names and address order, comma-separated (fr,en).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian geocode" format' -l 'format' -d 'Output: text, json or geojson (a FeatureCollection of the results in rank order).' -rfka 'text json geojson'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian geocode" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian geocode" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian reverse" rebuild' -l 'rebuild' -d 'When the place index is older than the files it was built from, rebuild it (and write it back) first.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian reverse" near' -l 'near' -d 'Measure distances from, and prefer places near, this point: LAT,LON.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian reverse" region' -l 'region' -d 'Prefer places in this region: LAT,LON,METRES (a square that many metres across).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian reverse" required-region' -l 'required-region' -d 'Keep only places in this region: LAT,LON,METRES.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian reverse" include' -l 'include' -d 'Keep only these MapKit categories (comma-separated: cafe,restroom...).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian reverse" exclude' -l 'exclude' -d 'Leave out these MapKit categories (comma-separated).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian reverse" type' -l 'type' -d 'Result types, comma-separated: address, poi (points of interest), query (category suggestions).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian reverse" limit' -l 'limit' -d 'How many results.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian reverse" offset' -l 'offset' -d 'Skip this many results first (paging).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian reverse" language' -l 'language' -d 'Preferred languages for names and address order, comma-separated (fr,en).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian reverse" format' -l 'format' -d 'Output: text, json or geojson (a FeatureCollection of the results in rank order).' -rfka 'text json geojson'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian reverse" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian reverse" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian lookup" rebuild' -l 'rebuild' -d 'When the place index is older than the files it was built from, rebuild it (and write it back) first.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian lookup" near' -l 'near' -d 'Measure distances from, and prefer places near, this point: LAT,LON.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian lookup" region' -l 'region' -d 'Prefer places in this region: LAT,LON,METRES (a square that many metres across).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian lookup" required-region' -l 'required-region' -d 'Keep only places in this region: LAT,LON,METRES.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian lookup" include' -l 'include' -d 'Keep only these MapKit categories (comma-separated: cafe,restroom...).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian lookup" exclude' -l 'exclude' -d 'Leave out these MapKit categories (comma-separated).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian lookup" type' -l 'type' -d 'Result types, comma-separated: address, poi (points of interest), query (category suggestions).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian lookup" limit' -l 'limit' -d 'How many results.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian lookup" offset' -l 'offset' -d 'Skip this many results first (paging).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian lookup" language' -l 'language' -d 'Preferred languages for names and address order, comma-separated (fr,en).' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian lookup" format' -l 'format' -d 'Output: text, json or geojson (a FeatureCollection of the results in rank order).' -rfka 'text json geojson'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian lookup" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian lookup" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian index" o output' -l 'output' -s 'o' -d 'The index file to write.' -rfka ''
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian index" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian index" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian serve" version' -l 'version' -d 'Show the version.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian serve" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'meridian' -n '__meridian_should_offer_completions_for_flags_or_options "meridian help" version' -l 'version' -d 'Show the version.'
