import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  type AuthUser,
  type CollectionBody,
  type PageQuery,
  collectionBodySchema,
  pageQuerySchema,
} from '@core-vault/contracts';
import { CurrentUser, ZodValidationPipe } from '@core-vault/platform';
import { ArtifactValidationPipe } from '../artifacts/artifact-validation.pipe';
import { CollectionsService } from './collections.service';

const nameBody = new ArtifactValidationPipe(collectionBodySchema);

/** /api/v1/collections — owner only. */
@Controller('api/v1/collections')
export class CollectionsController {
  constructor(private readonly collections: CollectionsService) {}

  @Post()
  async create(@CurrentUser() user: AuthUser, @Body(nameBody) body: CollectionBody) {
    return { collection: await this.collections.create(user, body.name) };
  }

  @Get()
  list(@CurrentUser() user: AuthUser) {
    return this.collections.list(user);
  }

  @Patch(':id')
  async rename(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body(nameBody) body: CollectionBody) {
    return { collection: await this.collections.rename(user, id, body.name) };
  }

  @Delete(':id')
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.collections.remove(user, id);
    return { ok: true };
  }

  @Get(':id/artifacts')
  listArtifacts(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(pageQuerySchema)) q: PageQuery,
  ) {
    return this.collections.listArtifacts(user, id, q);
  }

  @Put(':id/artifacts/:artifactId')
  async add(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('artifactId') artifactId: string) {
    return { collection: await this.collections.addArtifact(user, id, artifactId) };
  }

  @Delete(':id/artifacts/:artifactId')
  async removeArtifact(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Param('artifactId') artifactId: string,
  ) {
    return { collection: await this.collections.removeArtifact(user, id, artifactId) };
  }
}
