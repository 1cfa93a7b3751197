import Foundation
import SalesforceCore

/// The standard objects, read from their descriptions in `StandardObjects/` (one file per
/// object, each naming its source): every field as a real org describes it, in describe's order.
///
/// ```json
/// { "name": "Account", "label": "Account", "labelPlural": "Accounts", "keyPrefix": "001",
///   "source": "…", "describe": { "mergeable": true },
///   "fields": [ { "name": "Id", "type": "id", "label": "Account ID", "nillable": false, … } ] }
/// ```
/// The fields use ``FieldDescription``'s keys; `describe` holds the object's describe keys
/// that differ from what ForceKit derives.
enum StandardSchema {
    /// The standard objects, or why they could not be read (a broken installation).
    static let types: Result<[SObjectType], LocalOrgError> = Result { () throws(LocalOrgError) in try load() }

    private static func load() throws(LocalOrgError) -> [SObjectType] {
        guard let folder = Bundle.module.url(forResource: "StandardObjects", withExtension: nil) else {
            throw .invalidSchema(file: "StandardObjects", reason: "the standard objects' descriptions are missing from the installation")
        }
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        } catch {
            throw .unreadableFile(path: folder.path, reason: "\(error.localizedDescription)")
        }
        return try files.map { file throws(LocalOrgError) in
            let json: JSON
            do {
                json = try JSON(parsing: Array(try Data(contentsOf: file)))
            } catch {
                throw .invalidSchema(file: file.path, reason: "\(error)")
            }
            return try type(from: json, file: file.lastPathComponent)
        }
    }

    /// One object's description as a type.
    static func type(from json: JSON, file: String) throws(LocalOrgError) -> SObjectType {
        func fail(_ reason: String) -> LocalOrgError { .invalidSchema(file: file, reason: reason) }
        guard let object = json.objectValue, let name = object["name"]?.stringValue, let keyPrefix = object["keyPrefix"]?.stringValue,
            let label = object["label"]?.stringValue, let labelPlural = object["labelPlural"]?.stringValue,
            let fieldList = object["fields"]?.arrayValue
        else {
            throw fail("an object needs \"name\", \"label\", \"labelPlural\", \"keyPrefix\" and \"fields\"")
        }
        var fields: [SObjectField] = []
        var compounds: [FieldDescription.Compound] = []
        for (index, entry) in fieldList.enumerated() {
            let read = try FieldDescription.read(entry, owner: name, origin: .standard) { reason in
                fail("\(name).fields[\(index)]: \(reason)")
            }
            if let field = read.field { fields.append(field) }
            if let compound = read.compound { compounds.append(compound) }
        }
        let compoundFields = try compounds.map { compound throws(LocalOrgError) in
            let parts = fields.filter { $0.describeKeys["compoundFieldName"]?.stringValue == compound.name }
            let made: CompoundField
            switch compound.kind {
            case .address:
                made = CompoundField.address(compound.name, prefix: String(compound.name.dropLast("Address".count)))
            case .location:
                made = CompoundField.location(compound.name, label: compound.label)
            }
            for component in made.components where !parts.contains(where: { $0.name == component.field }) {
                throw fail("\(name).\(compound.name) needs the field \(component.field)")
            }
            return CompoundField(name: made.name, label: compound.label, kind: made.kind, components: made.components)
        }
        var type = SObjectType(
            name: name, label: label, labelPlural: labelPlural, keyPrefix: keyPrefix, completeFields: fields, compoundFields: compoundFields
        )
        type.describeKeys = object["describe"]?.objectValue ?? [:]
        return type
    }
}
