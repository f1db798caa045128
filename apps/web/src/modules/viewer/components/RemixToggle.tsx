import { VIEW_MESSAGES as M } from '../messages';
import { SettingSwitch } from './SettingSwitch';

/**
 * The owner's switch for "Save a copy to my vault" on their public page: PATCH allowRemix. On by
 * default; off, visitors no longer see the button and the server refuses copies (403).
 */
export function RemixToggle(props: {
  artifactId: string;
  allowed: boolean;
  accessToken: string | null;
  onChange: (allowed: boolean) => void;
  fetchImpl?: typeof fetch;
}) {
  return (
    <SettingSwitch
      {...props}
      setting="allowRemix"
      labels={{ whenAllowed: M.turnOffCopies, whenRefused: M.allowCopies, failed: M.copiesFailed }}
      pressed={!props.allowed}
      errorClassName="cv-reuse-error"
    />
  );
}
