'use strict';
// A cordova.exec of ours for Node: each call goes to `forcekit bridge` as a JSON line, and each
// answer comes back to the call's success or error callback, as Cordova's native bridge does.
// The SDK's hybrid JavaScript calls cordova.exec(success, error, service, action, args); these
// tests call it with the services, actions and argument shapes that JavaScript sends.

const { spawn } = require('node:child_process');
const readline = require('node:readline');

// The version the SDK's com.salesforce.util.exec puts first in every call's arguments.
const PLUGIN_SDK_VERSION = '13.0.2';

/** Starts `forcekit bridge` with `env` and returns cordova.exec over it, with helpers. */
function startBridge({ forcekit, env, args = [] }) {
  const child = spawn(forcekit, ['bridge', ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const pending = new Map();
  const listeners = new Map();
  const strayLines = [];
  let nextId = 1;
  let stderr = '';
  child.stderr.on('data', (data) => { stderr += data; });
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line);
    if (message.event !== undefined) {
      for (const listener of listeners.get(message.event) || []) listener(message.detail);
      return;
    }
    const callbacks = pending.get(message.id);
    if (!callbacks) { strayLines.push(line); return; }
    pending.delete(message.id);
    if (message.ok) callbacks.success(message.result); else callbacks.error(message.error);
  });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));

  /** Cordova's exec: the answer goes to `success` or `error`. */
  function exec(success, error, service, action, args) {
    const id = nextId++;
    pending.set(id, { success: success || (() => {}), error: error || (() => {}) });
    child.stdin.write(JSON.stringify({ id, service, action, args: args || [] }) + '\n');
  }

  /** A call as the SDK's plugins make it (the version marker, then one argument object), as a promise. */
  function call(service, action, argument = {}) {
    return new Promise((resolve, reject) => exec(resolve, (message) => reject(new Error(message)), service, action,
      ['pluginSDKVersion:' + PLUGIN_SDK_VERSION, argument]));
  }

  /** Calls `listener` with each event's detail, as document.addEventListener(name, e => e.detail) would. */
  function on(name, listener) {
    const list = listeners.get(name) || [];
    list.push(listener);
    listeners.set(name, list);
    return () => listeners.set(name, (listeners.get(name) || []).filter((other) => other !== listener));
  }

  /** The first event named `name` from now on whose detail passes `matches`. */
  function nextEvent(name, matches) {
    return new Promise((resolve) => {
      const off = on(name, (detail) => { if (matches(detail)) { off(); resolve(detail); } });
    });
  }

  /** Ends the input; resolves with the exit code and standard error once the bridge has stopped. */
  async function close() {
    child.stdin.end();
    const code = await exited;
    return { code, stderr, unanswered: pending.size, strayLines };
  }

  return { exec, call, on, nextEvent, close };
}

module.exports = { startBridge, PLUGIN_SDK_VERSION };
