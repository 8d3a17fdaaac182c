import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offer } from '../../src/contract/p2p-offers';
import { p2pOffers } from '../../src/server/db/schema/p2p-offers';
import { ledgerViolations, userBalance } from './helpers/ledger';
import { p2pMarketServer } from './helpers/p2p-market';
import { buyOfferBody, sellOfferBody, usdt } from './helpers/p2p-offers';
import { ok } from './helpers/security';

type Command =
  | { readonly kind: 'create'; readonly maker: 0 | 1; readonly type: 'sell' | 'buy'; readonly volume: bigint }
  | { readonly kind: 'online' | 'offline' | 'delete'; readonly pick: number }
  | { readonly kind: 'volume'; readonly pick: number; readonly volume: bigint };

const maker = fc.constantFrom<0 | 1>(0, 1);
// 1 to 60 USDT plus odd smallest units, so the 1 % fee rounds up most of the time.
const volume = fc
  .tuple(fc.integer({ min: 1, max: 60 }), fc.bigInt(0n, 10n ** 18n - 1n))
  .map(([whole, units]) => usdt(whole) + units);
const pick = fc.nat({ max: 20 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    maker,
    type: fc.constantFrom<'sell' | 'buy'>('sell', 'buy'),
    volume,
  }),
  fc.record({ kind: fc.constantFrom<'online' | 'offline' | 'delete'>('online', 'online', 'offline', 'delete'), pick }),
  fc.record({ kind: fc.constant('volume' as const), pick, volume }),
);

/** The 1 % fee rounded up, worked out by hand: ceil(v / 100). */
const expectedReservation = (remaining: bigint) => remaining + (remaining + 99n) / 100n;

describe('offer reservations under random sequences', () => {
  const { db, fundedMaker } = p2pMarketServer();
  const newMaker = () => fundedMaker(100);

  it('keeps the ledger balanced and every offer holding remaining volume plus fee while active and nothing otherwise', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        const makers = [await newMaker(), await newMaker()] as const;
        const offers: { id: number; maker: 0 | 1 }[] = [];
        const limits = { min: '82.22', max: '82.22' };
        for (const step of commands) {
          if (step.kind === 'create') {
            const who = makers[step.maker];
            const body =
              step.type === 'sell'
                ? sellOfferBody([who.methodId], { volume: step.volume.toString(), limits })
                : buyOfferBody({ volume: step.volume.toString(), limits: { min: '80', max: '80' } });
            offers.push({ id: ok(await who.send('POST', '/p2p/offers', body), offer).id, maker: step.maker });
            continue;
          }
          const target = offers[step.pick % Math.max(1, offers.length)];
          if (target === undefined) continue;
          const who = makers[target.maker];
          const answer =
            step.kind === 'volume'
              ? await who.send('PUT', `/p2p/offers/${target.id}/volume`, { volume: step.volume.toString() })
              : step.kind === 'delete'
                ? await who.send('DELETE', `/p2p/offers/${target.id}`)
                : await who.send('PUT', `/p2p/offers/${target.id}/active`, { active: step.kind === 'online' });
          // Refusals (409 while active, insufficient funds) are part of the game; nothing else is.
          expect([200, 409]).toContain(answer.statusCode);
          if (step.kind === 'delete' && answer.statusCode === 200) offers.splice(offers.indexOf(target), 1);

          expect(await ledgerViolations(db())).toEqual([]);
          const rows = await db()
            .select()
            .from(p2pOffers)
            .where(
              inArray(
                p2pOffers.userId,
                makers.map((one) => one.userId),
              ),
            );
          for (const row of rows) {
            const held = row.status === 'active' && row.type === 'sell';
            expect(BigInt(row.reserved)).toBe(held ? expectedReservation(BigInt(row.remainingVolume)) : 0n);
          }
          for (const one of makers) {
            const balance = await userBalance(db(), one.userId, 'USDT');
            const reserved = rows
              .filter((row) => row.userId === one.userId)
              .reduce((sum, row) => sum + BigInt(row.reserved), 0n);
            expect(balance).toEqual({ available: usdt(100) - reserved, held: reserved });
          }
        }
      }),
      { numRuns: 30 },
    );
  }, 300_000);
});
