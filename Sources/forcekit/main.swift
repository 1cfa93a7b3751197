import ForceKitCLI

await ForceKitCommand.runFromCommandLine()
