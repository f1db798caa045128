import { Module } from '@nestjs/common';
import { McpController } from './mcp.controller';

/** The vault's MCP endpoint, `/mcp` (Streamable HTTP, stateless; docs/guides/mcp.md). */
@Module({ controllers: [McpController] })
export class McpModule {}
