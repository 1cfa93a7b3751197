// ForceKitHybridExample: Accounts synced into SmartStore and listed from it, offline first.
// The calls are the Mobile SDK's plugin calls (cordova.exec with the SDK's services, actions and
// arguments); once the SDK's cordova.force.js is added, the same can be written with its modules
// (cordova.require("com.salesforce.plugin.smartstore"), "com.salesforce.plugin.mobilesync").
'use strict';

function plugin(service, action, args) {
  return new Promise(function (resolve, reject) {
    cordova.exec(resolve, reject, service, action, ['pluginSDKVersion:13.0.2', args || {}]);
  });
}

function syncEnd(id) {
  return new Promise(function (resolve) {
    document.addEventListener('sync', function listener(event) {
      if (event.detail._soupEntryId === id && (event.detail.status === 'DONE' || event.detail.status === 'FAILED')) {
        document.removeEventListener('sync', listener);
        resolve(event.detail);
      }
    });
  });
}

async function start() {
  var status = document.getElementById('status');
  await plugin('com.salesforce.smartstore', 'pgRegisterSoup', {
    soupName: 'accounts', indexes: [{ path: 'Id', type: 'string' }, { path: 'Name', type: 'string' }, { path: '__local__', type: 'string' }],
  });
  status.textContent = 'Syncing Accounts…';
  var sync = await plugin('com.salesforce.mobilesync', 'syncDown', {
    soupName: 'accounts', syncName: 'accounts', options: { mergeMode: 'LEAVE_IF_CHANGED' },
    target: { type: 'soql', query: 'SELECT Id, Name, LastModifiedDate FROM Account' },
  });
  var end = await syncEnd(sync._soupEntryId);
  var cursor = await plugin('com.salesforce.smartstore', 'pgQuerySoup', {
    soupName: 'accounts', querySpec: { queryType: 'range', indexPath: 'Name', orderPath: 'Name', order: 'ascending', pageSize: 20 },
  });
  await plugin('com.salesforce.smartstore', 'pgCloseCursor', { cursorId: cursor.cursorId });
  var list = document.getElementById('accounts');
  cursor.currentPageOrderedEntries.forEach(function (account) {
    var item = document.createElement('li');
    item.textContent = account.Name;
    list.appendChild(item);
  });
  status.textContent = end.status === 'DONE' ? cursor.totalEntries + ' Accounts, stored offline' : 'The sync failed: ' + end.error;
}

document.addEventListener('deviceready', function () {
  start().catch(function (error) { document.getElementById('status').textContent = 'Failed: ' + error; });
});
