// ForceKit's cordova.js for `forcekit hybrid serve`: what the Mobile SDK's cordova.force.js
// expects of Cordova (cordova.define, cordova.require, cordova/exec, deviceready), with each
// exec carried to ForceKit's HybridBridge over HTTP and its events polled back as DOM events.
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

  fetch('/__forcekit/ready')
    .then(function (response) { return response.json(); })
    .then(function () {
      poll();
      ready = true;
      document.dispatchEvent(new Event('deviceready'));
    });
})();
