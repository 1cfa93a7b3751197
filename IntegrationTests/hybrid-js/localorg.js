'use strict';
// A LocalOrg for the tests: `forcekit serve` on a free port, with a CLI home of its own where
// `forcekit login --local` signs its default user in.

const { spawn, execFile } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const { promisify } = require('node:util');

const run = promisify(execFile);

async function startLocalOrg(forcekit, serveArguments = []) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'forcekit-hybrid-'));
  const env = { ...process.env, FORCEKIT_HOME: home };
  const server = spawn(forcekit, ['serve', '--port', '0', ...serveArguments], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stopped = new Promise((resolve) => server.on('exit', resolve));
  const org = await new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: server.stdout });
    lines.once('line', (line) => resolve(JSON.parse(line)));
    server.once('exit', (code) => reject(new Error(`forcekit serve exited with ${code} before it answered`)));
  });
  server.stdout.resume();
  await run(forcekit, ['login', '--local'], { env });
  return {
    org,
    env,
    /** Runs another forcekit command in this org's CLI home. */
    forcekit: (...args) => run(forcekit, args, { env }),
    async stop() {
      server.kill('SIGINT');
      await stopped;
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

module.exports = { startLocalOrg };
