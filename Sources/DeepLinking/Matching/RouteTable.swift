import URLEncoding

/// A configuration compiled for routing: the trie, each route's parameter rules, and the
/// fallback order of the MDL spec.
final class RouteTable: Sendable {
    let routes: [CompiledRoute]
    let defaultRoute: CompiledRoute?
    private let trie: RouteTrie
    /// Whether any pattern starts with `/`; most configurations have none, and then the
    /// path-only table is not searched at all.
    private let hasPathOnlyRoutes: Bool

    init(configuration: DeepLinkConfiguration) {
        let defaults = configuration.storyboard
        routes = configuration.routes.map { CompiledRoute($0, defaultStoryboard: defaults) }
        defaultRoute = configuration.defaultRoute.map { CompiledRoute($0, defaultStoryboard: defaults) }
        trie = RouteTrie(patterns: configuration.routes.map(\.pattern))
        hasPathOnlyRoutes = configuration.routes.contains { $0.pattern?.matchesPathOnly == true }
    }

    /// Calls `visit` with each candidate that matches and validates, in precedence order and
    /// then down the fallback steps, the default route last, until `visit` returns `true`.
    /// - Throws: ``DeepLinkError/invalidLink(_:reason:)`` when the text is not a link.
    func forEachCandidate(
        in link: String, log: DeepLinkRouter.LogHandler?, _ visit: (DeepLinkMatch) -> Bool
    ) throws(DeepLinkError) {
        var text = link
        let problem: LinkProblem? = text.withUTF8 { raw in
            switch LinkScanner.scan(raw) {
            case .failure(let problem):
                return problem
            case .success(let layout):
                let capacity = layout.path.count / 2 + 2
                return withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity * 2) { storage in
                    let starts = UnsafeMutableBufferPointer(rebasing: storage[0..<capacity])
                    let ends = UnsafeMutableBufferPointer(rebasing: storage[capacity..<(capacity * 2)])
                    let query = QueryParameters(raw: raw, range: layout.query)
                    let hostCount = layout.host == nil ? 0 : 1
                    var segments = SegmentList(buffer: raw, starts: starts, ends: ends)
                    if let host = layout.host { segments.append(host) }
                    segments.appendPathSegments(of: layout.path, in: raw)
                    guard layout.hasEscapes else {
                        walk(segments, hostCount: hostCount, query: query, log: log, visit)
                        return nil
                    }
                    // Decode every segment into one buffer, pointing each range at its decoded bytes.
                    var decoded: [UInt8] = []
                    for index in 0..<segments.count {
                        let range = starts[index]..<ends[index]
                        var piece = Array(raw[range])
                        if let offset = PercentEncoding.decode(&piece, plusAsSpace: false) {
                            return .malformedEscape(offset: range.lowerBound + offset)
                        }
                        guard String(validating: piece, as: UTF8.self) != nil else { return .notUTF8 }
                        starts[index] = decoded.count
                        decoded.append(contentsOf: piece)
                        ends[index] = decoded.count
                    }
                    decoded.withUnsafeBufferPointer { buffer in
                        walk(segments.rebased(onto: buffer), hostCount: hostCount, query: query, log: log, visit)
                    }
                    return nil
                }
            }
        }
        if let problem { throw .invalidLink(link, reason: problem.reason) }
    }

    /// Searches the trie for each step of the fallback strategy, validating candidates as they
    /// come, with the search frames on the stack.
    private func walk(
        _ segments: SegmentList, hostCount: Int, query: QueryParameters, log: DeepLinkRouter.LogHandler?,
        _ visit: (DeepLinkMatch) -> Bool
    ) {
        let pathCount = segments.count - hostCount
        // One frame per segment plus the root, for the longest range tried.
        withUnsafeTemporaryAllocation(of: TrieCursor.Frame.self, capacity: segments.count + 1) { frames in
            func attempt(_ root: Int32, _ range: Range<Int>, dropped: Int) -> Bool {
                var cursor = trie.cursor(
                    from: root, segments: segments, range: range, foldFirst: root == RouteTrie.hostRoot, frames: frames)
                while let index = cursor.next() {
                    if let match = candidate(
                        routes[Int(index)], segments, start: range.lowerBound, dropped: dropped,
                        query: query, log: log),
                        visit(match)
                    {
                        return true
                    }
                }
                return false
            }
            walkFallback(segments, hostCount: hostCount, pathCount: pathCount, query: query, log: log, attempt, visit)
        }
    }

    /// The MDL fallback strategy: the whole host and path, then one trailing segment fewer at a
    /// time down to the host alone, then nothing, then the default route. At each step,
    /// host-rooted patterns are tried before path-only ones.
    private func walkFallback(
        _ segments: SegmentList, hostCount: Int, pathCount: Int, query: QueryParameters,
        log: DeepLinkRouter.LogHandler?, _ attempt: (Int32, Range<Int>, Int) -> Bool, _ visit: (DeepLinkMatch) -> Bool
    ) {
        for dropped in 0...pathCount {
            let kept = hostCount + pathCount - dropped
            if dropped > 0 { log?(.fallback(droppedSegments: dropped)) }
            if attempt(RouteTrie.hostRoot, 0..<kept, dropped) { return }
            if hasPathOnlyRoutes, attempt(RouteTrie.pathRoot, hostCount..<kept, dropped) { return }
        }
        if hostCount > 0, attempt(RouteTrie.hostRoot, 0..<0, pathCount + 1) { return }
        if let defaultRoute,
            let match = candidate(defaultRoute, segments, start: 0, dropped: segments.count, query: query, log: log),
            visit(match)
        {
            return
        }
        log?(.notRouted)
    }

    /// The route's match for these segments, or `nil` (logged) when a parameter fails its rules.
    private func candidate(
        _ route: CompiledRoute, _ segments: SegmentList, start: Int, dropped: Int, query: QueryParameters,
        log: DeepLinkRouter.LogHandler?
    ) -> DeepLinkMatch? {
        for binding in route.validatedPathParameters {
            guard let validator = binding.validator else { continue }
            let value = segments.bytes(at: start + binding.position)
            if !validator.accepts(value) {
                log?(
                    .rejected(
                        route: route.route.name,
                        reason: "'\(binding.name)' = '\(segments.string(at: start + binding.position))' does not match \(validator.pattern)"
                    ))
                return nil
            }
        }
        var parameters = DeepLinkParameters(capacity: route.pathParameters.count + route.queryParameters.count)
        for binding in route.pathParameters {
            parameters.appendNew(binding.name, segments.string(at: start + binding.position))
        }
        for parameter in route.queryParameters {
            guard let value = query.value(for: parameter.name) else {
                if parameter.isRequired {
                    log?(.rejected(route: route.route.name, reason: "the required parameter '\(parameter.name)' is missing"))
                    return nil
                }
                continue
            }
            guard parameter.accepts(value) else {
                log?(.rejected(route: route.route.name, reason: "'\(parameter.name)' = '\(value)' does not match \(parameter.regex ?? "")"))
                return nil
            }
            parameters.appendNew(parameter.name, value)
        }
        log?(.matched(route: route.route.name, parameters: parameters))
        return DeepLinkMatch(compiled: route, parameters: parameters, droppedSegments: dropped)
    }
}

