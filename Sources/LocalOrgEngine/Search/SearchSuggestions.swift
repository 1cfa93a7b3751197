import Foundation
import GRDB
import SOQL
import SalesforceCore

/// `search/suggestions?q=national u&sobject=Account`: records whose name has the words typed,
/// the last one as a beginning (`national u*`), as the REST API Developer Guide's "Search for
/// Records Suggested by Autocomplete" documents them.
extension DataAPI {
    /// Five suggestions unless `limit` says otherwise; at most ten objects; a query of at most
    /// 255 characters, and of at least three (one in Chinese, Japanese, Korean or Thai) before
    /// anything is suggested.
    static let suggestionDefaultLimit = 5
    static let suggestionObjectLimit = 10
    static let suggestionMaximumLength = 255

    func searchSuggestions(_ call: RestCall, db: Database) throws -> RestReply {
        let text = call.parameter("q") ?? ""
        guard text.count <= Self.suggestionMaximumLength else {
            throw APIError(
                status: 400, errorCode: "INVALID_SEARCH",
                message: "The search term must be at most \(Self.suggestionMaximumLength) characters long.")
        }
        let names = call.listParameter("sobject") ?? []
        guard !names.isEmpty, names.count <= Self.suggestionObjectLimit else {
            throw APIError(
                status: 400, errorCode: "MISSING_ARGUMENT",
                message: "Name 1 to \(Self.suggestionObjectLimit) objects to suggest records of: search/suggestions?q=acm&sobject=Account")
        }
        let types = try names.map { name throws(APIError) in try store.type(named: name) }
        let limit = try call.integerParameter("limit", in: 1...DataAPI.searchResultLimit) ?? Self.suggestionDefaultLimit
        let extraFields = call.listParameter("fields") ?? []
        // Quotes, wildcards and operators are the user's typing, not search syntax: words only.
        let words = Self.words(in: text)
        let typed = words.joined().unicodeScalars
        let isIdeographic = typed.contains { scalar in
            scalar.properties.isIdeographic || (0x0E00...0x0E7F).contains(scalar.value) || (0xAC00...0xD7AF).contains(scalar.value)
                || (0x3040...0x30FF).contains(scalar.value)
        }
        guard typed.count >= (isIdeographic ? 1 : 3) else { return Self.suggestions([], hasMore: false, version: call.version) }
        let term = words.enumerated().map { index, word in
            index == words.count - 1 ? word + "*" : (["and", "or", "not"].contains(word.lowercased()) ? "\"\(word)\"" : word)
        }.joined(separator: " ")
        var query = try SOSLQuery(term: term, scope: .name)
        for type in types {
            let name = type.nameField?.name ?? "Id"
            let selected = (["Id", name] + extraFields).reduce(into: [String]()) { list, field in
                if !list.contains(where: { $0.lowercased() == field.lowercased() }) { list.append(field) }
            }
            query.returning.append(
                ReturningObject(
                    object: type.name,
                    query: try SOQLQuery(parsing: "SELECT \(selected.joined(separator: ", ")) FROM \(type.name)")))
        }
        // The search finds names with the words anywhere; a suggestion has them in the order
        // typed, side by side ("national u" suggests First National University, not National
        // Company Utility).
        let typedWords = words.map { $0.lowercased() }
        let records = try run(query, source: term, db: db).filter { record in
            let name = types.first { $0.name == record.type }?.nameField?.name ?? "Id"
            return Self.hasInOrder(typedWords, in: Self.words(in: record[name]?.stringValue ?? "").map { $0.lowercased() })
        }
        return Self.suggestions(Array(records.prefix(limit)), hasMore: records.count > limit, version: call.version)
    }

    /// Whether `typed` appears in `name` as consecutive words, the last only begun.
    private static func hasInOrder(_ typed: [String], in name: [String]) -> Bool {
        guard let last = typed.last, name.count >= typed.count else { return false }
        let whole = typed.dropLast()
        return (0...(name.count - typed.count)).contains { start in
            zip(whole, name[start...]).allSatisfy { $0 == $1 } && name[start + whole.count].hasPrefix(last)
        }
    }

    /// The words of what was typed: runs of letters and digits, read scalar by scalar.
    private static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    private static func suggestions(_ records: [SObjectRecord], hasMore: Bool, version: String) -> RestReply {
        .written { writer in
            writer.beginObject()
            writer.key("autoSuggestResults")
            writer.beginArray()
            for record in records { record.write(to: &writer, version: version) }
            writer.endArray()
            writer.key("hasMoreResults")
            writer.bool(hasMore)
            writer.endObject()
        }
    }
}
