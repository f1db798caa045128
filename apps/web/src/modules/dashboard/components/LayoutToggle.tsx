import { type GalleryLayout } from '../hooks/useGalleryLayout';

export const LAYOUT_TEXTS = {
  group: 'Layout',
  grid: 'Grid',
  list: 'List',
} as const;

/** Two toggle buttons in a group; the one shown is pressed (aria-pressed). */
export function LayoutToggle({
  layout,
  onChange,
}: {
  layout: GalleryLayout;
  onChange: (layout: GalleryLayout) => void;
}) {
  return (
    <div className="db-layout" role="group" aria-label={LAYOUT_TEXTS.group}>
      {(['grid', 'list'] as const).map((l) => (
        <button
          key={l}
          type="button"
          className="cv-btn cv-btn-small db-layout-option"
          aria-pressed={layout === l}
          onClick={() => onChange(l)}
        >
          <span aria-hidden="true" className={`db-layout-icon db-layout-icon-${l}`} />
          {LAYOUT_TEXTS[l]}
        </button>
      ))}
    </div>
  );
}
