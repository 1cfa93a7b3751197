import ArgumentParser
import DeepLinking
import Foundation
import RoutingKit

/// `forcekit-bench router`: the deep-link router against a linear scan and RoutingKit's trie.
struct RouterSuite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "router",
        abstract: "Route 1,000,000 links over 1,000 routes: ForceKit, a 2014-style linear scan, and RoutingKit's trie."
    )

    @Option(help: "How many routes.") var routes = 1_000
    @Option(help: "How many links.") var links = 1_000_000
    @Option(help: "How many links the (slow) linear scan routes; its time per link is compared.") var linearSample = 5_000
    @Option(help: "Timed rounds per contender; the median counts.") var rounds = 5
    @Option(help: "The contenders to time, comma-separated (for profiling one).")
    var contenders = "ours,oursURL,routingKit,routingKitPresplit,linearScan"
    @Flag(help: "Print only the JSON line.") var json = false

    func run() async throws {
        let corpus = RouteCorpus(routeCount: routes, linkCount: links, seed: 2014)
        let router = DeepLinkRouter(configuration: try DeepLinkConfiguration(json: corpus.configurationJSON))
        let urls = corpus.links.compactMap(URL.init(string:))
        let linear = LinearScanRouter(corpus: corpus)
        let trie = TrieRouter<Int>()
        for (index, route) in corpus.routes.enumerated() {
            trie.register(
                index,
                at: route.segments.map { segment -> PathComponent in
                    switch segment {
                    case .literal(let text): .constant(text)
                    case .parameter(let name): .parameter(name)
                    }
                })
        }
        let presplit = corpus.links.map(Self.pathSegments)
        let sample = Array(corpus.links.prefix(linearSample))
        say(
            "router: \(corpus.routes.count) routes (\(corpus.routes.filter { $0.regex != nil }.count) with regex), \(corpus.links.count) links: \(corpus.directCount) direct, \(corpus.fallbackCount) need fallback, \(corpus.unmatchedCount) unmatched"
        )

        // What each contender routes, as a check that all do real work.
        let oursRouted = corpus.links.filter { (try? router.match($0)) != nil }.count
        let trieRouted = presplit.filter {
            var parameters = Parameters()
            return trie.route(path: $0, parameters: &parameters) != nil
        }.count
        say("routed: ForceKit \(oursRouted) (exact, fallback and validation), RoutingKit \(trieRouted) (exact matches only)")

        var timings: [String: [Double]] = [:]
        let selected = Set(contenders.split(separator: ",").map(String.init))
        func time(_ name: String, operations: Int, _ body: () -> Int) {
            guard selected.contains(name) else { return }
            timings[name, default: []].append(Measurement.nanosecondsPerOperation(operations: operations, body))
        }
        for round in 1...rounds {
            time("ours", operations: corpus.links.count) {
                var found = 0
                for link in corpus.links { if let match = try? router.match(link) { found &+= match.parameters.count &+ 1 } }
                return found
            }
            time("oursURL", operations: urls.count) {
                var found = 0
                for url in urls { if let match = try? router.match(url) { found &+= match.parameters.count &+ 1 } }
                return found
            }
            time("routingKit", operations: corpus.links.count) {
                var found = 0
                for link in corpus.links {
                    var parameters = Parameters()
                    if let index = trie.route(path: Self.pathSegments(link), parameters: &parameters) {
                        found &+= index &+ parameters.allNames.count
                    }
                }
                return found
            }
            time("routingKitPresplit", operations: presplit.count) {
                var found = 0
                var parameters = Parameters()
                for path in presplit { if let index = trie.route(path: path, parameters: &parameters) { found &+= index &+ 1 } }
                return found
            }
            if round <= 3 {
                time("linearScan", operations: sample.count) {
                    var found = 0
                    for link in sample { if let index = linear.route(link) { found &+= index &+ 1 } }
                    return found
                }
            }
            say("round \(round)/\(rounds) done")
        }
        let median = timings.mapValues(Measurement.median)
        let ours = median["ours"] ?? 0
        let linearScan = median["linearScan"] ?? 0
        let routingKit = median["routingKit"] ?? 0
        say(
            String(
                format:
                    "ns per link: ForceKit String %.1f, ForceKit URL %.1f, RoutingKit (split + route) %.1f, RoutingKit (pre-split) %.1f, linear scan %.1f",
                ours, median["oursURL"] ?? 0, routingKit, median["routingKitPresplit"] ?? 0, linearScan))

        var report = BenchReport()
        report.add("suite", "router")
        report.add("unit", "ns/link")
        report.add("ours", ours)
        report.add("baseline", linearScan)
        report.add("ratio", ours / linearScan)
        report.add("oursURL", median["oursURL"] ?? 0)
        report.add("linearScan", linearScan)
        report.add("routingKit", routingKit)
        report.add("routingKitPresplit", median["routingKitPresplit"] ?? 0)
        report.add("speedupVsLinearScan", linearScan / ours)
        report.add("oursVsRoutingKit", ours / routingKit)
        report.add("oursVsRoutingKitPresplit", ours / (median["routingKitPresplit"] ?? 1))
        report.add("routes", corpus.routes.count)
        report.add("links", corpus.links.count)
        report.add("linearScanSample", sample.count)
        report.add("rounds", rounds)
        report.add("barOursAtMostRoutingKit", ours <= routingKit)
        report.add("barTwentyTimesLinearScan", linearScan / ours >= 20)
        print(report.line)
    }

    /// A link's host and path segments, as a server hands RoutingKit a request path.
    static func pathSegments(_ link: String) -> [String] {
        let afterScheme = link.firstRange(of: "://").map { link[$0.upperBound...] } ?? Substring(link)
        let path = afterScheme.prefix { $0 != "?" && $0 != "#" }
        return path.split(separator: "/").map(String.init)
    }

    private func say(_ line: String) {
        if !json { print(line) }
    }
}
