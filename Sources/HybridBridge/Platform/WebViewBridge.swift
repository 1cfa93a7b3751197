#if canImport(WebKit)
    public import Foundation
    public import SalesforceCore
    public import WebKit

    /// Connects a `WKWebView` to a ``HybridBridge``: the page's `cordova.exec` posts each call
    /// to a script message handler with reply, and `sync` events are dispatched on `document`
    /// as the SDK's plugins dispatch them. The logic is the bridge's; this only carries messages.
    ///
    /// ```swift
    /// let configuration = WKWebViewConfiguration()
    /// let webBridge = WebViewBridge(bridge: HybridBridge(app: app))
    /// webBridge.install(in: configuration.userContentController)
    /// let webView = WKWebView(frame: .zero, configuration: configuration)
    /// webBridge.forwardEvents(to: webView)
    /// ```
    @MainActor
    public final class WebViewBridge: NSObject, WKScriptMessageHandlerWithReply {
        /// The bridge calls go to.
        public let bridge: HybridBridge
        /// The message handler's name: the page posts to `window.webkit.messageHandlers[name]`.
        public let handlerName: String
        private var eventTask: Task<Void, Never>?

        /// An adapter for `bridge`, under the handler name `forcekit`.
        public init(bridge: HybridBridge, handlerName: String = "forcekit") {
            self.bridge = bridge
            self.handlerName = handlerName
        }

        /// Adds the handler and a `cordova.exec` that posts to it, before the page's scripts run.
        public func install(in controller: WKUserContentController) {
            controller.addScriptMessageHandler(self, contentWorld: .page, name: handlerName)
            controller.addUserScript(
                WKUserScript(source: Self.execScript(handlerName: handlerName), injectionTime: .atDocumentStart, forMainFrameOnly: true))
        }

        /// Dispatches the bridge's events on the page's `document` until the web view goes away.
        public func forwardEvents(to webView: WKWebView) {
            eventTask?.cancel()
            let events = bridge.events()
            eventTask = Task { @MainActor [weak webView] in
                for await event in events {
                    guard let webView else { return }
                    let name = JSON.string(event.name).serialized()
                    let script = "document.dispatchEvent(new CustomEvent(\(name), {detail: \(event.detail.serialized())}))"
                    _ = try? await webView.evaluateJavaScript(script)
                }
            }
        }

        /// Answers a posted call `{service, action, args}`: the reply's value is the result's
        /// JSON text, or the error message.
        public func userContentController(
            _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
            replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
        ) {
            guard let text = message.body as? String, case .success(let call) = BridgeLines.call(from: text) else {
                replyHandler(nil, "The page posted something that is not a call: send {service, action, args} as JSON text.")
                return
            }
            let bridge = self.bridge
            Task {
                switch await bridge.call(service: call.service, action: call.action, arguments: call.arguments) {
                case .success(let result): replyHandler(result.serialized(), nil)
                case .failure(let message): replyHandler(nil, message)
                }
            }
        }

        /// The page's `cordova.exec`: posts the call as JSON text and hands the parsed result
        /// or the message to the callbacks.
        static func execScript(handlerName: String) -> String {
            let handler = JSON.string(handlerName).serialized()
            return """
                (function () {
                  window.cordova = window.cordova || {};
                  window.cordova.exec = function (success, error, service, action, args) {
                    var call = JSON.stringify({service: service, action: action, args: args || []});
                    window.webkit.messageHandlers[\(handler)].postMessage(call).then(
                      function (result) { if (typeof success === "function") success(JSON.parse(result)); },
                      function (message) { if (typeof error === "function") error(String(message && message.message || message)); });
                  };
                })();
                """
        }
    }
#endif
