import { type CSSProperties, useState } from 'react';
import { messageOf, saveArtifactSettings } from '../api/artifact-settings';

/**
 * An owner's on/off switch for one boolean setting of the artifact (network, copies): it saves
 * the flipped value and reports what the server kept; a refusal is shown beside the button.
 */
export function SettingSwitch({
  setting,
  artifactId,
  allowed,
  accessToken,
  onChange,
  fetchImpl = fetch,
  labels,
  pressed,
  errorClassName,
  errorStyle,
}: {
  setting: 'allowNetwork' | 'allowRemix';
  artifactId: string;
  allowed: boolean;
  accessToken: string | null;
  onChange: (allowed: boolean) => void;
  fetchImpl?: typeof fetch;
  /** `whenAllowed` is the button's text while the setting is on (the way to turn it off). */
  labels: { whenAllowed: string; whenRefused: string; failed: string };
  /** aria-pressed: whether the button's state is "on" (network on, or copies turned off). */
  pressed: boolean;
  errorClassName?: string;
  errorStyle?: CSSProperties;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      const kept = await saveArtifactSettings(
        fetchImpl,
        artifactId,
        accessToken,
        { [setting]: !allowed },
        labels.failed,
      );
      onChange(kept[setting] ?? !allowed);
    } catch (err) {
      setError(messageOf(err, labels.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" onClick={() => void toggle()} disabled={busy} aria-pressed={pressed}>
        {allowed ? labels.whenAllowed : labels.whenRefused}
      </button>
      {error && (
        <span role="alert" className={errorClassName} style={errorStyle}>
          {error}
        </span>
      )}
    </>
  );
}
