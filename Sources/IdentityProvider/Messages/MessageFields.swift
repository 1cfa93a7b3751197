import SalesforceCore
import URLEncoding

/// A message's query, percent-decoded; the first of a repeated name wins.
///
/// `+` stays `+`: codes may contain it, and a form decoder would turn it into a space (the
/// SDK's receivers depend on it not doing so).
struct MessageFields {
    let command: String
    private var values: [String: String] = [:]

    init(command: String, query: Substring) {
        self.command = command
        for pair in query.split(atScalars: ["&"]) {
            let parts = pair.split(atScalars: ["="], maxSplits: 1, omittingEmptyParts: false)
            guard let name = PercentEncoding.decode(parts[0]), !name.isEmpty, values[name] == nil else { continue }
            values[name] = parts.count == 2 ? PercentEncoding.decode(parts[1]) ?? String(parts[1]) : ""
        }
    }

    subscript(name: String) -> String? {
        values[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    func required(_ name: String) throws(IdPError) -> String {
        guard let value = self[name] else { throw .missingParameter(name, in: command) }
        return value
    }

    func unknown(besides known: Set<String>) -> [String: String] {
        values.filter { !known.contains($0.key) }
    }
}
