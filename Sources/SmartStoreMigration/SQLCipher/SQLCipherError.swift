/// Why a SQLCipher database could not be read.
package enum SQLCipherError: Error, Equatable, Sendable {
    /// The key opens no page of this file: the first page's MAC does not match.
    case wrongKey
    /// A page's MAC does not match: the file was changed or damaged after it was written.
    case damagedPage(Int)
    /// The file is not a SQLCipher database this reader knows (the reason says why).
    case unreadable(String)
    /// The file keeps its first 32 bytes plain, so its salt is kept elsewhere and must be given.
    case saltNeeded

    /// What went wrong, for people.
    package var message: String {
        switch self {
        case .wrongKey: "The key does not open this store: its first page does not authenticate with it."
        case .damagedPage(let number): "Page \(number) of the store fails authentication: the file was changed or damaged."
        case .unreadable(let reason): "The file is not a SQLCipher store this reader knows: \(reason)."
        case .saltNeeded: "The store keeps its header unencrypted, so its salt is kept apart (on iOS, in the keychain); give the salt."
        }
    }
}
