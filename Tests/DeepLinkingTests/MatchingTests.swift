import DeepLinking
import ForceKitTestSupport
import Foundation
import SalesforceCore
import Testing

@Suite("Matching links to routes")
struct MatchingTests {
    @Test("The host matches the first segment and :name binds the rest (MDL §2.4)")
    func hostAndParameters() throws {
        let router = try makeRouter(androidSampleConfig)
        let match = try #require(try router.match("mobiledeeplinkingprojectdemo://reservations/1234"))
        #expect(match.route.name == "reservations/:reservationId")
        #expect(match.parameters == ["reservationId": "1234"])
        #expect(match.droppedSegments == 0)
        #expect(try router.match("mobiledeeplinkingprojectdemo://reservations")?.route.name == "reservations")
    }

    @Test("Parameters are percent-decoded; literals match decoded text")
    func percentDecoding() throws {
        let router = try makeRouter(routesConfig(["search/:term", "caf%C3%A9/menu"]))
        #expect(try router.match("app://search/red%20shoes%2Fsale")?.parameters == ["term": "red shoes/sale"])
        #expect(try router.match("app://caf%C3%A9/menu")?.route.name == "caf%C3%A9/menu")
        #expect(try router.match("app://café/menu")?.route.name == "caf%C3%A9/menu")
        #expect(try router.match("app://search/na%C3%AFve")?.parameters == ["term": "naïve"])
    }

    @Test("Empty segments are ignored", arguments: ["x://data/path/", "x://data//path", "x://data/path//", "x://data/path"])
    func emptySegments(link: String) throws {
        let router = try makeRouter(routesConfig(["data/path"]))
        #expect(try router.match(link)?.route.name == "data/path")
    }

    @Test("Query parameters are forwarded only when declared, and undeclared ones never fail a route")
    func queryForwarding() throws {
        let router = try makeRouter(iosSampleConfig)
        let match = try #require(try router.match("mdldemo://sales/3?utmSource=mail&gclid=abc&utm_medium=x"))
        #expect(match.route.name == "sales/:saleId")
        #expect(match.parameters == ["saleId": "3", "utmSource": "mail"])
        #expect(try router.match("mdldemo://sales/3?utmSource=a+b%26c")?.parameters["utmSource"] == "a b&c")
        #expect(try router.match("mdldemo://sales/3?junk=%zz&utmSource=ok")?.parameters["utmSource"] == "ok")
        #expect(try router.match("mdldemo://sales/3?utmSource=first&utmSource=second")?.parameters["utmSource"] == "first")
        #expect(try router.match("mdldemo://sales/3#utmSource=fragment")?.parameters == ["saleId": "3"])
    }

    @Test(
        "A regex validates the whole value (MDL §2.6)",
        arguments: [
            ("2", true), ("11", false), ("a5", false), ("my-sale-id", false), ("7", true),
        ])
    func regexIsAnchored(saleId: String, accepted: Bool) throws {
        let router = try makeRouter(iosSampleConfig)
        let match = try router.match("mdldemo://sales/\(saleId)")
        #expect(match?.route.name == (accepted ? "sales/:saleId" : "defaultRoute"))
    }

