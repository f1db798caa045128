import { type Stack } from '../../support/stack';
import { type ExtensionBrowser } from './harness';
import { type Sites } from './sites';
import { type UploadTap } from './uploads';

/** What every flow of the extension suite shares: one stack, one profile with the extension. */
export interface ExtensionSuite {
  stack: Stack;
  ext: ExtensionBrowser;
  sites: Sites;
  uploads: UploadTap;
}
