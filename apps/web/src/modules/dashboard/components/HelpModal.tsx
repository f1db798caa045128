import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Dialog } from '../../../components/ui';
import { endpoints } from '../../../lib/api/endpoints';
import { apiQuery } from '../../../lib/query';

/**
 * The privacy section's text, true to the owner's search-engine setting (Account Settings →
 * "Let search engines index my public artifacts", off by default): public artifacts are "not
 * listed" only while it is off.
 */
export const HELP_PRIVACY_TEXTS = {
  private: 'Private artifacts are visible only to you.',
  notListed:
    'Public ones can be viewed by anyone with the link, but they are not listed: their pages ask search ' +
    'engines not to index them and they are left out of the sitemap.',
  listed:
    'Public ones can be viewed by anyone with the link, and because you let search engines index your ' +
    'public artifacts, they are listed in the sitemap and may appear in search results.',
  unknown:
    'Public ones can be viewed by anyone with the link; whether search engines may list them is your choice.',
  setting: 'Change this in Account Settings → Search engines.',
} as const;

function PrivacyText() {
  const settings = useQuery(apiQuery(endpoints.artifactSettings.get));
  const publicText = !settings.data
    ? HELP_PRIVACY_TEXTS.unknown
    : settings.data.allowIndexing
      ? HELP_PRIVACY_TEXTS.listed
      : HELP_PRIVACY_TEXTS.notListed;
  return (
    <p data-testid="help-privacy">
      {HELP_PRIVACY_TEXTS.private} {publicText} <Link to="/account">{HELP_PRIVACY_TEXTS.setting}</Link>
    </p>
  );
}

/** Getting started, types, uploading, sharing, organising, privacy (spec artifacts §2). */
export function HelpModal({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Help" onClose={onClose}>
      <h3>Getting started</h3>
      <p>Upload an artifact from the Upload New tab, then share it with a link or an embed code.</p>
      <h3>Supported types</h3>
      <p>HTML, React components, Markdown, SVG and TypeScript.</p>
      <h3>Uploading</h3>
      <ol>
        <li>Paste the code or drop a file — the type is detected for you.</li>
        <li>Give it a title and, if you like, comma-separated tags.</li>
        <li>Choose whether it is public, then select Upload Artifact.</li>
      </ol>
      <h3>Sharing</h3>
      <p>Copy Link gives the public address; Embed Code gives a frame to paste into any page.</p>
      <h3>Organisation tips</h3>
      <p>Use tags and collections, sort by views or title, and search across titles, tags and content.</p>
      <h3>Privacy</h3>
      <PrivacyText />
    </Dialog>
  );
}