    @Test("A required query parameter that is absent fails the route, and the next candidate is tried")
    func requiredQueryParameter() throws {
        let json = routesConfig(["item/:id", "item/:sku"], parameters: ["item/:id": #"{"ref": {"required": "true"}}"#])
        let router = try makeRouter(json)
        #expect(try router.match("app://item/9?ref=home")?.route.name == "item/:id")
        #expect(try router.match("app://item/9?ref=home")?.parameters == ["id": "9", "ref": "home"])
        #expect(try router.match("app://item/9")?.route.name == "item/:sku")
    }

    @Test("A literal segment beats a parameter, whatever the file order")
    func literalBeatsParameter() throws {
        for patterns in [["sales/:id", "sales/today"], ["sales/today", "sales/:id"]] {
            let router = try makeRouter(routesConfig(patterns))
            #expect(try router.match("app://sales/today")?.route.name == "sales/today")
            #expect(try router.match("app://sales/42")?.route.name == "sales/:id")
        }
    }

    @Test("Precedence is compared left to right")
    func leftToRight() throws {
        let router = try makeRouter(routesConfig([":kind/featured/:id", "products/:section/:id"]))
        #expect(try router.match("app://products/featured/7")?.route.name == "products/:section/:id")
    }

    @Test("Remaining ties go to file order")
    func fileOrder() throws {
        for patterns in [["a/:x", "a/:y"], ["a/:y", "a/:x"]] {
            let router = try makeRouter(routesConfig(patterns))
            let match = try #require(try router.match("app://a/1"))
            #expect(match.route.name == patterns[0])
            #expect(try router.candidates(for: "app://a/1").map(\.route.name) == patterns)
        }
    }

    @Test("A match whose validation fails counts as no match; other candidates at that depth are tried")
    func validationFailureTriesOtherCandidates() throws {
        let json = routesConfig(["sales/:saleId", "sales/:slug"], parameters: ["sales/:saleId": #"{"saleId": {"regex": "[0-9]+"}}"#])
        let router = try makeRouter(json)
        #expect(try router.match("app://sales/123")?.route.name == "sales/:saleId")
        #expect(try router.match("app://sales/summer")?.route.name == "sales/:slug")
    }

    @Test("Fallback drops trailing segments, keeping the query, down to the host, then nothing, then the default")
    func fallback() throws {
        let json = routesConfig(["sales", "sales/:id", ""], parameters: ["sales": #"{"ref": {}}"#], defaultRoute: true)
        let router = try makeRouter(json)
        let deep = try #require(try router.match("app://sales/5/extra/more?ref=mail"))
        #expect(deep.route.name == "sales/:id")
        #expect(deep.droppedSegments == 2)
        let host = try #require(try router.match("app://sales?ref=mail"))
        #expect(host.route.name == "sales" && host.parameters == ["ref": "mail"])
        #expect(try router.match("app://other/path")?.route.name == "")
        #expect(try router.match("app://")?.route.name == "")
        let withoutEmpty = try makeRouter(routesConfig(["sales"], defaultRoute: true))
        #expect(try withoutEmpty.match("app://other/path")?.isDefaultRoute == true)
        let withoutDefault = try makeRouter(routesConfig(["sales"]))
        #expect(try withoutDefault.match("app://other/path") == nil)
    }

    @Test("Candidates come in routing order: precedence, then fallback, then the default route")
    func candidateOrder() throws {
        let router = try makeRouter(routesConfig(["a/:x/c", "a/b/:y", "a/b", "a"], defaultRoute: true))
        #expect(try router.candidates(for: "app://a/b/c").map(\.route.name) == ["a/b/:y", "a/:x/c", "a/b", "a", "defaultRoute"])
    }

    @Test("Patterns starting with '/' match the path of https links; host patterns match custom schemes; one table")
    func universalLinks() throws {
        let router = try makeRouter(routesConfig(["/product/:id", "product/:id", "shop.example.com/about", "/"]))
        #expect(try router.match("https://shop.example.com/product/42")?.route.name == "/product/:id")
        #expect(try router.match("myshop://product/42")?.route.name == "product/:id")
        #expect(try router.match("https://SHOP.example.com/about")?.route.name == "shop.example.com/about")
        #expect(try router.match("https://user:pw@shop.example.com:8443/product/42?x=1")?.parameters == ["id": "42"])
        #expect(try router.match("https://shop.example.com/")?.route.name == "/")
        #expect(try router.match("https://[::1]:8080/product/1")?.route.name == "/product/:id")
    }

    @Test("The host is case-insensitive; the path is not")
    func caseSensitivity() throws {
        let router = try makeRouter(routesConfig(["Sales/Today"]))
        #expect(try router.match("app://SALES/Today")?.route.name == "Sales/Today")
        #expect(try router.match("app://sales/today") == nil)
    }

    @Test("Foundation URLs route like their text")
    func urls() throws {
        let router = try makeRouter(androidSampleConfig)
        let url = try #require(URL(string: "demo://account/u%2042"))
        #expect(try router.match(url)?.parameters == ["userId": "u 42"])
    }

    @Test(
        "Text that is not a link is an error that says why",
        arguments: [
            ("", "'' is not a deep link: the link is empty."),
            ("sales/5", "'sales/5' is not a deep link: it has no scheme; a deep link looks like scheme://host/path."),
            ("1app://x", "'1app://x' is not a deep link: it has no scheme; a deep link looks like scheme://host/path."),
            (
                "mailto:someone",
                "'mailto:someone' is not a deep link: '//' must follow the scheme; a deep link looks like scheme://host/path."
            ),
            ("app://sales/a b", "'app://sales/a b' is not a deep link: character 14 is a space; percent-encode it (a space is %20)."),
            (
                "app://sales/%zz",
                "'app://sales/%zz' is not a deep link: the percent-escape at character 13 is not '%' followed by two hex digits."
            ),
            ("app://sales/%FF", "'app://sales/%FF' is not a deep link: its percent-escapes decode to bytes that are not UTF-8."),
            (
                "app://sales/5%",
                "'app://sales/5%' is not a deep link: the percent-escape at character 14 is not '%' followed by two hex digits."
            ),
        ])
    func invalidLinks(link: String, message: String) throws {
        let router = try makeRouter(iosSampleConfig)
        #expect {
            try router.match(link)
        } throws: { error in
            (error as? DeepLinkError)?.description == message
        }
    }

    @Test("Arbitrary text never crashes the router")
    func fuzzLinks() throws {
        let router = try makeRouter(
            routesConfig(
                ["a/:b", "/c/:d", "", ":e/f"], parameters: ["a/:b": #"{"b": {"regex": "[a-z]+"}, "q": {"required": true}}"#],
                defaultRoute: true))
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("ab:/?#&=%+@[]. 0F\u{7F}é\n")
        for _ in 0..<5_000 {
            let length = Int.random(in: 0..<24, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            let link = (Bool.random(using: &generator) ? "app://" : "") + text
            do {
                let match = try router.match(link)
                #expect(match != nil, "a default route exists, so every valid link routes: \(link)")
            } catch {
                // The only way a link fails to match is by not being a link, and the error quotes it.
                #expect(error.code == .invalidLink && error.message.hasPrefix("'\(link)' is not a deep link: "), "\(error)")
            }
        }
    }
}

@Suite("Parameters")
struct ParametersTests {
    @Test("They read and write like a dictionary, compare without regard to order, and keep their order")
    func dictionaryLike() {
        var parameters: DeepLinkParameters = ["saleId": "5", "utm": "mail"]
        #expect(parameters["saleId"] == "5")
        parameters["user"] = "ada"
        parameters["utm"] = "ad"
        parameters["saleId"] = nil
        parameters["missing"] = nil
        #expect(parameters.names == ["utm", "user"])
        #expect(parameters == ["user": "ada", "utm": "ad"])
        #expect(parameters != ["user": "ada"])
        #expect(parameters != ["user": "ada", "utm": "mail"])
        #expect(Set([parameters, ["utm": "ad", "user": "ada"]]).count == 1)
        #expect(parameters.dictionary == ["user": "ada", "utm": "ad"])
        #expect(DeepLinkParameters(["b": "2", "a": "1"]).names == ["a", "b"])
        #expect(parameters.description == "user=ada, utm=ad")
    }
}

@Suite("Configurations built in code")
struct ProgrammaticConfigurationTests {
    @Test("A route without a pattern among the routes leaves the others' matches intact")
    func patternlessRoute() throws {
        let configuration = DeepLinkConfiguration(routes: [
            try DeepLinkRoute(pattern: nil, screen: DeepLinkScreen(className: "Orphan")),
            try DeepLinkRoute(pattern: "a/:id", screen: DeepLinkScreen(className: "A")),
            try DeepLinkRoute(pattern: "b", screen: DeepLinkScreen(className: "B")),
        ])
        let router = DeepLinkRouter(configuration: configuration)
        #expect(try router.match("app://a/1")?.screen?.className == "A")
        #expect(try router.match("app://b")?.screen?.className == "B")
        #expect(try router.match("app://c") == nil)
    }

    @Test("Regexes given in code are checked like those in files")
    func codeRegex() {
        #expect {
            try RouteParameter(name: "id", regex: "(")
        } throws: { error in
            "\(error)".hasPrefix("parameter 'id': the regex '(' is invalid")
        }
        #expect((try? RouteParameter(name: "id", regex: "[0-9]+"))?.accepts("12") == true)
    }
}
