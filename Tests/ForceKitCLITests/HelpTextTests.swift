import ArgumentParser
import Testing

@testable import ForceKitCLI

@Suite("forcekit's help")
struct HelpTextTests {
    /// Every command, subcommands included, as `forcekit … --help` names it.
    static func commands(
        _ command: any ParsableCommand.Type = ForceKitCommand.self, path: [String] = []
    ) -> [(path: [String], type: any ParsableCommand.Type)] {
        let name = command.configuration.commandName ?? "forcekit"
        let here = path + [name]
        return [(here, command)] + command.configuration.subcommands.flatMap { commands($0, path: here) }
    }

    @Test("no command's help has a gap of several spaces inside its text (a lost line continuation), in prose or in an option's help")
    func proseHasNoGaps() {
        let all = Self.commands()
        #expect(all.count > 30)
        for (path, command) in all {
            let help = ForceKitCommand.helpMessage(for: command, columns: 100)
            for line in help.split(separator: "\n") {
                var text = line.drop { $0 == " " }
                // A line indented by two starts with a name (an option, an argument, a subcommand, a
                // command in an example) set apart from its help: that first gap is the layout's.
                // Deeper lines continue a help, where no gap belongs.
                if line.hasPrefix("  "), !line.hasPrefix("   "), let gap = text.firstRange(of: /\s{2,}/) {
                    text = text[gap.upperBound...]
                }
                #expect(text.firstRange(of: /\S {3,}\S/) == nil, "\(path.joined(separator: " ")): \(line)")
            }
        }
    }
}

extension HelpTextTests {
    @Test("every example in a command's help fits an 80-column terminal, so no command is wrapped in the middle")
    func examplesFitTheTerminal() {
        for (path, command) in Self.commands() {
            for line in command.configuration.discussion.split(separator: "\n") where line.hasPrefix("  ") {
                #expect(line.count <= 80, "\(path.joined(separator: " ")): \(line) (\(line.count) columns)")
            }
        }
    }
}

extension HelpTextTests {
    @Test("no help shows a backslash in its prose (a line continuation written twice); only examples continue a command with one")
    func proseHasNoBackslashes() {
        for (path, command) in Self.commands() {
            for line in command.configuration.discussion.split(separator: "\n") where !line.hasPrefix("  ") {
                #expect(!line.contains("\\"), "\(path.joined(separator: " ")): \(line)")
            }
        }
    }
}
