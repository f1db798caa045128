export const NETWORK_MESSAGES = {
  badge: 'Uses the network',
  badgeTitle:
    'Its owner lets this artifact connect to internet services (https) from your browser. Those services can see your IP address.',
  allow: 'Allow network access',
  block: 'Block network access',
  failed: 'Could not change network access. Please try again.',
} as const;

const badge = {
  padding: '2px 10px',
  borderRadius: 999,
  background: 'var(--cv-amber-bg)',
  color: 'var(--cv-amber)',
  fontSize: 12,
  fontWeight: 600,
};

/** Shown to everyone when the owner allowed outbound network for the artifact. */
export function NetworkBadge() {
  return (
    <span style={badge} title={NETWORK_MESSAGES.badgeTitle} data-testid="network-badge">
      🌐 {NETWORK_MESSAGES.badge}
    </span>
  );
}
