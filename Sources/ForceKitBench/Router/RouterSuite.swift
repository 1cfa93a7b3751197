import ArgumentParser
import BenchHarness
import DeepLinking
import Foundation
import Logging
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
    @Option(help: "The contenders to time, comma-separated (for profiling one).")
    var contenders = "ours,oursURL,routingKit,routingKitPresplit,linearScan"
    @OptionGroup var options: SuiteOptions

    func run() async throws {
        let environment = BenchEnvironment.current()
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
        // What a RoutingKit user reads after a match, known per route: no Set built per link.
        let parameterCounts = corpus.routes.map { route in
            route.segments.filter { if case .parameter = $0 { true } else { false } }.count
        }
        // One logger for every request, as a server has; RoutingKit's `Parameters()` makes one each time.
        let logger = Logger(label: "forcekit-bench.router")
        let presplit = corpus.links.map(Self.pathSegments)
        let sample = Array(corpus.links.prefix(linearSample))
        options.say(
            "router: \(corpus.routes.count) routes (\(corpus.routes.filter { $0.regex != nil }.count) with regex), \(corpus.links.count) links: \(corpus.directCount) direct, \(corpus.fallbackCount) need fallback, \(corpus.unmatchedCount) unmatched"
        )

        // What each contender routes, as a check that all do real work.
        let oursRouted = corpus.links.filter { (try? router.match($0)) != nil }.count
        let trieRouted = presplit.filter {
            var parameters = Parameters(logger)
            return trie.route(path: $0, parameters: &parameters) != nil
        }.count
        options.say("routed: ForceKit \(oursRouted) (exact, fallback and validation), RoutingKit \(trieRouted) (exact matches only)")

        let selected = contenders.split(separator: ",").map(String.init)
        let timings = await options.plan.run(selected, progress: options.say) { name -> Double? in
            switch name {
            case "ours":
                return Measurement.nanosecondsPerOperation(operations: corpus.links.count) {
                    var found = 0
                    for link in corpus.links { if let match = try? router.match(link) { found &+= match.parameters.count &+ 1 } }
                    return found
                }
            case "oursURL":
                return Measurement.nanosecondsPerOperation(operations: urls.count) {
                    var found = 0
                    for url in urls { if let match = try? router.match(url) { found &+= match.parameters.count &+ 1 } }
                    return found
                }
            case "routingKit":
                return Measurement.nanosecondsPerOperation(operations: corpus.links.count) {
                    var found = 0
                    for link in corpus.links {
                        var parameters = Parameters(logger)
                        if let index = trie.route(path: Self.pathSegments(link), parameters: &parameters) {
                            found &+= index &+ parameterCounts[index]
                        }
                    }
                    return found
                }
            case "routingKitPresplit":
                return Measurement.nanosecondsPerOperation(operations: presplit.count) {
                    var found = 0
                    var parameters = Parameters(logger)
                    for path in presplit { if let index = trie.route(path: path, parameters: &parameters) { found &+= index &+ 1 } }
                    return found
                }
            case "linearScan":
                return Measurement.nanosecondsPerOperation(operations: sample.count) {
                    var found = 0
                    for link in sample { if let index = linear.route(link) { found &+= index &+ 1 } }
                    return found
                }
            default:
                return nil
            }
        }
        let figure = { (name: String) in Sample(timings[name] ?? []) }
        let ours = figure("ours")
        options.say(
            "ns per link (median): "
                + selected.map { "\($0) \(figure($0).median.map { String(format: "%.1f", $0) } ?? "-")" }.joined(separator: ", "))

        var record = BenchRecord(
            suite: "router", unit: "ns/link",
            command: options.command,
            plan: options.plan, environment: environment)
        record.settings = [
            ("routes", Double(corpus.routes.count)), ("links", Double(corpus.links.count)), ("linearScanSample", Double(sample.count)),
        ]
        record.figures = selected.map { ($0, figure($0)) }
        let versusRoutingKit = ours.ratio(to: figure("routingKit"))
        let linearOverOurs = figure("linearScan").ratio(to: ours)
        record.ratios = [
            ("oursVsRoutingKit", versusRoutingKit), ("oursVsRoutingKitPresplit", ours.ratio(to: figure("routingKitPresplit"))),
            ("linearScanVsOurs", linearOverOurs),
        ]
        record.bars = [
            .atMost("oursAtMostRoutingKit", versusRoutingKit.median, 1), .atLeast("twentyTimesLinearScan", linearOverOurs.median, 20),
        ]
        if oursRouted == 0 || trieRouted == 0 { record.notes.append("A contender routed nothing: its figure measures no work.") }
        try options.finish(record)
    }

    /// A link's host and path segments, as a server hands RoutingKit a request path.
    static func pathSegments(_ link: String) -> [String] {
        let afterScheme = link.firstRange(of: "://").map { link[$0.upperBound...] } ?? Substring(link)
        let path = afterScheme.prefix { $0 != "?" && $0 != "#" }
        return path.split(separator: "/").map(String.init)
    }

}