/// A route with its rules resolved for matching. A class: a match refers to it rather than
/// copying the route's strings and arrays.
final class CompiledRoute: Sendable {
    struct PathBinding: Sendable {
        /// The segment's position within the pattern.
        var position: Int
        var name: String
        var validator: ValueValidator?
    }

    let route: DeepLinkRoute
    let screen: DeepLinkScreen?
    let pathParameters: [PathBinding]
    /// The path parameters that have a regex: most have none, and then validation is skipped.
    let validatedPathParameters: [PathBinding]
    /// Declared parameters that are not path parameters: read from the query.
    let queryParameters: [RouteParameter]

    init(_ route: DeepLinkRoute, defaultStoryboard: StoryboardNames?) {
        self.route = route
        var screen = route.screen
        if screen?.storyboard == nil { screen?.storyboard = defaultStoryboard }
        self.screen = screen
        var bindings: [PathBinding] = []
        for (position, segment) in (route.pattern?.segments ?? []).enumerated() {
            guard case .parameter(let name) = segment else { continue }
            bindings.append(PathBinding(position: position, name: name, validator: route.parameter(named: name)?.validator))
        }
        pathParameters = bindings
        validatedPathParameters = bindings.filter { $0.validator != nil }
        let pathNames = Set(bindings.map(\.name))
        queryParameters = route.parameters.filter { !pathNames.contains($0.name) }
    }
}

/// The link's query, read in place: a declared parameter is found by scanning the raw bytes,
/// and only its value is decoded.
struct QueryParameters {
    private let raw: UnsafeBufferPointer<UInt8>
    private let range: Range<Int>?

    init(raw: UnsafeBufferPointer<UInt8>, range: Range<Int>?) {
        self.raw = raw
        self.range = range
    }

    /// The first value given for `name`, decoded (`+` as space).
    func value(for name: String) -> String? {
        guard let range else { return nil }
        var start = range.lowerBound
        while start <= range.upperBound {
            var end = start
            while end < range.upperBound, raw[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                var equals = start
                while equals < end, raw[equals] != UInt8(ascii: "=") { equals += 1 }
                if Self.component(raw[start..<equals], equals: name) {
                    return equals < end ? Self.decode(raw[(equals + 1)..<end]) : ""
                }
            }
            start = end + 1
        }
        return nil
    }

    /// Whether an encoded query key is `name`: compared in place unless it holds escapes.
    private static func component(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, equals name: String) -> Bool {
        if bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
            return decode(bytes) == name
        }
        return bytes.elementsEqual(name.utf8)
    }

    /// Decodes a query component. A malformed escape in a parameter the link's sender added
    /// must not fail the route, so such text is kept as it is.
    private static func decode(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var decoded = Array(bytes)
        if PercentEncoding.decode(&decoded, plusAsSpace: true) == nil, let text = String(validating: decoded, as: UTF8.self) {
            return text
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
