public import Foundation
public import SalesforceCore

/// One page of a query's answer, its records decoded as `Record`.
public struct QueryResult<Record: Sendable>: Sendable {
    /// How many records the whole query matches.
    public var totalSize: Int
    /// Whether this is the last page.
    public var done: Bool
    /// The next page's URL, when there is one.
    public var nextRecordsURL: String?
    /// This page's records.
    public var records: [Record]

    /// Creates a page.
    public init(totalSize: Int, done: Bool, nextRecordsURL: String?, records: [Record]) {
        self.totalSize = totalSize
        self.done = done
        self.nextRecordsURL = nextRecordsURL
        self.records = records
    }
}

extension QueryResult: Decodable where Record: Decodable {
    private enum CodingKeys: String, CodingKey {
        case totalSize, done
        case nextRecordsURL = "nextRecordsUrl"
        case records
    }

    /// Decodes Salesforce's `{totalSize, done, nextRecordsUrl, records}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        totalSize = try container.decode(Int.self, forKey: .totalSize)
        done = try container.decode(Bool.self, forKey: .done)
        nextRecordsURL = try container.decodeIfPresent(String.self, forKey: .nextRecordsURL)
        records = try container.decode([Record].self, forKey: .records)
    }
}

/// How a page's body becomes a ``QueryResult``.
public struct QueryPageDecoder<Record: Sendable>: Sendable {
    let decode: @Sendable (Data) throws(RestError) -> QueryResult<Record>

    /// Decodes one page's body.
    public func page(from data: Data) throws(RestError) -> QueryResult<Record> {
        try decode(data)
    }

    /// Records as `JSON` values.
    public static var json: QueryPageDecoder<JSON> {
        QueryPageDecoder<JSON> { data throws(RestError) in
            guard let json = try? JSON(parsing: data), let done = json["done"]?.boolValue,
                let records = json["records"]?.arrayValue
            else {
                throw .decoding("The answer is not a query result.")
            }
            return QueryResult(
                totalSize: Int(json["totalSize"]?.integerValue ?? Int64(records.count)), done: done,
                nextRecordsURL: json["nextRecordsUrl"]?.stringValue, records: records)
        }
    }

    /// Records decoded as a `Decodable` type.
    public static func decodable(_ type: Record.Type, decoder: JSONDecoder = JSONDecoder()) -> QueryPageDecoder<Record>
    where Record: Decodable {
        return QueryPageDecoder { data throws(RestError) in
            do {
                return try decoder.decode(QueryResult<Record>.self, from: data)
            } catch {
                throw .decoding("The query's records are not \(Record.self): \(error)")
            }
        }
    }
}
