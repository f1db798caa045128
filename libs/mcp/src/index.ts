export * from './vault-mcp-server';
export * from './tool-results';
