// The account module's public surface.
export { SESSIONS_TEXTS, SessionsSection } from './components/SessionsSection';
