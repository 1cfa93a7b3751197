import Hummingbird
import LocalOrgEngine
import SalesforceCore

/// What apps left in the org: Bulk API 2.0 query and ingest jobs, push registrations, analytics
/// uploads and files, newest first.
struct ActivityPage {
    let api: ConsoleAPI
    static let shown = 50

    func page() async throws -> Response {
        let queries = try await api.call("GET", ["jobs", "query"])["records"]?.arrayValue ?? []
        let ingests = try await api.call("GET", ["jobs", "ingest"])["records"]?.arrayValue ?? []
        // Ids come from one sequence, so their order is the order the jobs were made in.
        let jobs = (queries + ingests).sorted { ($0["id"]?.stringValue ?? "") > ($1["id"]?.stringValue ?? "") }.prefix(Self.shown)
        let jobRows: [[HTML]] = jobs.map { job in
            [
                "<span class=\"mono\">\(job["id"]?.stringValue)</span>", "\(job["operation"]?.stringValue)",
                "\(job["object"]?.stringValue)",
                "\(job["state"]?.stringValue)", "\(FieldDisplay.readableDateTime(job["createdDate"]?.stringValue ?? ""))",
                HTML.link("creator", to: ConsolePaths.record(id: job["createdById"]?.stringValue ?? "")),
            ]
        }
        let devices = try await api.query(
            "SELECT Id, ServiceType, ApplicationBundle, ConnectionToken, CreatedDate FROM MobilePushServiceDevice ORDER BY CreatedDate DESC LIMIT \(Self.shown)"
        ).records
        let deviceRows: [[HTML]] = devices.map { device in
            let token = device["ConnectionToken"]?.stringValue ?? ""
            return [
                HTML.link(device["Id"]?.stringValue ?? "", to: ConsolePaths.record(id: device["Id"]?.stringValue ?? "")),
                "\(device["ServiceType"]?.stringValue)", "\(device["ApplicationBundle"]?.stringValue)",
                "<span class=\"mono\">\(token.count > 16 ? token.prefix(16) + "…" : token)</span>",
                "\(FieldDisplay.readableDateTime(device["CreatedDate"]?.stringValue ?? ""))",
            ]
        }
        let events = api.org.analytics.received.suffix(Self.shown).reversed()
        let eventRows: [[HTML]] = events.map { event in
            [
                HTML.link(event.userID, to: ConsolePaths.record(id: event.userID)), "\(event.schemaType)",
                "<span class=\"mono\">\(String(event.payload.serialized().prefix(200)))</span>",
            ]
        }
        let files = try await api.query(
            "SELECT Id, Title, FileExtension, ContentSize, CreatedDate FROM ContentDocument ORDER BY CreatedDate DESC LIMIT \(Self.shown)"
        ).records
        let fileRows: [[HTML]] = files.map { file in
            [
                HTML.link(file["Title"]?.stringValue ?? "", to: ConsolePaths.record("ContentDocument", file["Id"]?.stringValue ?? "")),
                "\(file["FileExtension"]?.stringValue)", "\(String(file["ContentSize"]?.integerValue ?? 0)) bytes",
                "\(FieldDisplay.readableDateTime(file["CreatedDate"]?.stringValue ?? ""))",
            ]
        }
        func section(_ title: String, _ headers: [String], _ rows: [[HTML]], none: String) -> HTML {
            let content: HTML = rows.isEmpty ? "<p class=\"muted\">\(none)</p>" : HTML.table(headers: headers, rows: rows)
            return "<h2>\(title)</h2>\(content)"
        }
        let body: HTML = """
            <h1>Activity</h1><p class="muted">The latest \(Self.shown) of each, newest first. \
            <a href="\(ConsolePaths.requests)">Requests</a> shows every call as it arrives.</p>
            \(section("Bulk API 2.0 jobs", ["Job", "Operation", "Object", "State", "Created", "By"], jobRows, none: "No jobs yet."))
            \(section("Push registrations", ["Device", "Service", "App", "Token", "Registered"], deviceRows, none: "No device has registered."))
            \(section("Analytics uploads", ["User", "Schema", "Event"], eventRows, none: "No app has uploaded events."))
            \(section("Files", ["Title", "Type", "Size", "Uploaded"], fileRows, none: "No files yet."))
            """
        return ConsoleLayout.response(
            ConsoleLayout.page("Activity", user: api.user, orgName: api.org.settings.organizationName, body: body))
    }
}
