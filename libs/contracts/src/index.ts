export * from './events/envelope';
export * from './events/topics';
export * from './events/payloads';
export * from './events/catalog';
