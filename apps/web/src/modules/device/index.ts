// The device module's public surface: its page (/device) is reached only by the router.
export { DEVICE_TEXTS } from './device-texts';
