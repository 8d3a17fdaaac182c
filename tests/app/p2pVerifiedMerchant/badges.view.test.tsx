/**
 * The verified merchant's tick where a maker is named outside the offer lists (which have their
 * own test): the take form's maker. Against the offer screen's fake answers (offerFixtures.ts).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Offer } from '../../../src/contract/p2p-offers.ts';
import { marketAnswer, marketSession, offerFixture, p2pCatalogue } from '../p2pOffer/offerFixtures.ts';
import { ok, stubFetch } from '../support/fakeApi.ts';
import { fakeTimersForEachTest, shows } from '../support/fakeTimerScreen.ts';
import { fakePlatform, fakeSession, renderApp } from '../support.tsx';

fakeTimersForEachTest();

function openTakeForm(offer: Offer) {
  stubFetch((request) => {
    if (request.route === 'GET /wallet/asset') return ok(p2pCatalogue);
    if (request.route === 'GET /p2p/offers/42') return ok(offer);
    return marketAnswer(request.route);
  });
  renderApp({ path: '/p2p/offers/42', platform: fakePlatform('web'), session: fakeSession(marketSession()) });
}

const taken = (verified: boolean) => {
  const offer = offerFixture({ is_mine: false, status: 'active' });
  return { ...offer, user: { ...offer.user, is_verified_merchant: verified } };
};

describe('the take form’s maker', () => {
  it('carries the tick when the maker is a verified merchant', async () => {
    openTakeForm(taken(true));
    await shows('anna_trades');
    const maker = screen.getByRole('link', { name: /anna_trades/ });
    expect(within(maker).getByRole('img', { name: 'Verified merchant' })).toBeTruthy();
  });

  it('carries none otherwise', async () => {
    openTakeForm(taken(false));
    await shows('anna_trades');
    const maker = screen.getByRole('link', { name: /anna_trades/ });
    expect(within(maker).queryByRole('img', { name: 'Verified merchant' })).toBeNull();
  });
});
