#!/bin/bash

__meridian_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__meridian_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__meridian_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__meridian_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_meridian() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __meridian_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    info|convert|validate|fix|merge|render|preview|split|rules|search|complete|geocode|reverse|lookup|index|serve|help)
        # Offer subcommand argument completions
        "_meridian_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'info convert validate fix merge render preview split rules search complete geocode reverse lookup index serve help' -- "${cur}"))
        ;;
    esac
}

_meridian_info() {
    repeating_flags=()
    non_repeating_flags=(--quiet -q --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--format)
    __meridian_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--format')
        __meridian_add_completions -W 'text'$'\n''json'$'\n''ndjson'$'\n''sarif'$'\n''github'
        return
        ;;
    esac
}

_meridian_convert() {
    repeating_flags=()
    non_repeating_flags=(--pretty --rewind --cut-antimeridian --fix --clip --explode --point-on-surface --keep-shared-borders --csv-strings --quiet -q --verbose -v --version -h --help)
    repeating_options=(--select --drop --rename)
    non_repeating_options=(--output -o --to --precision --level --on-error --threads --where --bbox --layer --limit --simplify --simplify-method --csv-lon --csv-lat --csv-wkt --csv-delimiter --format)
    __meridian_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--output'|'-o')
        return
        ;;
    '--to')
        __meridian_add_completions -W 'geojson'$'\n''geojsonseq'$'\n''ndjson'$'\n''kml'$'\n''kmz'$'\n''gpx'$'\n''csv'$'\n''gpkg'
        return
        ;;
    '--precision')
        return
        ;;
    '--level')
        return
        ;;
    '--on-error')
        __meridian_add_completions -W 'stop'$'\n''skip'
        return
        ;;
    '--threads')
        return
        ;;
    '--where')
        return
        ;;
    '--select')
        return
        ;;
    '--drop')
        return
        ;;
    '--rename')
        return
        ;;
    '--bbox')
        return
        ;;
    '--layer')
        return
        ;;
    '--limit')
        return
        ;;
    '--simplify')
        return
        ;;
    '--simplify-method')
        __meridian_add_completions -W 'dp'$'\n''visvalingam'
        return
        ;;
    '--csv-lon')
        return
        ;;
    '--csv-lat')
        return
        ;;
    '--csv-wkt')
        return
        ;;
    '--csv-delimiter')
        return
        ;;
    '--format')
        __meridian_add_completions -W 'text'$'\n''json'$'\n''ndjson'$'\n''sarif'$'\n''github'
        return
        ;;
    esac
}

_meridian_validate() {
    repeating_flags=()
    non_repeating_flags=(--quiet -q --verbose -v --strict --no-config --version -h --help)
    repeating_options=(--ignore --warn --error)
    non_repeating_options=(--format --geometry --config)
    __meridian_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--format')
        __meridian_add_completions -W 'text'$'\n''json'$'\n''ndjson'$'\n''sarif'$'\n''github'
        return
        ;;
    '--ignore')
        return
        ;;
    '--warn')
        return
        ;;
    '--error')
        return
        ;;
    '--geometry')
        __meridian_add_completions -W 'off'$'\n''errors'$'\n''all'
        return
        ;;
    '--config')
        return
        ;;
    esac
}

_meridian_fix() {
    repeating_flags=()
    non_repeating_flags=(--pretty --quiet -q --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--output -o --to --precision --format)
    __meridian_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--output'|'-o')
        return
        ;;
    '--to')
        __meridian_add_completions -W 'geojson'$'\n''geojsonseq'$'\n''ndjson'$'\n''kml'$'\n''kmz'$'\n''gpx'$'\n''csv'$'\n''gpkg'
        return
        ;;
    '--precision')
        return
        ;;
    '--format')
        __meridian_add_completions -W 'text'$'\n''json'$'\n''ndjson'$'\n''sarif'$'\n''github'
        return
        ;;
    esac
}

