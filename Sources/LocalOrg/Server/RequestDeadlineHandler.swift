import NIOCore
import NIOHTTPTypes

/// Bounds how long a request may take to arrive: its head within ``Deadlines/head`` of the
/// connection opening or of the previous response, its body within ``Deadlines/body`` of its
/// head. A connection that misses one is closed.
///
/// The idle timeout alone starts again with every byte, so a request trickled in a byte at a
/// time (one every 25 seconds) held a connection, and a shutdown waiting for it, for as long as
/// its sender liked. While the server works on a request that has fully arrived, no deadline runs.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// How long a request's parts may take to arrive.
    struct Deadlines: Sendable {
        /// From the connection opening, or the previous response, to a request's complete head.
        var head: TimeAmount
        /// From a request's head to the end of its body.
        var body: TimeAmount
    }

    private let deadlines: Deadlines
    private var timer: Scheduled<Void>?

    init(deadlines: Deadlines) {
        self.deadlines = deadlines
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(deadlines.head, context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(deadlines.head, context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: arm(deadlines.body, context: context)
        case .end: disarm()
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // The next request's head is due from the end of this response.
        if case .end = unwrapOutboundIn(data) { arm(deadlines.head, context: context) }
        context.write(data, promise: promise)
    }

    private func arm(_ amount: TimeAmount, context: ChannelHandlerContext) {
        timer?.cancel()
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: amount) { channel.close(promise: nil) }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}
