import DeepLinking
import ForceKitTestSupport
import SalesforceCore
import Testing

/// The spec's rules written out literally, as a reference the trie must agree with: at each
/// fallback step, every route whose segments match, ordered literal-before-parameter left to
/// right and then by file order, the first whose parameters validate.
private struct ReferenceRouter {
    let patterns: [[String]]
    let digitsOnly: Set<Int>

    func route(host: String, path: [String]) -> (index: Int, parameters: [String: String])? {
        let full = [host] + path
        for dropped in 0...path.count {
            let segments = Array(full.prefix(full.count - dropped))
            let candidates = patterns.indices.filter { matches(patterns[$0], segments) }.sorted { a, b in
                for (x, y) in zip(patterns[a], patterns[b]) where x.hasPrefix(":") != y.hasPrefix(":") {
                    return !x.hasPrefix(":")
                }
                return a < b
            }
            for index in candidates {
                var parameters: [String: String] = [:]
                for (segment, value) in zip(patterns[index], segments) where segment.hasPrefix(":") {
                    parameters[String(segment.dropFirst())] = value
                }
                if digitsOnly.contains(index), !(parameters.values.allSatisfy { $0.allSatisfy(\.isNumber) }) { continue }
                return (index, parameters)
            }
        }
        return nil
    }

    private func matches(_ pattern: [String], _ segments: [String]) -> Bool {
        pattern.count == segments.count && zip(pattern, segments).allSatisfy { $0.hasPrefix(":") || $0 == $1 }
    }
}

@Suite("Precedence and fallback agree with a literal reading of the spec")
struct PrecedencePropertyTests {
    @Test("Random route tables and links", arguments: 0..<40)
    func randomTables(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let words = ["a", "b", "c", "1", "22"]
        var patterns: [[String]] = []
        var seen = Set<[String]>()
        while patterns.count < 12 {
            let depth = Int.random(in: 1...4, using: &generator)
            let pattern = (0..<depth).map { position -> String in
                Bool.random(using: &generator) ? ":p\(position)" : words.randomElement(using: &generator) ?? "a"
            }
            if seen.insert(pattern).inserted { patterns.append(pattern) }
        }
        let digitsOnly = Set((0..<patterns.count).filter { _ in Int.random(in: 0..<4, using: &generator) == 0 })
        var parameters: [String: String] = [:]
        for index in digitsOnly {
            let names = patterns[index].filter { $0.hasPrefix(":") }.map { "\"\($0.dropFirst())\": {\"regex\": \"[0-9]+\"}" }
            parameters[patterns[index].joined(separator: "/")] = "{\(names.joined(separator: ", "))}"
        }
        let router = try makeRouter(routesConfig(patterns.map { $0.joined(separator: "/") }, parameters: parameters))
        let reference = ReferenceRouter(patterns: patterns, digitsOnly: digitsOnly)
        for _ in 0..<200 {
            let host = words.randomElement(using: &generator) ?? "a"
            let path = (0..<Int.random(in: 0...4, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "a" }
            let link = "app://" + ([host] + path).joined(separator: "/")
            let expected = reference.route(host: host, path: path)
            let actual = try router.match(link)
            #expect(actual?.route.name == expected.map { patterns[$0.index].joined(separator: "/") }, "\(link)")
            #expect(actual?.parameters.dictionary == expected?.parameters, "\(link)")
        }
    }
}
