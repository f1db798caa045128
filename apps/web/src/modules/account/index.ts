// The account module's public surface.
export { SESSIONS_TEXTS, SessionsSection } from './components/SessionsSection';
export {
  ACCOUNT_DELETED_NOTICE,
  DELETE_ACCOUNT_TEXTS,
  DeleteAccountSection,
} from './components/DeleteAccountSection';
