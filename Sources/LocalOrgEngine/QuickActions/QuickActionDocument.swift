import SalesforceCore

/// A quick action's REST documents: its entry in a list, its describe and its default values.
struct QuickActionDocument: Sendable {
    let action: QuickAction
    /// The object whose page shows the action (`sobjects/Account/quickActions`), or nil for the
    /// global list.
    let context: SObjectType?
    let schema: OrgSchema
    let version: String
    /// The org's URL, which icon URLs start with.
    let instanceURL: String

    /// `/services/data/vXX.X/quickActions/Name` or `…/sobjects/Account/quickActions/Name`.
    var path: String {
        let base = context.map { "\($0.path(version: version))/quickActions" } ?? APIPath.url("quickActions", version: version)
        return "\(base)/\(action.name)"
    }

    /// The action's id: `09D…` for an action, the name for a post, as Salesforce reports them.
    var actionEnumOrID: String {
        guard !action.isPost, let index = QuickAction.global.firstIndex(where: { $0.name == action.name }) else { return action.name }
        return String(RecordID.make(prefix: "09D", counter: Int64(index + 1)).prefix(15))
    }

    /// The field of the target that refers to the context object, which the action fills.
    var targetParentField: String? {
        context.flatMap { Self.contextField(of: action, for: $0.name, schema: schema) }
    }

    /// The first field of `action`'s form that refers to records of `contextType`.
    static func contextField(of action: QuickAction, for contextType: String, schema: OrgSchema) -> String? {
        guard let target = action.target.flatMap(schema.type(named:)) else { return nil }
        return action.fields.compactMap(target.field(named:)).first { $0.type == .reference && $0.referenceTo.contains(contextType) }?.name
    }

    /// An entry of `quickActions`: its URLs in Salesforce's order, none for a post.
    var entry: JSON {
        var urls = JSON.object([:])
        if !action.isPost {
            urls = [
                "defaultValues": .string(path + "/defaultValues"), "quickAction": .string(path), "describe": .string(path + "/describe"),
                "defaultValuesTemplate": .string(path + "/defaultValues/{ID}"),
            ]
        }
        return [
            "actionEnumOrId": .string(actionEnumOrID), "label": .string(action.label), "name": .string(action.name),
            "type": .string(action.type), "urls": urls,
        ]
    }

    var colors: JSON { [["color": .string(action.color), "context": "primary", "theme": "theme4"]] }

    var icons: JSON {
        let major = APIVersion(version)?.major ?? APIVersion.current.major
        return [
            [
                "contentType": "image/svg+xml", "height": 0, "theme": "theme4", "width": 0,
                "url": .string("\(instanceURL)/img/icon/t4v\(major)/action/\(action.icon).svg"),
            ]
        ]
    }

    /// An item of a publisher layout's `quickActionList`.
    var listItem: JSON {
        [
            "accessLevelRequired": .null, "colors": colors, "iconUrl": .null, "icons": icons, "label": .string(action.label),
            "miniIconUrl": "", "quickActionName": .string(action.name), "targetSobjectType": action.target.map(JSON.string) ?? .null,
            "type": .string(action.type), "urls": [:],
        ]
    }

    /// `quickActions/Name` and `quickActions/Name/describe`.
    var describe: JSON {
        let target = action.target.flatMap(schema.type(named:))
        let fields = target.map { type in action.fields.compactMap(type.field(named:)) } ?? []
        let layout =
            fields.isEmpty
            ? JSON.null
            : Layouts.describeSection(
                action.label, fields: fields, id: RecordID.make(prefix: "01B", counter: 900), layoutID: actionEnumOrID)
        return [
            "accessLevelRequired": .null, "actionEnumOrId": .string(actionEnumOrID), "canvasApplicationId": .null,
            "canvasApplicationName": .null, "colors": colors, "contextSobjectType": context.map { .string($0.name) } ?? .null,
            "defaultValues": .array(
                action.fields.compactMap { name in action.defaults[name].map { ["defaultValue": .string($0), "field": .string(name)] } }),
            "flowDevName": .null, "flowRecordIdVar": .null, "height": .null, "iconName": .null, "iconUrl": .null, "icons": icons,
            "label": .string(action.label), "layout": layout, "lightningComponentBundleId": .null, "lightningComponentBundleName": .null,
            "lightningComponentQualifiedName": .null, "miniIconUrl": "", "mobileExtensionDisplayMode": .null, "mobileExtensionId": .null,
            "name": .string(action.name), "showQuickActionLcHeader": false, "showQuickActionVfHeader": false,
            "targetParentField": targetParentField.map(JSON.string) ?? .null, "targetRecordTypeId": .null,
            "targetSobjectType": action.target.map(JSON.string) ?? .null, "type": .string(action.type), "urls": entry["urls"] ?? [:],
            "visualforcePageName": .null, "visualforcePageUrl": .null, "width": .null,
        ]
    }

    /// `quickActions/Name/defaultValues[/contextId]`: the new record as the form starts it, with
    /// `attributes` naming only its type.
    /// - Parameters:
    ///   - userID: Who opens the form: an owner field starts as them.
    ///   - contextRecord: The record the form opens from, with its type: the field that refers to
    ///     that type starts as it.
    func defaultValues(userID: String, contextRecord: (id: String, type: String)?) -> JSON {
        guard let target = action.target.flatMap(schema.type(named:)) else { return [:] }
        var values: [String: JSON] = ["attributes": ["type": .string(target.name)]]
        let parentField = contextRecord.flatMap { Self.contextField(of: action, for: $0.type, schema: schema) }
        for name in action.fields {
            guard let field = target.field(named: name) else { continue }
            var value = action.defaults[name].map(JSON.string) ?? field.valueOnCreate.map(JSON.string) ?? .null
            if name == "OwnerId" { value = .string(userID) }
            if name == parentField, let contextRecord { value = .string(contextRecord.id) }
            values[name] = value
        }
        return .object(values)
    }
}
