import DeepLinking
import SalesforceCore

/// The fixed worlds the fuzzed inputs meet, built once per process.
enum FuzzFixtures {
    /// A router with every kind of route: literal, `:parameter`, a validated parameter, a
    /// path-only pattern, query parameters, handlers and a default route.
    static let router: DeepLinkRouter = {
        let json = """
            {
              "logging": false,
              "defaultRoute": {"class": "Home"},
              "routes": {
                "sales/:saleId": {"class": "Sale", "handlers": ["track"],
                  "routeParameters": {"saleId": {"required": true, "regex": "[0-9]+"}, "utmSource": {}}},
                "addToCart/:productId": {"handlers": ["authenticate", "addToCart"]},
                "/reservations/:reservationId/guests/:guest": {"class": "Guests"},
                "account/:userId": {"class": "Account", "routeParameters": {"tab": {"regex": "^(info|feed)$"}}},
                "search": {"class": "Search", "routeParameters": {"q": {"required": true}}}
              }
            }
            """
        // The configuration is fixed and known to be valid; a failure here is a bug the
        // fuzzer should report at once.
        guard let configuration = try? DeepLinkConfiguration(json: json) else {
            fatalError("The fuzzer's fixed deep-link configuration does not read")
        }
        var router = DeepLinkRouter(configuration: configuration)
        router.logHandler = nil
        return router
    }()

    /// A signed-in user for link decisions.
    static let user: UserIdentity = {
        guard let user = try? UserIdentity(orgID: "00DLo0000000001MAA", userID: "005Lo0000000001IAA") else {
            fatalError("The fuzzer's fixed user ids do not read")
        }
        return user
    }()
}
