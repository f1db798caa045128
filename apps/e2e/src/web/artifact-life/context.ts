import { type Browser } from 'playwright-core';
import { type Stack } from '../../support/stack';

/** What every flow of the artifact-life suite shares: one stack and one browser. */
export interface LifeContext {
  stack: Stack;
  browser: Browser;
}