_meridian_merge() {
    repeating_flags=()
    non_repeating_flags=(--pretty --quiet -q --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--output -o --to --alternates-property --id-property --report-file --precision --format)
    __meridian_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--output'|'-o')
        return
        ;;
    '--to')
        __meridian_add_completions -W 'geojson'$'\n''geojsonseq'$'\n''ndjson'$'\n''kml'$'\n''kmz'$'\n''gpx'$'\n''csv'$'\n''gpkg'
        return
        ;;
    '--alternates-property')
        return
        ;;
    '--id-property')
        return
        ;;
    '--report-file')
        return
        ;;
    '--precision')
        return
        ;;
    '--format')
        __meridian_add_completions -W 'text'$'\n''json'$'\n''ndjson'$'\n''sarif'$'\n''github'
        return
        ;;
    esac
}

_meridian_render() {
    repeating_flags=()
    non_repeating_flags=(--no-labels --legend --quiet -q --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--map --output -o --image-format --size --scale --region --bbox --camera --padding --theme --labels --label-priority --category-property --filter --marker --scale-bar --compass --title --attribution --level --language --svg-data --precision --tolerance --format)
    __meridian_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--map')
        return
        ;;
    '--output'|'-o')
        return
        ;;
    '--image-format')
        __meridian_add_completions -W 'svg'$'\n''png'
        return
        ;;
    '--size')
        return
        ;;
    '--scale')
        return
        ;;
    '--region')
        return
        ;;
    '--bbox')
        return
        ;;
    '--camera')
        return
        ;;
    '--padding')
        return
        ;;
    '--theme')
        __meridian_add_completions -W 'light'$'\n''dark'
        return
        ;;
    '--labels')
        return
        ;;
    '--label-priority')
        return
        ;;
    '--category-property')
        return
        ;;
    '--filter')
        return
        ;;
    '--marker')
        __meridian_add_completions -W 'auto'$'\n''balloon'$'\n''dot'
        return
        ;;
    '--scale-bar')
        __meridian_add_completions -W 'metric'$'\n''imperial'$'\n''yards'$'\n''none'
        return
        ;;
    '--compass')
        __meridian_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--title')
        return
        ;;
    '--attribution')
        return
        ;;
    '--level')
        return
        ;;
    '--language')
        return
        ;;
    '--svg-data')
        return
        ;;
    '--precision')
        return
        ;;
    '--tolerance')
        return
        ;;
    '--format')
        __meridian_add_completions -W 'text'$'\n''json'$'\n''ndjson'$'\n''sarif'$'\n''github'
        return
        ;;
    esac
}

_meridian_preview() {
    repeating_flags=()
    non_repeating_flags=(--quiet -q --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--output -o --theme --size --language --title --format)
    __meridian_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--output'|'-o')
        return
        ;;
    '--theme')
        __meridian_add_completions -W 'light'$'\n''dark'
        return
        ;;
    '--size')
        return
        ;;
    '--language')
        return
        ;;
    '--title')
        return
        ;;
    '--format')
        __meridian_add_completions -W 'text'$'\n''json'$'\n''ndjson'$'\n''sarif'$'\n''github'
        return
        ;;
    esac
}

_meridian_split() {
    repeating_flags=()
    non_repeating_flags=(--quiet -q --verbose -v --version -h --help)
    repeating_options=()
    non_repeating_options=(--output -o --into --max-features --max-bytes --by --zoom --format)
    __meridian_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--output'|'-o')
        return
        ;;
    '--into')
        return
        ;;
    '--max-features')
        return
        ;;
    '--max-bytes')
        return
        ;;
    '--by')
        __meridian_add_completions -W 'tile'
        return
        ;;
    '--zoom')
        return
        ;;
    '--format')
        __meridian_add_completions -W 'text'$'\n''json'$'\n''ndjson'$'\n''sarif'$'\n''github'
        return
        ;;
    esac
}

