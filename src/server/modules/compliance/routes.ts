import type { FastifyInstance } from 'fastify';
import { complianceEndpoints } from '../../../contract/compliance';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerFileDownload, registerUploadEndpoint } from '../uploads/routes';
import type { Uploads } from '../uploads/service';
import {
  addDocument,
  getComplianceState,
  getDocument,
  listDocuments,
  openDocumentFile,
  uploadRequestedDocument,
} from './service';

/** The person's compliance request and documents (spec 000 s.3, s.7); files only to their owner. */
export function registerComplianceRoutes(app: FastifyInstance, context: EndpointContext, uploads: Uploads): void {
  registerEndpoint(
    app,
    context,
    complianceEndpoints.getCompliance,
    ({ userId }) => getComplianceState(context.db, userId, context.now()),
    { revalidate: true },
  );
  registerEndpoint(
    app,
    context,
    complianceEndpoints.listComplianceDocuments,
    async ({ userId }) => ({ items: await listDocuments(context.db, userId, uploads) }),
    { revalidate: true },
  );
  registerEndpoint(app, context, complianceEndpoints.getComplianceDocument, ({ userId, params }) =>
    getDocument(context.db, uploads, userId, params.short_id),
  );
  registerUploadEndpoint(
    app,
    context,
    complianceEndpoints.uploadRequestedDocument,
    ({ userId, params, request }) =>
      uploadRequestedDocument(context.db, uploads, request, userId, params.short_id, context.now()),
    { rateLimit: 'file_upload' },
  );
  registerUploadEndpoint(
    app,
    context,
    complianceEndpoints.uploadDocument,
    ({ userId, request }) => addDocument(context.db, uploads, request, userId, context.now()),
    { rateLimit: 'file_upload' },
  );
  registerFileDownload(app, context, complianceEndpoints.getComplianceDocumentFile, ({ userId, params }) =>
    openDocumentFile(context.db, uploads, userId, params.short_id),
  );
}
