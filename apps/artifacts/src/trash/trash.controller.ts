import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { type AuthUser, type BulkArtifactsBody } from '@core-vault/contracts';
import { CurrentUser } from '@core-vault/platform';
import { BulkValidationPipe } from './bulk-validation.pipe';
import { BulkChangeArtifacts } from './usecases/bulk-change-artifacts.usecase';
import { DeleteFromTrash } from './usecases/delete-from-trash.usecase';
import { EmptyTrash } from './usecases/empty-trash.usecase';
import { ListTrash } from './usecases/list-trash.usecase';
import { RestoreFromTrash } from './usecases/restore-from-trash.usecase';

/**
 * /api/v1/artifacts/trash and /api/v1/artifacts/bulk — route contracts in
 * libs/contracts/src/artifacts/trash-routes.ts. Registered before ArtifactsController: 'trash' is
 * not an artifact id.
 */
@Controller('api/v1/artifacts')
export class TrashController {
  constructor(
    private readonly listTrash: ListTrash,
    private readonly restoreFromTrash: RestoreFromTrash,
    private readonly deleteFromTrash: DeleteFromTrash,
    private readonly emptyTrash: EmptyTrash,
    private readonly bulkChange: BulkChangeArtifacts,
  ) {}

  @Get('trash')
  list(@CurrentUser() user: AuthUser) {
    return this.listTrash.execute(user);
  }

  @HttpCode(200)
  @Post('trash/:id/restore')
  async restore(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return { artifact: await this.restoreFromTrash.execute(user, id) };
  }

  @Delete('trash/:id')
  async deleteForever(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.deleteFromTrash.execute(user, id);
    return { ok: true };
  }

  @Delete('trash')
  empty(@CurrentUser() user: AuthUser) {
    return this.emptyTrash.execute(user);
  }

  @HttpCode(200)
  @Post('bulk')
  bulk(@CurrentUser() user: AuthUser, @Body(new BulkValidationPipe()) body: BulkArtifactsBody) {
    return this.bulkChange.execute(user, body);
  }
}
