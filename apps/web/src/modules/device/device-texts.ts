/** The /device page's texts (corevault login's device sign-in; docs/guides/cli.md). */
export const DEVICE_TEXTS = {
  title: 'Log in a device',
  intro:
    'corevault login shows a code in your terminal. Enter it here to let that command line use your vault with a new personal access token.',
  codeLabel: 'Code',
  codeHint: '8 letters, as your terminal shows them, e.g. BCDF-GHJK',
  codeRequired: 'Please enter the code your terminal shows.',
  next: 'Continue',
  checking: 'Checking...',
  asking: (client: string) => `${client} wants to use your vault`,
  host: 'Computer',
  unknownHost: 'Not named',
  scopes: 'It will be able to',
  scopeHelp: {
    'artifacts:read': 'Read your artifacts',
    'artifacts:write': 'Create and change your artifacts',
    'collections:read': 'Read your collections',
    'collections:write': 'Create and change your collections',
    'analytics:read': 'Read your analytics',
  } as Readonly<Record<string, string>>,
  tokenName: 'Personal access token',
  expires: (time: string) =>
    `This code expires at ${time}. Only approve a code you started yourself, just now.`,
  approve: 'Approve',
  approving: 'Approving...',
  deny: 'Deny',
  denying: 'Denying...',
  otherCode: 'Use another code',
  revoke: 'You can revoke the key at any time under Account Settings → Personal access tokens.',
  account: 'Account Settings',
  dashboard: 'Back to Dashboard',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;
