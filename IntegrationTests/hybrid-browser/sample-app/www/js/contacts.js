// A hybrid app as upstream's samples are written: the plugins through cordova.require and
// navigator.smartstore, the soup from userstore.json, the syncs from usersyncs.json run by name.
'use strict';

function promised(module, action) {
  var args = Array.prototype.slice.call(arguments, 2);
  return new Promise(function (resolve, reject) {
    cordova.require(module)[action].apply(null, args.concat([resolve, function (error) { reject(new Error(action + ': ' + error)); }]));
  });
}
function log(line) { document.getElementById('log').textContent += line + '\n'; }
function check(condition, what) { if (!condition) throw new Error(what); log('ok  ' + what); }

// A sync run by name, to its end (its last `sync` event).
function runSync(name) {
  return new Promise(function (resolve, reject) {
    var id = null;
    var ended = null;
    document.addEventListener('sync', function listener(event) {
      if (event.detail.name !== name || (event.detail.status !== 'DONE' && event.detail.status !== 'FAILED')) return;
      document.removeEventListener('sync', listener);
      ended = event.detail;
      if (id !== null) resolve(ended);
    });
    promised('com.salesforce.plugin.mobilesync', 'reSync', name).then(function (started) {
      id = started._soupEntryId;
      if (ended) resolve(ended);
    }, reject);
  });
}

var everything = { queryType: 'range', indexPath: 'LastName', order: 'ascending', pageSize: 500 };

document.addEventListener('deviceready', function () {
  var edited;
  Promise.resolve()
    .then(function () {
      check(navigator.smartstore === cordova.require('com.salesforce.plugin.smartstore'), 'navigator.smartstore is the SmartStore plugin');
      return promised('com.salesforce.plugin.sdkinfo', 'getInfo');
    })
    .then(function (info) {
      check(info.appName === 'ContactsOffline' && info.appVersion === '2.1(7)', 'getInfo names the app as its config.xml does');
      check(info.bootConfig.startPage === 'Contacts.html' && info.bootConfig.isLocal === true, 'getInfo has the app\'s boot config');
      return runSync('syncDownContacts');
    })
    .then(function (done) {
      check(done.status === 'DONE' && done.totalSize > 0, 'syncDownContacts from usersyncs.json: ' + done.totalSize + ' contacts');
      return promised('com.salesforce.plugin.smartstore', 'querySoup', 'contacts', everything);
    })
    .then(function (cursor) {
      var first = cursor.currentPageOrderedEntries[0];
      edited = Object.assign({}, first, { Title: 'Edited offline', __local__: true, __locally_updated__: true });
      return new Promise(function (resolve, reject) { navigator.smartstore.upsertSoupEntries('contacts', [edited], resolve, reject); });
    })
    .then(function () { return runSync('syncUpContacts'); })
    .then(function (done) {
      check(done.status === 'DONE', 'syncUpContacts sent the offline edit');
      return promised('com.salesforce.plugin.network', 'sendRequest', '/v66.0/query',
        { q: "SELECT Title FROM Contact WHERE Id = '" + edited.Id + "'" });
    })
    .then(function (answer) {
      check(answer.records[0].Title === 'Edited offline', 'the org has the edit');
      return promised('com.salesforce.plugin.smartstore', 'querySoup', 'contacts', everything);
    })
    .then(function (cursor) {
      var list = document.getElementById('contacts');
      cursor.currentPageOrderedEntries.slice(0, 10).forEach(function (contact) {
        var item = document.createElement('li');
        item.textContent = contact.FirstName + ' ' + contact.LastName + (contact.__local__ ? ' (not synced)' : '');
        list.appendChild(item);
      });
      document.getElementById('result').textContent = 'passed';
    })
    .catch(function (error) {
      log('FAILED ' + error.message);
      document.getElementById('result').textContent = 'failed';
    });
});
