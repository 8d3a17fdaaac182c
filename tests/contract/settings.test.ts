import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { isBlocked, isPermitted, timeZone, userSettingsUpdate } from '../../src/contract/settings';

describe('the settings contract', () => {
  it('treats an absent permission as allowed and only an explicit false as forbidden', () => {
    expect(isPermitted({}, 'can_withdraw')).toBe(true);
    expect(isPermitted({ can_withdraw: true }, 'can_withdraw')).toBe(true);
    expect(isPermitted({ can_withdraw: false }, 'can_withdraw')).toBe(false);
  });

  it('counts a user as blocked when compliance locks or bans them', () => {
    const clear = { lock: false, ban: false, ban_reason: null, pending_actions_from_user: false, soft_ban_until: null };
    expect(isBlocked(clear)).toBe(false);
    expect(isBlocked({ ...clear, lock: true })).toBe(true);
    expect(isBlocked({ ...clear, ban: true, ban_reason: 'fraud' })).toBe(true);
  });

  it('counts a soft ban as a block until its end, and not a moment after', () => {
    const softBan = {
      lock: false,
      ban: false,
      ban_reason: null,
      pending_actions_from_user: false,
      soft_ban_until: '2026-11-24T12:00:00.000Z',
    };
    expect(isBlocked(softBan, new Date('2026-11-24T11:59:59.999Z'))).toBe(true);
    expect(isBlocked(softBan, new Date('2026-11-24T12:00:00.000Z'))).toBe(false);
    expect(isBlocked(softBan, new Date('2026-11-25T00:00:00.000Z'))).toBe(false);
  });

  it('saves Europe/Kiev under its current name Europe/Kyiv and keeps other zones as they are', () => {
    expect(z.parse(timeZone, 'Europe/Kiev')).toBe('Europe/Kyiv');
    expect(z.parse(timeZone, 'Asia/Tashkent')).toBe('Asia/Tashkent');
  });

  it('rejects a time zone that does not exist', () => {
    expect(z.safeParse(timeZone, 'Europe/Atlantis').success).toBe(false);
  });

  it('accepts any subset of language, local currency and time zone, and nothing else', () => {
    expect(z.parse(userSettingsUpdate, {})).toEqual({});
    expect(z.parse(userSettingsUpdate, { language: 'ru', timezone: 'Europe/Kiev' })).toEqual({
      language: 'ru',
      timezone: 'Europe/Kyiv',
    });
    expect(z.safeParse(userSettingsUpdate, { permissions: { can_withdraw: true } }).success).toBe(false);
    expect(z.safeParse(userSettingsUpdate, { local_currency: 'rub' }).success).toBe(false);
  });
});
