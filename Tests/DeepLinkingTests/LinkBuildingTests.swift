import DeepLinking
import ForceKitTestSupport
import Foundation
import SalesforceCore
import Testing

@Suite("Building links from routes")
struct LinkBuildingTests {
    @Test("Path parameters fill the pattern, declared parameters form the query, all percent-encoded")
    func building() throws {
        let router = try makeRouter(iosSampleConfig)
        #expect(try router.link(to: "sales/:saleId", parameters: ["saleId": "5"], scheme: "mdldemo") == "mdldemo://sales/5")
        #expect(
            try router.link(to: "sales/:saleId", parameters: ["saleId": "5", "utmSource": "e-mail & more"], scheme: "mdldemo")
                == "mdldemo://sales/5?utmSource=e-mail%20%26%20more")
        let routes = try makeRouter(routesConfig(["/product/:id", "tag/:name"]))
        #expect(
            try routes.link(to: "/product/:id", parameters: ["id": "a/b+c"], scheme: "https", host: "shop.example.com")
                == "https://shop.example.com/product/a%2Fb%2Bc")
        #expect(try routes.link(to: "tag/:name", parameters: ["name": "café"], scheme: "app") == "app://tag/caf%C3%A9")
    }

    @Test("Built links route back to the same route and parameters")
    func roundTrip() throws {
        let json = routesConfig(
            ["items/:id/reviews/:reviewId", "/p/:slug"],
            parameters: ["items/:id/reviews/:reviewId": #"{"sort": {}, "page": {"regex": "[0-9]+"}}"#])
        let router = try makeRouter(json)
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("aZ09 -._~!$&'()*+,;=:@/?#[]%\"<>\\^`{|}éß漢🙂")
        func value() -> String {
            String((0..<Int.random(in: 1...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
        }
        for _ in 0..<500 {
            let parameters: DeepLinkParameters = [
                "id": value(), "reviewId": value(), "sort": value(), "page": String(Int.random(in: 0...999, using: &generator)),
            ]
            let link = try router.link(to: "items/:id/reviews/:reviewId", parameters: parameters, scheme: "app")
            let match = try #require(try router.match(link))
            #expect(match.route.name == "items/:id/reviews/:reviewId")
            #expect(match.parameters == parameters, "\(link)")
            // An oracle of its own, not our matcher: Foundation's parser finds the values in their places.
            #expect(link.unicodeScalars.allSatisfy { $0.isASCII && !" \"<>\\^`{|}".unicodeScalars.contains($0) }, "\(link)")
            let components = try #require(URLComponents(string: link), "\(link)")
            #expect(components.host == "items", "\(link)")
            let segments = components.percentEncodedPath.split(separator: "/").map { $0.removingPercentEncoding ?? "" }
            #expect(segments == [parameters["id"], "reviews", parameters["reviewId"]], "\(link)")
            let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
            #expect(query == ["sort": parameters["sort"], "page": parameters["page"]], "\(link)")
            let slug = value()
            let web = try router.link(to: "/p/:slug", parameters: ["slug": slug], scheme: "https", host: "example.com")
            #expect(try router.match(web)?.parameters == ["slug": slug])
        }
    }

    @Test("Every way a link cannot be built is an error that says why")
    func errors() throws {
        let router = try makeRouter(
            routesConfig(
                ["sales/:id", "sales/today", "/web/:x"],
                parameters: ["sales/:id": #"{"id": {"regex": "[a-z0-9]+"}, "ref": {"required": true}}"#]))
        func message(_ body: () throws -> String) -> String? {
            do {
                _ = try body()
                return nil
            } catch { return (error as? DeepLinkBuildingError)?.description }
        }
        #expect(
            message { try router.link(to: "nope/:x", scheme: "app") }
                == "No route has the pattern 'nope/:x'. Use a pattern exactly as the configuration writes it.")
        #expect(
            message { try router.link(to: "sales/:id", parameters: ["ref": "r"], scheme: "app") }
                == "Route 'sales/:id' needs a value for 'id'.")
        #expect(
            message { try router.link(to: "sales/:id", parameters: ["id": "x"], scheme: "app") }
                == "Route 'sales/:id' needs a value for 'ref'.")
        #expect(
            message { try router.link(to: "sales/:id", parameters: ["id": "", "ref": "r"], scheme: "app") }
                == "Route 'sales/:id': 'id' = '' cannot be used: a path segment cannot be empty.")
        #expect(
            message { try router.link(to: "sales/:id", parameters: ["id": "X!", "ref": "r"], scheme: "app") }
                == "Route 'sales/:id': 'id' = 'X!' cannot be used: it does not match [a-z0-9]+.")
        #expect(
            message { try router.link(to: "sales/:id", parameters: ["id": "x", "ref": "r", "utm": "1"], scheme: "app") }
                == "Route 'sales/:id' does not declare 'utm' in routeParameters, so the link would lose it. Declare it or leave it out.")
        #expect(
            message { try router.link(to: "sales/:id", parameters: ["id": "today", "ref": "r"], scheme: "app") }
                == "'app://sales/today?ref=r' would be routed to 'sales/today' instead of 'sales/:id', which takes precedence. Choose other parameter values."
        )
        #expect(
            message { try router.link(to: "sales/:id", parameters: ["id": "x", "ref": "r"], scheme: "1app") }?.hasPrefix(
                "'1app' cannot be used in a link") == true)
        #expect(
            message { try router.link(to: "/web/:x", parameters: ["x": "1"], scheme: "https") }?.hasPrefix(
                "'/web/:x' cannot be used in a link: a pattern that starts with '/'") == true)
        #expect(
            message { try router.link(to: "sales/today", scheme: "app", host: "example.com") }?.hasPrefix(
                "'example.com' cannot be used in a link") == true)
        #expect(
            message { try router.link(to: "/web/:x", parameters: ["x": "1"], scheme: "https", host: "a b") }?.hasPrefix(
                "'a b' cannot be used in a link") == true)
    }
}

@Suite("Link-building errors")
struct LinkBuildingErrorTests {
    @Test("A catch names a code; the error names the route and the parameter")
    func codes() throws {
        let router = try makeRouter(routesConfig(["sales/:id"]))
        func build(_ parameters: DeepLinkParameters) -> DeepLinkBuildingError.Code? {
            do {
                _ = try router.link(to: "sales/:id", parameters: parameters, scheme: "app")
                return nil
            } catch DeepLinkBuildingError.Code.missingParameter {
                return .missingParameter
            } catch {
                return error.code
            }
        }
        #expect(build([:]) == .missingParameter)
        #expect(build(["id": ""]) == .invalidParameterValue)
        #expect(build(["id": "1"]) == nil)
        let error = #expect(throws: DeepLinkBuildingError.self) {
            try router.link(to: "sales/:id", parameters: ["id": "1", "q": "x"], scheme: "app")
        }
        #expect(error?.code == .undeclaredParameter && error?.route == "sales/:id" && error?.parameter == "q")
    }
}
