import {
  FRAME_HEIGHT_SETTING,
  type FrameHeightSetting as Setting,
  frameHeightSchema,
} from '@core-vault/contracts';
import { type FormEvent, useState } from 'react';
import { messageOf, saveArtifactSettings } from '../api/artifact-settings';

export const FRAME_HEIGHT_TEXT = {
  button: 'Frame height',
  label: 'Height of this artifact’s frame',
  auto: 'Automatic (fits the content; full screen for full-screen layouts)',
  viewport: 'Fill the window',
  fixed: 'Fixed height',
  pixels: 'Height in pixels',
  hint: `From ${FRAME_HEIGHT_SETTING.min} to ${FRAME_HEIGHT_SETTING.max.toLocaleString('en-US')} px; a taller page scrolls inside the frame. Embed codes copied from now on carry this height.`,
  invalid: `Enter a whole number of pixels from ${FRAME_HEIGHT_SETTING.min} to ${FRAME_HEIGHT_SETTING.max}.`,
  save: 'Save',
  saved: 'Saved.',
  failed: 'Could not save the frame height. Please try again.',
} as const;

type Choice = 'auto' | 'viewport' | 'fixed';
const choiceOf = (s: Setting): Choice => (s === null ? 'auto' : s === 'viewport' ? 'viewport' : 'fixed');
const DEFAULT_FIXED = 800;

/** The setting the form describes, or null when the px are not a valid height. */
export function settingFromForm(choice: Choice, pixels: string): { value: Setting } | null {
  if (choice === 'auto') return { value: null };
  if (choice === 'viewport') return { value: 'viewport' };
  const n = pixels.trim() === '' ? Number.NaN : Number(pixels);
  return frameHeightSchema.safeParse(n).success ? { value: n } : null;
}

/**
 * The owner's frame height for this artifact (PATCH frameHeight): automatic, fill the window, or a
 * fixed height. The view frame, the embed page, oEmbed and copied embed codes follow it
 * (docs/reference/rendering.md, "Frame sizing"). `onChange` re-reads the artifact.
 */
export function FrameHeightSetting({
  artifactId,
  value,
  accessToken,
  onChange,
  fetchImpl = fetch,
}: {
  artifactId: string;
  value: Setting;
  accessToken: string | null;
  onChange: (value: Setting) => void;
  fetchImpl?: typeof fetch;
}) {
  const t = FRAME_HEIGHT_TEXT;
  const [choice, setChoice] = useState<Choice>(choiceOf(value));
  const [pixels, setPixels] = useState(String(typeof value === 'number' ? value : DEFAULT_FIXED));
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const next = settingFromForm(choice, pixels);
    if (!next) {
      setNote({ error: true, text: t.invalid });
      return;
    }
    setBusy(true);
    setNote(null);
    try {
      await saveArtifactSettings(fetchImpl, artifactId, accessToken, { frameHeight: next.value }, t.failed);
      setNote({ error: false, text: t.saved });
      onChange(next.value);
    } catch (err) {
      setNote({ error: true, text: messageOf(err, t.failed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="cv-frame-height-setting" style={{ position: 'relative' }}>
      <summary style={{ cursor: 'pointer' }}>{t.button}</summary>
      <form
        aria-label={t.label}
        // Our own check and message (the browser's would stop the submit without one).
        noValidate
        onSubmit={(e) => void save(e)}
        style={{
          position: 'absolute',
          zIndex: 20,
          top: '100%',
          left: 0,
          width: 300,
          padding: 12,
          background: '#fff',
          border: '1px solid #e3e7f0',
          borderRadius: 8,
          boxShadow: '0 6px 24px rgba(0,0,0,.12)',
          fontSize: 14,
          lineHeight: 1.5,
        }}
      >
        <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
          <legend>{t.label}</legend>
          {(['auto', 'viewport', 'fixed'] as const).map((c) => (
            <label key={c} style={{ display: 'block' }}>
              <input
                type="radio"
                name="frame-height"
                value={c}
                checked={choice === c}
                onChange={() => setChoice(c)}
              />{' '}
              {t[c]}
            </label>
          ))}
        </fieldset>
        {choice === 'fixed' && (
          <label style={{ display: 'block', marginTop: 8 }}>
            {t.pixels}{' '}
            <input
              type="number"
              inputMode="numeric"
              min={FRAME_HEIGHT_SETTING.min}
              max={FRAME_HEIGHT_SETTING.max}
              step={1}
              value={pixels}
              onChange={(e) => setPixels(e.target.value)}
              style={{ width: 100 }}
            />
          </label>
        )}
        <p style={{ color: '#5b6478', margin: '8px 0' }}>{t.hint}</p>
        <button type="submit" disabled={busy}>
          {t.save}
        </button>
        {note && (
          <p role={note.error ? 'alert' : 'status'} style={note.error ? { color: '#b42318' } : undefined}>
            {note.text}
          </p>
        )}
      </form>
    </details>
  );
}
