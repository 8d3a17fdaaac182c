import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { p2pErrorCodes } from '../../../contract/p2p-market.ts';
import { toApiError } from '../../api/errors.ts';

/** What a profile call threw, as a sentence. */
export function profileFailure(thrown: unknown, what: 'profile' | 'reviews'): MessageDescriptor {
  const error = toApiError(thrown);
  if (error?.reason === p2pErrorCodes.featureDisabled) return msg`The P2P market is not available to you yet.`;
  return what === 'profile' ? msg`Couldn’t load the profile.` : msg`Couldn’t load the reviews.`;
}

/** No market user with that id (404 profile_not_found): the page says so instead of retrying. */
export function isMissingProfile(thrown: unknown): boolean {
  return toApiError(thrown)?.code === 404;
}
