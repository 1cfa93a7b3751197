import Foundation

/// The 2014 approach, as the MobileDeepLinking spec reads literally: parse the URL with
/// Foundation, then try every route in file order against the host and path, validating with
/// NSRegularExpression; on failure drop the last path component and scan every route again.
///
/// Regexes are compiled once at load here (the 2014 libraries compiled them while matching), so
/// the baseline is, if anything, faster than what apps shipped.
struct LinearScanRouter {
    private struct Route {
        var segments: [String]
        var validators: [String: NSRegularExpression]
    }

    private let routes: [Route]

    init(corpus: RouteCorpus) {
        routes = corpus.routes.map { route in
            let segments = route.pattern.split(separator: "/").map(String.init)
            var validators: [String: NSRegularExpression] = [:]
            if let regex = route.regex {
                validators[regex.name] = try? NSRegularExpression(pattern: "^(?:" + regex.pattern + ")$")
            }
            return Route(segments: segments, validators: validators)
        }
    }

    /// The index of the route the link goes to, or `nil`.
    func route(_ link: String) -> Int? {
        guard let components = URLComponents(string: link) else { return nil }
        var path = [components.host ?? ""] + components.path.split(separator: "/").map(String.init)
        _ = components.queryItems
        while !path.isEmpty {
            for (index, route) in routes.enumerated() where matches(route, path) { return index }
            path.removeLast()
        }
        return nil
    }

    private func matches(_ route: Route, _ path: [String]) -> Bool {
        guard route.segments.count == path.count else { return false }
        for (segment, value) in zip(route.segments, path) {
            if segment.hasPrefix(":") {
                if let validator = route.validators[String(segment.dropFirst())] {
                    let range = NSRange(value.startIndex..<value.endIndex, in: value)
                    if validator.firstMatch(in: value, range: range) == nil { return false }
                }
            } else if segment != value {
                return false
            }
        }
        return true
    }
}
