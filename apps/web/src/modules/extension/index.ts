// The extension module's public surface (its page is reached only by the router).
export { CONNECT_ACK_MS, DETECT_MS, EXTENSION_TOKEN_REQUEST } from './connect-protocol';
