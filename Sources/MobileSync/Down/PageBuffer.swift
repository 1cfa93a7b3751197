/// The pages a sync down has fetched and not yet saved, between the task that fetches them and
/// the one that saves them: the fetcher runs up to `capacity` pages ahead, so neither waits for
/// the other page by page, and the saver takes every page waiting at once.
package actor PageBuffer<Page: Sendable> {
    private let capacity: Int
    private var pages: [Page] = []
    private var fetchingEnded = false
    private var failure: (any Error)?
    private var isClosed = false
    private var waitingSaver: CheckedContinuation<Void, Never>?
    private var waitingFetcher: CheckedContinuation<Void, Never>?

    /// A buffer that holds at most `capacity` pages.
    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Adds a fetched page, waiting while the buffer is full.
    /// - Returns: false when the saver has stopped taking pages, so fetching should stop too.
    package func put(_ page: Page) async -> Bool {
        while pages.count >= capacity && !isClosed {
            await withCheckedContinuation { waitingFetcher = $0 }
        }
        guard !isClosed else { return false }
        pages.append(page)
        wakeSaver()
        return true
    }

    /// Puts every page `next` returns until it returns nil, then ends fetching (with its error,
    /// if it throws); stops early when the saver stopped taking pages. The fetching side of a
    /// sync down, run in a task of its own.
    package nonisolated func fill(from next: @Sendable () async throws -> Page?) async {
        do {
            while let page = try await next() {
                guard await put(page) else { return }
            }
            await endFetching(nil)
        } catch {
            await endFetching(error)
        }
    }

    /// Says fetching ended: with no more pages, or with `error` after the pages already put.
    package func endFetching(_ error: (any Error)?) {
        fetchingEnded = true
        failure = error
        wakeSaver()
    }

    /// Every page waiting, in order, once there is at least one; nil when fetching ended with
    /// every page taken.
    /// - Throws: the fetch's failure, once the pages fetched before it have been taken.
    package func takeAll() async throws -> [Page]? {
        while pages.isEmpty && !fetchingEnded {
            await withCheckedContinuation { waitingSaver = $0 }
        }
        if !pages.isEmpty {
            let taken = pages
            pages = []
            wakeFetcher()
            return taken
        }
        if let failure { throw failure }
        return nil
    }

    /// Stops taking pages: a fetcher waiting for room, or putting later, is told to stop.
    package func close() {
        isClosed = true
        pages = []
        wakeFetcher()
    }

    private func wakeSaver() {
        waitingSaver?.resume()
        waitingSaver = nil
    }

    private func wakeFetcher() {
        waitingFetcher?.resume()
        waitingFetcher = nil
    }
}
