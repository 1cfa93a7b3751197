// ForceKit's own test script, written from the wire format (not the SDK's file): the test copies
// it into the sample app as js/cordova.force.js, where an app made from upstream's templates keeps
// the SDK's plugins. It defines the plugin modules under the SDK's module ids, each calling
// cordova/exec with the SDK's services, actions and argument shapes (the version marker, then one
// object); only what contacts.js uses.
(function () {
  'use strict';
  var VERSION = 'pluginSDKVersion:14.0.0';

  function plugin(id, service, actions) {
    cordova.define(id, function (require, exports) {
      var exec = require('cordova/exec');
      Object.keys(actions).forEach(function (name) {
        exports[name] = function () {
          var args = Array.prototype.slice.call(arguments);
          var failure = args.pop();
          var success = args.pop();
          exec(success, failure, service, actions[name], [VERSION, actions[name + 'Args'] ? actions[name + 'Args'].apply(null, args) : {}]);
        };
      });
    });
  }

  plugin('com.salesforce.plugin.sdkinfo', 'com.salesforce.sdkinfo', { getInfo: 'getInfo' });
  plugin('com.salesforce.plugin.oauth', 'com.salesforce.oauth', { getAuthCredentials: 'getAuthCredentials' });
  plugin('com.salesforce.plugin.smartstore', 'com.salesforce.smartstore', {
    querySoup: 'pgQuerySoup',
    querySoupArgs: function (soupName, querySpec) { return { soupName: soupName, querySpec: querySpec, isGlobalStore: false }; },
    upsertSoupEntries: 'pgUpsertSoupEntries',
    upsertSoupEntriesArgs: function (soupName, entries) { return { soupName: soupName, entries: entries, externalIdPath: '_soupEntryId', isGlobalStore: false }; },
  });
  plugin('com.salesforce.plugin.mobilesync', 'com.salesforce.mobilesync', {
    reSync: 'reSync',
    reSyncArgs: function (syncName) { return { syncName: syncName, isGlobalStore: false }; },
  });
  plugin('com.salesforce.plugin.network', 'com.salesforce.network', {
    sendRequest: 'pgSendRequest',
    sendRequestArgs: function (path, params) { return { path: path, method: 'GET', queryParams: params }; },
  });
})();
