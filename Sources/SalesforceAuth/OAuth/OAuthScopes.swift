import Foundation
import SalesforceCore

/// The scopes a login asks for: the app's scopes with `refresh_token` always added, duplicates
/// removed and sorted, so the same configuration always gives the same URL.
public struct OAuthScopes: Sendable, Hashable {
    /// The scopes, sorted in byte order.
    public let values: [String]

    /// Normalizes `scopes`: trims them, drops empties and adds `refresh_token`.
    public init(_ scopes: some Sequence<String>) {
        var set = Set(scopes.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        set.insert("refresh_token")
        values = set.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The scopes of a list as configurations and identity-provider messages write it, separated
    /// by commas or spaces (a comma before a combining mark included); as written, not normalized.
    public static func split(_ text: String) -> [String] {
        text.split(atScalars: [",", " "])
    }

    /// The OAuth `scope` parameter's value: the scopes joined with spaces.
    public var parameter: String { values.joined(separator: " ") }

    /// The identity-provider `scopes` parameter's value: the scopes joined with commas.
    public var commaSeparated: String { values.joined(separator: ",") }
}
