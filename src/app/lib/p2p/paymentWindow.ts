import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/**
 * An offer's payment window (its `time_limit`, one of 15, 30, 45, 60, 120, 180 minutes) in
 * words: "15 minutes", "1 hour", "2 hours" (render with `i18n._(…)`).
 */
export function paymentWindowMessage(minutes: number): MessageDescriptor {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return msg`${plural(hours, { one: '# hour', other: '# hours' })}`;
  }
  return msg`${plural(minutes, { one: '# minute', other: '# minutes' })}`;
}
