import type { FastifyInstance } from 'fastify';
import { operatorEndpoints } from '../../../contract/operator';
import type { EndpointContext } from '../../http/register-endpoint';
import type { Uploads } from '../uploads/service';
import { type OperatorSettings, registerOperatorArea } from './access';
import {
  closeRequest,
  getOperatorUser,
  type OperatorDependencies,
  openDocumentFileForOperator,
  requestDocuments,
  requestVerification,
  reviewDocument,
  setRestrictions,
} from './service';

/** The compliance part of the operator area (`/operator/...`), behind its one gate (access.ts). */
export async function registerOperatorRoutes(
  app: FastifyInstance,
  context: EndpointContext,
  settings: OperatorSettings,
  uploads: Uploads,
): Promise<void> {
  const deps: OperatorDependencies = { db: context.db, uploads, now: context.now, featureFlags: context.featureFlags };
  await registerOperatorArea(app, context, settings, (area) => {
    area.endpoint(operatorEndpoints.getOperatorUser, ({ params }) => getOperatorUser(deps, Number(params.user_id)));
    area.endpoint(operatorEndpoints.requestDocuments, ({ operatorId, params, body }) =>
      requestDocuments(deps, { operatorId }, Number(params.user_id), body),
    );
    area.endpoint(operatorEndpoints.requestVerification, ({ operatorId, params, body }) =>
      requestVerification(deps, { operatorId }, Number(params.user_id), body),
    );
    area.endpoint(operatorEndpoints.closeRequest, ({ operatorId, params, body }) =>
      closeRequest(deps, { operatorId }, Number(params.user_id), body.reason),
    );
    area.endpoint(operatorEndpoints.reviewDocument, ({ operatorId, params, body }) =>
      reviewDocument(deps, { operatorId }, Number(params.user_id), params.short_id, body),
    );
    area.endpoint(operatorEndpoints.setRestrictions, ({ operatorId, params, body }) =>
      setRestrictions(deps, { operatorId }, Number(params.user_id), body),
    );
    area.download(operatorEndpoints.getDocumentFile, ({ params }) =>
      openDocumentFileForOperator(deps, Number(params.user_id), params.short_id),
    );
  });
}
