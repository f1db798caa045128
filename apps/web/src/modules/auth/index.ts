// The auth module's public surface. Its pages (LoginPage, ForgotPasswordPage) are reached only
// by the router's lazy imports, so they stay out of the entry chunk.
export { RequireAuth } from './components/RequireAuth';
export { SessionProvider } from './components/SessionProvider';
export { type ResendNotice, VerificationCodeField } from './components/VerificationCodeField';
export { useSession } from './hooks/useSession';
export { DUPLICATE_EMAIL_REDIRECT_MS, signInProblem } from './auth-messages';
export { type Session } from './session-context';
