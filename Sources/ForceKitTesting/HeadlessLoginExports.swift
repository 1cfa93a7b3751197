// The login-page player and the one-process device are the CLI's as much as the tests': they
// live in HeadlessLogin, a product module, and an app's tests get them with ForceKitTesting.
@_exported import HeadlessLogin
