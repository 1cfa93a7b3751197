/// The Mobile SDK's public sample connected app: the consumer key and callback URL the SDK's
/// app templates ship in `bootconfig`.
///
/// LocalOrg registers it, so an app or a tool logs in to LocalOrg without a connected app of
/// its own, and `forcekit login` uses it when no consumer key is given. A real org knows it only
/// for the callback below: a production app has its own connected app.
public enum MobileSDKSampleApp {
    /// The consumer key (`remoteAccessConsumerKey`).
    public static let consumerKey = "3MVG9Iu66FKeHhINkB1l7xt7kR8czFcCTUhgoA8Ol2Ltf1eYHOU4SqQRSEitYFDUpqRWcoQ2.dBv_a1Dyu5xa"
    /// The callback URL (`oauthRedirectURI`).
    public static let callbackURL = "testsfdc:///mobilesdk/detect/oauth/done"
}
