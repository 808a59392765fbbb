// remotes.json is validated by the one validator the operator command uses too.
export {
  REMOTE_KEYS,
  manifestUrl,
  parseRemotesFile,
  toFederationRemotes,
  chosenVersion,
  versionsToTry,
  pinnedFolders,
  type RemoteEntry,
  type RemoteKey,
  type RemoteProblem,
  type RemotesFile,
} from '@jmswap/mf-config/remotes';
