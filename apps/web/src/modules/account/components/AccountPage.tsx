import { Link } from 'react-router-dom';
import { Banner, Spinner } from '../../../components/ui';
import { messageOf } from '../../../lib/api/errors';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { useAccountProfile } from '../api/account-api';
import { UNEXPECTED } from '../account-texts';
import { DeleteAccountSection } from './DeleteAccountSection';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { PersonalTokensSection } from './PersonalTokensSection';
import { ProfileSection } from './ProfileSection';
import { SearchEnginesSection } from './SearchEnginesSection';
import { SessionsSection } from './SessionsSection';
import './account.css';

/** /account: the signed-in user's settings (issue #17 item 5). */
export function AccountPage() {
  useDocumentMeta({ title: 'Account Settings', robots: 'noindex, nofollow' });
  const profile = useAccountProfile();
  return (
    <div className="ac">
      <header className="cv-topbar">
        <div className="cv-topbar-inner">
          <div className="cv-row">
            <Link to="/dashboard" className="cv-back" aria-label="Back to dashboard">
              ←
            </Link>
            <h1 className="ac-title">Account Settings</h1>
          </div>
        </div>
      </header>
      <main className="cv-page ac-grid">
        {profile.isError ? (
          <Banner tone="error">
            {messageOf(profile.error, UNEXPECTED)}{' '}
            <button type="button" className="cv-link-btn" onClick={() => void profile.refetch()}>
              Try again
            </button>
          </Banner>
        ) : !profile.data ? (
          <Spinner />
        ) : (
          <>
            <ProfileSection profile={profile.data} />
            <EmailSection email={profile.data.email} />
            <PasswordSection />
          </>
        )}
        {/* Loads on its own: the sessions can be managed even when the profile did not load. */}
        <SessionsSection />
        <PersonalTokensSection />
        <SearchEnginesSection />
        <DeleteAccountSection />
      </main>
    </div>
  );
}
