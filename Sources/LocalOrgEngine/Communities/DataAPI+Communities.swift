import SalesforceCore

/// `connect/communities[/{id}]`: the org's Experience Cloud sites, as Connect REST API's
/// Community documents them.
extension DataAPI {
    func communities(_ call: RestCall) throws(APIError) -> RestReply {
        guard call.method == "GET" else { throw APIError.methodNotAllowed(call.method, allowed: ["GET"]) }
        switch call.segments.count {
        case 2:
            // Every LocalOrg site is live, so a status filter other than Live lists none.
            let status = call.parameter("status")
            if let status, !["Live", "Inactive", "UnderConstruction"].contains(status) {
                throw APIError(
                    status: 400, errorCode: "INVALID_PARAMETER_VALUE",
                    message: "status must be Live, Inactive or UnderConstruction, not \(status).")
            }
            let listed = status == nil || status == "Live" ? sites : []
            return .json([
                "communities": .array(listed.map { community($0, version: call.version) }), "total": .integer(Int64(listed.count)),
            ])
        case 3:
            guard let id = RecordID.normalized(call.segments[2]), let site = sites.first(where: { $0.networkID == id }) else {
                throw APIError.notFound
            }
            return .json(community(site, version: call.version))
        default:
            throw APIError.notFound
        }
    }

    private func community(_ site: ExperienceSite, version: String) -> JSON {
        let siteURL = "\(instanceURL)/\(site.urlPathPrefix)"
        return [
            "allowChatterAccessWithoutLogin": false, "allowMembersToFlag": false, "builderBasedSnaEnabled": false, "builderUrl": .null,
            "description": .null, "guestMemberVisibilityEnabled": false, "id": .string(site.networkID),
            "imageOptimizationCDNEnabled": false, "invitationsEnabled": false, "knowledgeableEnabled": false,
            "loginUrl": .string(siteURL + "/login"), "memberVisibilityEnabled": false, "name": .string(site.name),
            "nicknameDisplayEnabled": true, "privateMessagesEnabled": false, "reputationEnabled": false, "sendWelcomeEmail": true,
            "siteAsContainerEnabled": false, "siteUrl": .string(siteURL), "status": "Live", "templateName": .null,
            "url": .string(APIPath.url("connect/communities/\(site.networkID)", version: version)),
            "urlPathPrefix": .string(site.urlPathPrefix),
        ]
    }
}
