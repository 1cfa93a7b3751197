import Foundation
import Hummingbird
import LocalOrgEngine

/// The live request log: the latest requests the org answered (method, path, status, time),
/// newest first; the page reloads itself every few seconds, without a script.
enum RequestLogPage {
    static let refreshSeconds = 3

    static func page(api: ConsoleAPI, requests: [RecentRequests.Entry]) -> Response {
        let format = Date.ISO8601FormatStyle(timeZone: .gmt).time(includingFractionalSeconds: false)
        let rows: [[HTML]] = requests.map { entry in
            [
                "<span class=\"mono\">\(entry.time.formatted(format))</span>", "\(entry.method)",
                "<span class=\"mono\">\(entry.path)</span>",
                "<span class=\"status-\(entry.status / 100)\">\(entry.status)</span>", "\(String(entry.milliseconds)) ms",
            ]
        }
        let body: HTML = """
            <div class="toolbar"><h1>Requests</h1><span class="muted">The latest \(RecentRequests.capacity) requests, newest first \
            (times in UTC; paths without their query). This page reloads every \(refreshSeconds) seconds.</span></div>
            \(requests.isEmpty ? "<p class=\"muted\">No requests yet.</p>" : HTML.table(headers: ["Time", "Method", "Path", "Status", "Took"], rows: rows))
            """
        return ConsoleLayout.response(
            ConsoleLayout.page(
                "Requests", user: api.user, orgName: api.org.settings.organizationName, refreshSeconds: refreshSeconds, body: body))
    }
}
