import type { FastifyInstance } from 'fastify';
import { p2cEndpoints, p2cOperatorEndpoints } from '../../../contract/p2c';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { type OperatorSettings, registerOperatorArea } from '../operator/access';
import type { DetailsCipher } from '../p2p-payment-methods/details-cipher';
import { userLanguage } from '../security/messages';
import { registerUploadEndpoint } from '../uploads/routes';
import type { Uploads } from '../uploads/service';
import { assertAccountWriter, assertP2cArea } from './access';
import { p2cBanks } from './banks';
import {
  type AccountDependencies,
  addAccountDocument,
  createAccount,
  getAccount,
  listAccounts,
  setAccountEnabled,
  submitAccount,
  updateAccount,
} from './service';
import { decideAccount, listOperatorAccounts, openAccountDocumentForSupport } from './support';

export interface P2cAccountRouteOptions {
  readonly cipher: DetailsCipher;
  /** The key of the numbers' digests (account-number.ts). */
  readonly digestKey: Buffer;
  readonly uploads: Uploads;
  /** Telegram ids of the operators (OPERATOR_IDS): support decides on accounts. */
  readonly operators: OperatorSettings;
}

/**
 * A merchant's payment accounts (`/p2c/accounts`, docs/p2c.md "Payment accounts"), behind
 * `show_p2c`; changes need the `p2c-merchant` level and an unblocked account. Support's side
 * (`/operator/p2c/accounts`) is behind the operator area's gate.
 */
export async function registerP2cAccountRoutes(
  app: FastifyInstance,
  context: EndpointContext,
  options: P2cAccountRouteOptions,
): Promise<void> {
  const { db } = context;
  const deps: AccountDependencies = {
    db,
    cipher: options.cipher,
    digestKey: options.digestKey,
    uploads: options.uploads,
    now: context.now,
  };
  const language = (userId: number) => userLanguage(db, userId);

  registerEndpoint(app, context, p2cEndpoints.listBanks, async ({ userId }) => ({
    banks: p2cBanks(await language(userId)),
  }));
  registerEndpoint(app, context, p2cEndpoints.listAccounts, async ({ userId }) => {
    await assertP2cArea(context, userId);
    return { accounts: await listAccounts(deps, userId, await language(userId)) };
  });
  registerEndpoint(app, context, p2cEndpoints.getAccount, async ({ userId, params }) => {
    await assertP2cArea(context, userId);
    return getAccount(deps, userId, params.id, await language(userId));
  });
  registerEndpoint(
    app,
    context,
    p2cEndpoints.createAccount,
    async ({ userId, body }) => {
      await assertAccountWriter(context, userId);
      return createAccount(deps, userId, body, await language(userId));
    },
    { rateLimit: 'p2c_account_add' },
  );
  registerEndpoint(app, context, p2cEndpoints.updateAccount, async ({ userId, params, body }) => {
    await assertAccountWriter(context, userId);
    return updateAccount(deps, userId, params.id, body, await language(userId));
  });
  registerUploadEndpoint(
    app,
    context,
    p2cEndpoints.uploadAccountDocument,
    async ({ userId, params, request }) => {
      await assertAccountWriter(context, userId);
      return addAccountDocument(deps, request, userId, params.id, await language(userId));
    },
    { rateLimit: 'file_upload' },
  );
  registerEndpoint(app, context, p2cEndpoints.submitAccount, async ({ userId, params }) => {
    await assertAccountWriter(context, userId);
    return submitAccount(deps, userId, params.id, await language(userId));
  });
  registerEndpoint(app, context, p2cEndpoints.disableAccount, async ({ userId, params }) => {
    // Disabling stays open to a blocked merchant or one whose level is gone: it only stops payments.
    await assertP2cArea(context, userId);
    return setAccountEnabled(deps, userId, params.id, false, await language(userId));
  });
  registerEndpoint(app, context, p2cEndpoints.enableAccount, async ({ userId, params }) => {
    await assertAccountWriter(context, userId);
    return setAccountEnabled(deps, userId, params.id, true, await language(userId));
  });

  await registerOperatorArea(app, context, options.operators, (area) => {
    area.endpoint(p2cOperatorEndpoints.listOperatorAccounts, async ({ query }) => ({
      accounts: await listOperatorAccounts(db, options.cipher, query.state ?? 'waiting'),
    }));
    area.endpoint(p2cOperatorEndpoints.decideOperatorAccount, ({ params, body }) =>
      decideAccount(db, options.cipher, params.id, body, context.now()),
    );
    area.download(p2cOperatorEndpoints.getOperatorAccountDocument, ({ params }) =>
      openAccountDocumentForSupport(db, options.uploads, params.id, params.file_id),
    );
  });
}
