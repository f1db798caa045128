export * from './catalogue';
export * from './logic';
export * from './timings';
export { inlineLogic } from './inline';
