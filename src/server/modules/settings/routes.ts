import type { FastifyInstance } from 'fastify';
import { settingsEndpoints } from '../../../contract/settings';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import { getUserSettings, updateUserSettings } from './service';

export function registerSettingsRoutes(app: FastifyInstance, context: EndpointContext): void {
  registerEndpoint(app, context, settingsEndpoints.getSettings, ({ userId }) =>
    getUserSettings(context.db, context.featureFlags, userId),
  );
  registerEndpoint(app, context, settingsEndpoints.updateSettings, ({ userId, body }) =>
    updateUserSettings(context.db, context.featureFlags, userId, body, context.now()),
  );
}
