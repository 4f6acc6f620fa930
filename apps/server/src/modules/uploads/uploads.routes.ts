import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import type { Storage } from '../../storage';
import { LocalStorageDriver } from '../../storage/local-driver';
import type { UploadTargets } from '../files';
import { UploadsRepository } from './uploads.repository';
import { UploadsService } from './uploads.service';

/** Upload signing routes, and an hourly sweep of uploads left unfinished past the resume window. */
/** `targets`: where an upload may go, asked of the files module. */
export function uploadsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  storage: Storage,
  targets: UploadTargets,
): UploadsService {
  const service = new UploadsService(storage, new UploadsRepository(deps.db), targets, app.log);
  registerDomain(app, deps, contract.uploads, {
    start: async ({ auth, body }) => ({ data: await service.start(auth, body) }),
    signParts: async ({ auth, params, body }) => ({ data: await service.signParts(auth, params.uploadId, body) }),
    complete: async ({ auth, params, body }) => {
      const { result, message } = await service.complete(auth, params.uploadId, body);
      const { originalName: _name, ...data } = result;
      return { data, message };
    },
    abort: async ({ auth, params }) => ({ data: await service.abort(auth, params.uploadId) }),
  });

  const sweep = () => {
    service.sweepStale().catch((error: unknown) => app.log.warn({ err: error }, 'upload sweep failed'));
    if (storage.driver instanceof LocalStorageDriver) {
      storage.driver.sweepTemp().catch((error: unknown) => app.log.warn({ err: error }, 'storage temp sweep failed'));
    }
  };
  const timer = setInterval(sweep, 60 * 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return service;
}
