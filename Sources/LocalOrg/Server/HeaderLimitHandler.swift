import HTTPTypes
import LocalOrgEngine
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request whose headers break the decoder's limits with 431 (RFC 6585) and closes the
/// connection; without it the server would answer every unreadable request alike, with a bare 400.
///
/// It sits after the HTTP codec, where the decoder's error arrives as `errorCaught`; other errors
/// pass on to the server, which answers them with 400.
final class HeaderLimitHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    /// The limits, as the decoder is configured with them.
    struct Limits: Sendable {
        var fieldSize: Int
        var listSize: Int
        var fieldCount: Int
    }

    private let limits: Limits

    init(limits: Limits) {
        self.limits = limits
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError, parserError == .headerOverflow else {
            context.fireErrorCaught(error)
            return
        }
        let reply = RestReply.error(
            .headersTooLarge(fieldLimit: limits.fieldSize, totalLimit: limits.listSize, countLimit: limits.fieldCount))
        let body = reply.body ?? []
        var head = HTTPResponse(status: .init(code: reply.status))
        head.headerFields[.contentType] = reply.contentType
        head.headerFields[.contentLength] = String(body.count)
        head.headerFields[.connection] = "close"
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
