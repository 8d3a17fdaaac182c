import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { type VerificationLevel, verificationLevel } from './verification-level';
import { getVerificationEndpoint, sectionStatus } from './verification-overview';
import { visibleText } from './visible-text';

export {
  type SectionStatus,
  sectionStatus,
  sectionStatuses,
  type VerificationOverview,
  verificationOverview,
} from './verification-overview';

/**
 * Verification (spec 000 s.3, s.4, s.7; spec 001 "Verification status"). The spec gives the
 * values and the paths; the shapes and the step calls are ours, decided in docs/verification.md.
 */

export const verificationStepTypes = [
  'PHONE_NUMBER',
  'BASIC',
  'SUMSUB_BASIC',
  'SUMSUB_ADDRESS',
  'SUMSUB_VIDEO',
] as const;
export const verificationStepType = z.enum(verificationStepTypes);
export type VerificationStepType = z.infer<typeof verificationStepType>;

/** The steps each level needs, in the order a person takes them (docs/verification.md). */
export const levelSteps: Readonly<Record<VerificationLevel, readonly VerificationStepType[]>> = {
  basic: ['PHONE_NUMBER', 'BASIC'],
  withdraw: ['PHONE_NUMBER', 'BASIC'],
  'p2c-client': ['PHONE_NUMBER', 'BASIC', 'SUMSUB_BASIC'],
  'p2p-merchant': ['PHONE_NUMBER', 'BASIC', 'SUMSUB_BASIC', 'SUMSUB_ADDRESS'],
  'p2c-merchant': ['PHONE_NUMBER', 'BASIC', 'SUMSUB_BASIC', 'SUMSUB_ADDRESS', 'SUMSUB_VIDEO'],
  full: ['PHONE_NUMBER', 'BASIC', 'SUMSUB_BASIC', 'SUMSUB_ADDRESS', 'SUMSUB_VIDEO'],
};

/** The steps the identity provider performs (documents reviewed by a person or by Sumsub). */
export const providerStepTypes = ['SUMSUB_BASIC', 'SUMSUB_ADDRESS', 'SUMSUB_VIDEO'] as const;
export const providerStepType = z.enum(providerStepTypes);
export type ProviderStepType = z.infer<typeof providerStepType>;

export const stepStatuses = ['not_started', 'in_progress', 'completed', 'rejected', 'blocked'] as const;
export const stepStatus = z.enum(stepStatuses);
export type StepStatus = z.infer<typeof stepStatus>;

/** Both readings of the spec's list: FAILED from the first, ABOVE_65 from the second. */
export const verificationResults = [
  'OK',
  'FAILED',
  'ABOVE_65',
  'PENDING',
  'REJECTED',
  'RESTRICTED_REGION',
  'UNDER_18',
] as const;
export const verificationResult = z.enum(verificationResults);
export type VerificationResult = z.infer<typeof verificationResult>;

const isoDateTime = z.iso.datetime({ offset: true });

export const verificationStep = z.object({
  type: verificationStepType,
  status: stepStatus,
  /** The last result of the step, or null before the person has submitted anything. */
  result: z.nullable(verificationResult),
  /** Why the reviewer rejected the step (shown to the person), or null. */
  reason: z.nullable(z.string()),
  updated_at: z.nullable(isoDateTime),
});
export type VerificationStep = z.infer<typeof verificationStep>;

/** `GET /verification-flow/{section}`: one level's steps and where the person stands. */
export const verificationFlow = z.object({
  section: verificationLevel,
  status: sectionStatus,
  steps: z.array(verificationStep),
});
export type VerificationFlow = z.infer<typeof verificationFlow>;

/** ISO 3166-1 alpha-2. */
export const countryCode = z.string().check(z.regex(/^[A-Z]{2}$/, 'Expected a two-letter country code'));

export const countryItem = z.object({ code: countryCode, name: z.object({ en: z.string(), ru: z.string() }) });
export type CountryItem = z.infer<typeof countryItem>;

const withLetter = z.regex(/\p{L}/u, 'Must contain a letter');
const nameField = z.string().check(z.trim(), z.minLength(1), z.maxLength(64), visibleText, withLetter);
const addressField = z.string().check(z.trim(), z.minLength(1), z.maxLength(200), visibleText);

/** The BASIC step's form. */
export const personalData = z.strictObject({
  first_name: nameField,
  last_name: nameField,
  middle_name: z.optional(z.string().check(z.trim(), z.maxLength(64), visibleText)),
  /** YYYY-MM-DD. */
  date_of_birth: z.iso.date(),
  country: countryCode,
  city: z.string().check(z.trim(), z.minLength(1), z.maxLength(100), visibleText, withLetter),
  address: addressField,
  postal_code: z.optional(z.string().check(z.trim(), z.maxLength(16), visibleText)),
});
export type PersonalData = z.infer<typeof personalData>;

