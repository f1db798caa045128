import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req } from '@nestjs/common';
import { type Request } from 'express';
import {
  type AuthUser,
  type CompleteBody,
  type ListStorageQuery,
  type SetStorageBody,
  type StorageScope,
  type UpdateRuntimeSettingsBody,
  completeBodySchema,
  listStorageQuerySchema,
  setStorageBodySchema,
  storageScopeSchema,
  updateRuntimeSettingsBodySchema,
} from '@core-vault/contracts';
import { CurrentUser, OptionalUser, Public, ZodValidationPipe } from '@core-vault/platform';
import { viewerOf } from './runtime-limits';
import { RuntimeService, type Viewer } from './runtime.service';

const scopePipe = new ZodValidationPipe(storageScopeSchema);

/**
 * The artifact runtime: window.storage and window.claude.complete of an artifact, and its owner's
 * settings — route contracts in libs/contracts/src/artifacts/runtime-routes.ts.
 */
@Controller('api/v1/artifacts')
export class RuntimeController {
  constructor(private readonly runtime: RuntimeService) {}

  private viewer(user: AuthUser | null, req: Request): Viewer {
    const forwarded = req.headers['x-forwarded-for'];
    return { user, id: viewerOf(user, typeof forwarded === 'string' ? forwarded : undefined, req.ip) };
  }

  /** Declared before the viewer's `:scope/:key` routes (a literal segment first). */
  @HttpCode(204)
  @Delete(':id/storage/shared')
  async clearShared(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<void> {
    await this.runtime.clearShared(id, user);
  }

  @Public()
  @Get(':id/storage/:scope')
  list(
    @OptionalUser() user: AuthUser | null,
    @Param('id') id: string,
    @Param('scope', scopePipe) scope: StorageScope,
    @Query(new ZodValidationPipe(listStorageQuerySchema)) q: ListStorageQuery,
    @Req() req: Request,
  ) {
    return this.runtime.list(id, scope, q.prefix, this.viewer(user, req));
  }

  @Public()
  @Get(':id/storage/:scope/:key')
  get(
    @OptionalUser() user: AuthUser | null,
    @Param('id') id: string,
    @Param('scope', scopePipe) scope: StorageScope,
    @Param('key') key: string,
    @Req() req: Request,
  ) {
    return this.runtime.get(id, scope, key, this.viewer(user, req));
  }

  @Public()
  @Put(':id/storage/:scope/:key')
  set(
    @OptionalUser() user: AuthUser | null,
    @Param('id') id: string,
    @Param('scope', scopePipe) scope: StorageScope,
    @Param('key') key: string,
    @Body(new ZodValidationPipe(setStorageBodySchema)) body: SetStorageBody,
    @Req() req: Request,
  ) {
    return this.runtime.set(id, scope, key, body.value, this.viewer(user, req));
  }

  @Public()
  @Delete(':id/storage/:scope/:key')
  remove(
    @OptionalUser() user: AuthUser | null,
    @Param('id') id: string,
    @Param('scope', scopePipe) scope: StorageScope,
    @Param('key') key: string,
    @Req() req: Request,
  ) {
    return this.runtime.remove(id, scope, key, this.viewer(user, req));
  }

  @Get(':id/runtime')
  overview(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.runtime.overview(id, user);
  }

  @Patch(':id/runtime')
  update(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateRuntimeSettingsBodySchema)) body: UpdateRuntimeSettingsBody,
  ) {
    return this.runtime.updateSettings(id, user, body);
  }

  @Public()
  @HttpCode(200)
  @Post(':id/complete')
  complete(
    @OptionalUser() user: AuthUser | null,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(completeBodySchema)) body: CompleteBody,
    @Req() req: Request,
  ) {
    return this.runtime.complete(id, body, this.viewer(user, req));
  }
}
