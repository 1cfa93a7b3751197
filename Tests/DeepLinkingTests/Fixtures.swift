import DeepLinking
import Foundation

/// The iOS sample of MDL §2.4, unchanged but for one extra route used by several tests.
let iosSampleConfig = """
    {
      "logging": true,
      "storyboard": {
        "iPhone": "MainStoryboard_iPhone",
        "iPad": "MainStoryboard_iPad"
      },
      "defaultRoute": {
        "class": "DefaultViewController",
        "identifier": "defaultViewController"
      },
      "routes": {
        "sales/:saleId": {
          "storyboard": {
            "iPhone": "SaleStoryboard_iPhone",
            "iPad": "SaleStoryboard_iPad"
          },
          "class": "SaleViewController",
          "identifier": "saleViewController",
          "handlers": [
            "logAnalytics"
          ],
          "routeParameters": {
            "saleId": {
              "required": true,
              "regex": "[0-9]"
            },
            "utmSource": {

            }
          }
        },
        "addToCart/:productId": {
          "handlers": [
            "authenticate",
            "logAnalytics",
            "addProductToCart"
          ]
        }
      }
    }
    """

/// The Android sample of MDL §2.4.
let androidSampleConfig = """
    {
      "defaultRoute": {
        "class": "com.myorg.myapp.DefaultActivity"
      },
      "routes": {
        "reservations": {
          "class": "com.myorg.myapp.ReservationFeedActivity"
        },
        "reservations/:reservationId": {
          "class": "com.myorg.myapp.ReservationDetailsActivity"
        },
        "account/:userId": {
          "class": "com.myorg.myapp.AccountActivity"
        }
      }
    }
    """

/// A router over configuration JSON, with logging off so tests stay quiet.
func makeRouter(_ json: String) throws -> DeepLinkRouter {
    var router = DeepLinkRouter(configuration: try DeepLinkConfiguration(json: json))
    router.logHandler = nil
    return router
}

/// A configuration whose routes are `patterns` (in order), each with a class named after its index.
func routesConfig(_ patterns: [String], parameters: [String: String] = [:], defaultRoute: Bool = false) -> String {
    let routes = patterns.enumerated().map { index, pattern in
        let extra = parameters[pattern].map { ", \"routeParameters\": \($0)" } ?? ""
        return "\"\(pattern)\": {\"class\": \"Screen\(index)\"\(extra)}"
    }
    let fallback = defaultRoute ? "\"defaultRoute\": {\"class\": \"Home\"}," : ""
    return "{\(fallback) \"routes\": {\(routes.joined(separator: ", "))}}"
}

/// Records what the router shows, in order.
actor RecordingDestination: DeepLinkDestination {
    private(set) var shown: [(screen: DeepLinkScreen, parameters: DeepLinkParameters)] = []

    func show(_ screen: DeepLinkScreen, parameters: DeepLinkParameters) async throws {
        shown.append((screen, parameters))
    }
}

/// Records handler calls across tasks.
actor CallLog {
    private(set) var calls: [String] = []
    func record(_ call: String) { calls.append(call) }
}
