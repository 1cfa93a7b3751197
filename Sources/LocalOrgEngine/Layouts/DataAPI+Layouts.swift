import SalesforceCore

/// `sobjects/T/describe/layouts[/recordTypeId]`, `sobjects/T/describe/compactLayouts[/primary]`
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
        default:
            throw APIError.notFound
        }
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
