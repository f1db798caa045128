import { hasFeature } from '@core-vault/contracts';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { useSession } from '../../auth';
import { ComingSoon, FeatureShell, Upsell } from './Upsell';
import './features.css';

export const DOMAIN_FEATURES = [
  'Custom Branding',
  'SSL Certificates',
  'Fast CDN',
  'Domain Analytics',
] as const;

export function DomainsPage() {
  useDocumentMeta({ title: 'Custom Domains', robots: 'noindex, nofollow' });
  const { user } = useSession();
  return (
    <FeatureShell title="Custom Domains">
      {hasFeature(user, 'custom_domains') ? (
        <ComingSoon title="Custom domains" items={DOMAIN_FEATURES} />
      ) : (
        <Upsell feature="Custom Domains" />
      )}
    </FeatureShell>
  );
}
