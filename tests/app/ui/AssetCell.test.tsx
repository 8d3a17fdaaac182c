/**
 * Asset rows: an asset's icon, name and code with its values on the right, a button when it can
 * be pressed; network rows without the protocol repeated; amounts in tabular figures.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Amount } from '../../../src/app/ui/Amount.tsx';
import { AssetCell } from '../../../src/app/ui/AssetCell.tsx';
import { NetworkCell } from '../../../src/app/ui/NetworkCell.tsx';
import { btc, usd } from '../lib/money.assets.ts';
import { assetNetwork } from '../support/assets.ts';

const tron = assetNetwork('TRX', 'Tron (TRC20)', 'TRC20', {
  code: 'USDT',
  limits: { deposit: { min: '1', max: '0' }, withdraw: { min: '1', max: '0' } },
  explorer_url: 'https://tronscan.org',
});

describe('an asset row', () => {
  it('shows the icon, the name, the code and both values', () => {
    const { container } = render(<AssetCell asset={btc} value="0.5 BTC" secondaryValue="$40,000.00" />);
    expect(container.querySelector('.ui-asset-icon[data-code="BTC"] img')).not.toBeNull();
    expect(container.querySelector('.ui-cell-title')?.textContent).toBe('BTC');
    expect(container.querySelector('.ui-cell-subtitle')?.textContent).toBe('BTC');
    expect(container.querySelector('.ui-asset-cell-value')?.textContent).toBe('0.5 BTC');
    expect(container.querySelector('.ui-asset-cell-secondary')?.textContent).toBe('$40,000.00');
  });

  it('shows a subtitle instead of the code when given, and no value column without values', () => {
    const { container } = render(<AssetCell asset={usd} subtitle="Local currency" />);
    expect(container.querySelector('.ui-cell-subtitle')?.textContent).toBe('Local currency');
    expect(container.querySelector('.ui-asset-cell-values')).toBeNull();
    expect(container.querySelector('.ui-asset-icon img')).not.toBeNull();
  });

  it('is a button that reports presses when it has somewhere to go', async () => {
    const onClick = vi.fn<() => void>();
    render(<AssetCell asset={btc} chevron onClick={onClick} />);
    await userEvent.setup().click(screen.getByRole('button'));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.ui-cell-chevron')).not.toBeNull();
  });

  it('is no button without a press handler', () => {
    render(<AssetCell asset={btc} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('a network row', () => {
  it('names the network without repeating the protocol, which has its own line', () => {
    const { container } = render(<NetworkCell network={tron} detail="Fee 1 USDT" />);
    expect(container.querySelector('.ui-cell-title')?.textContent).toBe('Tron');
    expect(container.querySelector('.ui-network-cell-protocol')?.textContent).toBe('TRC20');
    expect(container.querySelector('.ui-network-cell-detail')?.textContent).toBe('Fee 1 USDT');
    expect(container.querySelector('.ui-asset-icon[data-code="TRX"] img')).not.toBeNull();
  });

  it('shows BNB Smart Chain with the BNB mark and is pressable', async () => {
    const onClick = vi.fn<() => void>();
    const bsc = { ...tron, name: 'BNB Smart Chain (BEP20)', network: 'BSC', protocol: 'BEP20' };
    const { container } = render(<NetworkCell network={bsc} onClick={onClick} />);
    expect(container.querySelector('.ui-asset-icon[data-code="BNB"] img')).not.toBeNull();
    await userEvent.setup().click(screen.getByRole('button'));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('an amount', () => {
  it('writes the formatted amount in a span that keeps the given class', () => {
    render(<Amount smallest="123456000000" asset={usd} signed className="balance" />);
    const amount = screen.getByText('+$1,234.56');
    expect(amount.tagName).toBe('SPAN');
    expect(amount.className).toBe('ui-amount balance');
  });

  it('uses the full precision on request', () => {
    render(<Amount smallest="123456789" asset={btc} full />);
    // Testing Library reads the no-break space between number and code as a plain one.
    expect(screen.getByText('1.23456789 BTC').textContent).toBe('1.23456789\u00a0BTC');
  });
});
