import DeepLinking
import Foundation
import SalesforceCore
import Testing

@Suite("Handlers and destinations")
struct HandlerTests {
    @Test("Handlers run in config order on one dictionary; the screen gets the final parameters")
    func handlerChain() async throws {
        var router = try makeRouter(iosSampleConfig)
        let log = CallLog()
        router.register("authenticate") { parameters in
            await log.record("authenticate:\(parameters["productId"] ?? "-")")
            parameters["user"] = "ada"
        }
        router.register("logAnalytics") { parameters in
            await log.record("logAnalytics:\(parameters["user"] ?? "-")")
        }
        // A synchronous function registers as well as an async closure.
        @Sendable func addToCart(_ parameters: inout DeepLinkParameters) { parameters["added"] = "yes" }
        router.register("addProductToCart", addToCart)
        let destination = RecordingDestination()
        let outcome = try await router.route("mdldemo://addToCart/991", to: destination)
        let routing = try #require(outcome.routing)
        #expect(routing.handlersRun == ["authenticate", "logAnalytics", "addProductToCart"])
        #expect(routing.parameters == ["productId": "991", "user": "ada", "added": "yes"])
        #expect(await log.calls == ["authenticate:991", "logAnalytics:ada"])
        #expect(await destination.shown.isEmpty, "a handlers-only route shows no screen")
    }

    @Test("The screen carries its class, identifier and storyboard, the route's overriding the default")
    func screens() async throws {
        var router = try makeRouter(iosSampleConfig)
        router.register("logAnalytics") { $0["seen"] = "1" }
        let destination = RecordingDestination()
        _ = try await router.route("mdldemo://sales/4?utmSource=ad", to: destination)
        _ = try await router.route("mdldemo://unknown", to: destination)
        let shown = await destination.shown
        #expect(shown.count == 2)
        #expect(shown[0].screen.className == "SaleViewController")
        #expect(shown[0].screen.storyboardName(for: .pad) == "SaleStoryboard_iPad")
        #expect(shown[0].parameters == ["saleId": "4", "utmSource": "ad", "seen": "1"])
        #expect(
            shown[1].screen
                == DeepLinkScreen(
                    className: "DefaultViewController", identifier: "defaultViewController",
                    storyboard: StoryboardNames(iPhone: "MainStoryboard_iPhone", iPad: "MainStoryboard_iPad")))
        #expect(StoryboardNames(iPhone: "Phone").name(for: .pad) == "Phone")
    }

    @Test("A handler that is not registered is an error naming it, and nothing runs")
    func unregisteredHandler() async throws {
        var router = try makeRouter(iosSampleConfig)
        let log = CallLog()
        router.register("authenticate") { _ in await log.record("authenticate") }
        router.register("logAnalytics") { _ in await log.record("logAnalytics") }
        #expect(router.unregisteredHandlers == ["addProductToCart"])
        let destination = RecordingDestination()
        await #expect {
            try await router.route("mdldemo://addToCart/1", to: destination)
        } throws: { error in
            guard let error = error as? DeepLinkError, error.code == .unregisteredHandler else { return false }
            return error.handler == "addProductToCart" && error.route == "addToCart/:productId"
        }
        #expect(await log.calls.isEmpty)
        #expect(await destination.shown.isEmpty)
    }

    @Test("A declining handler passes the link to the next candidate, then the fallback, then the default")
    func declining() async throws {
        let json = """
            {"defaultRoute": {"class": "Home"},
             "routes": {"items/:id": {"class": "Item", "handlers": ["gate"]},
                        "items/:slug": {"class": "Slug", "handlers": ["gate"]},
                        "items": {"class": "List", "handlers": ["gate"]}}}
            """
        var router = try makeRouter(json)
        let log = CallLog()
        router.register(
            "gate",
            .deciding { parameters in
                await log.record(parameters["id"] ?? parameters["slug"] ?? "list")
                parameters["touched"] = "yes"
                return parameters["id"] == "9" ? .proceed : .decline
            })
        let destination = RecordingDestination()
        let first = try await router.route("app://items/9", to: destination)
        #expect(first.routing?.match.route.name == "items/:id")
        let declined = try await router.route("app://items/3", to: destination)
        #expect(declined.routing?.match.route.name == "defaultRoute")
        #expect(declined.handlersRun == ["gate", "gate", "gate"])
        #expect(declined.routing?.parameters == [:], "each candidate starts from its own parameters")
        #expect(await log.calls == ["9", "3", "3", "list"])
        #expect(await destination.shown.map(\.screen.className) == ["Item", "Home"])
    }

    @Test("With no route and no default route, the link is not routed")
    func notRouted() async throws {
        let router = try makeRouter(
            androidSampleConfig.replacingOccurrences(
                of: "\"defaultRoute\": {\n    \"class\": \"com.myorg.myapp.DefaultActivity\"\n  },", with: ""))
        let outcome = try await router.route("demo://nothing/here")
        #expect(outcome.routing == nil)
        #expect(router.configuration.defaultRoute == nil)
    }

    @Test("A failing handler or destination is reported with the route")
    func failures() async throws {
        struct Boom: Error {}
        struct FailingDestination: DeepLinkDestination {
            func show(_ screen: DeepLinkScreen, parameters: DeepLinkParameters) async throws { throw Boom() }
        }
        var router = try makeRouter(iosSampleConfig)
        router.register("logAnalytics") { _ in throw Boom() }
        await #expect {
            try await router.route("mdldemo://sales/1")
        } throws: { error in
            guard let error = error as? DeepLinkError, error.code == .handlerFailed else { return false }
            return error.handler == "logAnalytics" && error.route == "sales/:saleId" && error.underlyingError is Boom
        }
        await #expect {
            try await router.route("mdldemo://elsewhere", to: FailingDestination())
        } throws: { error in
            guard let error = error as? DeepLinkError, error.code == .destinationFailed else { return false }
            return error.route == "defaultRoute" && error.underlyingError is Boom
        }
    }

    @Test("Logging reports rejections, fallback steps and the final route")
    func logging() async throws {
        final class Events: Sendable {
            private let storage = Locked([DeepLinkRoutingEvent]())
            func append(_ event: DeepLinkRoutingEvent) { storage.withLock { $0.append(event) } }
            var all: [DeepLinkRoutingEvent] { storage.current }
        }
        var router = DeepLinkRouter(configuration: try DeepLinkConfiguration(json: iosSampleConfig))
        #expect(router.logHandler != nil, "logging: true turns logging on")
        let events = Events()
        router.logHandler = { events.append($0) }
        _ = try router.match("mdldemo://sales/11")
        #expect(
            events.all == [
                .rejected(route: "sales/:saleId", reason: "'saleId' = '11' does not match [0-9]"),
                .fallback(droppedSegments: 1),
                .matched(route: "defaultRoute", parameters: [:]),
            ])
    }
}
