import DeepLinking
import Foundation
import Testing

@Suite("Loading MobileDeepLinkingConfig.json")
struct ConfigurationTests {
    @Test("The MDL iOS sample loads unchanged, routes in file order")
    func iosSample() throws {
        let configuration = try DeepLinkConfiguration(json: iosSampleConfig)
        #expect(configuration.logging)
        #expect(configuration.storyboard == StoryboardNames(iPhone: "MainStoryboard_iPhone", iPad: "MainStoryboard_iPad"))
        #expect(configuration.routes.map(\.name) == ["sales/:saleId", "addToCart/:productId"])
        let sale = configuration.routes[0]
        #expect(
            sale.screen
                == DeepLinkScreen(
                    className: "SaleViewController", identifier: "saleViewController",
                    storyboard: StoryboardNames(iPhone: "SaleStoryboard_iPhone", iPad: "SaleStoryboard_iPad")))
        #expect(sale.handlers == ["logAnalytics"])
        #expect(sale.parameters.map(\.name) == ["saleId", "utmSource"])
        #expect(sale.parameters[0].isRequired && sale.parameters[0].regex == "[0-9]")
        #expect(!sale.parameters[1].isRequired && sale.parameters[1].regex == nil)
        #expect(configuration.routes[1].screen == nil)
        #expect(configuration.routes[1].handlers == ["authenticate", "logAnalytics", "addProductToCart"])
        #expect(configuration.defaultRoute?.screen?.className == "DefaultViewController")
        #expect(configuration.handlerNames == ["logAnalytics", "authenticate", "addProductToCart"])
    }

    @Test("The MDL Android sample loads; the identifier defaults to the class with a lower-case first letter")
    func androidSample() throws {
        let configuration = try DeepLinkConfiguration(json: androidSampleConfig)
        #expect(!configuration.logging)
        #expect(configuration.routes.map(\.name) == ["reservations", "reservations/:reservationId", "account/:userId"])
        #expect(configuration.routes[0].screen?.identifier == "com.myorg.myapp.ReservationFeedActivity")
        let ios = try DeepLinkConfiguration(json: #"{"routes": {"a": {"class": "MyViewController"}}}"#)
        #expect(ios.routes[0].screen?.identifier == "myViewController")
    }

    @Test(
        "Booleans may be JSON booleans or the strings \"true\"/\"false\"",
        arguments: [
            (#""true""#, true), (#""false""#, false), ("true", true), ("false", false), (#""TRUE""#, true),
        ])
    func booleanStrings(literal: String, expected: Bool) throws {
        let json = #"{"logging": \#(literal), "routes": {"a/:b": {"routeParameters": {"b": {"required": \#(literal)}}}}}"#
        let configuration = try DeepLinkConfiguration(json: json)
        #expect(configuration.logging == expected)
        #expect(configuration.routes[0].parameters[0].isRequired == expected)
    }

    @Test("Unknown attributes are ignored and null means absent")
    func unknownAttributes() throws {
        let json = #"{"version": 3, "routes": {"a": {"class": null, "analytics": {"x": 1}, "handlers": null}}}"#
        let configuration = try DeepLinkConfiguration(json: json)
        #expect(configuration.routes[0].screen == nil)
        #expect(configuration.routes[0].handlers.isEmpty)
    }

    @Test(
        "Malformed JSON is reported with its line and column",
        arguments: [
            ("{\n  \"routes\": {\n    \"a\": {\"class\": \"A\",}\n  }\n}", 3, 24),
            ("{\"routes\": ", 1, 12),
            ("{\"routes\": {}} extra", 1, 16),
            ("", 1, 1),
        ])
    func malformedJSON(text: String, line: Int, column: Int) {
        #expect {
            try DeepLinkConfiguration(json: text)
        } throws: { error in
            guard case .malformedJSON(let errorLine, let errorColumn, _) = error as? DeepLinkConfigurationError else { return false }
            return errorLine == line && errorColumn == column
        }
    }

    @Test(
        "A wrong attribute type names the route and the attribute",
        arguments: [
            (#"{"logging": 1, "routes": {}}"#, "'logging' must be a boolean (or \"true\"/\"false\"), not a number."),
            (#"{"logging": "yes", "routes": {}}"#, "'logging' must be a boolean (or \"true\"/\"false\"), not a string."),
            (#"{"routes": []}"#, "'routes' must be an object, not an array."),
            (#"{"storyboard": "Main", "routes": {}}"#, "'storyboard' must be an object, not a string."),
            (#"{"storyboard": {"iPhone": 3}, "routes": {}}"#, "'storyboard.iPhone' must be a string, not a number."),
            (#"{"routes": {"a": "A"}}"#, "Route 'a': '(route)' must be an object, not a string."),
            (#"{"routes": {"a": {"class": 7}}}"#, "Route 'a': 'class' must be a string, not a number."),
            (#"{"routes": {"a": {"identifier": true}}}"#, "Route 'a': 'identifier' must be a string, not a boolean."),
            (#"{"routes": {"a": {"handlers": "log"}}}"#, "Route 'a': 'handlers' must be an array of strings, not a string."),
            (#"{"routes": {"a": {"handlers": ["log", 2]}}}"#, "Route 'a': 'handlers' must be an array of strings, not a number."),
            (#"{"routes": {"a": {"routeParameters": ["b"]}}}"#, "Route 'a': 'routeParameters' must be an object, not an array."),
            (#"{"routes": {"a": {"routeParameters": {"b": true}}}}"#, "Route 'a': 'routeParameters.b' must be an object, not a boolean."),
            (
                #"{"routes": {"a": {"routeParameters": {"b": {"required": "no"}}}}}"#,
                "Route 'a': 'routeParameters.b.required' must be a boolean (or \"true\"/\"false\"), not a string."
            ),
            (
                #"{"routes": {"a": {"routeParameters": {"b": {"regex": 5}}}}}"#,
                "Route 'a': 'routeParameters.b.regex' must be a string, not a number."
            ),
            (
                #"{"defaultRoute": {"handlers": {}}, "routes": {}}"#,
                "Route 'defaultRoute': 'handlers' must be an array of strings, not an object."
            ),
            (#"["routes"]"#, "'(top level)' must be an object, not an array."),
        ])
    func wrongTypes(json: String, message: String) {
        #expect {
            try DeepLinkConfiguration(json: json)
        } throws: { error in
            (error as? DeepLinkConfigurationError)?.description == message
        }
    }

    @Test("An invalid regex is reported at load, naming the route, parameter and regex")
    func invalidRegex() {
        #expect {
            try DeepLinkConfiguration(json: #"{"routes": {"sales/:saleId": {"routeParameters": {"saleId": {"regex": "[0-9"}}}}}"#)
        } throws: { error in
            guard case .invalidRegex(let route, let parameter, let regex, _) = error as? DeepLinkConfigurationError else { return false }
            return route == "sales/:saleId" && parameter == "saleId" && regex == "[0-9"
                && "\(error)".hasPrefix("Route 'sales/:saleId': parameter 'saleId': the regex '[0-9' is invalid")
        }
    }

    @Test("Unusable patterns are configuration errors", arguments: ["a/:", "a/:b/:b", "a?b=1", "a#x", "a/%zz"])
    func invalidPatterns(pattern: String) {
        #expect {
            try DeepLinkConfiguration(json: #"{"routes": {"\#(pattern)": {}}}"#)
        } throws: { error in
            guard case .invalidPattern(let route, _) = error as? DeepLinkConfigurationError else { return false }
            return route == pattern
        }
    }

    @Test("Hostile input is an error, not a crash")
    func hostileInput() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: DeepLinkConfigurationError.self) { try DeepLinkConfiguration(json: deep) }
        #expect(throws: DeepLinkConfigurationError.self) { try DeepLinkConfiguration(json: "{\"a\": \"\\ud800\"}") }
        #expect(throws: DeepLinkConfigurationError.self) {
            try DeepLinkConfiguration(data: Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]))
        }
        #expect(throws: DeepLinkConfigurationError.self) { try DeepLinkConfiguration(json: "{\"a\": tru}") }
        #expect(throws: DeepLinkConfigurationError.self) { try DeepLinkConfiguration(json: "{\"a\": -}") }
    }

    @Test("JSON escapes in patterns and names are decoded")
    func escapes() throws {
        let configuration = try DeepLinkConfiguration(json: #"{"routes": {"caf\u00e9/:id": {"class": "A\/B"}}}"#)
        #expect(configuration.routes[0].name == "café/:id")
        #expect(configuration.routes[0].screen?.className == "A/B")
    }

    @Test("A missing file is an error that names the path")
    func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/MobileDeepLinkingConfig.json")
        #expect {
            try DeepLinkConfiguration(contentsOf: url)
        } throws: { error in
            guard case .unreadable(let path, _) = error as? DeepLinkConfigurationError else { return false }
            return path == url.path
        }
    }
}
