import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { PostalAddress } from './postal-address.tsx';
import { RoleBadge } from './role-badge.tsx';
import { TestPaymentsBanner } from './test-payments-banner.tsx';

const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);

describe('OrderStatusBadge', () => {
  it('shows the status capitalised, with test id and status attribute', () => {
    const out = html(createElement(OrderStatusBadge, { status: 'processing' }));
    expect(out).toContain('>Processing</span>');
    expect(out).toContain('data-testid="order-status"');
    expect(out).toContain('data-status="processing"');
  });

  it('styles pending as neutral and cancelled as destructive', () => {
    expect(html(createElement(OrderStatusBadge, { status: 'pending' }))).toContain('bg-muted');
    expect(html(createElement(OrderStatusBadge, { status: 'cancelled' }))).toContain('bg-destructive');
  });
});

describe('RoleBadge', () => {
  it('shows the role capitalised and passes other props on', () => {
    const out = html(createElement(RoleBadge, { role: 'admin', id: 'who' }));
    expect(out).toContain('>Admin</span>');
    expect(out).toContain('id="who"');
    expect(out).toContain('bg-primary');
  });
});

describe('PostalAddress', () => {
  it('prints the lines with line breaks between them', () => {
    const address = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address_line_1: '12 Analytical Row',
      address_line_2: null,
      city: 'Portland',
      state_province: 'OR',
      postal_code: '97201',
      country: 'US',
    };
    expect(html(createElement(PostalAddress, { address }))).toBe(
      '<address class="not-italic">Ada Lovelace<br/>12 Analytical Row<br/>Portland, OR 97201<br/>US</address>',
    );
  });
});

describe('TestPaymentsBanner', () => {
  it('says payments are simulated, as a status that screen readers announce, in dark text on light amber', () => {
    const out = html(createElement(TestPaymentsBanner));
    expect(out).toContain('role="status"');
    expect(out).toContain('>Test mode: payments are simulated; no card is charged.</div>');
    expect(out).toMatch(/class="[^"]*\bbg-amber-100\b[^"]*\btext-amber-950\b/);
  });
});
