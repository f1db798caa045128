import { z } from 'zod';
import { httpUrl } from '@core-vault/platform';

/** Where the gateway reads the SPA's built index.html from (the page /view/{id} is made of). */
export const sharePageConfigSchema = z.object({
  /**
   * The web server as the gateway reaches it (Kubernetes: the web service; locally vite on the
   * web port). Defaults to WEB_ORIGIN, the public address of the same server.
   */
  WEB_INTERNAL_URL: httpUrl.optional(),
});
