# fish completion for ask(1): every option of ask's option table
# (Sources/AskCLI/OptionTable.swift); Tests/AskEndToEndTests/ArtifactsTests.swift
# fails when one is missing.

# Positional arguments are button titles, not files.
complete -c ask -f

complete -c ask -s t -l title -x -d 'the title, the first line'
complete -c ask -s m -l message -x -d 'the message below the title; may hold newlines'
complete -c ask -s b -l button -x -d 'a button (repeatable; or give titles as arguments)'
complete -c ask -s c -l cancel -x -d 'the cancel button: shown last, exit status 1'
complete -c ask -s d -l destructive -x -d 'the destructive button: shown first, in red'
complete -c ask -l default -x -d 'the button Enter chooses, by title (or number)'
complete -c ask -s s -l style -x -a 'default plain secure login-password' -d 'ask for text too: plain, secure or login-password'
complete -c ask -l label -x -d "a text field's label (once per field, in order)"
complete -c ask -l placeholder -x -d "a hint after a field's label (once per field)"
complete -c ask -l text -x -d "a plain field's initial, editable text"
complete -c ask -l echo -x -a 'masked no' -d 'a secure field shows * per character, or nothing'
complete -c ask -l repeat -d 'ask a secure field twice; both must match'
complete -c ask -l required -d 'a text field may not be left empty'
complete -c ask -l pattern -x -d 'a plain field must match this whole Swift Regex'
complete -c ask -l sheet -d 'present as an action sheet (cancel set apart)'
complete -c ask -l alert -d 'present as an alert (the default)'
complete -c ask -l json -d 'read the prompts as JSON from stdin'
complete -c ask -l spec -r -F -d 'read the prompts as JSON from FILE (- is stdin)'
complete -c ask -l answers -x -a 'tty stdin' -d 'answer source (default: stdin; tty with --json)'
complete -c ask -l timeout -x -d 'choose the default after SECONDS, else exit 124'
complete -c ask -l print -x -a 'title index json none' -d 'what goes to stdout (default: title)'
complete -c ask -s q -l quiet -d 'print nothing, only the exit status (--print none)'
complete -c ask -s 0 -l null -d 'end each printed value with NUL, not newline'
complete -c ask -s n -l no-newline -d 'no newline after the last value of a result'
complete -c ask -l color -x -a 'auto always never' -d 'colour the prompt (default: auto)'
complete -c ask -l askpass -x -d 'the askpass of ssh/git/sudo, run as ask-askpass'
complete -c ask -l pinentry -d "gpg-agent's pinentry, run as ask-pinentry"
complete -c ask -s h -l help -d 'show this help and exit'
complete -c ask -l version -d 'show the version and exit'
