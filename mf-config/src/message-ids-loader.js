// Runs after swc-loader on every app module. The Lingui plugin writes each message's id beside
// its English text (`/*i18n*/ { id: "lvBy0B", message: "Swap now" }`). English formats from the
// message, and another language derives the id from it once its catalogue is in use
// (shared-chain's i18n/switching.ts, with the hash `lingui extract` uses), so the ids need not
// ship: they were 1.2 KiB gzip of `/`'s first load in English (the languages' 2 KiB budget).
// The id is blanked with spaces, not cut, so swc's source map still fits the code.
const DESCRIPTOR_ID = /(\/\*i18n\*\/\s*\{\s*)(id:\s*"[A-Za-z0-9+/]{6}",)/g;

function stripMessageIds(source) {
  return source.replace(DESCRIPTOR_ID, (_, head, id) => head + ' '.repeat(id.length));
}

module.exports = function messageIdsLoader(source, map) {
  this.callback(null, stripMessageIds(source), map);
};
module.exports.stripMessageIds = stripMessageIds;
