// The portability module's public surface: importing an export file into the account (#18).
export { ImportArtifacts } from './components/ImportArtifacts';
export { ImportFromSources } from './components/ImportFromSources';
