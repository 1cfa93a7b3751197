/// A sample connected app for an identity-provider client (an SP): secret-less, with a callback
/// scheme of its own, as the guides require of an app that logs in through an IdP app.
///
/// LocalOrg registers it next to ``MobileSDKSampleApp``, so the identity-provider handoff runs
/// against LocalOrg with the sample app as the IdP and this one as its client, and
/// `forcekit idp demo` needs no configuration.
public enum SampleServiceProviderApp {
    /// The consumer key.
    public static let consumerKey = "3MVG9ForceKitSampleServiceProviderApp.LocalOrgOnly"
    /// The callback URL; its scheme, `forcekitsp`, differs from every IdP callback's.
    public static let callbackURL = "forcekitsp://oauth/done"
}
