// The features module's public surface (its pages are reached only by the router).
export { upgradePath } from './upgrade-path';
