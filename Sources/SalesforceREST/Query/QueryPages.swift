public import Foundation
public import SalesforceCore

/// Every page of a query, fetched one at a time as they are iterated, following
/// `nextRecordsUrl` until the last.
public struct QueryPages<Record: Sendable>: AsyncSequence, Sendable {
    /// Each element is one page.
    public typealias Element = QueryResult<Record>
    /// The error iteration throws.
    public typealias Failure = RestError

    let client: RestClient
    let first: RestRequest
    let decoder: QueryPageDecoder<Record>

    /// The iterator.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let client: RestClient
        let decoder: QueryPageDecoder<Record>
        var next: RestRequest?

        /// The next page, or nil after the last.
        public mutating func next() async throws(RestError) -> QueryResult<Record>? {
            guard let request = next else { return nil }
            let response = try await client.send(request)
            let page = try decoder.decode(response.data)
            next = page.done ? nil : page.nextRecordsURL.map { client.requests.queryMore($0) }
            return page
        }
    }

    /// Starts at the first page.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, decoder: decoder, next: first)
    }
}

/// Every record of a query, page after page.
public struct QueryRecords<Record: Sendable>: AsyncSequence, Sendable {
    /// Each element is one record.
    public typealias Element = Record
    /// The error iteration throws.
    public typealias Failure = RestError

    let pages: QueryPages<Record>

    /// The iterator.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: QueryPages<Record>.AsyncIterator
        var buffer: [Record] = []
        var index = 0

        /// The next record, or nil after the last.
        public mutating func next() async throws(RestError) -> Record? {
            while index == buffer.count {
                guard let page = try await pages.next() else { return nil }
                buffer = page.records
                index = 0
            }
            defer { index += 1 }
            return buffer[index]
        }
    }

    /// Starts at the first record.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator())
    }
}

extension RestClient {
    /// Every page of a SOQL query (`includeDeleted`: queryAll), as JSON records.
    public nonisolated func pages(forQuery soql: String, includeDeleted: Bool = false, batchSize: Int? = nil) -> QueryPages<JSON> {
        QueryPages(client: self, first: firstPage(soql, includeDeleted, batchSize), decoder: .json)
    }

    /// Every record of a SOQL query, as JSON, following `nextRecordsUrl` as they are read.
    public nonisolated func records(forQuery soql: String, includeDeleted: Bool = false, batchSize: Int? = nil) -> QueryRecords<JSON> {
        QueryRecords(pages: pages(forQuery: soql, includeDeleted: includeDeleted, batchSize: batchSize))
    }

    /// Every record of a SOQL query, decoded as `type`.
    public nonisolated func records<Record: Decodable & Sendable>(
        forQuery soql: String, as type: Record.Type, includeDeleted: Bool = false,
        decoder: JSONDecoder = JSONDecoder()
    ) -> QueryRecords<Record> {
        QueryRecords(
            pages: QueryPages(client: self, first: firstPage(soql, includeDeleted, nil), decoder: .decodable(type, decoder: decoder)))
    }

    /// The first page of a SOQL query, decoded as `type`.
    public func query<Record: Decodable & Sendable>(
        _ soql: String, as type: Record.Type,
        decoder: JSONDecoder = JSONDecoder()
    ) async throws(RestError) -> QueryResult<Record> {
        try QueryPageDecoder.decodable(type, decoder: decoder).decode(try await send(requests.query(soql)).data)
    }

    private nonisolated func firstPage(_ soql: String, _ includeDeleted: Bool, _ batchSize: Int?) -> RestRequest {
        includeDeleted ? requests.queryAll(soql, batchSize: batchSize) : requests.query(soql, batchSize: batchSize)
    }
}
