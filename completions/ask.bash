# bash completion for ask(1)                               -*- shell-script -*-
# Every option of ask's option table (Sources/AskCLI/OptionTable.swift);
# Tests/AskEndToEndTests/ArtifactsTests.swift fails when one is missing.
# Uses bash-completion (_init_completion, _filedir).

_ask()
{
    local cur prev words cword split
    _init_completion -s || return

    case $prev in
        -s | --style)
            COMPREPLY=($(compgen -W 'default plain secure login-password' -- "$cur"))
            return
            ;;
        --echo)
            COMPREPLY=($(compgen -W 'masked no' -- "$cur"))
            return
            ;;
        --answers)
            COMPREPLY=($(compgen -W 'tty stdin' -- "$cur"))
            return
            ;;
        --print)
            COMPREPLY=($(compgen -W 'title index json none' -- "$cur"))
            return
            ;;
        --color)
            COMPREPLY=($(compgen -W 'auto always never' -- "$cur"))
            return
            ;;
        --spec)
            _filedir
            return
            ;;
        -t | --title | -m | --message | -b | --button | -c | --cancel | \
            -d | --destructive | --default | --label | --placeholder | \
            --text | --pattern | --timeout)
            # Free text: nothing to offer.
            return
            ;;
    esac

    $split && return

    # Positional arguments are button titles: only options are completed.
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W '-t --title -m --message -b --button
            -c --cancel -d --destructive --default -s --style --label
            --placeholder --text --echo --repeat --required --pattern --sheet
            --alert --json --spec --answers --timeout --print -q --quiet -0 --null
            -n --no-newline --color --askpass --pinentry -h --help --version' -- "$cur"))
    fi
} &&
    complete -F _ask ask

# ex: filetype=sh
