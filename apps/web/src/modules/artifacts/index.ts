export { ArtifactCard } from './components/ArtifactCard';
export { ArtifactOwnerActions } from './components/ArtifactOwnerActions';
export { VersionHistoryDialog } from './components/VersionHistoryDialog';
export {
  type ArtifactListState,
  type ListItem,
  type ListSource,
  type SearchFilters,
  useArtifactList,
} from './hooks/useArtifactList';
