import Foundation
import Hummingbird
import LocalOrgEngine
import SalesforceCore
import URLEncoding

/// The form that creates a record (`id` nil) or edits one: the fields a user may set, by their
/// type; saved through the REST API, so a refusal shows Salesforce's own message on the form.
struct RecordForm {
    let api: ConsoleAPI
    let object: String
    let id: String?

    /// The prefix of a field's form name, so no field collides with the form's own fields.
    static let fieldPrefix = "f."

    /// Lightning's `defaultFieldValues=AccountId=001…,LastName=Smith` as pairs.
    static func defaultFieldValues(_ text: String?) -> [String: String] {
        var values: [String: String] = [:]
        for pair in (text ?? "").split(atScalars: [","]) {
            let parts = pair.split(atScalars: ["="], maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = PercentEncoding.decode(parts[1]) ?? String(parts[1]) }
        }
        return values
    }

    func page(defaults: [String: String] = [:]) async throws -> Response {
        guard let description = api.describe(object) else { return ConsolePages.notFound(api) }
        var values: [String: JSON] = defaults.mapValues(JSON.string)
        if let id { values = try await api.call("GET", ["sobjects", description.name, id]).objectValue ?? [:] }
        return form(description, values: values, errors: [], errorFields: [], status: .ok)
    }

    /// Saves a posted form, then shows the record; a refused save shows the form again with what
    /// the user typed and the org's message.
    func save(_ posted: [String: String]) async throws -> Response {
        guard let description = api.describe(object) else { return ConsolePages.notFound(api) }
        let fields = editableFields(description)
        var current: [String: JSON] = [:]
        if let id { current = try await api.call("GET", ["sobjects", description.name, id]).objectValue ?? [:] }
        var body: [String: JSON] = [:]
        var typed: [String: JSON] = current
        // A field the post leaves out keeps its value: a browser sends every field of the form,
        // empty ones included, so only an empty one clears.
        for field in fields {
            let text = posted[Self.fieldPrefix + field.name]
            if id != nil, text == nil { continue }
            let value = Self.value(text, of: field)
            typed[field.name] = value
            if id == nil {
                if !value.isNull { body[field.name] = value }
            } else if value != (current[field.name] ?? .null) {
                body[field.name] = value
            }
        }
        let saved: Result<String, APIError>
        do {
            saved = .success(try await write(body, object: description.name))
        } catch {
            saved = .failure(error)
        }
        switch saved {
        case .success(let savedID):
            return ConsoleRoutes.seeOther(ConsolePaths.record(description.name, savedID))
        case .failure(let error) where error.status == 400:
            return form(description, values: typed, errors: [error.message], errorFields: Set(error.fields), status: .badRequest)
        case .failure(let error):
            throw error
        }
    }

    /// Creates the record, or updates it with the changed fields; returns its id.
    private func write(_ body: [String: JSON], object: String) async throws(APIError) -> String {
        if let id {
            if !body.isEmpty { _ = try await api.call("PATCH", ["sobjects", object, id], body: .object(body)) }
            return id
        }
        return try await api.call("POST", ["sobjects", object], body: .object(body))["id"]?.stringValue ?? ""
    }

    /// Whether a form edits the field: ids are the server's, and file bodies go through the
    /// Files API (compound addresses and locations are edited through their parts, which
    /// `SObjectType.fields` lists).
    static func isEditable(_ field: SObjectField) -> Bool { field.type != .id && field.type != .base64 }

    private func editableFields(_ description: SObjectType) -> [SObjectField] {
        description.fields.filter { Self.isEditable($0) && (id == nil ? $0.createable : $0.updateable) }
    }

    private func form(
        _ description: SObjectType, values: [String: JSON], errors: [String], errorFields: Set<String>, status: HTTPResponse.Status
    )
        -> Response
    {
        let action = id.map { ConsolePaths.record(description.name, $0, "edit") } ?? ConsolePaths.new(description.name)
        let rows: [HTML] = editableFields(description).map { field in
            let inputID = "field-" + field.name
            let required: HTML =
                !field.nillable && !field.defaultedOnCreate && field.type != .boolean
                ? " <span class=\"error\" title=\"required\">*</span>" : .empty
            let error: HTML = errorFields.contains(field.name) ? " class=\"field-error\"" : .empty
            return """
                <label for="\(inputID)">\(field.label)\(required)</label><div\(error)>\(Self.input(field, id: inputID, value: values[field.name]))</div>
                """
        }
        let title = id == nil ? "New \(description.label)" : "Edit \(description.label)"
        let cancel = id.map { ConsolePaths.record(description.name, $0) } ?? ConsolePaths.list(description.name)
        let body: HTML = """
            <h1>\(title)</h1>\(ConsolePages.errors(errors))
            <div class="card"><form class="record" method="post" action="\(action)">\(ConsoleLayout.formToken(api.user))\(rows)
            <div class="actions"><button class="primary" type="submit">Save</button> <a class="button" href="\(cancel)">Cancel</a></div></form></div>
            """
        return ConsoleLayout.response(
            ConsoleLayout.page(title, user: api.user, orgName: api.org.settings.organizationName, body: body), status: status)
    }

    /// The input for a field's type, holding its value.
    static func input(_ field: SObjectField, id: String, value: JSON?) -> HTML {
        let name = fieldPrefix + field.name
        let text = value.flatMap { $0.isNull ? nil : ($0.stringValue ?? $0.serialized()) } ?? ""
        switch field.type {
        case .boolean:
            return
                "<input type=\"checkbox\" id=\"\(id)\" name=\"\(name)\" value=\"true\"\(value?.boolValue == true ? " checked" : "" as HTML)>"
        case .picklist:
            let values = field.activePicklistValues
            let options: [HTML] =
                [("", "--None--")].map { "<option value=\"\($0.0)\">\($0.1)</option>" as HTML }
                + values.map { value in
                    "<option value=\"\(value)\"\(value == text ? " selected" : "" as HTML)>\(field.label(ofPicklistValue: value))</option>"
                }
                + (text.isEmpty || values.contains(text) ? [] : ["<option selected>\(text)</option>"])
            return "<select id=\"\(id)\" name=\"\(name)\">\(options)</select>"
        case .textarea:
            return "<textarea id=\"\(id)\" name=\"\(name)\">\(text)</textarea>"
        case .date:
            return "<input type=\"date\" id=\"\(id)\" name=\"\(name)\" value=\"\(text)\">"
        case .datetime:
            // datetime-local has no zone: the form's times are UTC, as the API's are.
            let local = text.count >= 16 ? String(text.prefix(16)) : text
            return "<input type=\"datetime-local\" id=\"\(id)\" name=\"\(name)\" value=\"\(local)\"> <span class=\"muted\">UTC</span>"
        default:
            return "<input type=\"text\" id=\"\(id)\" name=\"\(name)\" value=\"\(text)\">"
        }
    }

    /// A posted value as the JSON the API takes for the field's type; a number that does not
    /// read as one goes as typed, so the org's own message says what is wrong.
    static func value(_ text: String?, of field: SObjectField) -> JSON {
        // An unchecked box sends nothing.
        if field.type == .boolean { return .bool(text == "true") }
        return FieldText.json(text ?? "", fieldType: field.type.rawValue)
    }
}
