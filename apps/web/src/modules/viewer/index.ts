export { ArtifactFrame, type ArtifactFrameProps } from './components/ArtifactFrame';
export { ArtifactPreview } from './components/ArtifactPreview';
export { EmbedRedirect } from './components/EmbedRedirect';
export { ViewPage, type ViewPageProps } from './components/ViewPage';
export { ANONYMOUS_SESSION, ViewerSessionContext, type ViewerSession, useViewerSession } from './session';
export { RENDERER_ORIGIN } from './renderer-origin';
