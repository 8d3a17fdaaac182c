import type { FastifyInstance } from 'fastify';
import { verificationEndpoints } from '../../../contract/verification';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import type { TelegramSettings } from '../../integrations/telegram/settings';
import { registerUploadEndpoint } from '../uploads/routes';
import type { Uploads } from '../uploads/service';
import { listCountries } from './countries';
import type { IdentityProvider } from './identity-provider';
import { getPersonalData, type PersonalDataRules, submitPersonalData } from './personal-data';
import { submitPhoneContact } from './phone';
import { lastProviderSubmission, submitProviderStep, uploadProviderFile } from './provider-steps';
import { verificationFlowOf, verificationOverviewOf } from './state';

export interface VerificationDependencies {
  readonly telegram: TelegramSettings;
  readonly uploads: Uploads;
  /** Who reviews the SUMSUB_* steps; the local provider (its stand-in page) for now. */
  readonly provider: IdentityProvider;
  readonly personalData: PersonalDataRules;
}

/** Verification levels and steps (spec 000 s.3, s.4, s.7; docs/verification.md "Server"). */
export function registerVerificationRoutes(
  app: FastifyInstance,
  context: EndpointContext,
  dependencies: VerificationDependencies,
): void {
  const providerSteps = {
    db: context.db,
    uploads: dependencies.uploads,
    provider: dependencies.provider,
    now: context.now,
  };
  registerEndpoint(
    app,
    context,
    verificationEndpoints.getVerification,
    ({ userId }) => verificationOverviewOf(context.db, userId),
    { revalidate: true },
  );
  registerEndpoint(
    app,
    context,
    verificationEndpoints.getVerificationFlow,
    ({ userId, params }) => verificationFlowOf(context.db, userId, params.section),
    { revalidate: true },
  );
  registerEndpoint(app, context, verificationEndpoints.listCountries, async () => ({ data: [...listCountries()] }));
  registerEndpoint(
    app,
    context,
    verificationEndpoints.submitPhoneContact,
    ({ userId, body }) => submitPhoneContact(context.db, dependencies.telegram, userId, body.response, context.now()),
    { rateLimit: 'verification_submit' },
  );
  registerEndpoint(app, context, verificationEndpoints.getPersonalData, ({ userId }) =>
    getPersonalData(context.db, userId),
  );
  registerEndpoint(
    app,
    context,
    verificationEndpoints.submitPersonalData,
    ({ userId, body }) => submitPersonalData(context.db, userId, body, dependencies.personalData, context.now()),
    { rateLimit: 'verification_submit' },
  );
  registerEndpoint(app, context, verificationEndpoints.getProviderSubmission, async ({ userId, params }) => ({
    submission: await lastProviderSubmission(context.db, userId, params.type),
  }));
  registerUploadEndpoint(
    app,
    context,
    verificationEndpoints.uploadProviderFile,
    ({ userId, params, request }) => uploadProviderFile(providerSteps, request, userId, params.type),
    { rateLimit: 'file_upload' },
  );
  registerEndpoint(
    app,
    context,
    verificationEndpoints.submitProviderStep,
    ({ userId, params, body }) => submitProviderStep(providerSteps, userId, params.type, body.file_ids),
    { rateLimit: 'verification_submit' },
  );
}