/** What the person entered last time, to prefill the form; null before the first submission. */
export const personalDataAnswer = z.object({ data: z.nullable(personalData), result: z.nullable(verificationResult) });

/**
 * The mini app's `requestContact` answer as Telegram sends it: the raw query string
 * (`contact=…&auth_date=…&hash=…`), checked on the server with the bot token like init data.
 */
export const phoneContactBody = z.strictObject({ response: z.string().check(z.minLength(1), z.maxLength(4096)) });

/** A file uploaded for a provider step (the upload call's answer). */
export const providerFile = z.object({ id: z.string(), name: z.string(), uploaded_at: isoDateTime });
export type ProviderFile = z.infer<typeof providerFile>;

/** A provider step's submission: the uploaded files' ids (from the upload call) sent for review. */
export const providerSubmission = z.object({
  id: z.string(),
  type: providerStepType,
  status: z.enum(['on_review', 'approved', 'rejected']),
  files: z.array(providerFile),
  reason: z.nullable(z.string()),
  created_at: isoDateTime,
});
export type ProviderSubmission = z.infer<typeof providerSubmission>;

/** The `data` of 422 personal_data_refused. */
export const personalDataRefusedData = z.object({ result: z.enum(['UNDER_18', 'RESTRICTED_REGION']) });

/** The `data` of 403 verification_required: the level to pass first. */
export const verificationRequiredData = z.object({ level: verificationLevel });

/** Stable error codes of verification. */
export const verificationErrorCodes = {
  /** 403: the contact's signature does not match this bot, or it is not the signed-in person's. */
  contactInvalid: 'contact_invalid',
  /** 409: the step cannot be taken yet (an earlier step is not completed) or is already completed. */
  stepUnavailable: 'step_unavailable',
  /** 422, data { result }: the personal data gives UNDER_18 or RESTRICTED_REGION. */
  personalDataRefused: 'personal_data_refused',
  /** 403, data { level }: the withdraw level is needed first (show_withdraw_basic_verification). */
  verificationRequired: 'verification_required',
  /** 404 (submit): a file id is not one of the person's uploads (uploads' own `file_not_found`). */
  fileNotFound: 'file_not_found',
} as const;

const sectionParams = z.object({ section: verificationLevel });
const providerStepParams = z.object({ type: providerStepType });

export const verificationEndpoints = {
  getVerification: getVerificationEndpoint,
  getVerificationFlow: defineEndpoint({
    method: 'GET',
    path: '/verification-flow/:section',
    params: sectionParams,
    response: verificationFlow,
    errors: [401],
    auth: true,
  }),
  listCountries: defineEndpoint({
    method: 'GET',
    path: '/geo/countries',
    response: z.object({ data: z.array(countryItem) }),
    auth: false,
  }),
  /** PHONE_NUMBER in the mini app. On the web the person shares the contact with the bot instead. */
  submitPhoneContact: defineEndpoint({
    method: 'POST',
    path: '/verification/phone',
    body: phoneContactBody,
    response: verificationStep,
    errors: [401, 403, 409, 429],
    auth: true,
  }),
  getPersonalData: defineEndpoint({
    method: 'GET',
    path: '/verification/personal-data',
    response: personalDataAnswer,
    errors: [401],
    auth: true,
  }),
  /** BASIC. Answers the step; UNDER_18 and RESTRICTED_REGION come as 422 with data { result }. */
  submitPersonalData: defineEndpoint({
    method: 'POST',
    path: '/verification/personal-data',
    body: personalData,
    response: verificationStep,
    errors: [401, 409, 422, 429],
    auth: true,
  }),
  /** The provider step's last submission, or null. */
  getProviderSubmission: defineEndpoint({
    method: 'GET',
    path: '/verification/provider/:type',
    params: providerStepParams,
    response: z.object({ submission: z.nullable(providerSubmission) }),
    errors: [401],
    auth: true,
  }),
  /**
   * Multipart, the part `file` (an image or a PDF, by its bytes, at most 10 MB): one file for a
   * provider step, kept until the step is submitted with its id.
   */
  uploadProviderFile: defineEndpoint({
    method: 'POST',
    path: '/verification/provider/:type/files',
    params: providerStepParams,
    response: providerFile,
    errors: [401, 403, 409, 413, 415, 429],
    auth: true,
    upload: true,
  }),
  /**
   * Sends the files uploaded for a provider step for review (files are uploaded first with
   * `POST /verification/provider/:type/files`, multipart, which answers `{ id, name, uploaded_at }`).
   */
  submitProviderStep: defineEndpoint({
    method: 'POST',
    path: '/verification/provider/:type/submit',
    params: providerStepParams,
    body: z.strictObject({
      file_ids: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1), z.maxLength(5)),
    }),
    response: verificationStep,
    errors: [401, 404, 409, 429],
    auth: true,
  }),
} as const;
