/**
 * An embed's "Core Vault" link floats in a corner of the artifact (bottom right by default). Over
 * a chat's send button or a form's submit it would take the click meant for the artifact, so it
 * moves to the first corner where nothing the person can use lies beneath it, and out of the way
 * entirely (hidden) when every corner is taken.
 */
const CORNERS = [
  { right: '8px', bottom: '8px', left: 'auto', top: 'auto' },
  { left: '8px', bottom: '8px', right: 'auto', top: 'auto' },
  { right: '8px', top: '8px', left: 'auto', bottom: 'auto' },
  { left: '8px', top: '8px', right: 'auto', bottom: 'auto' },
] as const;

const INTERACTIVE = 'a[href],button,input,select,textarea,summary,label,[role="button"],[onclick],[tabindex]';

/** True when something the person can use lies under the box (the brand itself aside). */
function covers(doc: Document, brand: HTMLElement): boolean {
  const r = brand.getBoundingClientRect();
  const points = [
    [r.left + 2, r.top + 2],
    [r.right - 2, r.top + 2],
    [r.left + 2, r.bottom - 2],
    [r.right - 2, r.bottom - 2],
    [r.left + r.width / 2, r.top + r.height / 2],
  ] as const;
  for (const [x, y] of points)
    for (const el of doc.elementsFromPoint(x, y)) {
      if (el === brand || brand.contains(el)) continue;
      if (el.closest(INTERACTIVE)) return true;
      break; // only the topmost element under the brand matters
    }
  return false;
}

export function placeBrand(doc: Document): void {
  const brand = doc.querySelector<HTMLElement>('.cv-brand');
  if (!brand) return;
  brand.style.visibility = '';
  for (const corner of CORNERS) {
    Object.assign(brand.style, corner);
    if (!covers(doc, brand)) return;
  }
  brand.style.visibility = 'hidden';
}

/** Places the brand now and again whenever the page changes size or content (once a frame). */
export function keepBrandOutOfTheWay(win: Window): void {
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    win.requestAnimationFrame(() => {
      scheduled = false;
      placeBrand(win.document);
    });
  };
  win.addEventListener('resize', schedule);
  win.addEventListener('load', schedule);
  new MutationObserver(schedule).observe(win.document, { childList: true, subtree: true });
  schedule();
}
