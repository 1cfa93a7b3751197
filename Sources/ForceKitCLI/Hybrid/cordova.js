// ForceKit's cordova.js for `forcekit hybrid serve`: what the Mobile SDK's cordova.force.js
// expects of Cordova (cordova.define, cordova.require, cordova/exec, the plugins loaded before
// deviceready), with each exec carried to ForceKit's HybridBridge over HTTP and its events
// polled back as DOM events.
(function () {
  'use strict';
  var factories = {};
  var modules = {};

  function define(id, factory) {
    factories[id] = factory;
  }

  function require(id) {
    if (modules[id]) return modules[id].exports;
    var factory = factories[id];
    if (!factory) throw new Error('module ' + id + ' not found');
    var module = { id: id, exports: {} };
    modules[id] = module;
    factory(require, module.exports, module);
    return module.exports;
  }

  function exec(success, error, service, action, args) {
    fetch('/__forcekit/exec', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ service: service, action: action, args: args || [] }),
    })
      .then(function (response) { return response.json(); })
      .then(
        function (answer) {
          if (answer.ok) { if (typeof success === 'function') success(answer.result); }
          else if (typeof error === 'function') error(answer.error);
        },
        function (failure) { if (typeof error === 'function') error(String(failure)); });
  }

  define('cordova/exec', function (require, exports, module) { module.exports = exec; });

  // deviceready is sticky, as Cordova's is: a listener added after it fired is called at once.
  var ready = false;
  var addListener = document.addEventListener.bind(document);
  document.addEventListener = function (name, listener, options) {
    addListener(name, listener, options);
    if (name === 'deviceready' && ready) setTimeout(function () { listener(new Event('deviceready')); }, 0);
  };

  // Events (a sync's progress) come from the bridge in order; each is dispatched on document.
  var after = 0;
  function poll() {
    fetch('/__forcekit/events?after=' + after)
      .then(function (response) { return response.json(); })
      .then(function (events) {
        events.forEach(function (event) {
          after = event.seq;
          document.dispatchEvent(new CustomEvent(event.name, { detail: event.detail }));
        });
        setTimeout(poll, 100);
      }, function () { setTimeout(poll, 1000); });
  }

  window.cordova = { define: define, require: require, exec: exec, platformId: 'forcekit', version: 'forcekit' };

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement('script');
      script.src = src;
      script.onload = resolve;
      script.onerror = function () { reject(new Error('cannot load ' + src)); };
      document.head.appendChild(script);
    });
  }

  // Sets window's object at a dotted path (navigator.smartstore) to a module's exports, as
  // Cordova's clobbers do.
  function clobber(path, id) {
    var parts = path.split('.');
    var target = window;
    for (var i = 0; i < parts.length - 1; i++) {
      if (!target[parts[i]]) target[parts[i]] = {};
      target = target[parts[i]];
    }
    target[parts[parts.length - 1]] = require(id);
  }

  // The plugins as Cordova loads them before deviceready: a built app's cordova_plugins.js and
  // the files it lists, or the SDK's cordova.force.js the app brings (every plugin in one file,
  // with the clobbers its plugin list declares).
  function loadPlugins(plugins) {
    if (factories['com.salesforce.plugin.oauth']) return Promise.resolve();
    if (plugins.list) {
      return loadScript(plugins.list).then(function () {
        var list = require('cordova/plugin_list');
        return list.reduce(function (previous, entry) {
          return previous.then(function () { return loadScript(entry.file); });
        }, Promise.resolve()).then(function () {
          list.forEach(function (entry) {
            (entry.clobbers || []).forEach(function (path) { clobber(path, entry.id); });
            (entry.merges || []).forEach(function (path) { clobber(path, entry.id); });
            if (entry.runs) require(entry.id);
          });
        });
      });
    }
    if (plugins.script) {
      return loadScript(plugins.script).then(function () {
        if (factories['com.salesforce.plugin.smartstore']) clobber('navigator.smartstore', 'com.salesforce.plugin.smartstore');
        if (factories['com.salesforce.plugin.smartstore.client']) clobber('navigator.smartstoreClient', 'com.salesforce.plugin.smartstore.client');
      });
    }
    return Promise.resolve();
  }

  // As Cordova's, deviceready waits for DOMContentLoaded too: a page's handler finds its elements
  // even when the bridge answered before the page's body was parsed.
  var domLoaded = document.readyState !== 'loading'
    ? Promise.resolve()
    : new Promise(function (resolve) { addListener('DOMContentLoaded', resolve, { once: true }); });

  fetch('/__forcekit/ready')
    .then(function (response) { return response.json(); })
    .then(function (answer) {
      return loadPlugins(answer.plugins || {}).catch(function (failure) { console.error('ForceKit: ' + failure.message); });
    })
    .then(function () { return domLoaded; })
    .then(function () {
      poll();
      ready = true;
      document.dispatchEvent(new Event('deviceready'));
    });
})();
