import Foundation
import Testing

@Suite("forcekit link route")
struct LinkRouteCommandTests {
    let config = #"""
        {"storyboard": {"iPhone": "Main_iPhone", "iPad": "Main_iPad"},
         "defaultRoute": {"class": "HomeViewController"},
         "routes": {"sales/:saleId": {"class": "SaleViewController", "handlers": ["auth", "log"],
                                      "routeParameters": {"saleId": {"regex": "[0-9]+"}, "utm": {}}},
                    "cart": {"handlers": ["auth"]}}}
        """#

    @Test("--json prints the contract's object per link, keys in order")
    func jsonShape() async throws {
        try await withScratch { scratch throws in
            let path = try scratch.file(config)
            let result = await forcekit("link", "route", "--config", path, "--json", "app://sales/42?utm=mail&x=1", "app://nothing")
            #expect(result.exitCode == 0)
            #expect(result.outputLines.count == 2)
            let first = result.outputLines[0]
            #expect(keyOrder(first) == ["url", "route", "parameters", "handlers", "class", "identifier", "storyboard"])
            let object = try jsonObject(first)
            #expect(object["url"] as? String == "app://sales/42?utm=mail&x=1")
            #expect(object["route"] as? String == "sales/:saleId")
            #expect(object["parameters"] as? [String: String] == ["saleId": "42", "utm": "mail"])
            #expect(object["handlers"] as? [String] == ["auth", "log"])
            #expect(object["class"] as? String == "SaleViewController")
            #expect(object["identifier"] as? String == "saleViewController")
            #expect(object["storyboard"] as? String == "Main_iPhone")
            let second = try jsonObject(result.outputLines[1])
            #expect(second["route"] as? String == "defaultRoute")
        }
    }

    @Test("Without a route or default route, route and screen are null")
    func notRouted() async throws {
        try await withScratch { scratch throws in
            let path = try scratch.file(#"{"routes": {"a": {"class": "A"}}}"#)
            let result = await forcekit("link", "route", "--config", path, "--json", "app://b")
            #expect(result.exitCode == 0)
            #expect(
                result.output
                    == #"{"url":"app://b","route":null,"parameters":{},"handlers":[],"class":null,"identifier":null,"storyboard":null}"#
                    + "\n")
        }
    }

    @Test("--handler registers only the named handlers; KEY=VALUE sets a parameter")
    func handlerFlags() async throws {
        try await withScratch { scratch throws in
            let path = try scratch.file(config)
            let result = await forcekit(
                "link", "route", "--config", path, "--json", "--idiom", "pad",
                "--handler", "auth:user=ada", "--handler", "log", "--handler", "auth:role=admin", "app://sales/7")
            #expect(result.exitCode == 0)
            let object = try jsonObject(result.outputLines[0])
            #expect(object["parameters"] as? [String: String] == ["saleId": "7", "user": "ada", "role": "admin"])
            #expect(object["handlers"] as? [String] == ["auth", "log"])
            #expect(object["storyboard"] as? String == "Main_iPad")
        }
    }

    @Test("An unregistered handler or a bad link is an error object; the others still print; exit 1")
    func failures() async throws {
        try await withScratch { scratch throws in
            let path = try scratch.file(config)
            let result = await forcekit(
                "link", "route", "--config", path, "--json", "--handler", "auth", "app://sales/7", "app://cart", "not a link")
            #expect(result.exitCode == 1)
            #expect(result.outputLines.count == 3)
            let missing = try jsonObject(result.outputLines[0])
            #expect(keyOrder(result.outputLines[0]) == ["url", "error"])
            #expect((missing["error"] as? String)?.contains("'log'") == true)
            #expect(try jsonObject(result.outputLines[1])["handlers"] as? [String] == ["auth"])
            #expect((try jsonObject(result.outputLines[2])["error"] as? String)?.contains("not a deep link") == true)
        }
    }

    @Test(
        "An invalid configuration is a message on stderr naming the problem, exit 2",
        arguments: [
            (
                #"{"routes": {"a/:id": {"routeParameters": {"id": {"regex": "(["}}}}}"#,
                "Route 'a/:id': parameter 'id': the regex '([' is invalid"
            ),
            (#"{"routes": {"a": {"handlers": "x"}}}"#, "Route 'a': 'handlers' must be an array of strings, not a string."),
            ("{\"routes\": {", "not valid JSON at line 1, column 13"),
        ])
    func invalidConfig(text: String, message: String) async throws {
        try await withScratch { scratch throws in
            let path = try scratch.file(text)
            let result = await forcekit("link", "route", "--config", path, "app://a")
            #expect(result.exitCode == 2)
            #expect(result.output.isEmpty)
            #expect(result.error.contains(message), "\(result.error)")
        }
    }

    @Test("A missing configuration file is a usage error (64) with its path, as every missing file is")
    func missingConfig() async {
        let result = await forcekit("link", "route", "--config", "/no/such/config.json", "app://a")
        #expect(result.exitCode == 64)
        #expect(result.error.contains("/no/such/config.json"))
    }

    @Test("The example config routes every example link, as the README's main command shows")
    func exampleLinks() async throws {
        let result = await forcekit("link", "route", "--config", ExampleFiles.deepLinkConfig, "--links", ExampleFiles.links, "--json")
        #expect(result.exitCode == 0, "\(result.error)")
        let routes = try result.outputLines.map { try jsonObject($0)["route"] as? String }
        #expect(
            routes == [
                "accounts/:accountId", "accounts/new", "accounts/:accountId/contacts/:contactId", "opportunities/:opportunityId",
                "sync", "accounts", "search", "defaultRoute", "/app/accounts/:accountId", "defaultRoute",
            ])
    }

    @Test("Readable text by default, errors on stderr")
    func text() async throws {
        try await withScratch { scratch throws in
            let path = try scratch.file(config)
            let result = await forcekit("link", "route", "--config", path, "app://sales/42?utm=mail", "app://sales/%zz")
            #expect(result.exitCode == 1)
            #expect(
                result.output == """
                    app://sales/42?utm=mail
                      route       sales/:saleId
                      parameters  saleId=42, utm=mail
                      handlers    auth → log
                      screen      SaleViewController (identifier saleViewController, storyboard Main_iPhone)

                    """)
            #expect(result.error.contains("app://sales/%zz"))
        }
    }

    @Test("No links at all is a usage error")
    func noLinks() async throws {
        try await withScratch { scratch throws in
            let path = try scratch.file(config)
            let result = await forcekit("link", "route", "--config", path)
            #expect(result.exitCode == 64)
            #expect(result.error.contains("Give at least one link"))
        }
    }
}
