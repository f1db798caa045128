export * from './onboarding-dto';
export * from './onboarding-routes';
