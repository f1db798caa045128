export { ArtifactCard } from './components/ArtifactCard';
export { VersionHistoryDialog } from './components/VersionHistoryDialog';
export { type ArtifactListState, type ListSource, useArtifactList } from './hooks/useArtifactList';
