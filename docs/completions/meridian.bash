# bash completion for meridian, written by `meridian --generate-completion-script bash`.
_meridian() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
    COMPREPLY=()
    if [[ ${COMP_CWORD} -eq 1 ]]; then
        mapfile -t COMPREPLY < <(compgen -W "info convert validate fix merge buffer clean dissolve join measure overlay render preview split tile route rules search complete geocode reverse lookup index serve help --help --version --generate-completion-script --generate-manual" -- "${cur}")
        return
    fi
    case "${COMP_WORDS[1]}" in
        help) [[ ${COMP_CWORD} -eq 2 ]] && mapfile -t COMPREPLY < <(compgen -W "info convert validate fix merge buffer clean dissolve join measure overlay render preview split tile route rules search complete geocode reverse lookup index serve" -- "${cur}") ;;
        --generate-completion-script) mapfile -t COMPREPLY < <(compgen -W "bash zsh fish" -- "${cur}") ;;
        info)
            case "${prev}" in
                --format) mapfile -t COMPREPLY < <(compgen -W "text json ndjson sarif github" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--s-srs --t-srs --encoding --format --quiet -q --verbose -v --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        convert)
            case "${prev}" in
                --to) mapfile -t COMPREPLY < <(compgen -W "geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis" -- "${cur}"); return ;;
                --on-error) mapfile -t COMPREPLY < <(compgen -W "stop skip" -- "${cur}"); return ;;
                --simplify-method) mapfile -t COMPREPLY < <(compgen -W "dp visvalingam" -- "${cur}"); return ;;
                --compression) mapfile -t COMPREPLY < <(compgen -W "none snappy gzip zstd" -- "${cur}"); return ;;
                --format) mapfile -t COMPREPLY < <(compgen -W "text json ndjson sarif github" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--output -o --to --precision --pretty --rewind --cut-antimeridian --fix --level --on-error --gpkg-views --threads --where --select --drop --rename --bbox --clip --explode --point-on-surface --layer --limit --simplify --simplify-method --keep-shared-borders --s-srs --t-srs --csv-lon --csv-lat --csv-wkt --csv-delimiter --csv-strings --osm-metadata --encoding --quantize --compression --row-group-size --column --format --quiet -q --verbose -v --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        validate)
            case "${prev}" in
                --format) mapfile -t COMPREPLY < <(compgen -W "text json ndjson sarif github" -- "${cur}"); return ;;
                --geometry) mapfile -t COMPREPLY < <(compgen -W "off errors all" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--format --quiet -q --verbose -v --strict --ignore --warn --error --geometry --config --no-config --s-srs --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        fix)
            case "${prev}" in
                --to) mapfile -t COMPREPLY < <(compgen -W "geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis" -- "${cur}"); return ;;
                --format) mapfile -t COMPREPLY < <(compgen -W "text json ndjson sarif github" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--output -o --to --precision --pretty --time-limit --format --quiet -q --verbose -v --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        merge)
            case "${prev}" in
                --to) mapfile -t COMPREPLY < <(compgen -W "geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis" -- "${cur}"); return ;;
                --format) mapfile -t COMPREPLY < <(compgen -W "text json ndjson sarif github" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--output -o --to --precision --pretty --alternates-property --id-property --report-file --s-srs --format --quiet -q --verbose -v --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        buffer)
            case "${prev}" in
                --cap) mapfile -t COMPREPLY < <(compgen -W "round flat square" -- "${cur}"); return ;;
                --join) mapfile -t COMPREPLY < <(compgen -W "round mitre bevel" -- "${cur}"); return ;;
                --to) mapfile -t COMPREPLY < <(compgen -W "geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis" -- "${cur}"); return ;;
                --format) mapfile -t COMPREPLY < <(compgen -W "text json ndjson sarif github" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--distance -d --segments --cap --join --mitre-limit --output -o --to --precision --pretty --format --quiet -q --verbose -v --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        clean)
            case "${prev}" in
                --to) mapfile -t COMPREPLY < <(compgen -W "geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis" -- "${cur}"); return ;;
                --format) mapfile -t COMPREPLY < <(compgen -W "text json ndjson sarif github" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--gap-area --check --output -o --to --precision --pretty --format --quiet -q --verbose -v --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        dissolve)
            case "${prev}" in
                --to) mapfile -t COMPREPLY < <(compgen -W "geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis" -- "${cur}"); return ;;
                --format) mapfile -t COMPREPLY < <(compgen -W "text json ndjson sarif github" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--by --count --sum --min --max --first --list --output -o --to --precision --pretty --format --quiet -q --verbose -v --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        join)
            case "${prev}" in
                --predicate) mapfile -t COMPREPLY < <(compgen -W "intersects within contains nearest" -- "${cur}"); return ;;
                --index) mapfile -t COMPREPLY < <(compgen -W "auto input other" -- "${cur}"); return ;;
                --to) mapfile -t COMPREPLY < <(compgen -W "geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis" -- "${cur}"); return ;;
                --format) mapfile -t COMPREPLY < <(compgen -W "text json ndjson sarif github" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--predicate --max-distance --inner --all --fields --count --sum --min --max --first --list --suffix --distance-property --index --output -o --to --precision --pretty --format --quiet -q --verbose -v --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        measure)
            case "${prev}" in
                --geometry) mapfile -t COMPREPLY < <(compgen -W "centroid point-on-surface bbox convex-hull concave-hull" -- "${cur}"); return ;;
                --to) mapfile -t COMPREPLY < <(compgen -W "geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis" -- "${cur}"); return ;;
                --format) mapfile -t COMPREPLY < <(compgen -W "text json ndjson sarif github" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--area --length --centroid --point-on-surface --bbox --convex-hull --concave-hull --concave-ratio --geometry --output -o --to --precision --pretty --format --quiet -q --verbose -v --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        overlay)
            case "${prev}" in
                --to) mapfile -t COMPREPLY < <(compgen -W "geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis" -- "${cur}"); return ;;
                --format) mapfile -t COMPREPLY < <(compgen -W "text json ndjson sarif github" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--op --suffix --output -o --to --precision --pretty --format --quiet -q --verbose -v --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        render)
            case "${prev}" in
                --image-format) mapfile -t COMPREPLY < <(compgen -W "svg png" -- "${cur}"); return ;;
                --theme) mapfile -t COMPREPLY < <(compgen -W "light dark" -- "${cur}"); return ;;
                --marker) mapfile -t COMPREPLY < <(compgen -W "auto balloon dot" -- "${cur}"); return ;;
                --scale-bar) mapfile -t COMPREPLY < <(compgen -W "metric imperial yards none" -- "${cur}"); return ;;
                --compass) mapfile -t COMPREPLY < <(compgen -W "auto always never" -- "${cur}"); return ;;
                --format) mapfile -t COMPREPLY < <(compgen -W "text json ndjson sarif github" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--map --output -o --basemap --style --image-format --size --scale --region --bbox --camera --padding --theme --labels --no-labels --label-priority --category-property --filter --marker --scale-bar --compass --legend --title --attribution --level --language --svg-data --precision --tolerance --s-srs --format --quiet -q --verbose -v --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        preview)
            case "${prev}" in
                --theme) mapfile -t COMPREPLY < <(compgen -W "light dark" -- "${cur}"); return ;;
                --format) mapfile -t COMPREPLY < <(compgen -W "text json ndjson sarif github" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--output -o --theme --size --language --title --max-features --s-srs --format --quiet -q --verbose -v --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        split)
            case "${prev}" in
                --by) mapfile -t COMPREPLY < <(compgen -W "tile" -- "${cur}"); return ;;
                --to) mapfile -t COMPREPLY < <(compgen -W "geojson geojsonseq ndjson kml kmz gpx csv gpkg shapefile flatgeobuf topojson geoparquet postgis" -- "${cur}"); return ;;
                --compression) mapfile -t COMPREPLY < <(compgen -W "none snappy gzip zstd" -- "${cur}"); return ;;
                --format) mapfile -t COMPREPLY < <(compgen -W "text json ndjson sarif github" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--output -o --into --max-features --max-bytes --by --zoom --to --compression --row-group-size --column --s-srs --format --quiet -q --verbose -v --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        tile)
            case "${prev}" in
                --format) mapfile -t COMPREPLY < <(compgen -W "text json ndjson sarif github" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--output -o --min-zoom --max-zoom --max-tile-bytes --generate-ids --format --quiet -q --verbose -v --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        route)
            case "${prev}" in
                --mode) mapfile -t COMPREPLY < <(compgen -W "walking wheelchair driving" -- "${cur}"); return ;;
                --format) mapfile -t COMPREPLY < <(compgen -W "text json geojson" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--from --to --mode --format --prepare --snapshot --alternates --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        rules)
            case "${prev}" in
                --format) mapfile -t COMPREPLY < <(compgen -W "text json markdown" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--format --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        search)
            case "${prev}" in
                --format) mapfile -t COMPREPLY < <(compgen -W "text json geojson" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--rebuild --near --region --required-region --include --exclude --type --limit --offset --language --format --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        complete)
            case "${prev}" in
                --format) mapfile -t COMPREPLY < <(compgen -W "text json geojson" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--rebuild --near --region --required-region --include --exclude --type --limit --offset --language --format --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        geocode)
            case "${prev}" in
                --format) mapfile -t COMPREPLY < <(compgen -W "text json geojson" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--rebuild --near --region --required-region --include --exclude --type --limit --offset --language --format --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        reverse)
            case "${prev}" in
                --format) mapfile -t COMPREPLY < <(compgen -W "text json geojson" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--rebuild --near --region --required-region --include --exclude --type --limit --offset --language --format --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        lookup)
            case "${prev}" in
                --format) mapfile -t COMPREPLY < <(compgen -W "text json geojson" -- "${cur}"); return ;;
            esac
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--rebuild --near --region --required-region --include --exclude --type --limit --offset --language --format --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        index)
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--output -o --help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
        serve)
            if [[ "${cur}" == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "--help" -- "${cur}")
            else
                mapfile -t COMPREPLY < <(compgen -f -- "${cur}")
            fi
            ;;
    esac
}
complete -o filenames -o bashdefault -F _meridian meridian
