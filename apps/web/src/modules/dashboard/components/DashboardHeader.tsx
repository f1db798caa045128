import { Link } from 'react-router-dom';
import { type SessionUser, analyticsLevel, hasFeature, isSubscribed } from '@core-vault/contracts';
import { ThemeToggle } from '../../../components/ui';
import { useSession } from '../../auth';
import { StatusBadge, subscriptionLine } from '../../billing';
import { upgradePath } from '../../features';
import { BillingButton } from './BillingButton';

/** Brand, subscription badge and trial text, feature links by plan, Tour, Upgrade or Billing, theme, account, sign out. */
export function DashboardHeader({ user, onTour }: { user: SessionUser; onTour: () => void }) {
  const { signOut } = useSession();
  const line = subscriptionLine(user);
  const canAnalytics = analyticsLevel(user) !== 'none';
  return (
    <header className="cv-topbar">
      <div className="cv-topbar-inner">
        <div className="cv-row">
          <Link to="/dashboard" className="cv-brand">
            Core Vault
          </Link>
          <StatusBadge status={user.subscriptionStatus} />
          {line && (
            <span className={line.urgent ? 'db-urgent' : 'cv-hint'} data-testid="trial-text">
              {line.text}
            </span>
          )}
        </div>
        <nav className="cv-row" aria-label="Account and features">
          <Link className="cv-btn cv-btn-small" to={canAnalytics ? '/analytics' : upgradePath(user)}>
            Analytics
          </Link>
          <Link className="cv-btn cv-btn-small" to="/domains">
            Custom Domains
          </Link>
          {hasFeature(user, 'api_access') && (
            <a className="cv-btn cv-btn-small" href="/api-docs" target="_blank" rel="noopener">
              API Access
            </a>
          )}
          <button type="button" className="cv-btn cv-btn-small" onClick={onTour}>
            Tour
          </button>
          {isSubscribed(user) ? (
            <BillingButton user={user} />
          ) : (
            <a className="cv-btn cv-btn-primary cv-btn-small" href="/pricing" target="_blank" rel="noopener">
              Upgrade
            </a>
          )}
          <ThemeToggle />
          <Link className="cv-btn cv-btn-small" to="/account">
            Account
          </Link>
          <button type="button" className="cv-btn cv-btn-small" onClick={() => void signOut()}>
            Sign Out
          </button>
        </nav>
      </div>
    </header>
  );
}
