import AskCLI

AskCommand.main()
