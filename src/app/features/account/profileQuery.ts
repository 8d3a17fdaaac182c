import { queryOptions } from '@tanstack/react-query';
import { userEndpoints } from '../../../contract/user.ts';
import { call } from '../../api/call.ts';

/** GET /user/profile: who the signed-in person is (name, username, photo). */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: ['user', 'profile'],
    queryFn: ({ signal }) => call(userEndpoints.getProfile, { signal }),
  });
}
