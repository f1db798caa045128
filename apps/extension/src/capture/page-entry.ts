// Bundled to capture.js (src/entries.json) and injected into the page's isolated world by
// captureFromTab; everything it finds goes back as plain JSON.
import './protocol';
import { installCapture } from './page';

installCapture(globalThis, window);
