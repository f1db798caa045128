import { NETWORK_MESSAGES } from './NetworkAccess';
import { SettingSwitch } from './SettingSwitch';

/**
 * The owner's switch: PATCH allowNetwork, then the frame reloads with the matching CSP. Off by
 * default; turning it on is a choice about the viewers' privacy (docs/reference/rendering.md, "Network").
 */
export function NetworkToggle(props: {
  artifactId: string;
  allowed: boolean;
  accessToken: string | null;
  onChange: (allowed: boolean) => void;
  fetchImpl?: typeof fetch;
}) {
  return (
    <SettingSwitch
      {...props}
      setting="allowNetwork"
      labels={{
        whenAllowed: NETWORK_MESSAGES.block,
        whenRefused: NETWORK_MESSAGES.allow,
        failed: NETWORK_MESSAGES.failed,
      }}
      pressed={props.allowed}
      errorStyle={{ color: 'var(--cv-red)', fontSize: 13 }}
    />
  );
}