_meridian_rules() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--format)
    __meridian_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--format')
        __meridian_add_completions -W 'text'$'\n''json'$'\n''markdown'
        return
        ;;
    esac
}

_meridian_search() {
    repeating_flags=()
    non_repeating_flags=(--rebuild --version -h --help)
    repeating_options=()
    non_repeating_options=(--near --region --required-region --include --exclude --type --limit --offset --language --format)
    __meridian_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--near')
        return
        ;;
    '--region')
        return
        ;;
    '--required-region')
        return
        ;;
    '--include')
        return
        ;;
    '--exclude')
        return
        ;;
    '--type')
        return
        ;;
    '--limit')
        return
        ;;
    '--offset')
        return
        ;;
    '--language')
        return
        ;;
    '--format')
        __meridian_add_completions -W 'text'$'\n''json'$'\n''geojson'
        return
        ;;
    esac
}

_meridian_complete() {
    repeating_flags=()
    non_repeating_flags=(--rebuild --version -h --help)
    repeating_options=()
    non_repeating_options=(--near --region --required-region --include --exclude --type --limit --offset --language --format)
    __meridian_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--near')
        return
        ;;
    '--region')
        return
        ;;
    '--required-region')
        return
        ;;
    '--include')
        return
        ;;
    '--exclude')
        return
        ;;
    '--type')
        return
        ;;
    '--limit')
        return
        ;;
    '--offset')
        return
        ;;
    '--language')
        return
        ;;
    '--format')
        __meridian_add_completions -W 'text'$'\n''json'$'\n''geojson'
        return
        ;;
    esac
}

_meridian_geocode() {
    repeating_flags=()
    non_repeating_flags=(--rebuild --version -h --help)
    repeating_options=()
    non_repeating_options=(--near --region --required-region --include --exclude --type --limit --offset --language --format)
    __meridian_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--near')
        return
        ;;
    '--region')
        return
        ;;
    '--required-region')
        return
        ;;
    '--include')
        return
        ;;
    '--exclude')
        return
        ;;
    '--type')
        return
        ;;
    '--limit')
        return
        ;;
    '--offset')
        return
        ;;
    '--language')
        return
        ;;
    '--format')
        __meridian_add_completions -W 'text'$'\n''json'$'\n''geojson'
        return
        ;;
    esac
}

_meridian_reverse() {
    repeating_flags=()
    non_repeating_flags=(--rebuild --version -h --help)
    repeating_options=()
    non_repeating_options=(--near --region --required-region --include --exclude --type --limit --offset --language --format)
    __meridian_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--near')
        return
        ;;
    '--region')
        return
        ;;
    '--required-region')
        return
        ;;
    '--include')
        return
        ;;
    '--exclude')
        return
        ;;
    '--type')
        return
        ;;
    '--limit')
        return
        ;;
    '--offset')
        return
        ;;
    '--language')
        return
        ;;
    '--format')
        __meridian_add_completions -W 'text'$'\n''json'$'\n''geojson'
        return
        ;;
    esac
}

_meridian_lookup() {
    repeating_flags=()
    non_repeating_flags=(--rebuild --version -h --help)
    repeating_options=()
    non_repeating_options=(--near --region --required-region --include --exclude --type --limit --offset --language --format)
    __meridian_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--near')
        return
        ;;
    '--region')
        return
        ;;
    '--required-region')
        return
        ;;
    '--include')
        return
        ;;
    '--exclude')
        return
        ;;
    '--type')
        return
        ;;
    '--limit')
        return
        ;;
    '--offset')
        return
        ;;
    '--language')
        return
        ;;
    '--format')
        __meridian_add_completions -W 'text'$'\n''json'$'\n''geojson'
        return
        ;;
    esac
}

_meridian_index() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--output -o)
    __meridian_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--output'|'-o')
        return
        ;;
    esac
}

_meridian_serve() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __meridian_offer_flags_options -1
}

_meridian_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __meridian_offer_flags_options -1
}

complete -o filenames -F _meridian meridian
