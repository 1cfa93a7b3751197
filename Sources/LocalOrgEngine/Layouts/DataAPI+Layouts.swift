import SalesforceCore

/// `sobjects/T/describe/layouts[/recordTypeId]`, `sobjects/T/describe/compactLayouts[/primary]`,
/// `approvalLayouts`, `namedLayouts`, `sobjects/Global/describe/layouts`, `compactLayouts?q=`
/// and `ui-api/layout/T`.
extension DataAPI {
    func describeLayouts(_ type: SObjectType, path: [String], version: String) throws(APIError) -> RestReply {
        let schema = store.schema
        let base = "\(type.path(version: version))/describe"
        switch (path.first ?? "", path.count) {
        case ("layouts", 1):
            return .json([
                "layouts": [Layouts.describeLayout(of: type, schema: schema)],
                "recordTypeMappings": [
                    [
                        "available": true, "defaultRecordTypeMapping": true, "developerName": "Master", "master": true, "name": "Master",
                        "layoutId": .string(Layouts.layoutID(of: type, schema: schema)),
                        "recordTypeId": .string(Layouts.masterRecordTypeID),
                        "picklistsForRecordType": [], "urls": ["layout": .string("\(base)/layouts/\(Layouts.masterRecordTypeID)")],
                    ]
                ],
                "recordTypeSelectorRequired": [false],
            ])
        case ("layouts", 2):
            guard RecordID.normalized(path[1]) == Layouts.masterRecordTypeID else { throw APIError.notFound }
            return .json(Layouts.describeLayout(of: type, schema: schema))
        case ("compactLayouts", 1):
            return .json([
                "compactLayouts": [Layouts.compactLayout(of: type)], "defaultCompactLayoutId": .null,
                "recordTypeCompactLayoutMappings": [
                    [
                        "available": true, "compactLayoutId": .null, "compactLayoutName": "SYSTEM",
                        "recordTypeId": .string(Layouts.masterRecordTypeID), "recordTypeName": "Master",
                        "urls": ["compactLayout": .string("\(base)/compactLayouts/\(Layouts.masterRecordTypeID)")],
                    ]
                ],
                "urls": ["primary": .string("\(base)/compactLayouts/primary")],
            ])
        case ("compactLayouts", 2):
            guard path[1] == "primary" || RecordID.normalized(path[1]) == Layouts.masterRecordTypeID else { throw APIError.notFound }
            return .json(Layouts.compactLayout(of: type))
        case ("approvalLayouts", 1):
            // A new org has no approval processes: the guide's answer for none.
            return .json(["approvalLayouts": []])
        default:
            // No approval process and no named layout (describe's `namedLayoutInfos` is empty).
            throw APIError.notFound
        }
    }

    /// `sobjects/Global/describe/layouts`: the global publisher layout, the actions Chatter's
    /// publisher shows outside any record.
    func globalPublisherLayout(_ call: RestCall) throws(APIError) -> RestReply {
        guard call.method == "GET" else { throw APIError.methodNotAllowed(call.method, allowed: ["GET"]) }
        guard call.segments.count == 4, call.segments[2] == "describe", call.segments[3] == "layouts" else { throw APIError.notFound }
        let items = QuickAction.available(in: store.schema).filter { $0.name != "FeedItem.MobileSmartActions" }.map { action in
            QuickActionDocument(action: action, context: nil, schema: store.schema, version: call.version, instanceURL: instanceURL)
                .listItem
        }
        let layout: JSON = [
            "buttonLayoutSection": .null, "detailLayoutSections": [], "editLayoutSections": [], "feedView": .null,
            "highlightsPanelLayoutSection": .null, "id": .string(RecordID.make(prefix: "00h", counter: 0)),
            "multirowEditLayoutSections": [], "offlineLinks": [], "quickActionList": ["quickActionListItems": .array(items)],
            "relatedContent": .null, "relatedLists": [], "saveOptions": [],
        ]
        return .json(["layouts": [layout], "recordTypeMappings": [], "recordTypeSelectorRequired": [false]])
    }

    /// `compactLayouts?q=Account,Contact`: each object's primary compact layout, at most 100.
    func compactLayouts(_ call: RestCall) throws(APIError) -> RestReply {
        let names = call.listParameter("q") ?? []
        guard !names.isEmpty else {
            throw APIError(status: 400, errorCode: "MISSING_ARGUMENT", message: "Name the objects: compactLayouts?q=Account,Contact")
        }
        guard names.count <= 100 else {
            throw APIError(
                status: 400, errorCode: "INVALID_PARAMETER_VALUE", message: "compactLayouts takes at most 100 objects, not \(names.count).")
        }
        var layouts: [String: JSON] = [:]
        for name in names {
            let type = try store.type(named: name)
            layouts[type.name] = Layouts.compactLayout(of: type)
        }
        return .json(.object(layouts))
    }

    /// `ui-api/layout/T?layoutType=Full|Compact&mode=View|Edit|Create`.
    func uiLayout(_ call: RestCall) throws(APIError) -> RestReply {
        let type = try store.type(named: call.segments[2])
        let layoutType = call.parameter("layoutType") ?? "Full"
        guard ["full", "compact"].contains(layoutType.lowercased()) else {
            throw APIError(
                status: 400, errorCode: "INVALID_PARAMETER_VALUE", message: "layoutType must be Full or Compact, not \(layoutType).")
        }
        let mode = call.parameter("mode") ?? "View"
        guard ["View", "Edit", "Create"].contains(mode) else {
            throw APIError(status: 400, errorCode: "INVALID_PARAMETER_VALUE", message: "mode must be View, Edit or Create, not \(mode).")
        }
        return .json(Layouts.uiLayout(of: type, schema: store.schema, compact: layoutType.lowercased() == "compact", mode: mode))
    }
}
