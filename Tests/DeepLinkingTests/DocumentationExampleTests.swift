import DeepLinking
import Testing

/// The DocC overview's example, run: if this fails, the article is wrong.
@Suite("The DeepLinking article's example")
struct DocumentationExampleTests {
    actor Shown: DeepLinkDestination {
        var lines: [String] = []
        func show(_ screen: DeepLinkScreen, parameters: DeepLinkParameters) async throws {
            lines.append("show \(screen.className ?? "?") with \(parameters)")
        }
    }

    @Test("It routes, runs the handler, shows the screen and builds a link as the article says")
    func articleExample() async throws {
        let configuration = try DeepLinkConfiguration(
            json: """
                {
                  "defaultRoute": {"class": "HomeViewController"},
                  "routes": {
                    "sales/:saleId": {
                      "class": "SaleViewController",
                      "handlers": ["logAnalytics"],
                      "routeParameters": {"saleId": {"required": true, "regex": "[0-9]+"}, "utmSource": {}}
                    }
                  }
                }
                """)
        var router = DeepLinkRouter(configuration: configuration)
        router.register("logAnalytics") { parameters in
            parameters["tracked"] = "yes"
        }
        let destination = Shown()
        let outcome = try await router.route("mdldemo://sales/5?utmSource=mail&gclid=x", to: destination)
        #expect(await destination.lines == ["show SaleViewController with saleId=5, tracked=yes, utmSource=mail"])
        #expect(outcome.routing?.handlersRun == ["logAnalytics"])
        #expect(try router.link(to: "sales/:saleId", parameters: ["saleId": "42"], scheme: "mdldemo") == "mdldemo://sales/42")
    }
}
