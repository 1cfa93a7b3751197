/// Every file of a new app, by path inside its folder: the bundled template with its names
/// replaced, and the manifest and `.gitignore` written for the app's ForceKit dependency.
enum NewApp {
    static func files(name: String, bundleID: String, scheme: String, dependency: NewAppPackageFiles.Dependency) throws -> [(
        path: String, text: String
    )] {
        try NewAppPackageFiles.files(name: name, dependency: dependency)
            + AppTemplate.files(name: name, bundleID: bundleID, scheme: scheme)
    }
}
