import { Dialog } from '../../../components/ui';

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
      <p>
        Private artifacts are visible only to you. Public ones can be viewed by anyone with the link, but they
        are never listed anywhere.
      </p>
    </Dialog>
  );
}
