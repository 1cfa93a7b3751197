import DeepLinking
import SalesforceCore

/// The router suite's fixed-seed workload: realistic route patterns and a mix of links.
struct RouteCorpus {
    /// A generated route: its pattern and, for a tenth of them, a regex on its last parameter.
    struct Route {
        var segments: [Segment]
        var regex: (name: String, pattern: String, sample: String)?

        var pattern: String {
            segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .parameter(let name): ":" + name
                }
            }.joined(separator: "/")
        }
    }

    enum Segment: Hashable {
        case literal(String)
        case parameter(String)
    }

    let routes: [Route]
    let links: [String]
    let directCount: Int
    let fallbackCount: Int
    let unmatchedCount: Int

    private static let nouns = [
        "accounts", "contacts", "opportunities", "cases", "leads", "products", "orders", "invoices", "reports",
        "dashboards", "settings", "profile", "feed", "files", "search", "sales", "cart", "checkout", "reservations",
        "hotels", "flights", "users", "teams", "projects", "tasks", "notes", "events", "campaigns", "catalog",
        "promotions", "stores", "regions", "territories", "quotes", "contracts", "assets", "articles", "groups",
    ]
    private static let actions = ["edit", "new", "history", "share", "related", "activity", "files", "notes", "members", "settings"]
    private static let regexes: [(pattern: String, sample: String)] = [
        ("[0-9]+", "48213"), ("[a-z0-9]{3,12}", "spring24"), ("0[0-9A-Za-z]{14}([0-9A-Za-z]{3})?", "001D000000Jwj9vIAB"),
        ("(draft|open|closed)", "open"), ("[A-Z]{2}-[0-9]{4}", "NY-2041"),
    ]

    init(routeCount: Int, linkCount: Int, seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var routes: [Route] = []
        var seen = Set<[Segment]>()
        var regexCount = 0
        var roots = Self.nouns
        for index in 0..<60 { roots.append("area\(index)") }
        while routes.count < routeCount {
            let depth = 1 + Int(generator.next() % 5)
            var segments: [Segment] = [.literal(roots[Int(generator.next() % UInt64(roots.count))])]
            while segments.count < depth {
                // Alternate object ids and sub-resources, as REST-shaped app links do.
                if case .literal = segments[segments.count - 1], generator.next() % 4 != 0 {
                    segments.append(.parameter(Self.parameterName(after: segments)))
                } else if generator.next() % 2 == 0 {
                    segments.append(.literal(Self.nouns[Int(generator.next() % UInt64(Self.nouns.count))]))
                } else {
                    segments.append(.literal(Self.actions[Int(generator.next() % UInt64(Self.actions.count))]))
                }
            }
            guard seen.insert(segments).inserted else { continue }
            var route = Route(segments: segments, regex: nil)
            // A tenth of the routes validate a parameter: those with one, until the quota is met.
            let quota = (routes.count + 1) / 10
            if regexCount < quota, let name = segments.lazy.compactMap(Self.parameterName(of:)).last {
                let choice = Self.regexes[Int(generator.next() % UInt64(Self.regexes.count))]
                route.regex = (name, choice.pattern, choice.sample)
                regexCount += 1
            }
            routes.append(route)
        }
        self.routes = routes

        var links: [String] = []
        links.reserveCapacity(linkCount)
        var counts = (direct: 0, fallback: 0, unmatched: 0)
        for _ in 0..<linkCount {
            let roll = generator.next() % 100
            let route = routes[Int(generator.next() % UInt64(routes.count))]
            if roll < 70 {
                links.append(Self.link(for: route, generator: &generator, extra: []))
                counts.direct += 1
            } else if roll < 90 {
                let extra = (0...(generator.next() % 2)).map { _ in "x\(generator.next() % 1000)" }
                links.append(Self.link(for: route, generator: &generator, extra: extra))
                counts.fallback += 1
            } else {
                links.append(
                    "app://unknown\(generator.next() % 500)/\(Self.nouns[Int(generator.next() % UInt64(Self.nouns.count))])/\(generator.next() % 10000)"
                )
                counts.unmatched += 1
            }
        }
        self.links = links
        (directCount, fallbackCount, unmatchedCount) = counts
    }

    /// The configuration JSON for the routes, in corpus order.
    var configurationJSON: String {
        let entries = routes.map { route -> String in
            let parameters =
                route.regex.map { ", \"routeParameters\": {\"\($0.name)\": {\"regex\": \"\($0.pattern)\"}, \"utm_source\": {}}" }
                ?? ", \"routeParameters\": {\"utm_source\": {}}"
            return "\"\(route.pattern)\": {\"class\": \"Screen\"\(parameters)}"
        }
        return "{\"routes\": {\(entries.joined(separator: ", "))}}"
    }

    private static func parameterName(of segment: Segment) -> String? {
        if case .parameter(let name) = segment { name } else { nil }
    }

    /// A parameter name fixed by the pattern's prefix, so routes sharing a prefix share the
    /// name (RoutingKit refuses two names at one trie position).
    private static func parameterName(after prefix: [Segment]) -> String {
        guard case .literal(let word) = prefix[prefix.count - 1] else { return "p\(prefix.count)" }
        let name = String(word.dropLast(word.hasSuffix("s") ? 1 : 0)) + "Id"
        return prefix.contains(.parameter(name)) ? name + "\(prefix.count)" : name
    }

    private static func link(for route: Route, generator: inout SeededGenerator, extra: [String]) -> String {
        var parts: [String] = []
        for segment in route.segments {
            switch segment {
            case .literal(let text): parts.append(text)
            case .parameter(let name):
                if let regex = route.regex, regex.name == name {
                    parts.append(regex.sample)
                } else {
                    parts.append(String(generator.next() % 1_000_000))
                }
            }
        }
        let query = generator.next() % 4 == 0 ? "?utm_source=mail&gclid=\(generator.next() % 100_000)" : ""
        return "app://" + (parts + extra).joined(separator: "/") + query
    }
}
