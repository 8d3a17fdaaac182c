import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsEndpoints, type UserSettings, type UserSettingsUpdate } from '../../../contract/settings.ts';
import { call } from '../../api/call.ts';
import { isUnauthorized } from '../../api/errors.ts';
import { mergeSettings } from '../../lib/signedInSettings.ts';
import { useToasts } from '../../lib/toasts.tsx';

/** PUT /user/settings with one change; the answer is merged into the cached settings. */
export function updateSettings(update: UserSettingsUpdate): Promise<UserSettings> {
  return call(settingsEndpoints.updateSettings, { body: update });
}

/** The toast when a change fails (spec 000 s.8 names the first two). */
function failureMessage(update: UserSettingsUpdate): MessageDescriptor {
  if (update.timezone !== undefined) return msg`Couldn’t change time zone`;
  if (update.language !== undefined) return msg`Couldn’t change language`;
  return msg`Couldn’t change local currency`;
}

/**
 * Changes one setting. On success the answer is merged into the cached settings, which every
 * screen reads (the language follows them, see useFollowSettings). On failure an error toast
 * (a native alert inside the mini app); a 401 signs the person out instead.
 */
export function useChangeSetting(options: { onSaved?: (settings: UserSettings) => void } = {}) {
  const queryClient = useQueryClient();
  const toasts = useToasts();
  return useMutation({
    mutationKey: ['user', 'settings', 'change'],
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      mergeSettings(queryClient, settings);
      options.onSaved?.(settings);
    },
    onError: (error, update) => {
      if (!isUnauthorized(error)) toasts.show('error', i18n._(failureMessage(update)));
    },
  });
}
