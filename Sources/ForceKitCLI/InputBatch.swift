import ArgumentParser

/// Runs a command over each input: each success prints its line; each failure prints
/// `{"url": …, "error": …}` with `--json`, or the input and error on standard error without it.
/// After all inputs, the command exits with status 1 if any failed.
enum InputBatch {
    static func run(_ inputs: [String], json: Bool, _ render: (String) async throws -> String) async throws {
        var failed = false
        for input in inputs {
            do {
                Console.print(try await render(input))
            } catch {
                failed = true
                if json {
                    var line = JSONLine()
                    line.add("url", input)
                    line.add("error", "\(error)")
                    Console.print(line.text)
                } else {
                    Console.printError(input + "\n" + TextField.line("error", "\(error)"))
                }
            }
        }
        if failed { throw ExitCode(1) }
    }
}
