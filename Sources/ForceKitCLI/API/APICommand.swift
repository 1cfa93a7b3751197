import ArgumentParser
import Foundation
import SalesforceAuth
import SalesforceCore
import SalesforceREST

/// `forcekit api`: any REST call, printing the JSON answer.
struct APICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api",
        abstract: "Send a REST request as the signed-in user and print the JSON response.",
        discussion: """
            PATH is relative to /services/data/vXX.X unless it starts with /services/ or is a whole URL. \
            An expired token is refreshed and the request retried. Error answers print Salesforce's \
            errors to standard error and exit 1.

            Examples:
              forcekit api GET limits
              forcekit api POST sobjects/Account --data '{"Name": "Acme"}'
              forcekit api POST composite/tree/Account --data @accounts.json
              forcekit api GET /services/apexrest/echo
            """
    )

    @Argument(help: "GET, POST, PATCH, PUT, DELETE or HEAD.")
    var method: String

    @Argument(help: "The path: sobjects/Account, /services/apexrest/..., or a whole URL.")
    var path: String

    @Option(
        help: ArgumentHelp(
            "A JSON body, or @FILE to read it from a file (@- for standard input), as curl and sf read it.", valueName: "JSON"))
    var data: String?

    @OptionGroup var account: AccountOptions

    func validate() throws {
        guard RestMethod(rawValue: method.uppercased()) != nil else {
            throw ValidationError("METHOD must be GET, POST, PATCH, PUT, DELETE or HEAD, not \(method).")
        }
        // Standard input is read once, when the request is sent.
        if data != "@-" { _ = try body() }
    }

    /// The body `--data` gives: its JSON, or a file's with `@FILE`.
    /// - Throws: a usage error for JSON that does not parse or a file that cannot be read.
    func body() throws(ValidationError) -> JSON? {
        guard let data else { return nil }
        var text = data
        if data.hasPrefix("@") {
            let file = String(data.dropFirst())
            do {
                text = String(
                    decoding: file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try UserFiles.contents(of: file), as: UTF8.self
                )
            } catch {
                throw ValidationError("--data \(error.description)")
            }
        }
        do {
            return try JSON(parsing: text)
        } catch {
            throw ValidationError("--data is not valid JSON\(data.hasPrefix("@") ? " (\(data.dropFirst()))" : ""): \(error.message)")
        }
    }

    func run() async throws {
        let client = try await account.restClient()
        let restMethod = RestMethod(rawValue: method.uppercased())!
        let body = try body()
        var request: RestRequest
        if path.hasPrefix("/services/") || path.hasPrefix("http://") || path.hasPrefix("https://") {
            request = RestRequest(method: restMethod, endpoint: "", path: path)
            if let body { request.setJSONBody(body) }
        } else {
            // A query in PATH stays in the path, encoded as the user wrote it.
            request = client.requests.request(restMethod, path: path, body: body)
        }
        do {
            let response = try await client.send(request)
            if let json = response.json {
                Console.print(json.prettyPrinted())
            } else if !response.data.isEmpty {
                Console.print(String(decoding: response.data, as: UTF8.self))
            } else {
                Console.printError("\(response.status) (no content)")
            }
        } catch {
            Console.printFailure("\(RequestFailure.describe(error, instance: await client.credentials?.instanceURL.absoluteString))")
            // The server's answer is part of the error: on standard error, as the help says.
            if let body = error.response?.body, !body.isEmpty { Console.printError(String(decoding: body, as: UTF8.self)) }
            throw ExitCode(1)
        }
    }
}
