// The diff worker (loaded with `new Worker(new URL(...), { type: 'module' })`): jsdiff on two
// versions of up to 500,000 characters each takes long enough to freeze the page, so it runs here.
import { answerDiffRequest } from './diff-compute';

addEventListener('message', (event: MessageEvent<unknown>) => {
  const reply = answerDiffRequest(event.data);
  if (reply) postMessage(reply);
});
