// remotes.json: the one file operators edit to point a feature at a version.
// { "remotes": { "swap": { "name": "mfe_swap", "base": "http://localhost:8081", "version": "1.0.0" } } }
// The manifest url is `${base}/${version}/mf-manifest.json`; rolling back = changing one "version" line.
const fs = require('node:fs');
const path = require('node:path');
const { APPS, REMOTE_APPS, appVersion, runConfigDir } = require('./apps');
const validate = require('./remotes-validate');

function defaultRemotesFile(host = 'http://localhost') {
  const remotes = {};
  for (const app of REMOTE_APPS) {
    const { remoteKey, federationName, port } = APPS[app];
    remotes[remoteKey] = {
      name: federationName,
      base: `${host}:${port}`,
      version: appVersion(app),
    };
  }
  return { remotes };
}

function remotesFilePath(dir = runConfigDir) {
  return path.join(dir, 'remotes.json');
}

function readRemotesFile(dir = runConfigDir) {
  const file = remotesFilePath(dir);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : defaultRemotesFile();
}

function writeRemotesFile(content, dir = runConfigDir) {
  fs.mkdirSync(dir, { recursive: true });
  // One remote per line block, "version" on its own line, so a rollback is a one-line diff.
  fs.writeFileSync(remotesFilePath(dir), JSON.stringify(content, null, 2) + '\n');
}

module.exports = {
  defaultRemotesFile,
  readRemotesFile,
  writeRemotesFile,
  remotesFilePath,
  validateRemoteEntry: validate.validateRemoteEntry,
  parseRemotesFile: validate.parseRemotesFile,
  versionProblem: validate.versionProblem,
};
